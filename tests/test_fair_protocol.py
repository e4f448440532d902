"""The fair protocol between parties: whole games to the end, and every refusal (forged,
other seat, replayed, out of order, wrong game, wrong reveal, other position, illegal move)
leaving the party exactly as it was."""

import json
import secrets

import pytest

from fair_support import SHORT, move, parties, pass_on, short_record, table
from urzeit import cli
from urzeit.core.errors import BadRequest, BadSave, IllegalAction, UrzeitError
from urzeit.fair import Party, check, crypto, export, new_table, summary
from urzeit.fair.duel import play


def refused(party, msg, reason):
    before = party.fingerprint()
    with pytest.raises(UrzeitError) as e:
        party.receive(msg)
    assert e.value.reason == reason, e.value.message
    assert party.fingerprint() == before
    return e.value


def resign(msg, secret, **changes):
    """The message changed and signed again with `secret` (a forger's own key)."""
    body = {k: v for k, v in msg.items() if k != "sig"}
    body.update(changes)
    return crypto.sign_message(secret, crypto.public_key(secret), body)


def signed(party, n, fields):
    """A message properly signed by `party`'s own key, numbered n."""
    return crypto.sign_message(party._secret, party.key,
                               {"gid": party.gid_text, "seat": party.seat, "n": n, **fields})


