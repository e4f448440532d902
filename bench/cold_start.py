"""Cold start in three browsers side by side, on localhost: headless Chromium (Playwright),
Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKit, Safari's engine (WebKitGTK's
MiniBrowser, Selenium, Xvfb). Each figure comes from a fresh profile (empty cache and storage):

- first visit: the page as built (it boots from the memory snapshot the build ships), engine
  ready; then, once the service worker has kept the build, a reload (repeat visit);
- first visit without the shipped snapshot (build.json without it: what a first visit did before,
  a normal boot that imports the engine);
- a bare Pyodide boot of the same files (no engine);
- where the time goes: downloading the 9.6 MB wasm, compiling it, and the marks of the page's
  worker (snapshot read, runtime up, engine imported).

The browsers take turns within a run (the shared machine's load drifts); per-run ratios are
steadier than ratios of medians. Usage: python bench/cold_start.py [--runs 3] [--no-build]
[--browsers chromium,firefox,webkit] [--verbose]"""

import argparse
import json
import os
import pathlib
import statistics
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
import other_browsers  # noqa: E402
from browser_support import CHROMIUM_ARGS, chromium_path  # noqa: E402

BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare</title><script type="module" src="bare.mjs"></script><body>bare Pyodide boot</body>"""
BARE_PAGE = """const w = new Worker(new URL("./bare-worker.mjs", location.href), {type: "module"});
w.onmessage = () => { performance.mark("bare-ready"); document.body.dataset.ready = "true"; };"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage("ready");"""
# the wasm alone: downloaded, then compiled (no streaming: the two apart)
PROBE_HTML = """<!doctype html><meta charset="utf-8"><title>probe</title><script type="module" src="probe.mjs"></script><body>probe</body>"""
PROBE_PAGE = """const t0 = performance.now();
const bytes = await (await fetch("pyodide/pyodide.asm.wasm")).arrayBuffer();
const t1 = performance.now();
await WebAssembly.compile(bytes);
const t2 = performance.now();
document.body.dataset.result = JSON.stringify({ download: t1 - t0, compile: t2 - t1, bytes: bytes.byteLength });"""

MARK = "(name) => { const e = performance.getEntriesByName(name)[0]; return e ? e.startTime : null; }"
ENGINE = """async () => { const { engine } = await import('./js/boot.mjs'); const info = engine.lastStatus[1] || {};
    return { boot: engine.boot, workerMs: engine.readyMs, marks: info.marks || {}, note: info.snapshotNote || null }; }"""


class Chromium:
    """Playwright's Chromium with one fresh context per tab, behind the matrix's tab calls."""
    name = "chromium"

    def __init__(self, pw):
        self.browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        self.version = self.browser.version

    def fresh_tab(self):
        context = self.browser.new_context(viewport={"width": 1366, "height": 800})
        return ChromiumTab(context)

    def close(self):
        self.browser.close()


class ChromiumTab(other_browsers.Tab):
    name = "chromium"

    def __init__(self, context):
        self.context, self.p = context, context.new_page()

    def goto(self, url):
        self.p.goto(url)

    def reload(self):
        self.p.reload()

    def evaluate(self, fn, arg=None):
        return self.p.evaluate(fn, arg)

    def close(self):
        self.context.close()


class Firefox:
    name = "firefox"

    def __init__(self):
        self.b = other_browsers.FirefoxBrowser()
        self.version = self.b.version

    def fresh_tab(self):
        return self.b.new_tab(fresh=True)

    def close(self):
        self.b.close()


class WebKit:
    """A new WebDriver session per tab: each starts with empty storage and cache."""
    name = "webkit"

    def __init__(self):
        self.version = None
        self.current = None
        self.display = other_browsers.start_xvfb()

    def fresh_tab(self):
        if self.current:
            self.current.close()
            self.current = None
        os.environ["URZEIT_WEBKIT_DISPLAY"] = self.display[1]
        self.current = other_browsers.WebKitBrowser(ROOT / "test-artifacts" / "webkit-bench-driver.log")
        self.version = self.current.version
        tab = self.current.new_tab()
        tab.close = lambda: None
        return tab

    def close(self):
        if self.current:
            self.current.close()
        self.display[0].terminate()


def until(tab, fn, arg=None, timeout=300):
    return tab.wait_for(fn, arg, timeout=timeout)


