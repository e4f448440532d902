"""The `urzeit` command: `replay` words an exported game move by move with the scores,
`check` validates a file and says what is wrong, `tournament` runs bot games. Run as the
installed entry point would be: a separate process (`python -m urzeit.cli`, and the
`urzeit` console script where one is installed)."""

import json
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tomllib

import pytest

from urzeit import api, games

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAMES = {"sammler": 3, "elawa": 2, "spaeher": 2, "nim": 2}
# what must never reach a reader: catalogue ids, coordinates, raw actions
RAW = re.compile(r"\b[LSB]\d\d\b|\b[BYGRPC]\d\d?\b|\b[WJ]\d\d\b|\(-?\d+, ?-?\d+\)|[{}\[\]_]|\bNone\b")


def env():
    return dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONIOENCODING="utf-8")


def urzeit(*args, command=None):
    cmd = command or [sys.executable, "-m", "urzeit.cli"]
    return subprocess.run([*cmd, *map(str, args)], capture_output=True, text=True, env=env(), cwd=ROOT,
                          timeout=240)


def call(request):
    reply = json.loads(api.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply["result"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """One finished game of each game, exported as the page exports it, and its final view."""
    out = {}
    folder = tmp_path_factory.mktemp("games")
    for game, n in GAMES.items():
        seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "ai", "level": "random", "name": f"Bot {i}"}
                                                      for i in range(1, n)]
        started = call({"op": "new", "game": game, "seats": seats, "seed": 11})
        match, view = started["match"], started["view"]
        while not view["over"]:
            view = call({"op": "ai", "match": match, "seat": view["current_seat"], "level": "random"})["view"]
        replay = call({"op": "save", "match": match})
        path = folder / f"urzeit-{game}.json"
        path.write_text(json.dumps(replay, indent=1))
        out[game] = (path, replay, call({"op": "view", "match": match, "seat": None}))
    return out


def test_every_game_words_its_own_moves():
    for g in games.all_games():
        words = __import__(f"urzeit.games.{g.id}.words", fromlist=["describe"])
        assert callable(words.describe), g.id


