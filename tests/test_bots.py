"""Bots: honest (they see only their seat's view and determinize), legal, and sensible."""

import json

import pytest

from urzeit import ai, api, games
from urzeit import match as matches
from urzeit.core.rng import Rng

from sammler_support import play


GAME_ID = "sammler"


def bot_move(state, seat, level, seed=11):
    """Ask a bot the way the api does: the seat's view and a determinizer, never the state."""
    view = state.view(seat)
    view["seat"] = seat
    view["scores"] = state.scores()
    view["legal"] = state.legal_actions()
    return ai.choose_action(games.get("sammler"), view, lambda rng: state.determinize(seat, rng), level, seed, budget_ms=0)




@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_sammler_bot_ignores_what_it_cannot_know(level):
    game = games.get("sammler")
    state = game.new_game(2, 5, {})
    rng = Rng(3)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    other = state.clone()
    other.rng = Rng(987654321)  # same knowledge, different future draws
    assert other.to_json() != state.to_json()
    seat = state.current_player
    assert bot_move(state, seat, level) == bot_move(other, seat, level)


def test_bot_moves_are_always_legal_through_the_api():
    for level in ["easy", "medium", "hard"]:
        seats = [{"kind": "ai", "level": level}, {"kind": "ai", "level": "random"}]
        r = json.loads(api.handle(json.dumps({"op": "new", "game": "sammler", "seats": seats, "seed": 3,
                                              "options": {"setup": {"tiles": ["L20", "L07", "L03", "L48", "L09", "L01"]}}})))
        match, view = r["result"]["match"], r["result"]["view"]
        while not view["over"]:
            reply = json.loads(api.handle(json.dumps({"op": "ai", "match": match, "seat": view["current_seat"]})))
            assert reply["ok"], reply
            view = reply["result"]["view"]


@pytest.mark.parametrize("level", ["hard"])  # easy and medium judge a forest by its open sides
def test_bot_completes_its_own_scoring_forest_rather_than_feeding_nothing(level):
    # Red has a gatherer in a 1-side-open forest (L04 north of the start); red draws L05,
    # which closes it for 4 points. A sensible bot closes its own forest.
    state, _ = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L20", -1, 0, 0, None, None)])
    from urzeit.games.sammler import components as T
    state.tile = T.BY_ID["L05"].index
    state.land = [T.BY_ID["L01"].index] * 4
    assert state.current_player == 0
    action = bot_move(state, 0, level)
    assert action == {"type": "place_tile", "x": 0, "y": -2, "rotation": 0}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bot_does_not_complete_an_opponents_forest_for_nothing(level):
    # Blue's gatherer sits in the open forest north of the start; red draws the tile that
    # would close it (4 points for blue), and has other places for it.
    state, _ = play([("L04", 0, -1, 2, None, None), ("L20", -1, 0, 0, None, None)])
    from urzeit.games.sammler import components as T
    state.figures.append([1, "gatherer", 1, 1, state.base[1] + 1, 0])
    state.members[1] -= 1
    state.tile = T.BY_ID["L05"].index
    state.land = [T.BY_ID["L01"].index] * 4
    action = bot_move(state, 0, level)
    assert (action["x"], action["y"]) != (0, -2)


def test_hint_reports_the_bot_move_without_playing_it():
    seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
    r = json.loads(api.handle(json.dumps({"op": "new", "game": "sammler", "seats": seats, "seed": 9})))
    match = r["result"]["match"]
    before = json.dumps(matches.peek(match).state.to_json())
    hint = json.loads(api.handle(json.dumps({"op": "ai", "match": match, "seat": 0, "level": "hard", "apply": False,
                                             "viewer": 0})))["result"]
    assert hint["action"] in hint["view"]["legal"] and hint["events"] == []
    assert json.dumps(matches.peek(match).state.to_json()) == before
    assert hint["view"]["state_id"] == 0


# ---- every game: honest, and no blunders a person would see ------------------------------------

