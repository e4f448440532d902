"""The hidden-hand Nim test game: its own rules, so the contract tests have a real subject."""

import pytest

from urzeit import games
from urzeit.core.errors import BadRequest, IllegalAction
from urzeit.core.rng import Rng

NIM = games.get("nim")
# Dealt from the end: seat 0 gets 3, 1, 3 ... see setup below.
DECK = [1, 1, 2, 2, 3, 3, 1, 2, 3, 1, 2, 3]


def new(pile=15, deck=DECK):
    return NIM.new_game(2, 1, {"pile": pile, "setup": {"deck": list(deck)}})


def test_setup_deals_three_cards_each_from_the_end_of_the_deck():
    s = new()
    assert s.hands == [[1, 2, 3], [1, 2, 3]]
    assert s.deck == DECK[:6]
    assert s.current_player == 0 and s.pile == 15


def test_take_removes_stones_and_draws_a_private_card():
    s = new()
    events = s.apply({"type": "take", "n": 3})
    assert s.pile == 12 and s.current_player == 1
    assert sorted(s.hands[0]) == [1, 2, 3]  # drew the last deck card, a 3
    assert events[1] == {"type": "draw", "player": 0, "reveals": True}
    assert "3" not in str(events[1])


def test_cannot_take_more_than_the_pile_and_pass_only_when_stuck():
    s = new(pile=5)
    s.apply({"type": "take", "n": 3})  # pile 2
    assert s.legal_actions() == [{"type": "take", "n": 1}, {"type": "take", "n": 2}]
    with pytest.raises(IllegalAction, match="more stones"):
        s.apply({"type": "take", "n": 3})
    with pytest.raises(IllegalAction, match="only when no card"):
        s.apply({"type": "pass"})


def test_taking_the_last_stone_wins():
    s = new(pile=5)
    s.apply({"type": "take", "n": 3})
    s.apply({"type": "take", "n": 2})
    assert s.is_over and s.scores() == [0, 1] and s.current_player is None


def test_two_passes_in_a_row_end_without_winner():
    s = new(pile=4, deck=[1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3])
    # both hands are [2, 3, 3]: taking 3 leaves 1 and seat 0 draws a 2; nobody holds a 1
    s.apply({"type": "take", "n": 3})
    assert s.hands[0] == [2, 2, 3]
    assert s.legal_actions() == [{"type": "pass"}]
    s.apply({"type": "pass"})
    assert s.legal_actions() == [{"type": "pass"}]
    s.apply({"type": "pass"})
    assert s.is_over and s.scores() == [0, 0]


def test_views_show_own_hand_only():
    s = new()
    s.hands = [[1, 1, 1], [3, 3, 3]]
    assert s.view(0)["hand"] == [1, 1, 1]
    assert s.view(1)["hand"] == [3, 3, 3]
    assert s.view(None)["hand"] is None
    assert "3" not in str(s.view(0)["hand"]) and s.view(0)["hand_counts"] == [3, 3]


def test_determinize_redeals_only_unseen_cards():
    s = NIM.new_game(2, 77, {})
    seen = set()
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert d.hands[0] == s.hands[0]
        assert sorted(d.hands[1] + d.deck) == sorted(s.hands[1] + s.deck)
        seen.add(tuple(d.hands[1]))
    assert len(seen) > 1, "determinize must actually re-deal"


@pytest.mark.parametrize("setup", [{"deck": [1, 2]}, {"deck": "x"}, {"cards": DECK}, 5, [1]])
def test_bad_setup_is_refused(setup):
    with pytest.raises(BadRequest):
        NIM.new_game(2, 1, {"setup": setup})
