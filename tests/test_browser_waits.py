"""Playwright's wait_for_function takes a promise for a truthy value and returns at once: a
predicate that awaits (caches, fetch) waits for nothing there. Such waits use
browser_support.wait_until, which polls page.evaluate (it awaits the promise)."""

import ast
import pathlib

TESTS = pathlib.Path(__file__).resolve().parent
PROMISE_MARKS = ("async", "await", ".then(", "fetch(", "Promise")


def promise_predicates(path: pathlib.Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "wait_for_function" and node.args:
            src = ast.get_source_segment(text, node.args[0]) or ""
            if any(mark in src for mark in PROMISE_MARKS):
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_wait_for_function_is_given_a_predicate_that_returns_a_promise():
    assert [hit for path in sorted(TESTS.glob("*.py")) for hit in promise_predicates(path)] == []


def test_the_check_finds_such_a_wait(tmp_path):
    sample = tmp_path / "test_sample.py"
    sample.write_text('page.wait_for_function("async () => (await caches.keys()).length > 0")\n'
                      'page.wait_for_function("() => document.body !== null")\n')
    assert promise_predicates(sample) == ["test_sample.py:1"]
