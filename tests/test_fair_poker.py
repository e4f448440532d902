"""Private draws by mental poker (docs/fair-play.md, "Private draws"): the group, a whole
Jäger und Späher game by the protocol whose views never hold the other's cards, secrets that
decide the cards, records that fail when anything is changed, hostile messages refused."""

import copy
import json

import pytest

from fair_support import pass_on
from urzeit import ai, cli, games
from urzeit.core.chance import SeededDriver
from urzeit.core.errors import BadRequest, BadSave, IllegalAction
from urzeit.core.game import HIDDEN
from urzeit.fair import Party, check, crypto, export, new_table, poker, summary
from urzeit.fair.duel import bot_view

# a short Jäger und Späher: two hunting grounds, two Wildnis cards (the hunt is soon over)
SHORT_SPAEHER = {"setup": {"hunt": ["J01", "J02"], "wild": ["W01", "W02"]}}


def miller_rabin(n: int, bases=(2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)) -> bool:
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in bases:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def test_the_prime_is_rfc_3526s_1536_bit_safe_prime_and_cards_are_residues():
    assert poker.P.bit_length() == 1536 and poker.P == 2 * poker.Q + 1
    assert miller_rabin(poker.P) and miller_rabin(poker.Q)
    assert not miller_rabin(poker.P + 2)  # the test can say no
    assert all(poker.is_element(poker.code(i)) for i in range(64))
    seeds = [bytes([i]) * 32 for i in range(3)]
    secs = [poker.Secrets(s, 8) for s in seeds]
    x = poker.code(3)
    for a in secs:  # the Jacobi symbol is the Legendre symbol: Euler's criterion agrees
        y = poker.enc(x * 3 % poker.P, a.keys[0])
        assert poker.jacobi(y, poker.P) == (1 if pow(y, poker.Q, poker.P) == 1 else -1)
    a, b = secs[0], secs[1]
    assert poker.enc(poker.enc(x, a.keys[1]), b.keys[1]) == poker.enc(poker.enc(x, b.keys[1]), a.keys[1])
    assert poker.open_card(poker.sealed(x, [a.keys[2], b.keys[2]]), [b.keys[2], a.keys[2]]) == x
    assert sorted(a.permutation(8)) == list(range(8)) and a.permutation(8) != secs[2].permutation(8)
    assert poker.Secrets(seeds[0], 8).keys == a.keys  # a seed is all a browser stores


def parties_of(tbl):
    ps = [Party(tbl, s) for s in range(tbl["players"])]
    log = []
    for p in ps:
        pass_on(ps, p.seat, p.join(), log)
    return ps, log


def hidden_cards(p):
    """The cards seat p holds face down now (its own party knows them)."""
    return {p.mine[j] for j in p.held[p.seat] + p.put_away[p.seat]}


def assert_nothing_of_the_other(ps):
    """No seat's party holds a card the other holds face down, nor the deck's order: its state
    is the public one (the same in both) with its own cards known, nothing more."""
    assert ps[0].public.to_json() == ps[1].public.to_json()
    for p in ps:
        other = ps[1 - p.seat]
        own = p.state.to_json()
        assert set(own["items"][other.seat]) <= {HIDDEN} and set(own["dropped"][other.seat]) <= {HIDDEN}
        assert len(own["items"][other.seat]) == len(other.state.items[other.seat])
        assert p.state.view(p.seat)["players"][other.seat]["items"] is None
        assert set(p.public.to_json()["items"][p.seat]) <= {HIDDEN}
        unseen = list(p.public.to_json()["item_deck"])  # the public pool less this seat's own cards
        for card in hidden_cards(p):
            unseen.remove(card)
        assert own["item_deck"] == sorted(unseen)
        assert set(p.mine) <= set(p.held[p.seat] + p.put_away[p.seat] + list(p.shown[p.seat]))