def any_bot_move(game_id, state, seat, level, seed=11):
    view = state.view(seat)
    view["seat"] = seat
    view["scores"] = state.scores()
    view["legal"] = state.legal_actions()
    return ai.choose_action(games.get(game_id), view, lambda rng: state.determinize(seat, rng), level, seed, budget_ms=0)


@pytest.mark.parametrize("game_id,level", [("elawa", "easy"), ("elawa", "medium"), ("elawa", "hard"), ("elawa", "expert"),
                                           ("spaeher", "easy"), ("spaeher", "medium"), ("spaeher", "hard"),
                                           ("spaeher", "expert")])
def test_card_game_bots_ignore_what_they_cannot_know(game_id, level):
    """The same bot seed in two worlds the seat cannot tell apart (the opponent's hand or
    items, the order of the stacks and decks, the fire) gives the same move."""
    state = games.get(game_id).new_game(2, 5, {})
    rng = Rng(3)
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    other = state.determinize(seat, Rng(424242))  # another world consistent with the seat's view
    assert other.to_json() != state.to_json()
    assert other.view(seat) == state.view(seat)
    assert any_bot_move(game_id, state, seat, level) == any_bot_move(game_id, other, seat, level)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_elawa_bot_plays_a_scoring_card_it_can_pay_before_the_game_ends(level):
    s = games.get("elawa").new_game(2, 4, {"setup": {"chiefs": ["C1", "C2"]}})  # seat 0 begins
    s.phase, s.current = "play", 1
    s.final_round = True  # seat 1 moves last: after this turn the game is over
    s.hands[1] = ["P10"]  # a caveman worth 6, costs one flint
    s.avail[1] = {"berry": 0, "meat": 0, "flint": 1, "fur": 0, "bone": 0}
    assert {"type": "end_turn"} in s.legal_actions()
    action = any_bot_move("elawa", s, 1, level)
    assert action["type"] == "play" and action["card"] == "P10"


def test_elawa_easy_mostly_plays_a_scoring_card_before_the_game_ends():
    """Easy doubts (noise of 3 points), so it is judged over many seeds: a card worth 6
    points left unplayed at the end is a blunder it makes rarely."""
    s = games.get("elawa").new_game(2, 4, {"setup": {"chiefs": ["C1", "C2"]}})  # seat 0 begins
    s.phase, s.current, s.final_round = "play", 1, True
    s.hands[1] = ["P10"]
    s.avail[1] = {"berry": 0, "meat": 0, "flint": 1, "fur": 0, "bone": 0}
    plays = sum(any_bot_move("elawa", s, 1, "easy", seed)["type"] == "play" for seed in range(40))
    assert plays >= 30


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_spaeher_bot_uses_the_meat_it_brought_home(level):
    s = games.get("spaeher").new_game(2, 4, {})
    s.phase, s.pool, s.hunger[0] = "recall", ["meat"], 3
    assert any_bot_move("spaeher", s, 0, level) == {"type": "cure"}


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_spaeher_bot_does_not_call_an_early_sunset_with_a_full_hand(level):
    s = games.get("spaeher").new_game(2, 4, {})  # six cards in hand: a sunset now costs 6 points
    assert any_bot_move("spaeher", s, 0, level)["type"] != "sunset"


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_spaeher_bot_creates_an_item_it_can_pay(level):
    s = games.get("spaeher").new_game(2, 4, {})
    s.phase, s.items[0], s.pool = "recall", ["steinhuetten"], ["stone", "stone", "clay"]
    assert any_bot_move("spaeher", s, 0, level) == {"type": "create", "item": "steinhuetten"}


