"""The built wheel in Pyodide (Python 3.14, wasm) under Node gives exactly what CPython gives
for the same seed and requests."""

import json
import pathlib
import shutil
import subprocess

import pytest

from urzeit import api, games
from urzeit import match as matches

ROOT = pathlib.Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
pytestmark = pytest.mark.node


def cpython_session(game_id, players, seed):
    """Play a game with computer seats via api.handle, recording every request."""
    seats = [{"kind": "ai", "level": "random"} for _ in range(players)]
    requests = [{"op": "new", "game": game_id, "seats": seats, "seed": seed, "options": {}}]
    replies = [json.loads(api.handle(json.dumps(requests[0])))]
    match = replies[0]["result"]["match"]
    view = replies[0]["result"]["view"]
    while not view["over"]:
        req = {"op": "ai", "match": match, "seat": view["current_seat"], "viewer": None}
        reply = json.loads(api.handle(json.dumps(req)))
        requests.append(dict(req, match="$match"))
        replies.append(reply)
        view = reply["result"]["view"]
    for req in ({"op": "save", "match": match}, {"op": "view", "match": match, "seat": 0}):
        replies.append(json.loads(api.handle(json.dumps(req))))
        requests.append(dict(req, match="$match"))
    state = json.dumps(matches.peek(match).state.to_json(), sort_keys=True)
    return requests, replies, state


def strip_match(obj):
    """Match ids differ between processes; everything else must be equal."""
    if isinstance(obj, dict):
        return {k: strip_match(v) for k, v in obj.items() if k != "match"}
    if isinstance(obj, list):
        return [strip_match(v) for v in obj]
    return obj


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_pyodide_replays_cpython_exactly(game_id, tmp_path):
    if not shutil.which("node") or not (PYODIDE / "pyodide.mjs").exists():
        pytest.fail("node and node_modules/pyodide are needed (python build.py test installs them)")
    wheels = sorted((ROOT / "dist" / "pyodide").glob("urzeit-*.whl"))
    assert wheels, "build dist/ first"
    game = games.get(game_id)
    requests, replies, state = cpython_session(game_id, game.max_players, 4242)
    inp = tmp_path / "input.json"
    inp.write_text(json.dumps({"pyodide": str(PYODIDE), "wheel": str(wheels[-1]), "requests": requests}))
    outp = tmp_path / "output.json"
    out = subprocess.run(["node", str(ROOT / "tests" / "pyodide_node_run.mjs"), str(inp), str(outp)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(outp.read_text())
    assert result["python"].startswith("3.1")
    assert result["state"] == state
    assert strip_match(result["replies"]) == strip_match(replies)
