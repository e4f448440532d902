"""Fixtures for the browser tests: dist/ served on localhost, Debian's Chromium via Playwright."""

import base64
import fcntl
import functools
import hashlib
import http.server
import json
import os
import pathlib
import shutil
import sys
import threading
import urllib.parse

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path():
    return shutil.which("chromium") or shutil.which("chromium-browser")


SEED = "__urzeit_test_seed/"  # where served_dist serves the snapshot seed's files


@pytest.fixture(scope="session")
def dist_server():
    """dist/ on a local port; under SEED, once set, the files of the snapshot seed."""
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python build.py test` (it builds first)")
    sys.path.insert(0, str(ROOT))
    import build

    class Handler(build.Handler):
        def translate_path(self, path):
            name = urllib.parse.urlsplit(path).path.lstrip("/")
            folder = self.server.seed_folder
            if folder and name.startswith(SEED) and name[len(SEED):] in self.server.seed_files:
                return str(folder / name[len(SEED):])
            return super().translate_path(path)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(DIST)))
    server.seed_folder, server.seed_files = None, set()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def served_dist(dist_server):
    return f"http://127.0.0.1:{dist_server.server_address[1]}/"


@pytest.fixture(scope="session")
def chromium():
    """The one headless Chromium of this worker process."""
    from playwright.sync_api import sync_playwright
    path = chromium_path()
    if not path:
        pytest.fail("Chromium is not installed (Debian package 'chromium')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


# Tests marked first_visit (tests/test_snapshot.py, the first visits in test_home.py) get
# contexts as a new visitor has them; set per test by conftest.py's pytest_runtest_setup.
FIRST_VISIT = {"now": False}


class SnapshotSeed:
    """The page's Cache Storage after a first visit made the engine's memory snapshot, taken
    once per test session and copied into every new context on served_dist's origin, so that
    each test's engine boots from the snapshot (~2 s) as a repeat visit does, not in ~10 s.
    The entries are copied as the page stored them (cache names, URLs, headers, bodies)."""

    def __init__(self, server, folder):
        self.origin = f"http://127.0.0.1:{server.server_address[1]}/"
        # made by whichever worker came first, on its own port: each worker keys the entries by
        # its own origin, or its pages would not find the snapshot (and boot from the shipped one)
        self.entries = [dict(e, url=self.origin + e["url"].split("/", 3)[3]) for e in json.loads((folder / "entries.json").read_text())]
        server.seed_files = {"page.html"} | {f"{i}.bin" for i in range(len(self.entries))}
        server.seed_folder = folder

    @staticmethod
    def make(chromium, origin, folder):
        """One first visit: the page's own snapshot worker makes and stores the snapshot."""
        context = chromium.new_context(service_workers="block")
        try:
            pg = context.new_page()
            pg.add_init_script("globalThis.urzeitTestNoSnapshot = true")  # started below, at once
            pg.goto(origin + "?test=1")
            outcome = pg.evaluate("""async () => { const { engine } = await import('./js/boot.mjs');
                engine.makeSnapshot();
                while (engine.snapshotState !== 'done') await new Promise((r) => setTimeout(r, 100));
                return engine.snapshot; }""")
            if not outcome.get("stored"):
                pytest.fail(f"the engine's memory snapshot was not made: {outcome}")
            entries = pg.evaluate("""async () => { const out = [];
                for (const name of await caches.keys()) {
                    const cache = await caches.open(name);
                    for (const req of await cache.keys()) {
                        const r = await cache.match(req);
                        const bytes = new Uint8Array(await r.arrayBuffer());
                        let bin = '';
                        for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
                        out.push({ cache: name, url: req.url, headers: [...r.headers], body: btoa(bin) });
                    } }
                return out; }""")
        finally:
            context.close()
        folder.mkdir(parents=True, exist_ok=True)
        for i, e in enumerate(entries):
            (folder / f"{i}.bin").write_bytes(base64.b64decode(e.pop("body")))
        (folder / "page.html").write_text("<!doctype html><title>seed</title>")
        (folder / "entries.json").write_text(json.dumps(entries))  # last: the folder is complete

    def seed(self, context):
        """Copies the entries into a new context's Cache Storage before its first page opens."""
        pg = context.new_page()
        try:
            pg.goto(self.origin + SEED + "page.html")
            pg.evaluate("""async ([base, entries]) => {
                for (const [i, e] of entries.entries()) {
                    const body = await (await fetch(base + i + '.bin')).blob();
                    await (await caches.open(e.cache)).put(e.url, new Response(body, { headers: e.headers }));
                } }""", [self.origin + SEED, self.entries])
        finally:
            pg.close()


class Browser:
    """The worker's Chromium as tests use it: each new context is seeded with the engine's
    memory snapshot (SnapshotSeed), except in tests marked first_visit."""

    def __init__(self, chromium, seed):
        self._chromium = chromium
        self._seed = seed

    def new_context(self, **options):
        context = self._chromium.new_context(**options)
        if not FIRST_VISIT["now"]:
            self._seed().seed(context)
        return context

    def __getattr__(self, name):
        return getattr(self._chromium, name)


def shared_folder(tmp_path_factory):
    """A folder every xdist worker of this session sees (the workers' base folders' parent)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def browser(chromium, dist_server, served_dist, tmp_path_factory):
    seed = None

    def made():
        # once per session: the first worker to need it makes it, the others wait for it
        nonlocal seed
        if seed is None:
            stamp = hashlib.sha256((DIST / "build.json").read_bytes()).hexdigest()[:16]
            folder = shared_folder(tmp_path_factory) / f"urzeit-snapshot-{stamp}"
            with open(f"{folder}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if not (folder / "entries.json").exists():
                    SnapshotSeed.make(chromium, served_dist, folder)
            seed = SnapshotSeed(dist_server, folder)
        return seed
    return Browser(chromium, made)


class PageWatch:
    """Collects console errors and requests to other origins while a page is used."""

    def __init__(self, page, origin):
        self.page = page
        self.origin = origin
        self.console_errors = []
        self.foreign_requests = []
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        page.on("request", self._request)

    def _request(self, request):
        url = request.url
        if not (url.startswith(self.origin) or url.startswith("data:") or url.startswith("blob:")):
            self.foreign_requests.append(url)

    def assert_clean(self):
        assert self.console_errors == [], self.console_errors
        assert self.foreign_requests == [], self.foreign_requests


@pytest.fixture
def page(browser, served_dist):
    # Service workers are blocked here so route() sees every request; test_offline allows them.
    context = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers="block")
    pg = context.new_page()
    # No background snapshot boot in every test (a second Pyodide's CPU): tests/test_snapshot.py
    # and test_home.py's own contexts keep the real behaviour.
    pg.add_init_script("globalThis.urzeitTestNoSnapshot = true; globalThis.urzeitTestRelays = []")
    pg.watch = PageWatch(pg, served_dist.rstrip("/"))
    yield pg
    context.close()


def screenshot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def wait_until(page, fn, timeout_ms=60_000, arg=None, every_ms=250):
    """Until fn(arg) is truthy in the page; its value. For predicates that return a promise
    (caches, fetch): Playwright's wait_for_function takes a promise for a truthy value and
    returns at once (tests/test_browser_waits.py keeps them out of it)."""
    import time
    end = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(fn, arg)
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout_ms / 1000:.0f} s for {fn[:120]!r} (last value {value!r})")
        page.wait_for_timeout(every_ms)


def wait_idle(page):
    """Until the page has no request to the engine in flight (a bot reply included)."""
    page.wait_for_function("() => document.getElementById('app').dataset.busy === 'false'")


def wait_flights(page):
    """Until no element is flying to its new place (a measured box is then where it stays)."""
    page.wait_for_function("() => window.urzeit.flightsRunning() === 0")


def state_id(page):
    return int(page.locator("#app").get_attribute("data-state-id"))


def open_action_list(page):
    """The list of legal actions is folded away (for keyboard and screen-reader players)."""
    page.evaluate("() => { document.getElementById('legal-box').open = true; }")


# The seats of a test game: the page's player and a random bot.
TEST_SEATS = [{"kind": "human", "name": "Spieler 1"}, {"kind": "ai", "name": "Computer 2", "level": "random"}]


def engine_call():
    """The Python engine (the same the page runs): a request in, its result out."""
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    from urzeit import api

    def h(req):
        r = json.loads(api.handle(json.dumps(req)))
        assert r["ok"], r
        return r["result"]
    return h


def play_bot_game(game, seed):
    """A whole game, seat 0 'human' (the page's player) and a random bot, played by the
    Python engine; returns the replay and, for each state, how many actions to keep."""
    h = engine_call()
    r = h({"op": "new", "game": game, "seats": TEST_SEATS, "seed": seed, "options": {}})
    m, v = r["match"], r["view"]
    mine = []  # action counts at which seat 0 is to move
    n = 0
    while not v["over"]:
        if v["current_seat"] == 0:
            mine.append(n)
        v = h({"op": "ai", "match": m, "seat": v["current_seat"], "level": "random", "viewer": None})["view"]
        n += 1
    replay = h({"op": "save", "match": m})
    mid = min(mine, key=lambda k: abs(k - n // 2))
    return replay, {"first": mine[0], "mid": mid, "end": n}