def test_spaeher_expert_judges_by_the_learned_weights_that_ship_with_it():
    """value.json (tools/train_spaeher_value.py) holds a weight per feature; more points, or
    fewer hunger, are worth more to the seat and less to the other; a sample plays the set
    number of turns and stops at the start of a turn."""
    import pathlib
    from urzeit.games.spaeher import bot
    data = json.loads(pathlib.Path(bot.__file__).with_name("value.json").read_text(encoding="utf-8"))
    assert data["features"] == list(bot.FEATURES) and len(data["weights"]) == len(bot.FEATURES)
    s = games.get("spaeher").new_game(2, 4, {})
    ahead = s.clone()
    ahead.vp[0] += 5
    assert bot.learned_value(ahead, 0) > bot.learned_value(s, 0) > 0
    assert bot.learned_value(ahead, 1) < bot.learned_value(s, 1) < 1
    fed = s.clone()
    fed.hunger[0] = 0
    assert bot.learned_value(fed, 0) > bot.learned_value(s, 0)
    turns = s.turns
    bot.learned_rollout_value(s, 0, Rng(5))
    assert s.turns == turns + bot.EXPERT["turns"] and s.phase == "turn"


def test_spaeher_value_training_learns_that_points_win():
    """The training script on a few self-play games: a positive weight for the seat's own
    points and a negative one for the other's, written as the file the expert reads."""
    import importlib.util
    import pathlib
    spec = importlib.util.spec_from_file_location(
        "train_spaeher_value", pathlib.Path(__file__).resolve().parents[1] / "tools/train_spaeher_value.py")
    train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train)
    rows = train.self_play(12, 1)
    w = train.least_squares(rows)
    names = list(train.bot.FEATURES)
    assert w[names.index("vp")] > 0.3 and w[names.index("vp_other")] < -0.3
    assert all(len(x) == len(names) for x, _, _ in rows)


# ---- a memory like a player's: determinize keeps what the seat saw, re-deals only the hidden ----

def test_sammler_determinize_keeps_everything_seen_and_only_the_future_is_new():
    """Every drawn tile was seen by all, so what is left in the stacks is known (an unordered
    pool): a determinization keeps the board, the figures and the pools; only its Rng (the
    future draws) is new, and a fixed set-up order is forgotten."""
    state = games.get("sammler").new_game(2, 5, {})
    rng = Rng(3)
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    for seed in (1, 2, 3):
        d = state.determinize(0, Rng(seed))
        assert d.land == state.land and d.bonus == state.bonus
        a, b = d.to_json(), state.to_json()
        assert a.pop("rng") != b.pop("rng")
        assert a == b
    # the result depends only on what is known: another true future, the same determinization
    other = state.clone()
    other.rng = Rng(123)
    assert state.determinize(0, Rng(9)).to_json() == other.determinize(0, Rng(9)).to_json()
    scripted = games.get("sammler").new_game(2, 5, {"setup": {"tiles": ["L20", "L07", "L01"]}})
    assert scripted.script is not None and scripted.determinize(0, Rng(1)).script is None


def test_spaeher_rollout_to_a_horizon_stops_after_each_players_next_sunset():
    from urzeit.games.spaeher import bot
    s = games.get("spaeher").new_game(2, 4, {})
    before = list(s.sunsets)
    value = bot.rollout_value(s, 0, Rng(5), sunsets=1)
    more = [n - b for n, b in zip(s.sunsets, before)]
    assert not s.is_over and min(more) == 1 and 0 < value < 1  # stopped at the later one's sunset
    ahead = s.clone()
    ahead.vp[0] += 5  # five points more, the rest the same: worth more to seat 0, less to seat 1
    assert bot.position_value(ahead, 0) > bot.position_value(s, 0)
    assert bot.position_value(ahead, 1) < bot.position_value(s, 1)


def _spaeher_with_drops():
    s = games.get("spaeher").new_game(2, 5, {})
    deck = s.item_deck
    # seat 0 dropped two items at a sunset, seat 1 one; both keep one uncreated item
    s.dropped = [[deck.pop(), deck.pop()], [deck.pop()]]
    s.discarded = s.dropped[0] + s.dropped[1]
    return s


