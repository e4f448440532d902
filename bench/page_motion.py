"""What following moves costs the page per view: motion.mjs's snapshot before a redraw (every
followed element measured) and its matching after it, on each game's table mid-game, in
headless Chromium (sammler's canvas flies ghosts instead: nothing to measure there).

  python3 build.py && python3 bench/page_motion.py [--rounds 40]
"""

import argparse
import pathlib
import statistics
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import chromium_path, play_bot_game  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]

# The snapshot and the matching the shell runs around each renderer update.
MEASURE_JS = """async (rounds) => {
  const m = await import('./js/motion.mjs');
  const board = document.getElementById('board');
  const times = { motion: [], keys: 0 };
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    const before = m.motionSnapshot(board);
    m.motionAfter(board, before);
    times.motion.push(performance.now() - t0);
    times.keys = before.size;
  }
  return times;
}"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=40)
    args = ap.parse_args()
    import build
    from playwright.sync_api import sync_playwright
    server = build.make_server(ROOT / "dist", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?test=1"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 800})
        page.add_init_script("globalThis.urzeitTestNoSnapshot = true")
        page.goto(url)
        page.wait_for_selector("#app[data-ready='true']", timeout=180_000)
        for game in ("sammler", "elawa", "spaeher"):
            replay, at = play_bot_game(game, 3)
            cut = dict(replay, actions=replay["actions"][:at["mid"]])
            page.evaluate("(save) => window.urzeit.loadSave(save)", cut)
            page.wait_for_function("() => document.getElementById('app').dataset.busy === 'false'")
            page.wait_for_timeout(500)
            t = page.evaluate(MEASURE_JS, args.rounds)
            ms = sorted(t["motion"])
            print(f"{game:8} keyed elements {t['keys']:3}  snapshot+match per redraw: median {statistics.median(ms):.2f} ms, "
                  f"max {ms[-1]:.2f} ms ({args.rounds} rounds)")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
