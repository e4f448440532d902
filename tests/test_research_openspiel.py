"""Every game as an OpenSpiel game (urzeit.research.openspiel, the `research` extra): OpenSpiel's
own random-simulation test passes, chance steps are chance nodes, and a seat's information
state is its view: re-dealing what the seat cannot see leaves it as it was."""

import json

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is an optional extra: pip install urzeit[research]")

from urzeit.core.rng import Rng  # noqa: E402
from urzeit.research import openspiel  # noqa: E402

GAMES = [("nim", 2), ("sammler", 2), ("elawa", 2), ("elawa", 4), ("spaeher", 2)]


@pytest.mark.parametrize("game_id,players", GAMES)
def test_openspiel_random_simulation_test(game_id, players):
    game = openspiel.load(game_id, players)
    assert game.num_players() == players and str(game) == f"urzeit_{game_id}(options={{}},players={players})"
    # OpenSpiel's C++ checks: legal actions and chance outcomes, clone, serialize and back,
    # information state strings, returns summing to the utility sum
    # (one sammler game: its views are large, and every state's are hashed for the tensors)
    pyspiel.random_sim_test(game, num_sims=1 if game_id == "sammler" else 2, serialize=True, verbose=False)


def test_every_game_is_registered_and_loads_by_name():
    names = openspiel.register()
    assert names == sorted(names) and {"urzeit_sammler", "urzeit_elawa", "urzeit_spaeher", "urzeit_nim"} <= set(names)
    game = pyspiel.load_game("urzeit_elawa(players=3)")
    assert game.num_players() == 3
    info = pyspiel.GameType.Information
    assert openspiel.load("sammler").get_type().information == info.PERFECT_INFORMATION  # draws are public
    assert openspiel.load("spaeher").get_type().information == info.IMPERFECT_INFORMATION


def test_bad_parameters_are_refused_clearly():
    with pytest.raises(Exception, match="2 to 5 players"):
        openspiel.load("sammler", 9)
    with pytest.raises(Exception, match="options must be a JSON object"):
        pyspiel.load_game("urzeit_elawa", {"options": "{not json"})


def play_randomly(state, rng, stop):
    """Random legal play (chance by its probabilities) until stop(state) or the end."""
    while not state.is_terminal() and not stop(state):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            r, acc = rng.random(), 0.0
            for action, p in outcomes:
                acc += p
                if r < acc:
                    break
            state.apply_action(action)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return state


# (game, players, every how many decisions to check, whether random play holds hidden cards:
# in Elawa every hand card was taken from a visible top, so its worlds seldom differ)
INFO_CASES = [("elawa", 2, 1, False), ("elawa", 3, 1, False), ("spaeher", 2, 3, True), ("nim", 2, 1, True),
              ("sammler", 2, 9, False)]


@pytest.mark.parametrize("game_id,players,every,hidden", INFO_CASES)
def test_the_information_state_hides_what_the_seat_cannot_see(game_id, players, every, hidden):
    """At decisions along random games: every world the seat's `determinize` deals has the same
    information state string for that seat (and the same legal actions), while the worlds
    themselves differ where something is hidden."""
    game = openspiel.load(game_id, players)
    rng = Rng(40)
    worlds_differ = 0
    checked = 0
    for _ in range(2):
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            step += 1
            state = play_randomly(state, rng, lambda s: not s.is_chance_node())
            if state.is_terminal():
                break
            if step % every == 0:
                seat = state.current_player()
                info = state.information_state_string(seat)
                tensor = state.information_state_tensor(seat)
                assert json.loads(info) == state.engine.view(seat) and any(tensor)
                for k in range(3):
                    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.)) \
                        if k == 0 else state.determinized(seat, rng.next_u64())
                    assert world.information_state_string(seat) == info
                    assert world.information_state_tensor(seat) == tensor
                    assert world.current_player() == seat and world.legal_actions() == state.legal_actions()
                    worlds_differ += str(world) != str(state)
                    checked += 1
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        assert sum(state.returns()) == pytest.approx(1.0)
    assert checked >= 6
    if hidden:
        assert worlds_differ > 0  # the re-deal really changed hidden cards, and the string stayed


def test_actions_map_to_the_engine_and_back():
    game = openspiel.load("elawa", 2)
    state = play_randomly(game.new_initial_state(), Rng(3), lambda s: not s.is_chance_node())
    legal = state.engine.legal_actions()
    assert state.legal_actions() == list(range(len(legal)))
    for i, action in enumerate(legal):
        assert state.action_json(i) == action and state.action_id(action) == i
        assert state.action_to_string(state.current_player(), i) == openspiel.canonical(action)
    with pytest.raises(ValueError, match="not a legal action"):
        state.action_id({"type": "no such move"})
    before = str(state)
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(len(legal))  # an id past the list: refused, nothing changed
    assert str(state) == before
    # a chance node's outcomes are the engine's, by weight
    chance = play_randomly(game.new_initial_state(), Rng(3), lambda s: s.is_chance_node())
    due = chance.engine.chance_due()
    probs = dict(chance.chance_outcomes())
    assert sum(probs.values()) == pytest.approx(1.0)
    for i, w in enumerate(due.weights):
        assert probs.get(i, 0.0) == pytest.approx(w / due.total())


def test_openspiel_search_bots_play_on_the_adapter():
    """OpenSpiel's MCTS (random rollouts, chance nodes) in sammler and its ISMCTS (worlds from
    our determinize) in Jäger und Späher choose legal moves."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts
    rs = np.random.RandomState(1)
    game = openspiel.load("spaeher", 2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    bot.set_resampler(openspiel.resampler(7))
    state = play_randomly(game.new_initial_state(), Rng(5), lambda s: not s.is_chance_node())
    assert bot.step(state) in state.legal_actions()
    game = openspiel.load("sammler", 2)
    bot = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rs), random_state=rs, solve=False)
    state = play_randomly(game.new_initial_state(), Rng(5), lambda s: not s.is_chance_node())
    assert bot.step(state) in state.legal_actions()


def test_openspiel_rl_environment_plays_a_game_on_the_hashed_view():
    """OpenSpiel's RL environment (what its DQN, policy-gradient and other learners use) runs a
    whole game: information state tensors of TENSOR_SIZE, legal ids, win shares at the end."""
    import numpy as np
    from open_spiel.python import rl_environment
    env = rl_environment.Environment(openspiel.load("elawa", 2), seed=3)
    rs = np.random.RandomState(0)
    ts = env.reset()
    while not ts.last():
        seat = ts.observations["current_player"]
        assert len(ts.observations["info_state"][seat]) == openspiel.TENSOR_SIZE
        ts = env.step([int(rs.choice(ts.observations["legal_actions"][seat]))])
    assert sorted(ts.rewards) in ([0.0, 1.0], [0.5, 0.5])


def test_the_reference_match_plays_our_bot_against_openspiel_in_both_seats(capsys):
    from urzeit.research import reference
    for shift in (0, 1):  # our bot first, then OpenSpiel's
        r = reference.play(("elawa", "medium", "ismcts", 1.0, 3, shift))
        assert r["ours"] in (0.0, 0.5, 1.0) and len(r["times"]["openspiel"]) == len(r["sims"]) > 10
        assert min(r["sims"]) >= 2 and r["times"]["ours"]
    assert reference.main(["--game", "nim", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "nim: expert vs OpenSpiel ismcts at 1x our time, 2 games" in out and "95% CI" in out
