"""Fuzzing urzeit.api.handle with hypothesis: random and malformed requests for every game.
Shared by tests/test_api_fuzz.py (a bounded run in CI) and bench/api_fuzz.py (100,000)."""

import json

from hypothesis import strategies as st

from urzeit import api, games, lessons
from urzeit import match as matches
from urzeit.core.errors import ERROR_CODES

GAME_IDS = [g.id for g in games.all_games()]
OPS = ["hello", "new", "view", "act", "ai", "undo", "save", "load", "bogus", "", None, 7]

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
                      st.floats(allow_nan=False), st.text(max_size=12))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def seeded_matches():
    """A few live matches of every game, at various points, to aim requests at."""
    ids = []
    for game in games.all_games():
        seats = [{"kind": "human"}] + [{"kind": "ai", "level": "random"}] * (game.min_players - 1)
        r = json.loads(api.handle(json.dumps({"op": "new", "game": game.id, "seats": seats, "seed": 3})))
        ids.append(r["result"]["match"])
    return ids


def request_strategy(match_ids):
    legalish = st.sampled_from([
        {"type": "take", "n": 1}, {"type": "pass"}, {"type": "place_tile", "x": 0, "y": -1, "rotation": 0},
        {"type": "place_figure", "figure": "hunter", "zone": "M1"}, {"type": "take_card", "stack": 0, "skip": None},
        {"type": "end_turn"}, {"type": "play", "card": "B01", "pay": [], "sacrifice": None}])
    field = {
        "op": st.sampled_from(OPS),
        "game": st.one_of(st.sampled_from(GAME_IDS + ["chess"]), json_value),
        "match": st.one_of(st.sampled_from(match_ids + ["m0", ""]), json_value),
        "seat": st.one_of(st.integers(-2, 6), st.none(), st.booleans(), json_value),
        "state_id": st.one_of(st.integers(-1, 400), json_value),
        "action": st.one_of(legalish, json_value),
        "seats": st.one_of(st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["human", "ai", "x"])}), max_size=6), json_value),
        "seed": st.one_of(st.integers(-5, 2**60), json_value),
        "options": st.one_of(st.just({}), json_value),
        "save": json_value,
        "budget_ms": st.one_of(st.integers(-5, 100), json_value),
        "turn_ms": st.one_of(st.integers(-5, 5000), json_value),
        "viewer": st.one_of(st.integers(-2, 6), json_value),
        "extra": json_value,
    }
    keys = st.lists(st.sampled_from(sorted(field)), unique=True, max_size=7)
    structured = keys.flatmap(lambda ks: st.fixed_dictionaries({k: field[k] for k in ks})).map(json.dumps)
    raw = st.one_of(st.text(max_size=40), st.binary(max_size=30).map(lambda b: b.decode("latin-1")))
    truncated = structured.flatmap(lambda s: st.integers(0, max(0, len(s) - 1)).map(lambda i: s[:i]))
    return st.one_of(structured, structured, structured, raw, truncated)


def snapshot(match_ids):
    return {m: (json.dumps(matches.peek(m).state.to_json(), sort_keys=True), matches.peek(m).revision)
            for m in match_ids if matches.peek(m)}


def check_one(text, match_ids):
    """handle never raises; every failure is an error reply with a known code and changes
    no match; a success changes only the match it names."""
    before = snapshot(match_ids)
    reply = json.loads(api.handle(text))
    assert isinstance(reply, dict) and reply.get("ok") in (True, False)
    if reply["ok"]:
        try:
            touched = json.loads(text).get("match")
        except Exception:
            touched = None
        after = snapshot(match_ids)
        created = isinstance(reply["result"], dict) and "match" in reply["result"] and touched is None
        for m in before:
            if m != touched and not (created and m not in after):  # new matches may evict old ones
                assert after.get(m) == before[m], f"{m} changed by a request for {touched!r}"
        return reply
    assert reply["error"]["code"] in ERROR_CODES, reply
    assert snapshot(match_ids) == before, "an error reply changed a match"
    return reply


