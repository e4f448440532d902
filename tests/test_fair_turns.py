"""One message a turn (issue 37, docs/fair-play.md "One message a turn"): played by link, a
player's turn is one link in every game, at two players and at the most, however many draws it
causes; only where a rule needs the other's answer in the middle of a turn (a draw its mover
needs before it decides on) does a turn take a round trip, two links more. A fair Jäger und
Späher set-up takes three links. No mover knows a draw its move makes due, and a move carries
its mover's value exactly when it makes draws due."""

import pytest

from fair_support import SHORT, by_link, pass_on
from urzeit import games
from urzeit.core.chance import SeededDriver
from urzeit.core.errors import BadRequest
from urzeit.fair import Party, check, crypto, export, new_table
from urzeit.fair.table import new_state

# the draws a rule needs in the middle of a turn (docs/fair-play.md): the bonus tile its mover
# places at once; a token from the fire or the supply its mover may pay with, a card top before
# it takes a visible card; a location revealed for its mover to place on, an item drawn while
# its card's steps go on; nim has none
NEEDED = {"sammler": {"sammler.bonus"}, "elawa": {"elawa.fire", "elawa.supply", "take_visible"},
          "spaeher": {"spaeher.wild", "spaeher.hunt", "spaeher.item"}, "nim": set()}
GAMES = [("sammler", 2, SHORT, "random"), ("sammler", 5, SHORT, "random"),
         ("elawa", 2, {"setup": {"fire": ["berry", "meat", "flint", "fur"]}}, "random"),
         ("elawa", 4, {"setup": {"fire": ["berry", "meat", "flint", "fur"]}}, "random"),
         ("spaeher", 2, {"setup": {"hunt": ["J01"], "wild": ["W01"]}}, "easy"), ("nim", 2, None, "random")]


def answers_by_turn(party):
    """Per turn (numbered from 1 as its mover's moves follow each other): the draw kinds of each
    answer another seat gave in its middle (a reveal or keys between two moves of its mover)."""
    obs = Party(party.table, None)
    turns, mover, last_act, gap = [], None, None, []
    for m in export(party)["messages"]:
        drawn = len(obs.draws)
        obs.receive(m)
        if m["kind"] == "act":
            if m["seat"] != mover:
                turns.append([])
                mover = m["seat"]
            elif any(x["seat"] != mover and x["kind"] in ("reveal", "keys") for x, _ in gap):
                kinds = {k for _, ks in gap for k in ks}
                turns[-1].append(kinds | ({"take_visible"} if m["action"]["type"] == "take_visible" else set()))
            gap = []
        else:
            gap.append((m, [d[0] for d in obs.draws[drawn:]]))
    return turns


@pytest.mark.parametrize("game_id,players,options,level", GAMES, ids=[f"{g}-{n}" for g, n, _, _ in GAMES])
def test_a_turn_is_one_link_unless_a_rule_needs_an_answer_in_its_middle(game_id, players, options, level):
    links, ps = by_link(game_id, players, options, level=level, seed=players)
    turns = answers_by_turn(next(p for p in ps if p.public.is_over))
    per_turn = [sum(1 for x in links if x["turn"] == t) for t in range(1, len(turns) + 1)]
    for t, (answers, count) in enumerate(zip(turns[:-1], per_turn), start=1):  # the last one ends the game
        assert count == 1 + 2 * len(answers), (t, answers, count)
        for kinds in answers:
            assert kinds & NEEDED[game_id], (t, kinds)
        # each link of a turn goes on to the next seat, or (an answer) back to the mover
        movers = {x["from"] for x in links if x["turn"] == t and "act" in x["kinds"]}
        assert all(x["to"] == (x["from"] + 1) % players or x["to"] in movers for x in links if x["turn"] == t)
    assert sum(per_turn[:-1]) / max(1, len(per_turn) - 1) < 2


@pytest.mark.parametrize("options", [{"setup": {"hunt": ["J01"], "wild": ["W01"]}},
                                     {"mode": "intro", "setup": {"hunt": ["J01"], "wild": ["W01", "W02"]}}],
                         ids=["standard", "intro"])
def test_a_fair_spaeher_set_up_by_link_takes_three_links(options):
    """The invitation carries the host's join and shuffle; the friend's answer its join, its
    shuffle (keyed by final position), its value of the set-up's draws and its keys of the host's
    items; the host's next link its lock, value and keys of the friend's items, and its move
    (the intro deals the items before the set-up's public draws: the friend's value waits)."""
    links, ps = by_link("spaeher", 2, options, level="easy")
    setup = [x for x in links if x["turn"] == 0]
    first = [x for x in links if x["turn"] == 1]
    assert [(x["from"], x["to"], x["kinds"]) for x in setup] == [
        (0, 1, ["join", "shuffle"]), (1, 0, ["join", "shuffle", "reveal", "keys"])]
    kinds = first[0]["kinds"]
    assert first[0]["from"] == 0 and kinds[0] == "lock" and sorted(kinds[1:3]) == ["keys", "reveal"] and "act" in kinds
    for p in ps:  # each seat's messages in the record in the order it sent them: it checks
        check(export(p))


