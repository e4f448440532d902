"""Fixtures for the browser tests: dist/ served on localhost, Debian's Chromium via Playwright."""

import json
import pathlib
import shutil
import sys
import threading

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path():
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def served_dist():
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python build.py test` (it builds first)")
    sys.path.insert(0, str(ROOT))
    import build
    server = build.make_server(DIST, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    path = chromium_path()
    if not path:
        pytest.fail("Chromium is not installed (Debian package 'chromium')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


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
