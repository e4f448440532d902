"""The contract every registered game keeps (ARCHITECTURE.md), checked generically."""

import json

import pytest

from urzeit import games, lessons
from urzeit.core.errors import IllegalAction
from urzeit.core.game import PERFECT, PRIVATE_HANDS, State
from urzeit.core.rng import Rng

from helpers import canon, random_playout

GAMES = [g.id for g in games.all_games()]
SEEDS = [1, 2, 3, 17, 2024]


def players_for(game):
    return sorted({game.min_players, game.max_players})


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_reaches_the_end(game_id, seed):
    game = games.get(game_id)
    for n in players_for(game):
        state = game.new_game(n, seed, {})
        actions = random_playout(state, seed)
        assert state.is_over and state.current_player is None
        assert state.legal_actions() == []
        assert len(state.scores()) == n
        assert len(actions) > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game_and_different_seed_differs(game_id):
    game = games.get(game_id)
    n = game.min_players
    a, b, c = game.new_game(n, 5, {}), game.new_game(n, 5, {}), game.new_game(n, 6, {})
    assert canon(a.to_json()) == canon(b.to_json())
    assert canon(a.to_json()) != canon(c.to_json())
    assert random_playout(a, 9) == random_playout(b, 9)
    assert canon(a.to_json()) == canon(b.to_json())


@pytest.mark.parametrize("game_id", GAMES)
def test_clone_then_apply_equals_apply_and_leaves_original(game_id):
    game = games.get(game_id)

    def check(before, action, after):
        copy = before.clone()
        snapshot = canon(before.to_json())
        copy.apply(action)
        assert canon(copy.to_json()) == canon(after.to_json())
        assert canon(before.to_json()) == snapshot

    for seed in SEEDS[:3]:
        random_playout(game.new_game(game.max_players, seed, {}), seed, on_step=check)


@pytest.mark.parametrize("game_id", GAMES)
def test_json_round_trip_at_every_step(game_id):
    game = games.get(game_id)

    def check(before, action, after):
        for s in (before, after):
            d = s.to_json()
            text = json.dumps(d)
            again = game.from_json(json.loads(text))
            assert canon(again.to_json()) == canon(d)
            assert again.legal_actions() == s.legal_actions()
            assert again.current_player == s.current_player

    random_playout(game.new_game(game.min_players, 11, {}), 11, on_step=check)


@pytest.mark.parametrize("game_id", GAMES)
def test_restored_state_continues_identically(game_id):
    game = games.get(game_id)
    state = game.new_game(game.min_players, 21, {})
    rng = Rng(4)
    for _ in range(3):
        if not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    restored = game.from_json(json.loads(json.dumps(state.to_json())))
    assert random_playout(state, 8) == random_playout(restored, 8)
    assert canon(state.to_json()) == canon(restored.to_json())


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_action_raises_and_changes_nothing(game_id):
    game = games.get(game_id)
    state = game.new_game(game.min_players, 3, {})
    before = canon(state.to_json())
    for bad in [{"type": "no_such_action"}, {}, "take", None, {"type": 5},
                dict(state.legal_actions()[0], extra=1)]:
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)
        assert str(info.value)
        assert canon(state.to_json()) == before
    random_playout(state, 3)
    with pytest.raises(IllegalAction):
        state.apply({"type": "pass"})


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_actions_are_sorted_and_unique(game_id):
    game = games.get(game_id)

    def check(before, action, after):
        legal = after.legal_actions()
        keys = [canon(a) for a in legal]
        assert len(keys) == len(set(keys))
        assert all(isinstance(a.get("type"), str) for a in legal)
        assert legal == after.clone().legal_actions()

    random_playout(game.new_game(game.min_players, 5, {}), 5, on_step=check)


@pytest.mark.parametrize("game_id", GAMES)
def test_views_hide_what_the_seat_cannot_know(game_id):
    """A seat's view must not change when everything that seat cannot see is re-dealt,
    and no view ever contains the RNG state. A game of perfect information hides nothing:
    every seat's view is the same, and there are no worlds to deal for it."""
    game = games.get(game_id)
    perfect = game.information == PERFECT
    differ = []

    def check(before, action, state):
        rng_text = state.to_json().get("rng")
        views = set()
        for seat in [None] + list(range(len(state.scores()))):
            view = state.view(seat)
            text = canon(view)
            views.add(text)
            if rng_text:
                assert rng_text not in text
            if seat is not None and not perfect:
                for k in range(3):
                    other = state.determinize(seat, Rng(k))
                    assert canon(other.view(seat)) == text
                    if state.current_player == seat:
                        assert other.legal_actions() == state.legal_actions()
        differ.append(len(views) > 1)

    random_playout(game.new_game(game.max_players, 13, {}), 13, on_step=check)
    if perfect:
        assert not any(differ), "a game of perfect information shows every seat the same"
    else:
        assert any(differ), "a game with private hands hides something from some seat"


