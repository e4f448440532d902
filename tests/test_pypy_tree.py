"""bench/pypy_tree.py: the engine's copy for PyPy 3.9 (long tournaments) is the same code with
postponed annotations, and where PyPy is installed it plays the same games as CPython."""

import ast
import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("pypy_tree", ROOT / "bench" / "pypy_tree.py")
pypy_tree = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pypy_tree)


def without_future(tree):
    return ast.dump(ast.Module([n for n in tree.body if not (isinstance(n, ast.ImportFrom)
                                                             and n.module == "__future__")], []))


def test_every_module_gets_postponed_annotations_and_keeps_its_code(tmp_path):
    pypy_tree.main(str(tmp_path / "copy"))
    originals = sorted(p.relative_to(ROOT / "py") for p in (ROOT / "py" / "urzeit").rglob("*.py"))
    copies = sorted(p.relative_to(tmp_path / "copy") for p in (tmp_path / "copy" / "urzeit").rglob("*.py"))
    assert copies == originals and originals
    for rel in originals:
        before = ast.parse((ROOT / "py" / rel).read_text())
        after = ast.parse((tmp_path / "copy" / rel).read_text())
        future = [i for i, n in enumerate(after.body) if isinstance(n, ast.ImportFrom) and n.module == "__future__"
                  and [a.name for a in n.names] == ["annotations"]]
        assert future and future[0] <= 1, rel  # first, or right after the docstring
        assert without_future(after) == without_future(before), rel
    # the data files come along (tiles, cards, learned weights)
    assert (tmp_path / "copy" / "urzeit" / "games" / "sammler" / "value.json").exists()


# one bot game, printed as its actions and scores (run by each interpreter)
ONE_GAME = """
import json
from urzeit import ai, games
from urzeit.core.rng import Rng
game = games.get("sammler"); state = game.new_game(3, 4, {}); rng = Rng(9); actions = []
levels = ["hard", "medium", "easy"]
while not state.is_over:
    seat = state.current_player
    view = state.view(seat); view.update(seat=seat, scores=state.scores(), legal=state.legal_actions())
    action = ai.choose_action(game, view, lambda r: state.determinize(seat, r), levels[seat], rng.next_u64(), budget_ms=0)
    actions.append(action); state.apply(action)
print(json.dumps({"actions": actions, "scores": state.scores()}, sort_keys=True))
"""


@pytest.mark.slow  # a whole bot game in two interpreters
@pytest.mark.skipif(not shutil.which("pypy3"), reason="PyPy (Debian's pypy3) is not installed")
def test_pypy_plays_the_same_game_as_cpython(tmp_path):
    pypy_tree.main(str(tmp_path / "copy"))

    def played(python, path):
        out = subprocess.run([python, "-c", ONE_GAME], capture_output=True, text=True, check=True,
                             env=dict(os.environ, PYTHONPATH=str(path)))
        return json.loads(out.stdout)
    cpython, pypy = played(sys.executable, ROOT / "py"), played("pypy3", tmp_path / "copy")
    assert len(cpython["actions"]) > 50
    assert pypy == cpython
