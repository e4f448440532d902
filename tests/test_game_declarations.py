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


@pytest.mark.browser
def test_the_menu_shows_the_engines_words_first_from_the_build_then_from_hello(page, served_dist):
    games_json = json.loads((ROOT / "dist/data/games.json").read_text(encoding="utf-8"))
    for g in games_json:  # the build's copy, marked: the first paint must show these
        g["titles"] = {lg: f"{t} (build)" for lg, t in g["titles"].items()}
    page.route("**/data/games.json", lambda route: route.fulfill(json=games_json))
    page.add_init_script("localStorage.setItem('urzeit.lang', 'de')")
    # the menu as first painted, kept by the page itself: an engine booted from the snapshot on
    # an idle machine may be ready before the test could look
    page.add_init_script("""new MutationObserver((changes, observer) => {
      const cards = [...document.querySelectorAll('#game-list .game-card')];
      if (cards.length < 4) return;
      window.firstMenu = {ids: cards.map((c) => c.dataset.gameId), ready: document.getElementById('app').dataset.ready,
                          titles: cards.map((c) => c.querySelector('.title').textContent)};
      observer.disconnect();
    }).observe(document, {childList: true, subtree: true})""")
    page.goto(served_dist + "?test=1")
    page.wait_for_function("() => window.firstMenu")
    first = page.evaluate("() => window.firstMenu")
    assert first["ready"] != "true"  # painted before the engine was up
    hello = api.call({"op": "hello"})["result"]["games"]
    # the page's registry order, every game the engine describes (the test game with ?test=1)
    assert first["ids"] == ["sammler", "spaeher", "elawa", "nim"]
    assert first["titles"] == [next(g for g in games_json if g["id"] == i)["titles"]["de"] for i in ("sammler", "spaeher", "elawa", "nim")]
    page.wait_for_selector("#app[data-ready='true']", timeout=90_000)
    by_id = {g["id"]: g for g in hello}
    assert page.locator("#game-list .game-card .title").all_inner_texts() == \
        [by_id[i]["titles"]["de"] for i in ("sammler", "spaeher", "elawa", "nim")]
    card = page.locator("[data-game-id='elawa']")
    assert card.locator(".description").inner_text() == by_id["elawa"]["descriptions"]["de"]
    assert card.locator(".meta").inner_text().startswith("2–4 Spieler · 20–40 Min.")
    # an option in the engine's words: label, choices, and the one that matters only with a choice
    card.click()
    chief = by_id["elawa"]["options"]["chief_side"]
    assert page.locator("#option-chief_side legend").inner_text() == chief["label"]["de"]
    assert page.locator("#option-chief_side label").all_inner_texts() == [chief["choice_labels"][c]["de"] for c in chief["choices"]]
    assert page.locator("#option-chief2").count() == 0
    page.check("#option-chief_side-advanced")
    chief2 = by_id["elawa"]["options"]["chief2"]
    assert page.locator("#option-chief2 legend").inner_text() == chief2["label"]["de"]
    assert page.locator("#option-chief2 .option-help").inner_text() == chief2["help"]["de"]
    page.click("#lang-toggle")
    assert page.locator("#option-chief2 legend").inner_text() == chief2["label"]["en"]
    assert page.locator("[data-game-id='spaeher'] .title").inner_text() == by_id["spaeher"]["titles"]["en"]
    page.watch.assert_clean()
