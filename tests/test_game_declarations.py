"""Each game is declared once, in the engine (issue 36): its titles, description, player counts,
playing time and options in words come from `Game.describe` (hello), and the build writes the
same into dist/data/games.json for the menu's first paint."""

import json
import pathlib
import sys

import pytest

from urzeit import api, games

ROOT = pathlib.Path(__file__).resolve().parent.parent

LANGS = ("de", "en")


def worded(value):
    return isinstance(value, dict) and all(isinstance(value.get(lg), str) and value[lg].strip() for lg in LANGS)


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.id)
def test_a_game_declares_what_the_menu_shows_in_both_languages(game):
    d = game.describe()
    assert worded(d["titles"]) and worded(d["descriptions"]), d
    low, high = d["players"]
    assert 1 <= low <= high
    low, high = d["minutes"]
    assert isinstance(low, int) and isinstance(high, int) and 0 < low <= high
    offered = {k: v for k, v in d["options"].items() if "label" in v}
    for key, opt in d["options"].items():
        assert "default" in opt, key
        if key not in offered:
            assert not {"help", "only", "choice_labels"} & set(opt), f"{key}: words for an option the menu never offers"
            continue
        assert worded(opt["label"]), key
        assert opt["default"] in opt["choices"], key
        # every choice in words, and nothing else: keys are the choices as JSON object keys
        assert sorted(opt["choice_labels"]) == sorted(str(c) for c in opt["choices"]), key
        assert all(worded(w) for w in opt["choice_labels"].values()), key
        assert "help" not in opt or worded(opt["help"]), key
        for other, choice in opt.get("only", {}).items():
            assert other != key and other in offered and choice in offered[other]["choices"], (key, other)


def test_the_build_writes_hellos_games_for_the_first_paint_and_precaches_them(tmp_path):
    sys.path.insert(0, str(ROOT))
    import build
    (tmp_path / "index.html").write_text("<!doctype html>")
    path = build.write_games(tmp_path)
    assert path == tmp_path / "data" / "games.json"
    assert json.loads(path.read_text(encoding="utf-8")) == api.call({"op": "hello"})["result"]["games"]
    build.write_precache({"version": "0"}, tmp_path)
    assert "data/games.json" in json.loads((tmp_path / "precache.json").read_text())["files"]