def test_spaeher_determinize_keeps_the_own_dropped_items_and_pools_the_opponents():
    s = _spaeher_with_drops()
    mine, theirs = list(s.dropped[0]), s.dropped[1][0]
    seen_theirs = False
    for seed in range(40):
        d = s.determinize(0, Rng(seed))
        assert d.items[0] == s.items[0] and d.dropped[0] == mine  # what seat 0 knows stays
        assert not set(mine) & set(d.items[1] + d.item_deck + d.dropped[1])
        assert len(d.items[1]) == len(s.items[1]) and len(d.item_deck) == len(s.item_deck)
        assert len(d.dropped[1]) == 1
        seen_theirs |= theirs in d.items[1] + d.item_deck  # the opponent's drop is unknown
        assert d.view(0) == s.view(0)
    assert seen_theirs


def test_spaeher_determinize_does_not_depend_on_what_the_opponent_dropped():
    s = _spaeher_with_drops()
    other = s.clone()
    # the opponent dropped another item: seat 0 cannot tell (it went face down)
    swap = other.item_deck[0]
    other.item_deck[0] = other.dropped[1][0]
    other.dropped[1] = [swap]
    other.discarded = other.dropped[0] + other.dropped[1]
    assert other.view(0) == s.view(0)
    assert s.determinize(0, Rng(5)).to_json() == other.determinize(0, Rng(5)).to_json()
    assert s.current_player == 0  # and a bot's move is the same in both worlds
    assert any_bot_move("spaeher", s, 0, "medium") == any_bot_move("spaeher", other, 0, "medium")


def test_spaeher_old_saves_without_drops_forget_them():
    s = _spaeher_with_drops()
    data = s.to_json()
    data.pop("dropped")
    old = games.get("spaeher").from_json(data)
    d = old.determinize(0, Rng(1))
    assert len(d.items[1] + d.item_deck + d.dropped[0] + d.dropped[1]) == \
        len(s.items[1] + s.item_deck + s.discarded)


def test_sammler_hard_sees_a_forest_nothing_left_can_close():
    """Hard judges open features by the stack (public: every drawn tile was seen): a forest
    whose open place no remaining tile fits is worth nothing, one that the stack can close is
    worth its points; medium's prior by open sides cannot tell them apart."""
    from urzeit.games.sammler import bot
    from urzeit.games.sammler import components as T
    state, _ = play([("L04", 0, -1, 2, "gatherer", "F1"), ("L20", -1, 0, 0, None, None)])
    dead, alive = state.clone(), state.clone()
    dead.land = [T.BY_ID["L01"].index] * 6  # meadow only: nothing continues a forest
    alive.land = [T.BY_ID["L05"].index] * 6  # closes the forest at (0, -2)
    hard_dead, hard_alive = bot.Outlook().estimates(dead), bot.Outlook().estimates(alive)
    assert hard_alive[0] - hard_dead[0] > 3
    assert hard_alive[1] == hard_dead[1]
    assert bot.estimates(dead) == bot.estimates(alive)


# ---- a computer turn's time budget (issue #15) ----

def test_decision_limit_shares_the_turn_budget():
    full = ai.TURN_BUDGET["hard"] * ai.TURN_SHARE
    assert ai.decision_limit("hard", turn_ms=0) == pytest.approx(full)
    later = ai.decision_limit("hard", turn_ms=500)
    assert later == pytest.approx((ai.TURN_BUDGET["hard"] - 0.5) * ai.TURN_SHARE) and later < full
    assert ai.decision_limit("medium", turn_ms=10_000) == ai.TURN_FLOOR  # spent: still a short search
    assert ai.decision_limit("medium", budget_ms=250, turn_ms=0) == 0.25  # the caller's cap wins
    assert ai.decision_limit("hard", budget_ms=0) is None
    assert ai.decision_limit("hard") == ai.TIME_CAP["hard"]


def _ai_reply(game, level, **extra):
    new = api.handle(json.dumps({"op": "new", "game": game, "seed": 4,
                                 "seats": [{"kind": "ai", "level": level}, {"kind": "ai", "level": level}]}))
    started = json.loads(new)["result"]
    match, seat = started["match"], started["view"]["current_seat"]  # whoever the draw lets begin
    return match, json.loads(api.handle(json.dumps({"op": "ai", "match": match, "seat": seat, **extra})))


