import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import browser_support  # noqa: E402
from browser_support import browser, chromium, dist_server, page, served_dist  # noqa: E402,F401  (fixtures)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # before the test's fixtures: its browser contexts are a new visitor's or seeded ones
    browser_support.FIRST_VISIT["now"] = item.get_closest_marker("first_visit") is not None
