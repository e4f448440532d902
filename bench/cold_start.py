"""Cold start in headless Chromium on localhost: first paint of the menu, engine ready, and a
bare Pyodide boot (no engine) measured in the same run. Each run uses a fresh browser context
(empty cache). Usage: python bench/cold_start.py [--runs 5]"""

import argparse
import pathlib
import statistics
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
from browser_support import CHROMIUM_ARGS, chromium_path  # noqa: E402

BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare</title><script type="module">
const w = new Worker(new URL("./bare-worker.mjs", location.href), {type: "module"});
w.onmessage = () => { performance.mark("bare-ready"); document.body.dataset.ready = "true"; };
</script><body>bare Pyodide boot</body>"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage("ready");"""


def measure(browser, url, ready_selector, mark):
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(ready_selector, timeout=120_000, state="attached")
    result = page.evaluate(f"""() => {{
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const menu = performance.getEntriesByName('urzeit-menu-painted')[0];
        const ready = performance.getEntriesByName('{mark}')[0];
        return {{ fcp: fcp ? fcp.startTime : null, menu: menu ? menu.startTime : null,
                  ready: ready ? ready.startTime : null }};
    }}""")
    context.close()
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build or not (build.DIST / "index.html").exists():
        build.build()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp)
        for item in build.DIST.iterdir():
            (site / item.name).symlink_to(item)
        (site / "bare.html").write_text(BARE_HTML)
        (site / "bare-worker.mjs").write_text(BARE_WORKER)
        server = build.make_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        ours, bare = [], []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
            measure(browser, base + "bare.html", "body[data-ready='true']", "bare-ready")  # warm the OS cache
            for _ in range(args.runs):
                ours.append(measure(browser, base, "#app[data-ready='true']", "urzeit-engine-ready"))
                bare.append(measure(browser, base + "bare.html", "body[data-ready='true']", "bare-ready"))
            browser.close()
        server.shutdown()
    med = lambda xs: statistics.median(xs)
    fcp = med([r["fcp"] for r in ours])
    menu = med([r["menu"] for r in ours])
    ready = med([r["ready"] for r in ours])
    bare_ready = med([r["ready"] for r in bare])
    rows = [
        ("first contentful paint of the menu", fcp, "<= 300 ms"),
        ("menu script done (urzeit-menu-painted)", menu, ""),
        ("engine ready (Pyodide + urzeit wheel)", ready, ""),
        ("bare Pyodide boot, same run", bare_ready, ""),
        ("engine ready / bare boot", None, "<= 1.10"),
    ]
    print(f"cold start, headless Chromium, localhost, median of {args.runs} fresh contexts")
    print(f"{'figure':44} {'value':>10}  goal")
    for name, value, goal in rows[:-1]:
        print(f"{name:44} {value:8.0f} ms  {goal}")
    print(f"{rows[-1][0]:44} {ready / bare_ready:10.2f}  {rows[-1][2]}")


if __name__ == "__main__":
    main()