def test_a_whole_game_by_the_protocol_and_its_record_checks(tmp_path):
    stats = {}
    record = play("sammler", 2, level="random", seed=3, stats=stats)
    assert record["result"]["over"] and stats["draws"] >= 70
    observer = check(record)
    assert observer.state.is_over and observer.state.scores() == record["result"]["scores"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert cli.main(["check", str(path)]) == 0


def test_a_whole_game_of_elawa_whose_set_up_is_one_round_of_reveals():
    record = play("elawa", 2, level="random", seed=1)
    assert record["result"]["over"] and check(record).state.is_over
    kinds = [m["kind"] for m in record["messages"]]
    assert kinds[:4] == ["join", "join", "reveal", "reveal"] and kinds[4] == "act"
    assert len(record["draws"]) > 20  # the whole set-up came from that one round


@pytest.mark.parametrize("players", [3, 4, 5])
def test_short_games_for_every_player_count(players):
    record = short_record(players, level="easy")
    assert record["result"]["over"]
    assert summary(record).startswith(f"OK: fair ")
    kinds = [m["kind"] for m in record["messages"]]
    assert kinds[:players] == ["join"] * players
    # the set-up's round takes every seat's value; each later round its mover's (with the move
    # that makes it due) and the next seat's: one message a turn, whatever the number of players
    rounds = check(record).rounds
    assert kinds[players:2 * players] == ["reveal"] * players and 1 <= rounds <= len(record["draws"])
    assert kinds.count("reveal") == players + rounds - 1
    assert sum("value" in m for m in record["messages"] if m["kind"] == "act") == rounds - 1


def test_duel_writes_a_record_the_check_command_accepts(tmp_path, capsys):
    out = tmp_path / "duel.json"
    assert cli.main(["duel", "--game", "sammler", "--players", "2", "--out", str(out), "--level", "random",
                     "--options", json.dumps(SHORT)]) == 0
    assert cli.main(["check", str(out)]) == 0
    assert "OK: fair" in capsys.readouterr().out


def test_a_scripted_private_deck_is_refused(capsys, tmp_path):
    script = json.dumps({"setup": {"deck": [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]}})
    with pytest.raises(BadRequest) as e:
        new_table("nim", 2, json.loads(script))
    assert e.value.reason == "fair.private_draws"
    assert cli.main(["duel", "--game", "nim", "--options", script, "--out", str(tmp_path / "x.json")]) == 1
    assert "private draws are not supported yet" in capsys.readouterr().err


def test_nothing_before_every_seat_has_joined():
    tbl = table()
    a, b = Party(tbl, 0), Party(tbl, 1)
    [join_a] = a.join()
    with pytest.raises(IllegalAction) as e:
        a.act({"type": "pass"})
    assert e.value.reason == "fair.not_started"
    out = b.receive(join_a)
    assert out == []  # b has not joined itself yet
    msgs = b.join()
    assert [m["kind"] for m in msgs] == ["join", "reveal"]  # the set-up draw right after the joins
    assert b.started and b.state.chance_due() is not None


def test_refusals_leave_the_party_unchanged():
    tbl = table()
    (a, b), log = parties(tbl)
    seat = a.state.current_player
    mover, other = (a, b) if seat == 0 else (b, a)
    legal = mover.state.legal_actions()
    msgs = mover.act(legal[0])
    act = msgs[0]
    forger = crypto.new_secret_key()
    # forged: changed and signed by someone else's key
    refused(other, resign(act, forger, action=legal[-1]), "fair.bad_signature")
    # changed without signing again
    refused(other, dict(act, action=legal[-1]), "fair.bad_signature")
    # for another seat: the other's own key signing a message in the mover's name
    refused(other, resign(act, other._secret), "fair.bad_signature")
    # for the wrong game
    other_table = table()
    refused(other, resign(act, forger, gid=crypto.b64(crypto.sha256(crypto.canonical(other_table)))),
            "fair.wrong_game")
    # out of order: message n skips one
    refused(other, mover._make({"kind": "act", "step": mover.steps, "action": legal[0],
                                "before": other.state_hash}) | {"n": act["n"] + 5}, "fair.bad_signature")
    skipped = crypto.sign_message(mover._secret, mover.key, {k: v for k, v in act.items() if k != "sig"}
                                  | {"n": act["n"] + 1})
    refused(other, skipped, "fair.out_of_order")
    # malformed
    refused(other, {"kind": "act"}, "fair.bad_message")
    refused(other, "hello", "fair.bad_message")
    refused(other, dict(act, extra=1), "fair.bad_message")
    refused(other, dict(act, seat=7), "fair.bad_seat")
    refused(other, dict(act, sig="!!"), "fair.bad_message")
    # the real message is accepted, and then refused as a replay
    answers = other.receive(act)
    refused(other, act, "fair.replayed")
    pass_on([a, b], mover.seat, msgs[1:], log)
    pass_on([a, b], other.seat, answers, log)
    assert a.state_hash == b.state_hash


def test_a_signed_move_in_another_position_or_illegal_or_out_of_turn_is_refused():
    (a, b), log = parties(table())
    seat = a.state.current_player
    mover, other = (a, b) if seat == 0 else (b, a)
    legal = mover.state.legal_actions()
    sign = mover._make
    refused(other, sign({"kind": "act", "step": 0, "action": legal[0], "before": crypto.b64(bytes(32))}),
            "fair.state_differs")
    refused(other, sign({"kind": "act", "step": 0, "action": {"type": "place_tile", "x": 99, "y": 99,
                                                               "rotation": 0}, "before": other.state_hash}),
            "fair.illegal_action")
    refused(other, sign({"kind": "act", "step": 3, "action": legal[0], "before": other.state_hash}),
            "fair.not_due_move")
    # the other seat acting out of turn, properly signed by itself
    refused(mover, other._make({"kind": "act", "step": 0, "action": legal[0], "before": mover.state_hash}),
            "fair.not_their_turn")
    with pytest.raises(IllegalAction) as e:
        other.act(legal[0])
    assert e.value.reason == "fair.not_your_turn"


def test_a_reveal_that_does_not_follow_the_chain_or_is_not_due_is_refused():
    tbl = table()
    a, b = Party(tbl, 0), Party(tbl, 1)
    b.receive(a.join()[0])
    msgs = b.join()
    a.receive(msgs[0])  # joined: draw 0 is due; a's own reveal went out
    good = msgs[1]
    refused(a, signed(b, 1, {"kind": "reveal", "round": 0, "value": crypto.b64(secrets.token_bytes(32))}),
            "fair.bad_reveal")
    refused(a, signed(b, 1, {"kind": "reveal", "round": 1, "value": good["value"]}), "fair.not_due")
    refused(a, signed(b, 1, {"kind": "reveal", "round": 0, "value": "short"}), "fair.bad_message")
    a.receive(good)
    assert len(a.draws) == 1
    refused(a, good, "fair.replayed")


def test_a_second_join_for_a_taken_seat_is_refused():
    tbl = table()
    a, b, intruder = Party(tbl, 0), Party(tbl, 1), Party(tbl, 1)
    a.join()
    a.receive(b.join()[0])
    refused(a, intruder.join()[0], "fair.seat_taken")


def test_messages_in_another_order_between_seats_are_taken_when_they_fit():
    tbl = table(3)
    ps, log = parties(tbl)
    for _ in range(4):
        move(ps, log)
    # each seat's messages in its own order (one channel each), but seat 2's first, then 1's, 0's
    late = Party(tbl, None)
    scrambled = [m for seat in (2, 1, 0) for m in log if m["seat"] == seat]
    answers, left = late.receive_all(scrambled)
    assert answers == [] and left == []
    assert late.state_hash == ps[1].state_hash and late.transcript == ps[1].transcript
    # a record takes only the one canonical order: seat 2's join may end a record (seat 2's
    # export before the others' joins came), but nothing can follow it
    strict = Party(tbl, None, strict=True)
    strict.receive(scrambled[0])
    with pytest.raises(IllegalAction) as e:
        strict.receive(next(m for m in log if m["kind"] == "join" and m["seat"] == 1))
    assert e.value.reason == "fair.out_of_order"
    with pytest.raises(BadSave) as e:
        check(dict(export(ps[1]), messages=scrambled))
    assert e.value.message == "message 0 (seat 2's join): the record lists the joins by seat, and seat 0's is missing before it"


def test_before_a_draw_nothing_a_party_holds_decides_it():
    """When a party has revealed for draw k and waits for the other, the draw is not yet a
    function of what it holds: the other's unrevealed value decides it (other values, other
    draws), and that value is nowhere in the party."""
    tbl = new_table("sammler", 2)  # the full stacks: real weighted draws
    a, b = Party(tbl, 0), Party(tbl, 1)
    b.receive(a.join()[0])
    msgs = b.join()
    a.receive(msgs[0])
    assert 0 in a.pending and 1 not in a.pending
    held = json.dumps({"transcript": a.transcript, "pending": list(a.pending.values())})
    hidden = msgs[1]["value"]
    assert hidden not in held
    due = a.state.chance_due()
    mine = a.values[0]
    outcomes = {crypto.joint_draw(a.gid, 0, [mine, secrets.token_bytes(32)], due.weights) for _ in range(40)}
    assert len(outcomes) > 1
    # and two games whose first published messages differ only in the other's secret draw differently
    firsts = set()
    for _ in range(6):
        a2, b2 = Party(tbl, 0), Party(tbl, 1)
        a2._secret, a2.key, a2._chain = a._secret, a.key, a._chain  # the same party a, again
        b2.receive(a2.join()[0])
        for m in b2.join():
            a2.receive(m)
        firsts.add(json.dumps(a2.draws[0]))
    assert len(firsts) > 1
