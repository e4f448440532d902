"""A fair record cut short (issue 41): whatever moment a party exports its record at — after
its join, after each message it receives, after each move — `urzeit check` accepts it and
sees exactly what the party saw; every game, at 2 players and at the most it has."""

import functools
import json

import pytest

from fair_support import SHORT as SHORT_SAMMLER, short_record
from urzeit import cli, games
from urzeit.core.errors import BadSave
from urzeit.fair import Party, check, crypto, export, new_table, poker, summary
from urzeit.fair import link as fair_link
from urzeit.fair.duel import play

# whole games, made short (each record is checked from its start again: the time grows with the
# square of a game's length): six tiles; a fire of three tokens; one hunting ground and one
# Wildnis card, with bots that play for the end (random moves can draw it out tenfold)
SHORT = {"sammler": (SHORT_SAMMLER, "random"), "elawa": ({"setup": {"fire": ["berry", "meat", "flint"]}}, "random"),
         "spaeher": ({"setup": {"hunt": ["J01"], "wild": ["W01"]}}, "easy")}
CASES = sorted({(g.id, n) for g in games.all_games() for n in (g.min_players, g.max_players)})


@pytest.fixture
def quick_crypto(monkeypatch):
    """The same signatures and exponentiations, each computed once: a record is checked again
    after every message, and these pure functions would take most of the time."""
    for module, name in ((crypto, "verify"), (poker, "enc"), (poker, "jacobi")):
        monkeypatch.setattr(module, name, functools.lru_cache(maxsize=None)(getattr(module, name)))


@pytest.mark.parametrize("game_id,players", CASES)
def test_every_record_a_party_can_export_checks(game_id, players, quick_crypto):
    checked, cut_in_group = {}, set()

    def watch(party):
        rec = export(party)
        key = crypto.canonical(rec)
        if key in checked:
            return
        try:
            observer = check(rec)
        except BadSave as e:
            pytest.fail(f"seat {party.seat}'s record of {len(rec['messages'])} messages is refused: {e.message}")
        # the record shows the game exactly where the party was
        assert fair_link.waiting(observer) == fair_link.waiting(party)
        assert (observer.steps, observer.rounds, observer.draws) == (party.steps, party.rounds, party.draws)
        checked[key] = summary(rec)
        group = observer.open_group()
        if group is not None and group[1] and group[2]:
            cut_in_group.add(group[0])

    options, level = SHORT.get(game_id, (None, "random"))
    final = play(game_id, players, options, level=level, seed=players, watch=watch)
    assert checked[crypto.canonical(final)] == summary(final) and " · not finished" not in summary(final)
    cut = [s for s in checked.values() if " · not finished" in s]
    assert len(cut) >= len(final["messages"]) // players  # records cut short at many moments
    # each kind of group the game has was cut in its middle at least once (some seats' in, some not)
    assert cut_in_group == {m["kind"] for m in final["messages"]} & {"join", "reveal", "keys", "unlock"}


def check_command(tmp_path, capsys, record):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code = cli.main(["check", str(path)])
    return code, capsys.readouterr().out.strip()


def test_the_record_of_a_friend_who_has_just_joined_checks_and_says_where_it_ends(tmp_path, capsys):
    """Issue 41 as found: Elawa by link, the friend exports right after joining; its own reveal
    of the first round is out, the host's is not yet."""
    tbl = new_table("elawa", 2)
    host, friend = Party(tbl, 0), Party(tbl, 1)
    friend.receive(host.join()[0])
    sent = friend.join()
    assert [m["kind"] for m in sent] == ["join", "reveal"]
    code, out = check_command(tmp_path, capsys, export(friend))
    assert code == 0 and out.startswith("OK: fair Elawa · 2 players · 3 signed messages")
    assert out.endswith("not finished, cut short before the first move: "
                        "the draw of round 0 is still open, seat 0 has not revealed")


def test_records_cut_short_in_a_table_of_three_say_who_is_missing(tmp_path, capsys):
    tbl = new_table("elawa", 3)
    ps = [Party(tbl, s) for s in range(3)]
    joins = [p.join()[0] for p in ps]
    ps[2].receive(joins[0])  # seat 2 took its invitation before seat 1
    code, out = check_command(tmp_path, capsys, export(ps[2]))
    assert code == 0 and out.endswith("not finished, cut short before the game began: "
                                      "the table is still open, seat 1 has not joined")
    ps[2].receive(joins[1])  # the last join: seat 2's reveal of round 0 goes out
    code, out = check_command(tmp_path, capsys, export(ps[2]))
    assert code == 0 and out.endswith("the draw of round 0 is still open, seats 0 and 1 have not revealed")


def test_anything_after_a_group_with_a_seat_missing_is_refused_where_the_gap_is():
    rec = short_record(3, level="easy", seed=1)
    # (only the set-up's round has every seat's reveal; a later one its mover's value in its move
    # and one reveal)
    i = next(i for i, m in enumerate(rec["messages"]) if m["kind"] == "reveal" and m["round"] == 0 and m["seat"] == 0)
    del rec["messages"][i]  # round 0's reveals are now seat 1's and seat 2's, and a move follows
    with pytest.raises(BadSave) as e:
        check(rec)
    assert e.value.message == (f"message {i} (seat 1's reveal of round 0): the record lists each round's reveals "
                               "by seat, and seat 0's is missing before it")
    assert e.value.params == {"index": i}