def test_a_spent_turn_budget_cuts_the_search_and_says_so(monkeypatch):
    # far more simulations planned than any machine runs in the floor's 50 ms
    monkeypatch.setitem(games.get("elawa").bot().ITERATIONS, "hard", 1_000_000)
    _, r = _ai_reply("elawa", "hard", turn_ms=60_000)
    search = r["result"]["search"]
    assert search["limit_s"] == ai.TURN_FLOOR
    assert search["cut"] and 0 < search["simulations"] < search["planned"] == 1_000_000
    monkeypatch.undo()
    _, r = _ai_reply("elawa", "hard", budget_ms=0)  # no cap: every planned simulation
    search = r["result"]["search"]
    assert not search["cut"] and search["simulations"] == search["planned"]


def test_a_game_may_give_its_turns_a_budget_of_its_own():
    own = games.get("spaeher").bot().Policy(2, "hard").turn_budget
    assert own["hard"] > ai.TURN_BUDGET["hard"] and games.get("elawa").bot().Policy(2, "hard").turn_budget is None
    _, r = _ai_reply("spaeher", "hard", turn_ms=0)  # the first turn's first choice is searched
    assert r["result"]["search"]["limit_s"] == pytest.approx(own["hard"] * ai.TURN_SHARE)
    _, r = _ai_reply("elawa", "hard", turn_ms=0)
    assert r["result"]["search"]["limit_s"] == pytest.approx(ai.TURN_BUDGET["hard"] * ai.TURN_SHARE)


@pytest.mark.parametrize("bad", [-1, "500", 1.5, True])
def test_a_bad_turn_ms_is_refused_and_plays_nothing(bad):
    match, r = _ai_reply("elawa", "medium", turn_ms=bad)
    assert not r["ok"] and r["error"]["code"] == "bad_request"
    before = json.loads(api.handle(json.dumps({"op": "save", "match": match})))["result"]
    view = json.loads(api.handle(json.dumps({"op": "view", "match": match, "seat": 0})))["result"]
    assert view["state_id"] == 0 and before["actions"] == []  # nothing was played


# ---- the expert level (issue #28) ----

def test_expert_is_a_level_of_the_api_and_has_a_budget_within_three_seconds():
    hello = json.loads(api.handle(json.dumps({"op": "hello"})))["result"]
    assert hello["levels"][-2:] == ["hard", "expert"]
    assert ai.TIME_CAP["expert"] <= 3.0 and ai.TURN_BUDGET["expert"] <= 3.0  # the hint, a whole turn
    assert ai.TURN_BUDGET["expert"] > ai.TURN_BUDGET["hard"]
    # a game's own turn budget without expert does not break expert's limit
    assert ai.decision_limit("expert", turn_ms=0, turn_budget={"hard": 9.0}) == pytest.approx(
        ai.TURN_BUDGET["expert"] * ai.TURN_SHARE)


def test_a_game_without_an_expert_plays_its_hard_bot_for_expert(monkeypatch):
    bot = games.get("elawa").bot()
    if "expert" in bot.ITERATIONS:
        monkeypatch.delitem(bot.ITERATIONS, "expert")
    assert ai.level_of(bot, "expert") == "hard" and ai.level_of(bot, "medium") == "medium"
    state = games.get("elawa").new_game(2, 6, {})
    rng = Rng(8)
    while state.phase != "play" or len(state.legal_actions()) < 3:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    for seed in (1, 2, 3):
        assert any_bot_move("elawa", state, seat, "expert", seed) == any_bot_move("elawa", state, seat, "hard", seed)


