#!/usr/bin/env python3
"""Screenshots of each game for the README, from real games: a bot game is played by the
engine, the built page (dist/) loads it mid-game and at the end, on a desktop and a phone.

  python3 build.py && python3 tools/screenshots.py      writes docs/screenshots/*.png
"""

import pathlib
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import build  # noqa: E402
from browser_support import CHROMIUM_ARGS, chromium_path, play_bot_game  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
DEVICES = {"desktop": {"viewport": {"width": 1366, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}}
GAMES = ("sammler", "elawa", "spaeher")


def main(lang="de"):
    from playwright.sync_api import sync_playwright
    OUT.mkdir(parents=True, exist_ok=True)
    server = build.make_server(ROOT / "dist", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?test=1"
    games = {g: play_bot_game(g, 5) for g in GAMES}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        for device, opts in DEVICES.items():
            context = browser.new_context(service_workers="block", **opts)
            page = context.new_page()
            page.add_init_script(f"localStorage.setItem('urzeit.lang', '{lang}')")
            page.goto(url.replace("?test=1", ""))  # the menu as players see it (no test game)
            page.wait_for_selector("#app[data-ready='true']", timeout=120_000)
            page.screenshot(path=str(OUT / f"menu-{device}.png"))
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
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(*(sys.argv[1:2]))
