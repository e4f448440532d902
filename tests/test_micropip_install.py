"""The wheel in dist/pyodide/ installs the way Pyodide users install packages: in a Pyodide
whose lock file does not name urzeit, `await micropip.install(url)` of that wheel, with the
micropip wheel that build.py ships, and then every game plays exactly as in CPython. Under
Node, from local files only (tests/pyodide_micropip_run.mjs refuses every fetch)."""

import hashlib
import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from test_pyodide_node import cpython_session, strip_match
from urzeit import games

ROOT = pathlib.Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
DIST = ROOT / "dist" / "pyodide"
pytestmark = pytest.mark.node


def dist_lock():
    lock = DIST / "pyodide-lock.json"
    assert lock.exists(), "build dist/ first (python3 build.py)"
    return json.loads(lock.read_text())


@pytest.fixture(scope="module")
def cpython_games():
    """One whole game of every registered game, computer seats, as CPython plays it."""
    out = {}
    for game in games.all_games():
        out[game.id] = cpython_session(game.id, game.max_players, 777)
    return out


def test_dist_ships_the_pinned_micropip():
    sys.path.insert(0, str(ROOT))
    import build
    name, version, sha256 = build.MICROPIP
    entry = dist_lock()["packages"][name]
    wheel = DIST / entry["file_name"]
    assert (entry["version"], entry["sha256"], entry["depends"]) == (version, sha256, [])
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == sha256
    shipped = json.loads((PYODIDE / "pyodide-lock.json").read_text())["packages"][name]
    assert shipped["version"] == version, "the pinned Pyodide's micropip and ours differ"
    # the page never loads it, so the service worker does not make every player download it
    precache = json.loads((ROOT / "dist" / "precache.json").read_text())["files"]
    assert f"pyodide/{entry['file_name']}" not in precache
    assert f"pyodide/{dist_lock()['packages']['urzeit']['file_name']}" in precache


@pytest.mark.parametrize("mode", ["micropip-lock", "micropip-url"])
def test_micropip_install_plays_every_game_like_cpython(mode, cpython_games, tmp_path):
    if not shutil.which("node") or not (PYODIDE / "pyodide.mjs").exists():
        pytest.fail("node and node_modules/pyodide are needed (python build.py test installs them)")
    lock = dist_lock()
    ids = sorted(cpython_games)
    inp = tmp_path / "input.json"
    inp.write_text(json.dumps({"pyodide": str(PYODIDE), "dist": str(DIST), "mode": mode,
                               "sessions": [cpython_games[i][0] for i in ids]}))
    outp = tmp_path / "output.json"
    out = subprocess.run(["node", str(ROOT / "tests" / "pyodide_micropip_run.mjs"), str(inp), str(outp)],
                         capture_output=True, text=True, timeout=600)
    # node quotes the minified source line of an error: keep the readable lines
    assert out.returncode == 0, "\n".join(x for x in out.stderr.splitlines() if len(x) < 400)[-2000:]
    result = json.loads(outp.read_text())
    assert result["refused"] == [], "something tried the network"
    assert result["python"].startswith("3.1")
    assert result["before"] == ["micropip"], "urzeit was there before micropip installed it"
    wheel_url = (DIST / lock["packages"]["urzeit"]["file_name"]).as_uri()
    installed = {name: (version, source) for name, version, source in result["installed"]}
    assert installed["urzeit"] == (lock["packages"]["urzeit"]["version"], wheel_url)
    assert installed["micropip"][0] == lock["packages"]["micropip"]["version"]
    assert len(result["sessions"]) == len(ids)
    for game_id, session in zip(ids, result["sessions"]):
        _, replies, state = cpython_games[game_id]
        assert session["replies"][-3]["result"]["view"]["over"], game_id  # the last "ai" reply
        assert session["state"] == state, game_id
        assert strip_match(session["replies"]) == strip_match(replies), game_id
