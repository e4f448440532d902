"""A fair record: any change to it (a move, a reveal, a commitment, a key, a signature, a
draw, a score, the order of messages, a message dropped or doubled) makes `check` fail and
say what and where."""

import copy
import json
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fair_support import short_record
from helpers import examples
from urzeit.fair.duel import play
from urzeit import cli
from urzeit.core.errors import BadSave
from urzeit.fair import check, crypto

# the last: private draws by mental poker (shuffle, lock, keys, shown cards, deck secrets)
RECORDS = [short_record(2, level="random"), short_record(3, level="easy", seed=1), play("nim", 2, level="random")]


def failure(record) -> str:
    with pytest.raises(BadSave) as e:
        check(record)
    return e.value.message


def message_index(text):
    m = re.match(r"message (\d+) \(seat \d+'s (join|reveal of round \d+|move \d+|shuffle of the deck|"
                 r"lock of the deck|keys of deck position \d+|deck secret)\): ", text)
    return int(m.group(1)) if m else None


def flip(text: str) -> str:
    """Another valid base64url text of the same length and size."""
    data = bytearray(crypto.unb64(text))
    data[len(data) // 2] ^= 0x10
    return crypto.b64(bytes(data))


def indices(record, kind):
    return [i for i, m in enumerate(record["messages"]) if m["kind"] == kind]


TAMPERS = ["action", "reveal", "commitment", "key", "signature", "before", "step", "swap", "drop",
           "duplicate", "score", "winners", "draw", "gid", "final",
           "deck", "deck_commitment", "card_key", "shown_card", "shown_key", "deck_secret"]


@settings(max_examples=examples(60), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.sampled_from(range(len(RECORDS))), tamper=st.sampled_from(TAMPERS), pick=st.integers(0, 10 ** 6))
def test_every_change_to_a_record_fails_the_check_naming_what_and_where(which, tamper, pick):
    rec = copy.deepcopy(RECORDS[which])
    msgs = rec["messages"]

    def choose(xs):
        assume(xs)  # a record without such messages (nim has no public draws)
        return xs[pick % len(xs)]
    if tamper == "action":
        i = choose(indices(rec, "act"))
        action = msgs[i]["action"]
        key = choose(sorted(k for k in action if k != "type") or ["type"])
        action[key] = action[key] + 1 if isinstance(action[key], int) else "zzz"
        assert message_index(failure(rec)) == i
    elif tamper in ("reveal", "commitment", "key", "signature", "before"):
        kind, field = {"reveal": ("reveal", "value"), "commitment": ("join", "commit"), "key": ("join", "key"),
                       "signature": (None, "sig"), "before": ("act", "before")}[tamper]
        i = choose(indices(rec, kind) if kind else list(range(len(msgs))))
        msgs[i][field] = flip(msgs[i][field])
        text = failure(rec)
        assert message_index(text) == i and "signature" in text
    elif tamper in ("deck", "deck_commitment", "card_key", "shown_card", "shown_key", "deck_secret"):
        kind, field = {"deck": ("lock", "deck"), "deck_commitment": ("shuffle", "commits"),
                       "card_key": ("keys", "keys"), "shown_card": ("act", "open"), "shown_key": ("act", "open"),
                       "deck_secret": ("unlock", "seed")}[tamper]
        i = choose([i for i in indices(rec, kind) if field in msgs[i]])
        m = msgs[i]
        if tamper == "deck_secret":
            m["seed"] = flip(m["seed"])
        elif tamper == "shown_card":
            m["open"][0][1] = {1: 2, 2: 3, 3: 1}.get(m["open"][0][1], 1)
        elif tamper == "shown_key":
            m["open"][0][2] = flip(m["open"][0][2])
        else:
            j = choose([j for j, x in enumerate(m[field]) if x is not None])
            m[field][j] = flip(m[field][j])
        text = failure(rec)
        assert message_index(text) == i and "signature" in text
    elif tamper == "step":
        i = choose(indices(rec, "act"))
        msgs[i]["step"] += 1
        assert message_index(failure(rec)) == i
    elif tamper == "swap":
        i = pick % (len(msgs) - 1)
        msgs[i], msgs[i + 1] = msgs[i + 1], msgs[i]
        assert message_index(failure(rec)) in (i, i + 1)
    elif tamper == "drop":
        i = pick % len(msgs)
        del msgs[i]
        text = failure(rec)
        assert message_index(text) == i or (i == len(msgs) and text.startswith(("draws:", "result:")))
    elif tamper == "duplicate":
        i = pick % len(msgs)
        msgs.insert(i + 1, copy.deepcopy(msgs[i]))
        text = failure(rec)
        assert message_index(text) == i + 1 and "again" in text
    elif tamper in ("score", "winners"):
        key = "scores" if tamper == "score" else "winners"
        if rec["result"][key]:
            rec["result"][key][pick % len(rec["result"][key])] += 1
        else:  # a game nobody won (nim can end so): claim a winner
            rec["result"][key].append(0)
        assert failure(rec).startswith(f"result: {key} is ")
    elif tamper == "draw":
        k = choose(list(range(len(rec["draws"]))))  # nim has no public draws
        rec["draws"][k][1] = "L99" if rec["draws"][k][1] != "L99" else "L01"
        assert failure(rec) == f"draws: draw {k} is not what the reveals give"
    elif tamper == "gid":
        rec["gid"] = flip(rec["gid"])
        assert failure(rec).startswith("gid:")
    elif tamper == "final":
        rec["result"]["final"] = flip(rec["result"]["final"])
        assert failure(rec).startswith("result: final is ")


def test_an_untouched_record_checks_and_a_changed_table_does_not():
    for rec in RECORDS:
        assert check(rec).state.is_over
    rec = copy.deepcopy(RECORDS[0])
    rec["table"]["nonce"] = flip(rec["table"]["nonce"])
    assert failure(rec).startswith("gid:")
    rec = copy.deepcopy(RECORDS[0])
    rec["table"]["players"] = 3
    rec["gid"] = crypto.digest(rec["table"])
    assert message_index(failure(rec)) == 0  # the joins name the real table


def test_the_check_command_says_what_failed_and_where(tmp_path, capsys):
    rec = copy.deepcopy(RECORDS[0])
    i = indices(rec, "act")[2]
    rec["messages"][i]["action"]["type"] = "pass"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    assert cli.main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"NOT OK: message {i} (seat ") and "signature does not match" in out


def test_a_stalled_game_checks_and_says_who_it_waits_for():
    rec = copy.deepcopy(RECORDS[0])
    last_act = indices(rec, "act")[-1]
    rec["messages"] = rec["messages"][:last_act]
    observer = check_prefix(rec)
    assert "not finished" in observer


def check_prefix(rec):
    """A record cut short, with the result its messages give: valid, and not finished."""
    from urzeit.fair.protocol import Party
    from urzeit.fair.record import result, summary
    p = Party(rec["table"], None, strict=True)
    for m in rec["messages"]:
        p.receive(m)
    rec["draws"], rec["result"] = p.draws, result(p)
    return summary(rec)
