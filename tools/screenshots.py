#!/usr/bin/env python3
"""Screenshots of each game for the README, from real games: a bot game is played by the
engine, the built page (dist/) loads it mid-game and at the end, on a desktop and a phone;
the replay viewer telling a finished game in words; and the statistics screen with finished bot
games kept as the end screen keeps them.

  python3 build.py && python3 tools/screenshots.py            writes docs/screenshots/*.png
  python3 build.py && python3 tools/screenshots.py de stats   only the statistics screen
"""

import pathlib
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import build  # noqa: E402
from browser_support import CHROMIUM_ARGS, chromium_path, engine_call, play_bot_game  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
DEVICES = {"desktop": {"viewport": {"width": 1366, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}}
GAMES = ("sammler", "elawa", "spaeher")


def stat_records(game="sammler", n=12):
    """Finished bot games of two named players and a computer, as the page's statistics keep them."""
    h = engine_call()
    seats = [{"kind": "ai", "name": "Anna", "level": "random"}, {"kind": "ai", "name": "Ben", "level": "random"},
             {"kind": "ai", "name": "Computer 3", "level": "easy"}]
    records = []
    for i in range(n):
        r = h({"op": "new", "game": game, "seats": seats[:2 + i % 2], "seed": 100 + i})
        m, v = r["match"], r["view"]
        while not v["over"]:
            v = h({"op": "ai", "match": m, "seat": v["current_seat"], "budget_ms": 5})["view"]
        v = h({"op": "view", "match": m, "seat": 0, "lang": "de"})
        records.append({"version": 1, "id": f"shot{i}", "game": game, "date": f"2026-03-{1 + i:02d}T19:00:00.000Z",
                        "mode": "live", "saveId": None, "stats": v["stats"], "labels": v["words"]["figures"],
                        "seats": [{"name": s["name"], "kind": "human" if k < 2 else "ai", "level": s["level"] if k >= 2 else None}
                                  for k, s in enumerate(v["seats"])]})
        h({"op": "close", "match": m})
    return records


def main(lang="de", only=None):
    from playwright.sync_api import sync_playwright
    OUT.mkdir(parents=True, exist_ok=True)
    server = build.make_server(ROOT / "dist", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?test=1"
    games = {g: play_bot_game(g, 5) for g in GAMES} if only != "stats" else {}
    records = stat_records()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        for device, opts in DEVICES.items():
            context = browser.new_context(service_workers="block", **opts)
            page = context.new_page()
            page.add_init_script(f"localStorage.setItem('urzeit.lang', '{lang}')")
            page.goto(url.replace("?test=1", ""))  # the menu as players see it (no test game)
            page.wait_for_selector("#app[data-ready='true']", timeout=120_000)
            if only != "stats":
                page.screenshot(path=str(OUT / f"menu-{device}.png"))
            page.evaluate("(rs) => { for (const r of rs) localStorage.setItem('urzeit.stat.' + r.id, JSON.stringify(r)); }", records)
            page.click("#stats-button")
            page.wait_for_selector("#stats-chart")
            page.screenshot(path=str(OUT / f"stats-{device}.png"))
            page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('urzeit.stat.')) localStorage.removeItem(k); }")
            page.goto(url)
            page.wait_for_selector("#app[data-ready='true']", timeout=120_000)
            for game, (replay, cut) in games.items():
                for state in ("mid", "end"):
                    page.evaluate("(s) => window.urzeit.loadSave(s)", {**replay, "actions": replay["actions"][:cut[state]]})
                    page.wait_for_function("() => document.getElementById('app').dataset.busy === 'false'")
                    page.wait_for_timeout(1200)  # art loaded, last glow faded
                    path = OUT / f"{game}-{state}-{device}.png"
                    page.screenshot(path=str(path))
                    print(path.relative_to(ROOT), path.stat().st_size // 1024, "KB")
            # the replay viewer telling a finished game turn by turn, halfway through
            replay, cut = games["sammler"]
            page.evaluate("(r) => window.urzeit.openReplay(r)", replay)
            page.wait_for_selector("#replay-bar:not([hidden])")
            page.wait_for_function("() => document.getElementById('app').dataset.busy === 'false'")
            turns = page.locator("button.replay-turn")
            turns.nth(turns.count() // 2).click()
            page.wait_for_timeout(1200)
            path = OUT / f"replay-{device}.png"
            page.screenshot(path=str(path))
            print(path.relative_to(ROOT), path.stat().st_size // 1024, "KB")
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(*(sys.argv[1:3]))
