import json
import os
import pathlib
import sys
import time

import pytest
from hypothesis import settings

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import browser_support  # noqa: E402
from browser_support import browser, chromium, dist_server, page, served_dist  # noqa: E402,F401  (fixtures)

# The quick layer (`build.py test --quick`) runs a tenth of every property test's examples
# (helpers.examples); the full run all of them.
settings.register_profile("quick", max_examples=settings.get_profile("default").max_examples // 10)

# What a test needs, from the fixtures it uses: the layers are chosen by these marks.
BROWSER_FIXTURES = {"browser", "chromium", "page", "served_dist", "dist_server"}
# Measured seconds per test file (tests/test-times.json) deal the files to the xdist workers,
# the longest first; a file not measured yet is guessed from its number of tests.
TIMES = pathlib.Path(__file__).with_name("test-times.json")
GUESS = {"browser": 10.0, "node": 10.0, "other": 0.3}


def pytest_addoption(parser):
    parser.addoption("--by-time", action="store_true",
                     help="with -n: one test file per worker at a time, the longest first (tests/test-times.json)")
    parser.addoption("--times-out", default=None,
                     help="write each test's seconds (setup + call + teardown) and the wall time to this JSON file")


def kind(item):
    if item.get_closest_marker("browser") or BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
        return "browser"
    return "node" if item.get_closest_marker("node") else "other"


def pytest_collection_modifyitems(config, items):
    for item in items:
        if kind(item) == "browser" and not item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.browser)
    if config.getoption("by_time") and os.environ.get("PYTEST_XDIST_WORKER"):
        # the workers' collection order is the order in which the controller deals the files
        measured = json.loads(TIMES.read_text())["files"] if TIMES.exists() else {}
        guess = {}
        for item in items:
            f = item.nodeid.split("::")[0]
            guess[f] = guess.get(f, 0.0) + GUESS[kind(item)]
        seconds = {f: measured.get(f, g) for f, g in guess.items()}
        order = {f: i for i, f in enumerate(sorted(seconds, key=lambda f: (-seconds[f], f)))}
        items.sort(key=lambda item: order[item.nodeid.split("::")[0]])  # stable within a file


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getoption("by_time"):
        from xdist.scheduler import LoadFileScheduling
        config.option.loadscopereorder = False  # keep the collection's (longest first) order
        return LoadFileScheduling(config, log)
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # before the test's fixtures: its browser contexts are a new visitor's or seeded ones
    browser_support.FIRST_VISIT["now"] = item.get_closest_marker("first_visit") is not None


class TimesRecord:
    """Each test's seconds as the controller receives the reports (also from xdist workers)."""

    def __init__(self, path):
        self.path = pathlib.Path(path)
        self.started = time.monotonic()
        self.tests = {}
        self.failed = 0
        self.failed_ids = []

    def pytest_runtest_logreport(self, report):
        self.tests[report.nodeid] = self.tests.get(report.nodeid, 0.0) + report.duration
        self.failed += report.failed
        if report.failed and report.nodeid not in self.failed_ids:
            self.failed_ids.append(report.nodeid)

    def pytest_sessionfinish(self, session):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps({"wall": time.monotonic() - self.started, "failed": self.failed,
                                         "failed_ids": self.failed_ids, "tests": self.tests}, indent=0))


def pytest_configure(config):
    out = config.getoption("times_out")
    if out and not hasattr(config, "workerinput"):  # the controller, or a run without xdist
        config.pluginmanager.register(TimesRecord(out), "urzeit-times")


def pytest_sessionstart(session):
    session.config.urzeit_started = __import__("time").time()


def pytest_terminal_summary(terminalreporter, config):
    """The browser matrix's time per browser (tests/browser_matrix.py writes one file each)."""
    from browser_matrix import TIMES
    started = getattr(config, "urzeit_started", 0)
    for path in sorted(TIMES.glob("*.json")) if TIMES.exists() else []:
        if path.stat().st_mtime >= started:
            t = __import__("json").loads(path.read_text())
            terminalreporter.write_line(f"browser matrix: {t['browser']} {t['version']}: {t['seconds']:.0f} s "
                                        f"for its file (launch {t['launch']:.0f} s)")
