import pathlib
import sys

import pytest
from hypothesis import settings

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import browser_support  # noqa: E402
from browser_support import browser, chromium, dist_server, page, served_dist  # noqa: E402,F401  (fixtures)

# The quick layer (`build.py test --quick`) runs a tenth of every property test's examples
# (helpers.examples); the full run all of them.
settings.register_profile("quick", max_examples=settings.get_profile("default").max_examples // 10)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # before the test's fixtures: its browser contexts are a new visitor's or seeded ones
    browser_support.FIRST_VISIT["now"] = item.get_closest_marker("first_visit") is not None