def visit_ours(tab, url, reload=True):
    tab.goto(url + "?test=1")
    until(tab, "() => document.getElementById('app').dataset.ready === 'true'")
    first = {"ready": tab.evaluate(MARK, "urzeit-engine-ready"), "menu": tab.evaluate(MARK, "urzeit-menu-painted"),
             **tab.evaluate(ENGINE)}
    if not reload:
        return first, None
    # a repeat visit, as a player's next one: after the service worker has kept the build
    t0 = time.monotonic()
    until(tab, """async () => { const reg = await navigator.serviceWorker.getRegistration();
        if (!reg || !reg.active) return false;
        const m = await (await fetch('precache.json')).json();
        return (await (await caches.open(m.cache)).keys()).length >= m.files.length; }""", timeout=180)
    first["precachedS"] = time.monotonic() - t0
    tab.reload()
    until(tab, "() => document.getElementById('app').dataset.ready === 'true'")
    repeat = {"ready": tab.evaluate(MARK, "urzeit-engine-ready"), **tab.evaluate(ENGINE)}
    return first, repeat


def visit_bare(tab, url):
    tab.goto(url + "bare.html")
    until(tab, "() => document.body.dataset.ready === 'true'")
    return {"ready": tab.evaluate(MARK, "bare-ready")}


def probe(tab, url):
    tab.goto(url + "probe.html")
    return json.loads(until(tab, "() => document.body.dataset.result"))


def one_run(browser, base, verbose):
    out = {}
    for key, job in (("ours", lambda t: visit_ours(t, base)), ("bare", lambda t: visit_bare(t, base)),
                     ("unshipped", lambda t: visit_ours(t, base + "unshipped/", reload=False)),
                     ("probe", lambda t: probe(t, base))):
        tab = browser.fresh_tab()
        try:
            out[key] = job(tab)
        finally:
            tab.close()
    first, repeat = out["ours"]
    row = {"first": first, "repeat": repeat, "bare": out["bare"], "unshipped": out["unshipped"][0], "probe": out["probe"]}
    if verbose:
        print(f"  {browser.name}: first {first['ready']:.0f} ms ({first['boot']}), repeat {repeat['ready']:.0f} ms "
              f"({repeat['boot']}), bare {row['bare']['ready']:.0f} ms, unshipped {row['unshipped']['ready']:.0f} ms "
              f"({row['unshipped']['boot']}), wasm download {row['probe']['download']:.0f} ms compile "
              f"{row['probe']['compile']:.0f} ms; worker started at first {first['ready'] - first['workerMs']:.0f} ms, repeat "
              f"{repeat['ready'] - repeat['workerMs']:.0f} ms; marks first {first['marks']} repeat {repeat['marks']} "
              f"unshipped {row['unshipped']['marks']}",
              flush=True)
    return row


