"""The expert level (issue #28): honest (two worlds the seat cannot tell apart give the same
move) and not blind to the obvious (hand-built positions where one move is clearly best)."""

import pytest

from urzeit import ai, games
from urzeit.core.rng import Rng
from urzeit.games.sammler import components as T

from sammler_support import play


def sammler_move(state, seat, level="expert", seed=11):
    """Ask the way the api does: the seat's view and a determinizer, never the state."""
    view = state.view(seat)
    view.update(seat=seat, scores=state.scores(), legal=state.legal_actions())
    return ai.choose_action(games.get("sammler"), view, lambda rng: state.determinize(seat, rng), "expert"
                            if level == "expert" else level, seed, budget_ms=0)


def test_expert_is_a_level():
    assert "expert" in ai.LEVELS


@pytest.mark.parametrize("start", [5, 8])
def test_sammler_expert_ignores_the_future_draws_it_cannot_know(start):
    """Same board, same stacks (the pools are public), other future draws: the same move."""
    state = games.get("sammler").new_game(2, start, {})
    rng = Rng(3)
    for _ in range(16):
        state.apply(rng.choice(state.legal_actions()))
    other = state.clone()
    other.rng = Rng(987654321)
    assert other.to_json() != state.to_json()
    seat = state.current_player
    assert sammler_move(state, seat) == sammler_move(other, seat)


def test_sammler_expert_ignores_a_setup_script_it_cannot_see():
    """A scripted stack (a fixed draw order) and the same pool drawn by chance look alike."""
    tiles = ["L20", "L07", "L03", "L48", "L09", "L01", "L05", "L04", "L12", "L30"]
    scripted = games.get("sammler").new_game(2, 1, {"setup": {"tiles": tiles}})
    shuffled = games.get("sammler").new_game(2, 1, {"setup": {"tiles": tiles[:1] + tiles[1:][::-1]}})
    assert scripted.tile == shuffled.tile and scripted.land == shuffled.land
    assert scripted.to_json() != shuffled.to_json()
    assert sammler_move(scripted, 0) == sammler_move(shuffled, 0)


def test_sammler_expert_closes_its_own_forest():
    # Red's gatherer stands in a forest open on one side, rich in mushrooms (10 points when
    # closed); red draws L05, which closes it, and nothing left in the stack could.
    state, _ = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L20", -1, 0, 0, None, None)])
    state.mush[state.feature_root(state.figures[0][4])] += 3
    state.tile = T.BY_ID["L05"].index
    state.land = [T.BY_ID["L01"].index] * 10
    assert sammler_move(state, 0) == {"type": "place_tile", "x": 0, "y": -2, "rotation": 0}


def test_sammler_expert_does_not_close_a_rivals_forest_for_nothing():
    state, _ = play([("L04", 0, -1, 2, None, None), ("L20", -1, 0, 0, None, None)])
    state.figures.append([1, "gatherer", 1, 1, state.base[1] + 1, 0])
    state.members[1] -= 1
    state.tile = T.BY_ID["L05"].index
    state.land = [T.BY_ID["L01"].index] * 4
    action = sammler_move(state, 0)
    assert (action["x"], action["y"]) != (0, -2)


def test_paired_search_plays_every_candidate_in_the_same_worlds():
    """ai.paired compares candidates on common worlds: the world's noise cancels out, so a
    small true difference wins although the noise between worlds is far larger."""
    from urzeit.ai import paired

    class World:
        def __init__(self, rng):
            self.luck = rng.next_u64() % 1000  # the sampled future: big noise

    class Toy:
        def __init__(self):
            self.seen = {}

        def candidates(self, state, seat, legal):
            return [(a, a) for a in legal]

        def play_out(self, world, seat, plan):
            self.seen.setdefault(plan, []).append(world.luck)
            return world.luck + {"a": 0.0, "b": 1.0, "c": 0.5}[plan]

    toy = Toy()
    steps = paired.search_steps(World, 0, ["a", "b", "c"], toy, 12, Rng(5))
    with pytest.raises(StopIteration) as done:
        while True:
            next(steps)
    assert done.value.value == "b"
    assert toy.seen["a"] == toy.seen["b"] == toy.seen["c"] and len(toy.seen["a"]) == 4
    assert len(set(toy.seen["a"])) > 1