@pytest.fixture(scope="module")
def spaeher_game():
    """A whole short Jäger und Späher game between two independent parties, views checked at
    every move; (parties, record)."""
    tbl = new_table("spaeher", 2, SHORT_SPAEHER)
    ps, log = parties_of(tbl)
    # the set-up is three messages' worth: seat 0's join and shuffle; seat 1's join, shuffle, its
    # value of the set-up's draws and its keys of seat 0's items; seat 0's lock, value and keys
    assert [(m["seat"], m["kind"]) for m in log[:9]] == [
        (0, "join"), (0, "shuffle"), (1, "join"), (1, "shuffle"), (1, "reveal"), (1, "keys"),
        (0, "lock"), (0, "reveal"), (0, "keys")]
    k, game = 0, games.get("spaeher")
    while not ps[0].public.is_over:
        assert_nothing_of_the_other(ps)
        seat = ps[0].state.current_player
        s = ps[seat].state
        creates = [a for a in s.legal_actions() if a["type"] == "create"]  # show cards when it can
        action = creates[0] if creates else ai.choose_action(game, bot_view(s, seat),
                                                             lambda rng: s.determinize(seat, rng), "easy", k)
        pass_on(ps, seat, ps[seat].act(action), log)
        k += 1
    return ps, export(ps[0])


def test_a_whole_spaeher_game_by_the_protocol_checks(spaeher_game, tmp_path, capsys):
    ps, rec = spaeher_game
    assert rec == export(ps[1])
    kinds = [m["kind"] for m in rec["messages"]]
    assert kinds.count("shuffle") == 2 and kinds.count("lock") == 1 and kinds[-2:] == ["unlock", "unlock"]
    assert "keys" in kinds and any("drop" in m for m in rec["messages"])  # kept one item at a sunset
    for m in rec["messages"]:  # an item made shows its card; nothing else shows one
        if m["kind"] == "act":
            shown = [c for _, c, _ in m.get("open", [])]
            assert shown == ([m["action"]["item"]] if m["action"]["type"] == "create" else [])
            assert m["action"].get("item") in (None, HIDDEN) or m["action"]["type"] == "create"
    assert all(d[1] == HIDDEN for d in rec["draws"] if d[0] == "spaeher.item")
    observer = check(rec)
    assert observer.dealt is not None and rec["result"]["over"]
    for p in ps:  # each seat drew what the deck held at its positions
        assert all(observer.dealt[j] == card for j, card in p.mine.items())
    assert len(set(observer.dealt.values())) == len(observer.dealt)  # no card dealt twice
    out = tmp_path / "rec.json"
    out.write_text(json.dumps(rec))
    assert cli.main(["check", str(out)]) == 0
    assert "private cards, every one checked" in capsys.readouterr().out


def test_the_spaeher_engine_holds_hidden_items_and_shows_them():
    s = games.get("spaeher").new_game(2, 0, {}, chance="external")
    driver = SeededDriver(1)
    while s.chance_due() is not None:
        c = s.chance_due()
        s.apply_chance(HIDDEN if c.seen_by is not None else driver(c))
    assert all(set(i) == {HIDDEN} for i in s.items) and len(s.item_deck) == 31
    assert s.view(0)["decks"]["items"] == 31 - sum(map(len, s.items))
    card = s.item_deck[4]
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.reveal(0, "kein-gegenstand")
    assert s.to_json() == before
    s.reveal(0, card)
    assert card in s.items[0] and card not in s.item_deck
    assert s.view(0)["decks"]["items"] == 31 - sum(map(len, s.items))
    seeded = games.get("spaeher").new_game(2, 0, {})
    keep = {"type": "keep_item", "item": seeded.items[0][0]}
    assert seeded.conceal(keep) == ({"type": "keep_item", "item": HIDDEN}, [], seeded.items[0][1:])
    with pytest.raises(IllegalAction):  # a seeded game has no hidden outcome
        games.get("spaeher").new_game(2, 0, {"setup": {"items": sorted(seeded.item_deck)[:8]}},
                                      chance="external").apply_chance(HIDDEN)


def test_a_duel_of_nim_checks(tmp_path, capsys):
    out = tmp_path / "nim.json"
    assert cli.main(["duel", "--game", "nim", "--out", str(out)]) == 0
    assert cli.main(["check", str(out)]) == 0
    assert "OK: fair" in capsys.readouterr().out


