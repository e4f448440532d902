"""The bots' speed-ups must not change a single decision (issue #15).

The search applies actions with `apply_legal` (no check), keys actions with a prebuilt
encoder, reuses a node's keys when a sample offers an equal legal list, and the engines
cache or precompute pure functions. Each is checked here against the plain form; the whole
(every bot choosing the same moves as before) is bench/bot_equivalence.py.
"""

import json

import pytest

from urzeit import games
from urzeit.core.actions import action_key
from urzeit.core.rng import Rng
from urzeit.games.elawa import rules as elawa_rules
from urzeit.games.elawa.components import CARDS, TOKENS
from urzeit.games.sammler import rules as sammler_rules
from urzeit.games.sammler.scoring import find_root

from helpers import canon

GAMES = [g.id for g in games.all_games()]
# (game, players, options): bigger tables and the option paths the bots meet too
TABLES = [(g, None, {}) for g in GAMES] + [
    ("elawa", 3, {"chief_side": "advanced"}),
    ("elawa", 4, {"chief_side": "advanced", "chief2": "every_second"}),
    ("sammler", 3, {}),
    ("spaeher", 2, {"mode": "intro"}),
]


def playout_states(game_id, players, options, seed, steps=5000):
    """(state, chosen action) along a random playout."""
    game = games.get(game_id)
    state = game.new_game(players or game.min_players, seed, options)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        action = rng.choice(state.legal_actions())
        yield state, action
        state.apply(action)


@pytest.mark.parametrize("game_id,players,options", TABLES)
def test_apply_legal_does_exactly_what_apply_does(game_id, players, options):
    for seed in (1, 2):
        for state, action in playout_states(game_id, players, options, seed):
            checked, trusted = state.clone(), state.clone()
            events = checked.apply(action)
            assert trusted.apply_legal(json.loads(json.dumps(action))) == events
            assert canon(trusted.to_json()) == canon(checked.to_json())
            assert trusted.legal_actions() == checked.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_actions_hold_only_text_whole_numbers_none_and_lists(game_id):
    """The premise of the search's key reuse: for such values equal actions (==) have equal
    action keys. A bool, float or tuple would break it (True == 1, [1] == (1,) in JSON)."""
    def plain(v):
        if isinstance(v, list):
            return all(plain(x) for x in v)
        return v is None or type(v) in (str, int)

    for seed in (3, 4):
        for state, _ in playout_states(game_id, None, {}, seed):
            for a in state.legal_actions():
                assert type(a) is dict and all(type(k) is str and plain(v) for k, v in a.items()), a


@pytest.mark.parametrize("game_id", [g for g in GAMES if hasattr(games.get(g).new_game(2, 1, {}), "determinize")])
def test_a_determinization_offers_the_movers_legal_list_key_for_key(game_id):
    """The bots apply the view's legal actions to their sampled worlds (easy's greedy, the
    Späher search's first step) with apply_legal: every such world must offer exactly them."""
    for state, _ in playout_states(game_id, None, {}, 6):
        keys = [action_key(a) for a in state.legal_actions()]
        for k in range(2):
            world = state.determinize(state.current_player, Rng(k))
            assert [action_key(a) for a in world.legal_actions()] == keys


def test_action_key_is_the_canonical_json_text():
    for a in [{"type": "play", "card": "c1", "pay": ["meat", "bone"], "sacrifice": None},
              {"b": 1, "a": True, "c": 1.0, "d": "ü\"x"}, {"type": "pass"}]:
        assert action_key(a) == json.dumps(a, sort_keys=True, separators=(",", ":"))


def test_shuffle_is_fisher_yates_with_below():
    for seed in range(300):
        a, b = Rng(seed * 7919 + 3), Rng(seed * 7919 + 3)
        x, y = list(range(seed % 90)), list(range(seed % 90))
        a.shuffle(x)
        for i in range(len(y) - 1, 0, -1):
            j = b.below(i + 1)
            y[i], y[j] = y[j], y[i]
        assert x == y and a.state == b.state


def _payments_reference(cost, available):
    """Elawa's payments as they were before the cache (a plain copy)."""
    need = {}
    for sym in cost:
        need[sym] = need.get(sym, 0) + 1
    kinds = sorted(need)
    results = []

    def walk(i, bones_left, paid):
        if i == len(kinds):
            results.append(sorted(paid))
            return
        k = kinds[i]
        for own in range(min(need[k], available.get(k, 0)), -1, -1):
            jokers = need[k] - own
            if jokers <= bones_left:
                walk(i + 1, bones_left - jokers, paid + [k] * own + ["bone"] * jokers)

    walk(0, available.get("bone", 0), [])
    return results


