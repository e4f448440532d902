import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from browser_support import browser, page, served_dist  # noqa: E402,F401  (fixtures)


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