def nim_after_setup(tbl, seeds):
    """Both seats' hands after set-up, with the given deck seeds (the other secrets fresh)."""
    ps = [Party(tbl, s) for s in range(2)]
    for p, seed in zip(ps, seeds):
        p._poker = poker.Secrets(seed, len(p.deck))
    log = []
    for p in ps:
        pass_on(ps, p.seat, p.join(), log)
    return {**ps[0].mine, **ps[1].mine}, log  # deck position -> card, both seats' draws


def test_the_cards_come_from_the_secrets_not_from_anything_public():
    tbl = new_table("nim", 2)
    a, b = bytes(32), bytes([1]) * 32
    hands, log = nim_after_setup(tbl, [a, b])
    again, log2 = nim_after_setup(tbl, [a, b])
    assert hands == again  # the same table and deck secrets: the same cards
    # the same table, seat 0's secret the same: only seat 1's unrevealed secret differs
    differ = [nim_after_setup(tbl, [a, bytes([i]) * 32])[0] for i in range(2, 5)]
    assert any(h != hands for h in differ)
    # and the public messages do not tell the cards: each seat's view of the other is hidden
    assert all(m.get("kind") != "keys" or m["keys"].count(None) == 3 for m in log)


def nim_midgame():
    """Two nim parties right after seat 0's first move, with the keys seat 1 owes held back."""
    tbl = new_table("nim", 2)
    ps, log = parties_of(tbl)
    legal = ps[0].state.legal_actions()
    msgs = ps[0].act(legal[0])
    act = msgs[0]
    answers = ps[1].receive(act)
    return ps, act, answers


def resign(p, msg):
    return crypto.sign_message(p._secret, p.key, {k: v for k, v in msg.items() if k != "sig"})


def refused(party, msg, reason):
    before = party.fingerprint()
    with pytest.raises((BadRequest, IllegalAction)) as e:
        party.receive(msg)
    assert e.value.reason == reason, e.value.message
    assert party.fingerprint() == before


def test_hostile_messages_are_refused_and_change_nothing():
    ps, act, answers = nim_midgame()
    a, b = ps
    [keys] = [m for m in answers if m["kind"] == "keys"]
    refused(a, dict(keys, sig=crypto.b64(bytes(64))), "fair.bad_signature")          # forged
    refused(a, dict(keys, seat=0), "fair.bad_signature")                            # another seat's
    refused(a, resign(b, dict(keys, first=keys["first"] + 1)), "fair.keys_not_due")  # not this draw
    other = poker.to_text(b._poker.keys[keys["first"] + 5])
    refused(a, resign(b, dict(keys, keys=[other])), "fair.bad_key")                 # not the committed key
    refused(a, resign(b, dict(keys, keys=[None])), "fair.bad_message")
    refused(a, resign(b, {**keys, "kind": "unlock", "seed": crypto.b64(bytes(32))}), "fair.bad_message")
    unlock = resign(b, {"kind": "unlock", "gid": keys["gid"], "seat": 1, "n": keys["n"], "seed": crypto.b64(bytes(32))})
    refused(a, unlock, "fair.unlock_not_due")
    shuffle = resign(b, {"kind": "shuffle", "gid": keys["gid"], "seat": 1, "n": keys["n"], "deck": [], "commits": []})
    refused(a, shuffle, "fair.deck_not_due")
    a.receive(keys)
    refused(a, keys, "fair.replayed")                                               # replayed
    # seat 1 moves: a card it does not hold, a card that is not its position's, a position of seat 0's
    seat1 = b.state.legal_actions()[0]
    [move] = [m for m in b.copy().act(seat1) if m["kind"] == "act"]
    j, card, key = move["open"][0]
    wrong = next(v for v in (1, 2, 3) if v != card)
    refused(a, resign(b, dict(move, open=[[j, wrong, key]], action={"type": "take", "n": wrong})), "fair.bad_card")
    refused(a, resign(b, dict(move, open=[[a.held[0][0], card, key]])), "fair.not_held")
    refused(a, resign(b, {k: v for k, v in move.items() if k != "open"}), "fair.illegal_action")
    a.receive(move)


