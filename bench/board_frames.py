"""Frame times of the sammler board while panning and zooming a finished 4-player board in
headless Chromium. Prints p50/p95/max of the time to draw one frame (goal: p95 <= 16 ms),
and the interval between animation frames during the gestures.
Usage: python bench/board_frames.py [--frames 240]"""

import argparse
import json
import pathlib
import statistics
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
from browser_support import CHROMIUM_ARGS, chromium_path  # noqa: E402
from urzeit import api  # noqa: E402

GESTURES = """async (frames) => {
  const canvas = document.querySelector('.sammler-canvas');
  const r = canvas.getBoundingClientRect();
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const nextFrame = () => new Promise((res) => requestAnimationFrame(res));
  window.urzeit.board.resetFrameTimes();
  const stamps = [];
  const ev = (type, x, y) => canvas.dispatchEvent(new PointerEvent(type, {
      clientX: x, clientY: y, pointerId: 1, bubbles: true, pointerType: 'mouse', buttons: 1}));
  ev('pointerdown', cx, cy);
  for (let i = 0; i < frames; i++) {            // pan in a circle
    const a = i / 20;
    ev('pointermove', cx + 120 * Math.cos(a), cy + 90 * Math.sin(a));
    stamps.push(await nextFrame());
  }
  ev('pointerup', cx, cy);
  for (let i = 0; i < frames; i++) {            // zoom in and out around the cursor
    canvas.dispatchEvent(new WheelEvent('wheel', {clientX: cx + 40, clientY: cy - 30,
        deltaY: (Math.floor(i / 30) % 2 ? 1 : -1) * 60, bubbles: true, cancelable: true}));
    stamps.push(await nextFrame());
  }
  const intervals = stamps.slice(1).map((t, i) => t - stamps[i]);
  return { draws: window.urzeit.board.frameTimes(), intervals };
}"""


def finished_save(players=4, seed=7):
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "random"}] * (players - 1)
    r = json.loads(api.handle(json.dumps({"op": "new", "game": "sammler", "seats": seats, "seed": seed})))
    match = r["result"]["match"]
    view = r["result"]["view"]
    while not view["over"]:
        view = json.loads(api.handle(json.dumps({"op": "ai", "match": match, "seat": view["current_seat"],
                                                 "level": "random"})))["result"]["view"]
    return json.loads(api.handle(json.dumps({"op": "save", "match": match})))["result"]


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=240)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build or not (build.DIST / "index.html").exists():
        build.build()
    save = finished_save()
    from playwright.sync_api import sync_playwright
    server = build.make_server(build.DIST, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?test=1"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        page.goto(url)
        page.wait_for_selector("#app[data-ready='true']", timeout=120_000)
        page.evaluate("(save) => window.urzeit.loadSave(save)", save)
        page.wait_for_function("() => window.urzeit.board && window.urzeit.board.artReady")
        page.evaluate("() => document.getElementById('end-screen')?.setAttribute('hidden', '')")
        page.wait_for_timeout(300)
        result = page.evaluate(GESTURES, args.frames)
        tiles = len(page.evaluate("() => window.urzeit.view.tiles"))
        browser.close()
    server.shutdown()
    draws, intervals = result["draws"], result["intervals"]
    print(f"sammler board, {tiles} tiles, 4 players, headless Chromium (software rendering), "
          f"{len(draws)} frames drawn while panning and zooming")
    print(f"{'figure':32} {'p50':>7} {'p95':>7} {'max':>7}")
    print(f"{'draw time per frame (ms)':32} {statistics.median(draws):7.2f} {pct(draws, 95):7.2f} {max(draws):7.2f}   goal p95 <= 16")
    print(f"{'frame interval (ms)':32} {statistics.median(intervals):7.2f} {pct(intervals, 95):7.2f} {max(intervals):7.2f}")


if __name__ == "__main__":
    main()