def test_sammler_hard_at_a_table_knows_a_dead_forest():
    """At three or more players hard judges by the learned weights, whose open forest counts
    its chance to be closed by the stack: a forest no remaining tile can close is worth less.
    The stack prior (a table size without weights) says the same: worth nothing then, a
    closable one what medium says."""
    from urzeit.games.sammler import bot
    state, _ = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L20", -1, 0, 0, None, None)],
                    players=3)
    dead, alive = state.clone(), state.clone()
    dead.land = [T.BY_ID["L01"].index] * 6
    alive.land = [T.BY_ID["L05"].index] * 6
    def hard(s):  # one judgement per position (it counts the stack once)
        return bot.Policy(3, "hard").estimate(s)
    assert hard(alive)[0] - hard(dead)[0] > 0.5
    assert hard(dead)[1:] == hard(alive)[1:]
    def prior(s):
        return bot.estimates_with_stack(bot.Outlook())(s)
    assert prior(alive) == bot.estimates(alive)
    assert prior(alive)[0] - prior(dead)[0] > 0.5  # its completion chance by the prior, times its points
    assert prior(dead)[1:] == prior(alive)[1:]
    assert bot.Policy(2, "hard").estimate.__self__.__class__ is bot.Outlook  # two players: the Outlook


@pytest.mark.parametrize("players", [3, 4])
def test_sammler_expert_at_a_table_ignores_the_future_draws(players):
    state = games.get("sammler").new_game(players, 6, {})
    rng = Rng(4)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    other = state.clone()
    other.rng = Rng(123456789)
    seat = state.current_player
    assert sammler_move(state, seat) == sammler_move(other, seat)


def test_sammler_features_see_what_the_outlook_sees():
    """The learned judgement's features are the Outlook's parts kept apart: weighed as the
    Outlook weighs them, they give its estimates in every position of a game."""
    from urzeit.games.sammler import bot
    state = games.get("sammler").new_game(2, 5, {})
    rng = Rng(8)
    checked = 0
    while not state.is_over:
        if state.phase == "tile":
            as_outlook = bot.learned_estimates(bot.Outlook(), bot.outlook_weights(bot.Outlook()))(state)
            assert as_outlook == pytest.approx(bot.Outlook().estimates(state), abs=1e-9)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 30


def test_sammler_expert_judges_by_the_learned_weights():
    """value.json (tools/train_sammler_value.py) holds a weight per feature and table size from
    two to five players; the expert judges by them at every table, hard at three to five (two
    keep the Outlook): more points, or a figure still in the supply, are worth more to the seat."""
    import json
    import pathlib
    from urzeit.games.sammler import bot
    data = json.loads(pathlib.Path(bot.__file__).with_name("value.json").read_text(encoding="utf-8"))
    assert data["features"] == list(bot.FEATURES) and sorted(data["tables"]) == ["2", "3", "4", "5"]
    assert all(len(table["weights"]) == len(bot.FEATURES) for table in data["tables"].values())
    state, _ = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L20", -1, 0, 0, None, None)])
    judge = bot.Policy(2, "expert").estimate
    ahead, spare = state.clone(), state.clone()
    ahead.score[0] += 5
    spare.members[0] += 1
    assert judge(ahead)[0] > judge(state)[0] and judge(ahead)[1] == judge(state)[1]
    assert judge(spare)[0] > judge(state)[0]
    three, _ = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L20", -1, 0, 0, None, None)], players=3)
    assert bot.Policy(3, "expert").estimate(three) == \
        bot.learned_estimates(bot.Outlook(), bot.learned_weights(3))(three)
    assert bot.Policy(3, "hard").estimate(three) == bot.Policy(3, "expert").estimate(three)
    for players in (4, 5):
        table, _ = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L20", -1, 0, 0, None, None)], players=players)
        by_weights = bot.learned_estimates(bot.Outlook(), bot.learned_weights(players))(table)
        assert bot.Policy(players, "expert").estimate(table) == by_weights
        assert bot.Policy(players, "hard").estimate(table) == by_weights
        assert by_weights != bot.estimates_with_stack(bot.Outlook())(table)
    assert bot.Policy(2, "hard").estimate.__self__.__class__ is bot.Outlook


@pytest.mark.slow
def test_sammler_value_training_learns_that_points_count():
    """The training script on a few self-play games: points now carry a clear positive weight,
    and every row has a value per feature."""
    import importlib.util
    import pathlib
    spec = importlib.util.spec_from_file_location(
        "train_sammler_value", pathlib.Path(__file__).resolve().parents[1] / "tools/train_sammler_value.py")
    train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train)
    rows = [row for seed in range(1, 7) for row in train.play(seed)]
    from urzeit.games.sammler import bot
    assert rows and all(len(x) == len(bot.FEATURES) for x, _ in rows)
    w = train.least_squares([(x, y, 0) for x, y in rows])
    assert w[bot.FEATURES.index("score")] > 0.3
