"""Security of the page: a strict Content-Security-Policy that the whole app runs under,
no eval or new Function in our JavaScript, and page data never becomes Python source."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_our_javascript_has_no_eval_or_function_constructor():
    for path in sorted((ROOT / "web").rglob("*.mjs")) + sorted((ROOT / "web").rglob("*.js")):
        text = path.read_text()
        assert not re.search(r"\beval\s*\(", text), path
        assert not re.search(r"new\s+Function\s*\(", text), path
        assert "setTimeout(\"" not in text and "setTimeout('" not in text, path


def test_python_source_is_never_built_from_page_data():
    worker = (ROOT / "web" / "js" / "worker.mjs").read_text()
    assert "runPython" not in worker  # requests go to api.handle as JSON text only
    assert "handle(request)" in worker


def test_csp_allows_only_same_origin_scripts():
    html = (ROOT / "web" / "index.html").read_text()
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";") if d.strip())
    assert directives["script-src"] == "'self'"
    assert "unsafe-eval" not in csp and directives["object-src"] == "'none'"
    # the web app manifest and its icons come from our own origin only
    assert directives.get("manifest-src", directives["default-src"]) == "'self'"
    assert directives["img-src"].split()[0] == "'self'"


@pytest.mark.browser
def test_the_app_runs_under_its_csp_with_no_violation(page, served_dist):
    page.add_init_script("""window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));""")
    page.goto(served_dist + "?test=1")
    page.wait_for_selector("#app[data-ready='true']", timeout=60_000)
    page.click("[data-game-id='elawa']")
    page.click("#start-button")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.ready")
    page.click("#back-button")
    page.click("[data-game-id='sammler']")
    page.click("#start-button")
    page.wait_for_function("() => window.urzeit.board && window.urzeit.board.artReady")
    assert page.evaluate("() => window.__cspViolations") == []
    page.watch.assert_clean()