def site_dir(tmp):
    site = pathlib.Path(tmp)
    for item in build.DIST.iterdir():
        (site / item.name).symlink_to(item)
    for name, text in (("bare.html", BARE_HTML), ("bare.mjs", BARE_PAGE), ("bare-worker.mjs", BARE_WORKER),
                       ("probe.html", PROBE_HTML), ("probe.mjs", PROBE_PAGE)):
        (site / name).write_text(text)
    # the same build without its shipped snapshot: a first visit as it was before
    un = site / "unshipped"
    un.mkdir()
    for item in build.DIST.iterdir():
        if item.name != "build.json":
            (un / item.name).symlink_to(item)
    info = json.loads((build.DIST / "build.json").read_text())
    info.pop("snapshot", None)
    (un / "build.json").write_text(json.dumps(info))
    return site


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def report(results, runs, sizes):
    names = [b for b in results if results[b]]
    print(f"\ncold start on localhost, median of {runs} runs (fresh profile each), ms; ratio columns per run")
    cols = "".join(f"{n:>12}" for n in names)
    print(f"{'figure':52}{cols}")

    def line(label, get, fmt="{:12.0f}"):
        vals = []
        for n in names:
            xs = [get(r) for r in results[n]]
            xs = [x for x in xs if x is not None]
            vals.append(fmt.format(med(xs)) if xs else f"{'-':>12}")
        print(f"{label:52}{''.join(vals)}")

    line("engine ready, first visit (shipped snapshot)", lambda r: r["first"]["ready"])
    line("engine ready, repeat visit (reload)", lambda r: r["repeat"]["ready"])
    line("engine ready, first visit without it (normal boot)", lambda r: r["unshipped"]["ready"])
    line("bare Pyodide boot, fresh profile", lambda r: r["bare"]["ready"])
    line("menu script done (urzeit-menu-painted)", lambda r: r["first"]["menu"])
    line("wasm download (9.6 MB, fetch alone)", lambda r: r["probe"]["download"])
    line("wasm compile (WebAssembly.compile alone)", lambda r: r["probe"]["compile"])
    line("  first visit: snapshot read by the worker", lambda r: r["first"]["marks"].get("snapshotRead"))
    line("  first visit: runtime up (worker)", lambda r: r["first"]["marks"].get("runtime"))
    line("  first visit: engine imported (worker)", lambda r: r["first"]["marks"].get("imported"))
    line("  normal boot: runtime up (worker)", lambda r: r["unshipped"]["marks"].get("runtime"))
    line("  normal boot: engine imported (worker)", lambda r: r["unshipped"]["marks"].get("imported"))
    line("  normal boot: our import (imported - wheel)",
         lambda r: (r["unshipped"]["marks"].get("imported", 0) - r["unshipped"]["marks"].get("wheel", 0)) or None)
    line("first visit / bare boot", lambda r: r["first"]["ready"] / r["bare"]["ready"], "{:12.2f}")
    line("first visit without snapshot / bare boot", lambda r: r["unshipped"]["ready"] / r["bare"]["ready"], "{:12.2f}")
    if "chromium" in names:
        for label, key in (("first visit / Chromium's (same run)", "first"), ("repeat visit / Chromium's (same run)", "repeat"),
                           ("bare boot / Chromium's (same run)", "bare")):
            vals = []
            for n in names:
                xs = [a[key]["ready"] / c[key]["ready"] for a, c in zip(results[n], results["chromium"])]
                vals.append(f"{med(xs):12.2f}")
            print(f"{label:52}{''.join(vals)}")
        for label, key in (("first visit / Chromium's, each run", "first"), ("repeat visit / Chromium's, each run", "repeat")):
            for n in names:
                if n != "chromium":
                    xs = [a[key]["ready"] / c[key]["ready"] for a, c in zip(results[n], results["chromium"])]
                    print(f"{label} ({n}): " + " ".join(f"{x:.2f}" for x in xs))
    boots = {n: sorted({r["first"]["boot"] for r in results[n]}) for n in names}
    print(f"first visits booted: {boots}; repeat: { {n: sorted({r['repeat']['boot'] for r in results[n]}) for n in names} }")
    print("bytes a first visit fetches for the engine: " + ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sizes.items())
          + f"; total {sum(sizes.values()) / 1e6:.1f} MB")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--browsers", default="chromium,firefox,webkit")
    parser.add_argument("--verbose", action="store_true", help="print every run")
    args = parser.parse_args()
    if not args.no_build or not (build.DIST / "index.html").exists():
        build.build()
    info = json.loads((build.DIST / "build.json").read_text())
    sizes = dict(info.get("sizes", {}))
    if info.get("snapshot"):
        sizes[info["snapshot"]["file"]] = info["snapshot"]["bytes"]
    sizes["pyodide.asm.mjs"] = (build.DIST / "pyodide" / "pyodide.asm.mjs").stat().st_size
    wanted = args.browsers.split(",")
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = build.make_server(site_dir(tmp), 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        makers = {"chromium": lambda: Chromium(pw), "firefox": Firefox, "webkit": WebKit}
        browsers = [makers[n]() for n in wanted]
        results = {b.name: [] for b in browsers}
        t0 = time.monotonic()
        try:
            for i in range(args.runs):
                print(f"run {i + 1}, load average {os.getloadavg()[0]:.1f}", flush=True)
                order = browsers if i % 2 == 0 else browsers[::-1]
                for b in order:
                    results[b.name].append(one_run(b, base, args.verbose))
        finally:
            for b in browsers:
                b.close()
            server.shutdown()
        print(f"versions: " + ", ".join(f"{b.name} {b.version}" for b in browsers)
              + f"; {time.monotonic() - t0:.0f} s, load average now {os.getloadavg()[0]:.1f}")
        report(results, args.runs, sizes)


if __name__ == "__main__":
    main()
