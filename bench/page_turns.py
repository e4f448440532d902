"""A whole computer turn as the player sees it, in the page (headless Chromium, Pyodide).

Each game is played human (seat 0) against the computer (seat 1) at each level through the
page's test hook (`?test=1`): the "human" acts with `window.urzeit.act` (what a click calls)
and the clock runs from that act until the page lets the human act again (every computer
decision of the turn, the engine's replies and the drawing included). In test mode the page
makes no deliberate pause; outside it waits the settings' aiPause after each computer decision, so
that pause is reported separately as decisions x pause.

  python3 build.py && python3 bench/page_turns.py [--games sammler,elawa,spaeher]
      [--levels easy,medium,hard,expert] [--turns 16] [--seed 3] [--players 2]

With --players N > 2 every seat but the first is the computer at that level; a computer turn
is then timed by the page's own record of each decision (from the turn's start to the reply).

Goals (issue #15, #28): p95 <= 1 s at medium, <= 2 s at hard, <= 3 s at expert, pauses excluded.
"""

import argparse
import pathlib
import re
import statistics
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))

from urzeit.core.rng import Rng  # noqa: E402

GOALS_MS = {"medium": 1000, "hard": 2000, "expert": 3000}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

# Acts for the human and waits until the human may act again; returns the elapsed time and
# how many state changes the computer made in between (= its decisions).
TURN_JS = """async (action) => {
  const app = document.getElementById('app');
  const before = window.urzeit.view.state_id;
  const t0 = performance.now();
  const r = await window.urzeit.act(action);
  if (!r.ok) return {error: r.code + ' ' + (r.message || '')};
  await new Promise((resolve) => {
    const tick = () => {
      const v = window.urzeit.view;
      if (app.dataset.busy === 'false' && (v.over || window.urzeit.legal.length)) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  return {ms: performance.now() - t0, decisions: window.urzeit.view.state_id - before - 1,
          over: window.urzeit.view.over};
}"""


def page_pause_ms():
    # the default of the player's setting (web/js/settings.mjs)
    text = (ROOT / "web" / "js" / "settings.mjs").read_text(encoding="utf-8")
    m = re.search(r"aiPause: \{ default: (\d+)", text)
    return int(m.group(1)) if m else None


def start(page, url, game, level, seed, players=2):
    page.goto(f"{url}?test=1&seed={seed}")
    page.wait_for_selector("#app[data-ready='true']", timeout=120_000)
    page.click(f"[data-game-id='{game}']")
    if players > 2:
        page.select_option("#player-count", str(players))
    page.select_option("#seat-list li[data-seat='0'] select.seat-kind", "human")
    for seat in range(1, players):
        page.select_option(f"#seat-list li[data-seat='{seat}'] select.seat-kind", "ai")
        page.select_option(f"#seat-list li[data-seat='{seat}'] select.seat-level", level)
    page.click("#start-button")
    page.wait_for_selector(f"#app[data-game='{game}']")
    page.wait_for_function("() => document.getElementById('app').dataset.busy === 'false'"
                           " && (window.urzeit.view.over || window.urzeit.legal.length)", timeout=120_000)


def measure(page, url, game, level, turns, seed, players=2):
    """Up to `turns` computer turns (games are replayed with the next seed until then). Two
    players: a turn is timed from the human's act until the page lets the human act again; at a
    bigger table by the page's own record of each decision (the last decision's reply, counted
    from the turn's start, the pauses left out)."""
    rng = Rng(seed)
    results, searches = [], []
    game_seed = seed
    while len(results) < turns:
        start(page, url, game, level, game_seed, players)
        table = []  # this game's computer turns at a bigger table, from the page's record
        while len(results) + len(table) < turns:
            legal = page.evaluate("() => window.urzeit.legal")
            if not legal:
                break  # over
            r = page.evaluate(TURN_JS, rng.choice(legal))
            if "error" in r:
                raise SystemExit(f"{game}/{level}: the page refused a legal action: {r['error']}")
            if players > 2:
                table = turn_times(page.evaluate("() => window.urzeit.searches"))
            elif r["decisions"] > 0:
                results.append((r["ms"], r["decisions"]))
            if r["over"]:
                break
        results += table
        searches += page.evaluate("() => window.urzeit.searches")
        game_seed += 1
    return results[:turns], searches


def turn_times(record):
    """(ms, decisions) per computer turn from the page's record of its decisions."""
    by_turn = {}
    for x in record:
        by_turn.setdefault(x["turn"], []).append(x)
    return [(max(x["doneMs"] for x in turn), len(turn)) for turn in by_turn.values()]


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="sammler,elawa,spaeher")
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--turns", type=int, default=16, help="computer turns measured per game and level")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--players", type=int, default=2, help="seats at the table (the others: the computer)")
    args = parser.parse_args(argv)
    dist = ROOT / "dist"
    if not (dist / "index.html").exists():
        raise SystemExit("dist/ is not built: run python3 build.py first")
    import build
    from playwright.sync_api import sync_playwright
    from browser_support import chromium_path
    server = build.make_server(dist, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    pause = page_pause_ms()
    print(f"page turns in headless Chromium; the page's pause after each computer decision: "
          f"{pause} ms (0 in test mode, added below as 'pauses')")
    print(f"{'game':8} {'level':6} {'turns':>5} {'dec/turn':>8} {'p50':>7} {'p95':>7} {'max':>7} "
          f"{'pauses p95':>10} {'goal':>6}")
    failed = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        for game in args.games.split(","):
            for level in args.levels.split(","):
                context = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers="block")
                page = context.new_page()
                t0 = time.perf_counter()
                results, searches = measure(page, url, game, level, args.turns, args.seed, args.players)
                context.close()
                ms = [r[0] for r in results]
                decisions = [r[1] for r in results]
                goal = GOALS_MS.get(level)
                p95 = pct(ms, 0.95)
                verdict = "-" if goal is None else ("met" if p95 <= goal else "MISSED")
                if verdict == "MISSED":
                    failed.append(f"{game}/{level}")
                searched = [x for x in searches if x.get("simulations")]
                cut = [x for x in searched if x.get("cut")]
                told = (f"{len(searched)} searched decisions, {len(cut)} cut by the time budget"
                        + (f" (they ran {sum(x['simulations'] for x in cut)} of {sum(x['planned'] for x in cut)}"
                           " planned simulations)" if cut else "")
                        if searched else "no decision searched")
                print(f"{game:8} {level:6} {len(ms):5} {statistics.mean(decisions):8.1f} {pct(ms, 0.5):5.0f}ms "
                      f"{p95:5.0f}ms {max(ms):5.0f}ms {(pct(decisions, 0.95) - 1) * (pause or 0):8.0f}ms {verdict:>6}"
                      f"   {told}  [{time.perf_counter() - t0:.0f} s]", flush=True)
        browser.close()
    server.shutdown()
    print("goals (p95 of a whole computer turn, pauses excluded): medium <= 1000 ms, hard <= 2000 ms, expert <= 3000 ms; "
          + (f"missed: {', '.join(failed)}" if failed else "all met"))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