def test_no_mover_knows_the_draw_its_move_makes_due():
    """Four players: the set-up's round takes every seat's value; every later round the value
    its mover sent with the move and one other seat's, sent only after that move, and that
    value decides the draw (other values, other draws)."""
    links, ps = by_link("sammler", 4, SHORT)
    rec = export(next(p for p in ps if p.public.is_over))
    msgs, obs = rec["messages"], Party(rec["table"], None)
    movers = set()
    for i, m in enumerate(msgs):
        rounds = obs.rounds
        obs.receive(m)
        if obs.rounds > rounds and rounds > 0:  # a round a move made due, settled by this message
            act = max(j for j in range(i + 1) if msgs[j]["kind"] == "act")
            mover = msgs[act]["seat"]
            assert "value" in msgs[act] and m["kind"] == "reveal" and m["seat"] != mover
            assert [x["seat"] for x in msgs[act + 1:i + 1] if x["kind"] == "reveal"] == [m["seat"]]
            movers.add(mover)
    assert movers == {0, 1, 2, 3} and obs.rounds == len(rec["draws"])
    gid, mine = crypto.sha256(b"game"), crypto.sha256(b"the mover's value")
    assert len({crypto.joint_draw(gid, 5, [mine, crypto.sha256(bytes([i]))], [1] * 40) for i in range(20)}) > 5


def resigned(party, msg, drop=(), **fields):
    body = {k: v for k, v in msg.items() if k != "sig" and k not in drop} | fields
    return crypto.sign_message(party._secret, party.key, body)


def test_a_move_carries_its_value_exactly_when_it_makes_draws_due():
    tbl = new_table("sammler", 2, SHORT)
    ps = [Party(tbl, 0), Party(tbl, 1)]
    pass_on(ps, 0, ps[0].join(), [])
    pass_on(ps, 1, ps[1].join(), [])
    kinds = set()
    for _ in range(6):
        mover = ps[ps[0].state.current_player]
        other = ps[1 - mover.seat]
        action = mover.state.legal_actions()[0]
        after = mover.state.clone()
        after.apply(action)
        due = after.chance_due() is not None
        sent = mover.copy().act(action)
        assert ("value" in sent[0]) == due
        kinds.add(due)
        before = other.fingerprint()
        # without the value it needs, or with the mover's true next value where none is due
        true_value = crypto.b64(mover._chain.reveal(mover.used[mover.seat]))
        wrong = resigned(mover, sent[0], drop=("value",)) if due else resigned(mover, sent[0], value=true_value)
        with pytest.raises(BadRequest) as e:
            other.receive(wrong)
        assert e.value.reason == "fair.bad_message" and e.value.params == {"field": "value"}
        assert other.fingerprint() == before
        pass_on(ps, mover.seat, mover.act(action), [])
    assert kinds == {True, False}


def test_elawa_tops_wait_until_the_turn_ends_in_a_fair_game_only():
    """In a fair game (State.draw_late) the new tops of a take are drawn when its mover's turn
    ends: the mover plays on at once; a fire token is drawn at once (the mover may pay with it);
    a seeded game draws every top at once, as before."""
    game = games.get("elawa")
    seeded = game.new_game(2, 3, {"setup": {"chiefs": ["C1", "C2"]}})
    late = new_state(game, 2, {"setup": {"chiefs": ["C1", "C2"]}})
    driver = SeededDriver(3)
    while late.chance_due() is not None:
        late.apply_chance(driver(late.chance_due()))
    p = late.current_player
    take = {"type": "take_card", "stack": 0, "skip": None}
    seeded.apply(take)
    assert seeded.cards[0] and seeded.later is None  # drawn at once
    late.apply(take)
    assert late.chance_due() is None and late.current_player == p and late.legal_actions()
    assert late.cards[0] == [] and late.view(p)["stacks"][0] == {"top": None, "count": 9}
    assert ("card", 0) in [tuple(x) for x in late.later]
    assert game.from_json(late.to_json()).to_json() == late.to_json()
    late.apply({"type": "end_turn"})
    assert late.chance_due().kind == "elawa.card" and late.later == []
    while late.chance_due() is not None:
        late.apply_chance(driver(late.chance_due()))
    assert late.cards[0] and late.current_player == 1 - p
