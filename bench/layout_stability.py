"""Does the phone table stand still? Each game is played at 360 x 740 (touch) through the
page's test hook: the human makes random legal moves against a random computer, and for each
move the scroll change and the Cumulative Layout Shift until the human may move again are
printed (p50 / max). Goal (issue #26): 0 px scroll change and CLS < 0.05 per action.

  python3 build.py && python3 bench/layout_stability.py [--games sammler,elawa,spaeher]
      [--actions 24] [--seed 5] [--scrolled]

--scrolled scrolls the page to y = 120 before each move (a player who scrolled a little).
"""

import argparse
import pathlib
import statistics
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from stability_support import PHONE, play, start  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="sammler,elawa,spaeher")
    ap.add_argument("--actions", type=int, default=24)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--scrolled", action="store_true")
    args = ap.parse_args()
    import build
    from playwright.sync_api import sync_playwright
    from browser_support import chromium_path
    server = build.make_server(ROOT / "dist", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"{'game':10} {'actions':>7} {'scroll p50':>10} {'scroll max':>10} {'CLS p50':>8} {'CLS max':>8}  over goal")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        for game in args.games.split(","):
            ctx = b.new_context(**PHONE)
            page = ctx.new_page()
            start(page, url, game, args.seed)
            rows = play(page, args.actions, args.seed, 120 if args.scrolled else None)
            sc = [r["scroll"] for r in rows]
            cls = [r["cls"] for r in rows]
            bad = sum(1 for r in rows if r["scroll"] > 0 or r["cls"] >= 0.05)
            print(f"{game:10} {len(rows):7d} {statistics.median(sc):10.0f} {max(sc):10.0f} "
                  f"{statistics.median(cls):8.3f} {max(cls):8.3f}  {bad}")
            ctx.close()
        b.close()
    server.shutdown()


if __name__ == "__main__":
    main()