def draw_request(data, match_ids):
    """A request built with knowledge of the live matches: well-formed ops with real or
    nearly-real values most of the time (so deep paths run: stale ids, other seats' turns,
    real and foreign actions), junk the rest. Every value is drawn unconditionally, in the
    same order, so hypothesis sees the same shape of data whatever the matches hold."""
    d = data.draw
    kind = d(st.integers(0, 9))
    random_text = d(request_strategy(match_ids))
    raw_text = d(st.one_of(st.text(max_size=40), st.just("[" * 5000), st.just('{"op": "act"')))
    op = d(st.sampled_from(sorted(set(api._FIELDS) - {"close"})))  # close would end the shared matches (tested apart)
    match = d(st.sampled_from(match_ids))
    junk = d(json_value)
    pick = d(st.integers(0, 10**6))
    use_real = d(st.integers(0, 3))
    mutate = d(st.integers(0, 7))
    seat_offset = d(st.integers(-2, 3))
    state_offset = d(st.integers(-2, 2))
    optional_mask = d(st.integers(0, 255))
    canned = d(st.sampled_from([{"type": "take", "n": 1}, {"type": "pass"}, {"type": "end_turn"},
                                {"type": "sunset"}, {"type": "place_tile", "x": 0, "y": -1, "rotation": 0}]))
    if kind < 2:
        return random_text
    if kind == 2:
        return raw_text
    m = matches.peek(match)
    state = m.state if m else None
    current = state.current_player if state else None
    players = len(m.seats) if m else 2
    legal = state.legal_actions() if state is not None and not state.is_over else []
    seat = current if seat_offset == 0 or current is None else (current + seat_offset) % (players + 1) - (seat_offset < 0)
    values = {
        "op": op, "match": match, "seat": seat,
        "state_id": (m.revision if m else 0) + (state_offset if use_real == 0 else 0),
        "game": GAME_IDS[pick % len(GAME_IDS)],
        "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}], "seed": pick,
        "options": {}, "save": m.replay() if m else {}, "budget_ms": 0, "turn_ms": pick % 2000, "level": "random",
        "viewer": pick % (players + 1) - 1, "apply": bool(pick % 2),
        "action": legal[pick % len(legal)] if legal and use_real else canned,
        "players": pick % 6, "name": ("Ada", "", "x" * 50)[pick % 3], "names": ["Ada", "Bo"][: pick % 3],
        "party": f"p{pick % 4}", "messages": [junk] if mutate % 2 else [], "to": pick % 3 - 1,
        "private": junk if mutate % 2 else {}, "record": m.replay() if m and use_real else junk,
        "text": ("Gut gespielt!", "<img src=x onerror=alert(1)>", "x" * 300, "")[pick % 4], "p": pick % 14 - 2,
        "message": junk if mutate % 2 else {},
        "lang": ("de", "en", "fr")[pick % 3], "slice_ms": pick % 30 + 1, "job": sorted(api._jobs)[0] if api._jobs and use_real else f"j{pick}",
    }
    # lessons: a real name of the game's (or not), an open run with its own step (or a stale one)
    game = games.get(values["game"])
    names = sorted(lessons.of(game)) + ["no-such"]
    runs = lessons.open_ids()
    run = lessons.peek(runs[pick % len(runs)]) if runs and use_real else None
    values.update({
        "name": names[pick % len(names)],
        "lesson": run.id if run else f"l{pick % 5}",
        "step": (run.step if run else 0) + (state_offset if use_real < 2 else 0),
        "resume": {"at": pick % 17, "moves": legal[:1] if legal else []} if mutate % 2 else junk,
        "chapter": pick % 5 - 1,  # a lesson's chapter: one that exists, or not
    })
    if run is not None and op == "lesson_act" and use_real and run.current() and run.current()["expect"]:
        values["action"] = run.current()["expect"][0] if pick % 3 else values["action"]
    required, optional = api._FIELDS[op]
    keys = sorted(set(required) | {k for n, k in enumerate(sorted(optional)) if optional_mask >> n & 1})
    if op == "ai":
        keys = sorted(set(keys) | {"level"})  # keep bot calls cheap: no search
    req = {k: values[k] for k in keys}
    if mutate == 1 and keys:  # one field replaced by junk (wrong types, huge numbers, ...)
        req[keys[pick % len(keys)]] = junk
    elif mutate == 2:
        req.pop(keys[pick % len(keys)], None)
    elif mutate == 3:
        req["extra"] = junk
    return json.dumps(req)