def _play_options_reference(state, p, card_id):
    """ElawaState.play_options as it was before the cache (a plain copy)."""
    card = CARDS[card_id]
    cost = list(card["cost"]["resources"])
    variants = [(cost, card["cost"]["sacrifice"])]
    if state._discount_now(p):
        variants = []
        for sym in sorted(set(cost)):
            reduced = list(cost)
            reduced.remove(sym)
            variants.append((reduced, card["cost"]["sacrifice"]))
        if card["cost"]["sacrifice"]:
            variants.append((cost, False))
        if not variants:
            variants = [(cost, False)]
    others = sorted(set(c for c in state.hands[p] if c != card_id))
    result, seen = [], set()
    for need, sacrifice in variants:
        if sacrifice and not others:
            continue
        for pay in _payments_reference(need, state.avail[p]):
            for victim in (others if sacrifice else [None]):
                key = (tuple(pay), victim)
                if key not in seen:
                    seen.add(key)
                    result.append({"type": "play", "card": card_id, "pay": pay, "sacrifice": victim})
    result.sort(key=lambda a: (a["pay"], a["sacrifice"] or ""))
    return result


def test_elawa_cached_play_options_equal_the_plain_enumeration():
    """Random hands and token piles (far beyond the cache's caps), chief 2 on both options
    and every count of cards played, for every card."""
    game = games.get("elawa")
    rng = Rng(15)
    card_ids = sorted(CARDS)
    for trial in range(400):
        state = game.new_game(2, trial, {"chief_side": "advanced",
                                         "chief2": "every_second" if trial % 2 else "second_only"})
        p = state.current
        state.hands[p] = [rng.choice(card_ids) for _ in range(rng.below(5))]
        state.avail[p] = {t: 1 + rng.below(7) for t in TOKENS if rng.random() < 0.6}
        state.played = rng.below(4)
        for card_id in card_ids:
            assert state.play_options(p, card_id) == _play_options_reference(state, p, card_id)
    for cost in ([], ["meat"], ["berry", "berry", "fur"], ["meat", "flint", "flint", "fur"]):
        for _ in range(50):
            have = {t: rng.below(6) for t in TOKENS}
            assert sorted(elawa_rules._payments(cost, have)) == sorted(_payments_reference(cost, have))


def test_elawa_play_options_along_playouts_equal_the_plain_enumeration():
    for options in ({}, {"chief_side": "advanced"}, {"chief_side": "advanced", "chief2": "every_second"}):
        for state, _ in playout_states("elawa", 3, options, 8):
            p = state.current
            plays = []
            for card_id in sorted(set(state.hands[p])):
                plays += _play_options_reference(state, p, card_id)
                assert state.play_options(p, card_id) == _play_options_reference(state, p, card_id)
            if state.phase == "play":
                assert [a for a in state.legal_actions() if a["type"] == "play"] == plays


def _figure_actions_reference(state):
    """SammlerState.figure_actions as it was before it collected the taken roots once."""
    p = state.current
    tile = sammler_rules.T.TYPES[state.placed[state.last][0]]
    base = state.base[state.last]
    find = find_root
    result = []
    for zi, zone in enumerate(tile.zones):
        node = base + zi
        for kind in sammler_rules.FIGURES_FOR[zone.kind]:
            if kind == "hut":
                root = find(state.sparent, node)
                if state.huts[p] and not any(f[1] == "hut" and find(state.sparent, f[4]) == root for f in state.figures):
                    result.append({"type": "place_figure", "figure": kind, "zone": zone.id})
            else:
                root = find(state.parent, node)
                if state.members[p] and not any(f[1] == kind and find(state.parent, f[4]) == root for f in state.figures):
                    result.append({"type": "place_figure", "figure": kind, "zone": zone.id})
    result.sort(key=lambda a: (a["zone"], sammler_rules.FIGURE_KINDS.index(a["figure"])))
    return result


def test_sammler_figure_actions_equal_the_plain_search():
    for seed in (1, 2, 3):
        for state, _ in playout_states("sammler", 3, {}, seed):
            if state.phase == "figure":
                assert state.figure_actions() == _figure_actions_reference(state)


def test_sammler_a_feature_holds_no_node_below_its_root():
    """_feature_nodes scans from the root up: every root is its feature's smallest node."""
    for seed in (1, 2):
        for state, _ in playout_states("sammler", 2, {}, seed):
            roots = {find_root(state.parent, i) for i in range(len(state.parent))}
            for root in sorted(roots):
                everywhere = [i for i in range(len(state.parent)) if find_root(state.parent, i) == root]
                assert state._feature_nodes(root) == everywhere