@pytest.mark.parametrize("game", list(GAMES))
def test_replay_prints_every_move_in_words_with_the_scores(exported, game):
    path, replay, final = exported[game]
    r = urzeit("replay", path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    moves = [line for line in lines if re.match(r"\s*\d+\. ", line)]
    assert len(moves) == len(replay["actions"])
    names = [s["name"] for s in final["seats"]]
    for i, line in enumerate(moves, 1):
        m = re.match(r"\s*(\d+)\. ([^:]+): (.+) · (.+)$", line)
        assert m and int(m.group(1)) == i and m.group(2) in names, line
        assert not RAW.search(m.group(3)), line
        assert m.group(3).strip() not in ("moves", ""), line
    # the score after the last move is the game's final score, and the result names the winner
    assert moves[-1].endswith(" · " + ", ".join(f"{n} {s}" for n, s in zip(names, final["scores"])))
    assert lines[-1].startswith("Result: ") and " : ".join(map(str, final["scores"])) in lines[-1]
    scores = final["scores"]
    if len(set(scores)) == len(scores) and game != "spaeher":  # spaeher breaks ties by turn order
        assert names[scores.index(max(scores))] in lines[-1]


def test_replay_in_german(exported):
    path, replay, _ = exported["sammler"]
    r = urzeit("replay", path, "--lang", "de")
    assert r.returncode == 0, r.stderr
    assert "Carcassonne – Jäger und Sammler" in r.stdout and "legt eine Landschaftskarte (" in r.stdout
    assert "Ergebnis: " in r.stdout and "lays a tile" not in r.stdout
    r = urzeit("replay", exported["elawa"][0], "--lang", "de")
    assert re.search(r"nimmt (den|die|das) \w+ (Urmenschen|Hütte|Werkzeug|Vorratskarte) ", r.stdout)
    assert "beendet den Zug" in r.stdout and " takes " not in r.stdout


def test_the_words_name_what_is_printed_on_tiles_and_cards():
    from urzeit.games.elawa import words as elawa
    from urzeit.games.nim import words as nim
    from urzeit.games.sammler import words as sammler
    from urzeit.games.spaeher import words as spaeher
    start = {"tiles": [{"type": "S01", "x": 0, "y": 0, "rotation": 0}], "last_placed": None,
             "tile_to_place": "S01", "tile_is_bonus": False, "seats": [{"name": "Ada"}, {"name": "Bo"}]}
    # S01 shows a meadow with a mammoth, a forest, a river ending in a lake
    assert sammler.describe({"type": "place_tile", "x": 1, "y": 0, "rotation": 0}, start, [], "en") == \
        "lays a tile (forest, river, lake and meadow) east of the start tile"
    assert sammler.describe({"type": "place_tile", "x": -1, "y": 1, "rotation": 0}, start, [], "de") == \
        "legt eine Landschaftskarte (Wald, Fluss, See und Wiese) südwestlich der Startkarte an"
    after = dict(start, last_placed={"x": 0, "y": 0})
    assert sammler.describe({"type": "place_figure", "figure": "hut", "zone": "L1"}, after, [], "en") == \
        "puts a hut on the lake"
    done = [{"type": "complete", "feature": "forest", "points": 4, "players": [1]},
            {"type": "score", "category": "forests", "players": [1], "points": 4, "tiles": 2}]
    assert sammler.describe({"type": "pass"}, after, done, "en") == \
        "puts no figure; Forest complete (2 tiles): Bo scores 4 points"
    assert elawa.card_name("B01", "en", "acc") == "the blue hut" and elawa.card_name("B01", "de", "acc") == "die blaue Hütte"
    assert elawa.describe({"type": "play", "card": "B01", "pay": ["berry", "meat", "fur"], "sacrifice": None},
                          {"current_seat": 0}, [], "en") == "plays the blue hut, pays 1 berry, 1 meat and 1 fur"
    assert spaeher.describe({"type": "play", "card": "jaeger"}, {}, [], "en") == "plays the Hunter"
    assert spaeher.describe({"type": "play", "card": "jaeger"}, {}, [], "de") == "spielt „Jäger“"
    assert spaeher.describe({"type": "place", "where": "W01"}, {}, [], "en") == \
        "sends a member to the wilderness (stone, wood, clay)"
    assert spaeher.describe({"type": "place", "where": "W01"}, {}, [], "de") == \
        "schickt ein Mitglied in die Wildnis (Stein, Holz, Lehm)"
    assert nim.describe({"type": "take", "n": 3}, {}, [{"type": "take", "n": 3, "pile": 12}], "en") == \
        "takes 3 stones, 12 left"


@pytest.mark.parametrize("game", list(GAMES))
def test_check_says_ok_with_a_summary(exported, game):
    path, replay, final = exported[game]
    r = urzeit("check", path)
    assert r.returncode == 0, r.stderr
    line = r.stdout.strip()
    assert line.startswith("OK: ") and "\n" not in line
    assert f"{len(final['seats'])} players (Ada, " in line and f"· {len(replay['actions'])} moves ·" in line
    assert " : ".join(map(str, final["scores"])) in line


def test_check_says_what_is_wrong_and_exits_1(exported, tmp_path):
    path, replay, _ = exported["elawa"]
    bad = dict(replay, actions=list(replay["actions"]))
    bad["actions"][5] = {"type": "take_card", "stack": 99, "skip": None}
    cases = {
        "move.json": (json.dumps(bad), "action 5 cannot be replayed"),
        "cut.json": (path.read_text()[:200], "not JSON"),
        "other.json": (json.dumps({"format": "something-else"}), "not an Urzeit save"),
        "game.json": (json.dumps(dict(replay, game="chess")), "chess"),
        "late.json": (json.dumps(dict(replay, actions=replay["actions"] + [{"type": "end_turn"}])), "after the end"),
    }
    for name, (text, reason) in cases.items():
        (tmp_path / name).write_text(text)
        r = urzeit("check", tmp_path / name)
        assert r.returncode == 1, (name, r.stdout)
        assert r.stdout.startswith("NOT OK: ") and reason in r.stdout, (name, r.stdout)
        r = urzeit("replay", tmp_path / name)
        assert r.returncode == 1 and reason in r.stderr and r.stdout == "", name  # nothing half-printed
    r = urzeit("check", tmp_path / "missing.json")
    assert r.returncode == 1 and "cannot read" in r.stdout


def test_a_saved_game_record_is_checked_too(exported, tmp_path):
    path, replay, _ = exported["nim"]
    (tmp_path / "record.json").write_text(json.dumps({"replay": replay, "saved": "2026-12-01"}))
    assert urzeit("check", tmp_path / "record.json").returncode == 0


def test_a_tournament_of_two_games():
    r = urzeit("tournament", "--game", "nim", "--seats", "random,easy", "--games", "2", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert "nim: random vs easy, 2 games" in r.stdout and "illegal attempts: 0" in r.stdout


def test_a_ladder_round_robin_with_elo():
    r = urzeit("tournament", "--ladder", "--game", "nim", "--games", "2", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    pairs = [line for line in r.stdout.splitlines() if " vs " in line and "95% CI" in line]
    assert len(pairs) == 10  # every pair of random, easy, medium, hard, expert
    assert "Elo (Bradley-Terry fit, random = 0)" in r.stdout and "illegal attempts: 0" in r.stdout
    r = urzeit("tournament", "--ladder", "--game", "nim", "--games", "2", "--jobs", "1", "--levels", "medium,hard,expert")
    assert r.returncode == 0, r.stderr
    pairs = [line for line in r.stdout.splitlines() if " vs " in line and "95% CI" in line]
    assert len(pairs) == 3 and "Elo (Bradley-Terry fit, medium = 0)" in r.stdout
    r = urzeit("tournament", "--ladder", "--game", "nim", "--levels", "hard,wizard")
    assert r.returncode != 0 and "--levels" in r.stderr


def test_elo_fit_and_wilson_interval():
    from urzeit.tournament import elo, wilson
    ratings = elo(("weak", "strong"), {("strong", "weak"): (74.5, 99)})  # 75 of 100 with the half wins
    assert ratings["weak"] == 0 and abs(ratings["strong"] - 400 * math.log10(3)) < 0.5
    lo, hi = wilson(0.65, 200)
    assert 0.58 < lo < 0.59 and 0.71 < hi < 0.72


@pytest.mark.slow
def test_pip_install_gives_the_urzeit_command(exported, tmp_path):
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"urzeit": "urzeit.cli:main"}
    # `pip install .` into a folder of its own (the shared environment stays as it is)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), "."],
                   check=True, timeout=300, cwd=ROOT)
    commands = [([str(target / "bin" / "urzeit")], str(target))]
    if shutil.which("urzeit"):  # after `pip install -e .`
        commands.append(([shutil.which("urzeit")], str(ROOT / "py")))
    path = exported["nim"][0]
    for cmd, pythonpath in commands:
        r = subprocess.run([*cmd, "check", str(path)], capture_output=True, text=True, timeout=240,
                           env=dict(os.environ, PYTHONPATH=pythonpath))
        assert r.returncode == 0 and r.stdout.startswith("OK: Hidden-hand Nim"), (cmd, r.stdout, r.stderr)
        r = subprocess.run([*cmd, "replay", str(path), "--lang", "de"], capture_output=True, text=True, timeout=240,
                           env=dict(os.environ, PYTHONPATH=pythonpath))
        assert r.returncode == 0 and "nimmt" in r.stdout and "Ergebnis: " in r.stdout, (cmd, r.stderr)
        r = subprocess.run([*cmd, "--help"], capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, PYTHONPATH=pythonpath))
        assert "tournament" in r.stdout and "replay" in r.stdout and "check" in r.stdout


