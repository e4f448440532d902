import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from browser_support import browser, page, served_dist  # noqa: E402,F401  (fixtures)