def nim_record():
    tbl = new_table("nim", 2)
    ps, log = parties_of(tbl)
    k = 0
    while not ps[0].public.is_over:
        seat = ps[0].state.current_player
        legal = ps[seat].state.legal_actions()
        pass_on(ps, seat, ps[seat].act(legal[k % len(legal)]), log)
        k += 1
    return ps, export(ps[0])


NIM = nim_record()


def fails_at(rec, index=None, words=""):
    with pytest.raises(BadSave) as e:
        check(rec)
    text = e.value.message
    if index is not None:
        assert text.startswith(f"message {index} "), text
    assert words in text, text
    return text


def at(rec, kind, pred=lambda m: True):
    return next(i for i, m in enumerate(rec["messages"]) if m["kind"] == kind and pred(m))


def test_a_cheating_seat_that_signs_its_own_changes_is_caught():
    ps, rec = NIM
    check(rec)
    last = len(rec["messages"]) - 1

    def changed(i, **fields):
        r = copy.deepcopy(rec)
        m = r["messages"][i]
        r["messages"][i] = resign(ps[m["seat"]], {**m, **fields})
        return r
    i = at(rec, "shuffle")
    deck = list(rec["messages"][i]["deck"])
    deck[0], deck[1] = deck[1], poker.to_text(poker.code(40))  # a card that is not in the deck
    fails_at(changed(i, deck=deck), last, "seat 0's shuffle is not")
    i = at(rec, "shuffle", lambda m: m["seat"] == 1)
    commits = list(rec["messages"][i]["commits"])
    commits[0] = crypto.b64(bytes(32))
    fails_at(changed(i, commits=commits), None, "not the one it committed to")
    i = at(rec, "lock")
    deck = list(rec["messages"][i]["deck"])
    deck[0], deck[1] = deck[1], deck[0]
    fails_at(changed(i, deck=deck))
    i = at(rec, "keys")
    m = rec["messages"][i]
    keys = [None if k is None else poker.to_text(ps[m["seat"]]._poker.keys[-1]) for k in m["keys"]]
    fails_at(changed(i, keys=keys), i, "not the one it committed to")
    i = at(rec, "act", lambda m: "open" in m)
    m = rec["messages"][i]
    [[j, card, key]] = m["open"]
    fails_at(changed(i, open=[[j, card, poker.to_text(ps[m["seat"]]._poker.keys[-1])]]), i, "committed")
    fails_at(changed(last, seed=crypto.b64(bytes(32))), last, "does not give the keys it committed to")
    r = copy.deepcopy(rec)
    del r["messages"][last]  # a seat that never shows its deck secret: the game is not finished
    assert fails_at(r).startswith("result: over is true")


@pytest.mark.parametrize("field", ["deck", "commits", "keys", "first", "open", "seed"])
def test_changing_a_new_field_without_its_seats_key_fails_the_signature(field):
    _, rec = NIM
    kind = {"deck": "lock", "commits": "shuffle", "keys": "keys", "first": "keys", "open": "act",
            "seed": "unlock"}[field]
    i = at(rec, kind, lambda m: field in m)
    r = copy.deepcopy(rec)
    m = r["messages"][i]
    if field == "first":
        m[field] += 1
    elif field == "seed":
        m[field] = crypto.b64(bytes(32))
    elif field == "open":
        m[field][0][0] += 1
    else:
        m[field][0] = m[field][1] if m[field][1] != m[field][0] else None
    assert "signature" in fails_at(r, i)
    assert summary(rec).startswith("OK: fair")


def test_a_seat_restored_from_its_private_part_holds_its_cards_and_plays_on():
    ps, act, answers = nim_midgame()
    a, b = ps
    a.receive_all(answers)
    priv = b.private()
    assert sorted(priv) == ["chain", "deck", "format", "gid", "key", "length", "seat", "table", "version"]
    again, out = Party.restore(priv, export(b)["messages"])
    assert out == [] and again.fingerprint() == b.fingerprint() and again.mine == b.mine
    [move] = [m for m in again.act(again.state.legal_actions()[0]) if m["kind"] == "act"]
    a.receive(move)  # the restored seat's move shows its card with its key: accepted
    assert a.steps == 2