def _elawa_last_turn(cards, hand, avail, phase):
    """Seat 1 takes the game's last turn (the fire is out, seat 0 began) with these tops,
    hand and resources."""
    s = games.get("elawa").new_game(2, 4, {"setup": {"chiefs": ["C1", "C2"], "cards": cards}})
    s.phase, s.current, s.final_round = phase, 1, True
    s.hands[1], s.seen_hands[1] = list(hand), list(hand)
    s.avail[1] = dict(avail)
    return s


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_elawa_bot_takes_the_card_it_can_pay_on_its_last_turn(level):
    # Y05 (a caveman worth 8) costs meat and flint, which seat 1 holds; no other top is
    # worth more than 3 to it now
    cards = [["B01", "Y05"], ["B03", "B04"], ["B05", "B08"], ["Y01", "Y07"], ["G01", "G06"], ["P01", "P11"]]
    s = _elawa_last_turn(cards, [], {"meat": 1, "flint": 1}, "take")
    assert any_bot_move("elawa", s, 1, level) == {"type": "take_card", "stack": 0, "skip": None}


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_elawa_bot_plays_the_better_of_two_cards_that_share_their_resources(level):
    # berry and flint pay for R08 (13, sacrificing the other card) or for P10 (6): not both
    s = _elawa_last_turn([["B01"], ["B03"], ["B05"], ["Y01"], ["G01"], ["P01"]], ["P10", "R08"],
                         {"berry": 1, "flint": 1}, "play")
    action = any_bot_move("elawa", s, 1, level)
    assert action == {"type": "play", "card": "R08", "pay": ["berry", "flint"], "sacrifice": "P10"}


def test_elawa_judgement_counts_a_hand_card_by_whether_it_can_still_be_paid():
    """Issue #28: a resource is worth what it helps to pay for, a hand card what it will
    likely score; on the last turn an unpayable card and a spare resource count nothing."""
    bot = games.get("elawa").bot()
    cards = [["B01"], ["B03"], ["B05"], ["Y01"], ["G01"], ["P01"]]
    payable = _elawa_last_turn(cards, ["Y05"], {"meat": 1, "flint": 1}, "play")  # Y05: 8 points
    short = _elawa_last_turn(cards, ["Y05"], {"meat": 1, "berry": 1}, "play")
    assert bot.worth(payable, 1) == pytest.approx(8 * bot.PLAY_NOW)
    assert bot.worth(short, 1) == 0.0  # no turn after this one: neither the card nor the berry counts
    early = games.get("elawa").new_game(2, 4, {"setup": {"chiefs": ["C1", "C2"], "cards": cards}})
    early.hands[1], early.avail[1] = ["Y05"], {"meat": 1, "berry": 1}
    assert 0 < bot.worth(early, 1) < 8 * bot.PAYABLE  # short of a flint, with turns to find one
    early.avail[1] = {"meat": 1, "flint": 1}
    assert bot.worth(early, 1) == pytest.approx(8 * bot.PAYABLE)


def test_sammler_medium_takes_a_good_move_not_always_the_best():
    # Medium has doubt (bot.GREEDY_TEMPERATURE): on the same position it takes different moves
    # on different seeds, a best one most often and each near the best by its own judgement;
    # hard, without doubt, takes one move whatever the seed.
    from urzeit.games.sammler import bot
    game = games.get("sammler")
    state = game.new_game(3, 7, {})
    rng = Rng(5)
    for _ in range(9):  # a few turns in, so that the tile has many places
        state.apply(rng.choice(state.legal_actions()))
    while state.phase != "tile":
        state.apply(state.legal_actions()[0])
    seat, legal = state.current_player, state.legal_actions()
    assert len(legal) >= 6
    doubt = bot.GREEDY_TEMPERATURE["medium"]
    scores = bot.Policy(3, "medium").greedy_scores(state.determinize(seat, Rng(1)), seat, legal)
    taken = [json.dumps(bot_move(state, seat, "medium", seed), sort_keys=True) for seed in range(40)]
    keys = [json.dumps(a, sort_keys=True) for a in legal]
    assert len(set(taken)) > 1
    assert scores[keys.index(max(set(taken), key=taken.count))] == max(scores)  # a best one most often
    assert all(scores[keys.index(t)] >= max(scores) - 6 * doubt for t in taken)
    assert len({json.dumps(bot_move(state, seat, "hard", seed), sort_keys=True) for seed in range(10)}) == 1