def _without_chance(state) -> str:
    """The state's JSON without what decides future draws (its Rng, a setup's script)."""
    return canon({k: v for k, v in state.to_json().items() if k not in ("rng", "script")})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_declares_what_it_hides(game_id):
    """`information`: a game of perfect information keeps the base's `redeal` (a seat's world
    is the state itself, with a new Rng); a game with private hands writes its own. Either
    way a world forgets the draws a setup fixed (a lesson's options may fix some)."""
    game = games.get(game_id)
    assert game.information in (PERFECT, PRIVATE_HANDS)
    perfect = game.information == PERFECT
    assert game.describe()["private_hands"] == (not perfect)
    lesson = next(iter(lessons.of(game).values()), None)
    state = game.new_game(lesson["players"], 4, lesson["options"]) if lesson else game.new_game(game.min_players, 4, {})
    assert (type(state).redeal is State.redeal) == perfect

    def check(before, action, after):
        for seat in range(len(after.scores())):
            world = after.determinize(seat, Rng(seat))
            assert world.script is None and world.rng is not None
            if perfect:
                assert _without_chance(world) == _without_chance(after)

    random_playout(state, 4, on_step=check)


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_option_is_an_error(game_id):
    from urzeit.core.errors import BadRequest
    game = games.get(game_id)
    with pytest.raises(BadRequest):
        game.new_game(game.min_players, 1, {"no_such_option": 1})
    with pytest.raises(BadRequest):
        game.new_game(game.max_players + 1, 1, {})


# ---- chance as steps of their own ---------------------------------------------------------

from urzeit.core.chance import AdversarialDriver, RecordedDriver, RecordingDriver, SeededDriver, drive  # noqa: E402


def play_external(game, n, seed, driver, options=None):
    """A whole game with chance="external": every chance event waits for `driver`; at each
    one the state offers no decision and refuses actions. Returns (state, actions)."""
    state = game.new_game(n, seed, options or {}, chance="external")
    rng = Rng(seed)
    actions = []
    for _ in range(5000):
        c = state.chance_due()
        if c is not None:
            assert state.current_player is None and not state.is_over
            assert state.legal_actions() == []
            assert c.outcomes and len(c.outcomes) == len(c.weights) and all(w > 0 for w in c.weights)
            keys = [action_key(o) for o in c.outcomes]
            assert len(keys) == len(set(keys)), "each outcome once (a fixed, sorted order)"
            with pytest.raises(IllegalAction):
                state.apply({"type": "pass"})
            with pytest.raises(IllegalAction):
                state.apply_chance({"not": "an outcome"})
            drive(state, driver)
            continue
        if state.is_over:
            return state, actions
        with pytest.raises(IllegalAction):
            state.apply_chance(0)  # nothing is due
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    raise AssertionError("game did not end")


from urzeit.core.actions import action_key  # noqa: E402


@pytest.mark.parametrize("game_id", GAMES)
def test_every_state_keeps_the_declared_contract(game_id):
    game = games.get(game_id)
    state = game.new_game(game.min_players, 1, {})
    assert isinstance(state, State)
    for name in ("do_apply", "chance", "do_chance", "legal_actions", "scores", "view", "clone",
                 "to_json", "redeal"):
        assert callable(getattr(state, name)), name
    assert type(state).apply is State.apply, "the checked apply is the base's"
    assert type(state).apply_legal is State.apply_legal
    assert type(state).determinize is State.determinize, "a game writes only its redeal"


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_by_three_drivers_seeded_recorded_adversarial(game_id):
    game = games.get(game_id)
    for n in players_for(game):
        # seeded: an external game driven by an Rng plays to the end
        recorder = RecordingDriver(SeededDriver(7))
        first, actions = play_external(game, n, 3, recorder)
        assert first.is_over and recorder.record, "every game draws something"
        assert json.loads(json.dumps(recorder.record)) == recorder.record
        # recorded: the same outcomes and actions give the same game again
        again = game.new_game(n, 3, {}, chance="external")
        replay = RecordedDriver(recorder.record)
        drive(again, replay)
        for action in actions:
            again.apply(action)
            drive(again, replay)
        assert replay.i == len(recorder.record)
        assert canon(again.to_json()) == canon(first.to_json())
        assert again.winners() == first.winners()
        # adversarial: edge outcomes never break the rules
        for seed in (1, 2):
            end, _ = play_external(game, n, seed, AdversarialDriver(seed))
            assert end.is_over and len(end.scores()) == n


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seeded_game_is_seed_plus_actions_and_draws_only_when_due(game_id):
    """Two games with the same seed and actions are equal; the state holds the unseen things
    as a pool, so a state whose future draws differ (another seed) looks the same to
    everyone until the next draw."""
    game = games.get(game_id)
    n = game.min_players
    a = game.new_game(n, 5, {}, chance="external")
    b = game.new_game(n, 6, {}, chance="external")
    assert canon(a.to_json()) == canon(b.to_json()), "nothing about future draws is in the state"


@pytest.mark.parametrize("game_id", GAMES)
def test_winners_are_declared_at_the_end_only(game_id):
    game = games.get(game_id)
    for seed in SEEDS[:3]:
        state = game.new_game(game.max_players, seed, {})
        assert state.winners() == []
        random_playout(state, seed)
        winners = state.winners()
        assert isinstance(winners, list) and all(0 <= w < game.max_players for w in winners)
        assert winners == sorted(set(winners))
        scores = state.scores()
        # a winner never has fewer points than a seat that did not win
        assert all(scores[w] >= scores[p] for w in winners for p in range(len(scores)) if p not in winners)
