"""A copy of the engine package that PyPy 3.9 (Debian's `pypy3`) runs, for long tournaments:
the same games at about twice CPython's speed (the bots' figures do not change: the same seeds
give the same games, docs/bots.md). The copy differs only in `from __future__ import
annotations` at the top of each module (PyPy 3.9 cannot evaluate `str | None` annotations).

  python3 bench/pypy_tree.py /tmp/urzeit-pypy
  PYTHONPATH=/tmp/urzeit-pypy pypy3 -m urzeit.tournament --game sammler --seats expert,hard,medium ...
"""
import ast
import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FUTURE = "from __future__ import annotations"


def with_future(source: str) -> str:
    if FUTURE in source:
        return source
    body = ast.parse(source).body
    docstring = body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
        and isinstance(body[0].value.value, str)
    lines = source.split("\n")
    lines.insert(body[0].end_lineno if docstring else 0, FUTURE)
    return "\n".join(lines)


def main(dest: str) -> None:
    out = pathlib.Path(dest)
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(ROOT / "py", out, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for path in sorted(out.rglob("*.py")):
        path.write_text(with_future(path.read_text()))
    print(f"{out}: PYTHONPATH={out} pypy3 -m urzeit.tournament ...")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/urzeit-pypy")