def test_ladder_tables_give_each_level_its_win_share(monkeypatch, capsys):
    from urzeit import tournament
    ok, illegal = tournament.ladder("sammler", 3, 1, 0, 1, [3, 4], table_games=3, pairs_too=False,
                                    levels=("random", "easy", "medium"))  # one table of three
    out = capsys.readouterr().out
    assert illegal == 0 and "tables only" in out
    assert "-- sammler, 3 players: medium, easy, random; 3 games (every seed in all 3 seat rotations)" in out
    assert "4 players" not in out  # four levels are needed for a table of four
    shares = [float(line.split()[1].rstrip("%")) for line in out.splitlines()
              if line.split()[:1] in (["medium"], ["easy"], ["random"])]
    assert len(shares) == 3 and abs(sum(shares) - 100) < 0.2


TIE_SEED_HINT = {"elawa": 73, "spaeher": 392}


@pytest.mark.parametrize("game_id", ["elawa", "spaeher"])
def test_the_tournament_scores_a_tie_as_the_game_breaks_it(game_id):
    """Elawa breaks a tie of points by resources left, Jäger und Späher gives it to the second
    player: the tournament credits the game's own winner, not everyone with the top score."""
    from urzeit.tournament import play
    levels = ["random", "easy"]
    # ties are rare: the search starts at a seed that tied when this was written (elawa 73,
    # spaeher 392), and goes on from 1 if a change to a game moved it
    for seed in [TIE_SEED_HINT[game_id], *range(1, 400)]:
        result, score_of, _, illegal = play((game_id, levels, seed, 0, 0))
        scores = [score_of["random"][0], score_of["easy"][0]]
        if scores[0] == scores[1] and sorted(result.values()) == [0.0, 1.0]:
            break
    else:
        pytest.fail("no tie broken by the game's rule in 400 games")
    assert illegal == 0
    # the game's verdict, replayed: the same seed's winners in the view
    r = api.call({"op": "new", "game": game_id, "seed": seed,
                  "seats": [{"kind": "ai", "level": lvl} for lvl in levels]})
    match, view = r["result"]["match"], r["result"]["view"]
    while not view["over"]:
        view = api.call({"op": "ai", "match": match, "seat": view["current_seat"], "budget_ms": 0})["result"]["view"]
    assert len(view["winners"]) == 1 and view["scores"][0] == view["scores"][1]
    assert result[levels[view["winners"][0]]] == 1.0
