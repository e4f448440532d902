"""Play games through `urzeit.api.handle` (JSON only) and compare the engine with the reference
model (sammler_ref.py) after every action.

play_and_compare(seed, players, bots=..., setup=...) -> Report with the number of actions
compared and every disagreement found. A disagreement about the offered choices (legal
tiles or figures) is recorded and the game goes on; a disagreement about the state (board
features, figures, supply, scores, turn, stacks) ends the comparison of that game, because
the two models have parted.
"""

import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(HERE))

from urzeit.api import handle  # noqa: E402  (the only engine entry point used)
from urzeit.core.rng import Rng  # noqa: E402

import sammler_ref  # noqa: E402

CATALOGUE = pathlib.Path("/work/shared/data/sammler/tiles.json")
if not CATALOGUE.exists():  # the same file, shipped with the package
    CATALOGUE = ROOT / "py" / "urzeit" / "games" / "sammler" / "tiles.json"
CAT = sammler_ref.Catalogue(CATALOGUE)


def call(**req):
    reply = json.loads(handle(json.dumps(req)))
    if not reply["ok"]:
        raise RuntimeError(f"engine refused {req}: {reply['error']}")
    return reply["result"]


class Diverged(Exception):
    pass


class Report:
    def __init__(self, seed, players, bots, setup):
        self.seed, self.players, self.bots, self.setup = seed, players, bots, setup
        self.actions = 0
        self.disagreements = []  # (kind, detail)
        self.history = []  # the actions played, for a reproduction
        self.first_tiles = []  # tile draws in order (for a setup list)

    def add(self, kind, detail):
        self.disagreements.append((kind, detail))


def _state_mismatches(ref, v):
    """Every difference between the reference and the engine's view, as (kind, detail)."""
    out = []

    def check(kind, mine, theirs):
        if mine != theirs:
            out.append((kind, f"reference {mine!r} engine {theirs!r}"))

    check("over", ref.over, v["over"])
    check("scores", ref.scores, v["scores"])
    check("supply", [dict(members=m, huts=h) for m, h in zip(ref.members, ref.huts)], v["supply"])
    key = lambda f: (f["owner"], f["kind"], f["x"], f["y"], f["zone"], bool(f["cult"]))  # noqa: E731
    check("figures", sorted(map(key, ref.figures)), sorted(map(key, v["figures"])))
    check("stack", dict(land=ref.land_left, bonus=ref.bonus_left), v["stack"])
    check("remaining", {k: n for k, n in ref.remaining.items() if n}, {k: n for k, n in v["remaining"].items() if n})
    if not ref.over:
        check("current_seat", ref.current, v["current_seat"])
        check("phase", ref.phase, v["phase"])
        if ref.phase == "tile":
            check("tile_to_place", (ref.tile, ref.tile_is_bonus), (v["tile_to_place"], v["tile_is_bonus"]))
    # features: the same partition of zones, and the same value, completeness and owners
    mine = {}
    for f in ref.features():
        mine[(f.kind, f.zones)] = (f.value(), f.complete, ref.owners(f))
    theirs = {}
    for f in v["features"]:
        zones = frozenset((x, y, z) for x, y, z in f["zones"])
        theirs[(f["kind"], zones)] = (f["value"], f["complete"], sorted(f["owners"]))
    if set(mine) != set(theirs):
        only_mine = sorted((k, sorted(z)) for k, z in set(mine) - set(theirs))
        only_theirs = sorted((k, sorted(z)) for k, z in set(theirs) - set(mine))
        places = sorted({(x, y) for _, zs in only_mine + only_theirs for (x, y, _) in zs})
        tiles = ", ".join(f"{ref.board[p][0]} r{ref.board[p][1]} at {p}" for p in places)
        out.append(("features", f"only in the reference {only_mine}; only in the engine {only_theirs}; "
                    f"tiles: {tiles}"))
    else:
        for k in sorted(mine, key=lambda k: (k[0], sorted(k[1]))):
            if k[0] in ("river_system", "meadow"):  # "Fertig gestellte Wiesen spielen keine Rolle"
                if mine[k][0::2] != theirs[k][0::2]:
                    out.append(("feature_value", f"{k[0]} {sorted(k[1])}: reference {mine[k]} engine {theirs[k]}"))
            elif mine[k] != theirs[k]:
                out.append(("feature_value", f"{k[0]} {sorted(k[1])}: reference {mine[k]} engine {theirs[k]}"))
    if ref.over and v.get("breakdown"):
        for p, b in enumerate(v["breakdown"]):
            m = dict(ref.cats[p], total=ref.scores[p])
            check("breakdown", m, {k: b[k] for k in m})
    return out


def _legal_mismatches(ref, v):
    legal = v.get("legal") or []
    if ref.phase == "tile":
        mine = set(ref.legal_placements())
        theirs = [(a["x"], a["y"], a["rotation"]) for a in legal if a["type"] == "place_tile"]
        out = []
        if len(set(theirs)) != len(theirs):
            out.append(("legal_tiles", f"{ref.tile}: the engine offers a placement twice"))
        extra, missing = sorted(set(theirs) - mine), sorted(mine - set(theirs))
        if extra or missing:
            t = CAT.types[ref.tile]
            same_look = [r for r in range(4) for s in range(r) if t.look(r) == t.look(s)]
            out.append(("legal_tiles", f"{ref.tile} (rotations {same_look} look like smaller ones): "
                        f"engine also offers {extra[:6]}{'…' if len(extra) > 6 else ''}, "
                        f"engine lacks {missing[:6]}{'…' if len(missing) > 6 else ''}"))
        return out
    if ref.phase == "figure":
        mine = set(ref.legal_figures()) | {("pass", None)}
        theirs = {(a["figure"], a["zone"]) if a["type"] == "place_figure" else ("pass", None) for a in legal}
        if mine != theirs:
            return [("legal_figures", f"tile {ref.board[ref.last]} at {ref.last}: only in the reference "
                     f"{sorted(mine - theirs, key=str)}, only in the engine {sorted(theirs - mine, key=str)}")]
    return []


def _draws(events):
    """The tile draws and discards an action caused, in order: [tile, bonus, player, discarded]."""
    out = []
    for e in events:
        if e["type"] == "draw":
            out.append([e["tile"], bool(e.get("bonus")), e.get("player"), False])
        elif e["type"] == "discard":
            if out and out[-1][0] == e["tile"] and not out[-1][3]:
                out[-1][3] = True
            else:
                out.append([e["tile"], bool(e.get("bonus")), e.get("player"), True])
    return out


def _follow_draws(ref, draws, report):
    """After a figure step: the reference decides who draws what (bonus or landscape, or the
    end of the game) and takes the tiles the engine drew."""
    draws = list(draws)
    turn_ended = False
    while True:
        if ref.next_draw_is_bonus():
            bonus = True
        else:
            if not turn_ended:
                ref.end_turn()
                turn_ended = True
            if ref.land_left == 0:  # "Am Ende des Zuges, in dem die letzte Landschaftskarte ..."
                if draws:
                    raise Diverged(("draws", f"the engine draws {draws} after the last landscape tile"))
                ref.final_scoring()
                return
            bonus = False
        if not draws:
            raise Diverged(("draws", f"the reference expects a {'bonus' if bonus else 'landscape'} tile "
                            f"for player {ref.current}, the engine draws none"))
        tile, ebonus, player, discarded = draws.pop(0)
        if ebonus != bonus or (player is not None and player != ref.current):
            raise Diverged(("draws", f"reference: {'bonus' if bonus else 'landscape'} tile for player "
                            f"{ref.current}; engine: {tile} ({'bonus' if ebonus else 'landscape'}) for {player}"))
        fits = ref.draw(tile, bonus)
        if fits == discarded:
            raise Diverged(("discard", f"{tile}: reference says it {'fits' if fits else 'fits nowhere'}, "
                            f"the engine {'discarded' if discarded else 'kept'} it"))
        if fits:
            if draws:
                raise Diverged(("draws", f"more draws than the reference expects: {draws}"))
            return


def play_and_compare(seed, players, bots=(), level="easy", setup=None, script=(), max_actions=2000):
    """bots: the seats played by the engine's bot (op ai); the others play uniformly random
    legal actions chosen with the engine's own Rng. script: actions played first, in order
    (for a reproduction), whoever is to move."""
    script = list(script)
    report = Report(seed, players, tuple(bots), setup)
    seats = [{"kind": "ai", "level": level} if s in bots else {"kind": "human"} for s in range(players)]
    req = dict(op="new", game="sammler", seats=seats, seed=seed)
    if setup:
        req["options"] = {"setup": setup}
    res = call(**req)
    match = res["match"]
    rng = Rng(seed * 7919 + players)
    ref = sammler_ref.Game(CAT, players, *((setup["tiles"], setup["bonus"]) if setup else ()))
    v = call(op="view", match=match, seat=0)
    try:
        # the first draw (and any discards before it) happened at "new"
        first = [[t, False, 0, True] for t in v["discarded"]] + [[v["tile_to_place"], False, 0, False]]
        ref.current = ref.players - 1  # _follow_draws starts by ending the "previous" turn
        _follow_draws(ref, first, report)
        while True:
            problems = _state_mismatches(ref, v)
            if problems:
                raise Diverged(*problems)
            if v["over"]:
                break
            seat = v["current_seat"]
            if v.get("seat") != seat:
                v = call(op="view", match=match, seat=seat)
            for d in _legal_mismatches(ref, v):
                report.add(*d)
            if script:
                action = script.pop(0)
                res = call(op="act", match=match, seat=seat, state_id=v["state_id"], action=action)
            elif seat in bots:
                res = call(op="ai", match=match, seat=seat)
                action = res["action"]
            else:
                action = rng.choice(v["legal"])
                res = call(op="act", match=match, seat=seat, state_id=v["state_id"], action=action)
            report.history.append(action)
            report.actions += 1
            if report.actions > max_actions:
                raise Diverged(("length", "the game does not end"))
            if action["type"] == "place_tile":
                if not ref.fits(ref.tile, action["x"], action["y"], action["rotation"]):
                    raise Diverged(("illegal_tile", f"the engine accepted {ref.tile} {action}"))
                ref.place_tile(action["x"], action["y"], action["rotation"])
            else:
                if action["type"] == "pass":
                    kind, zone = None, None
                else:
                    kind, zone = action["figure"], action["zone"]
                    if (kind, zone) not in ref.legal_figures():
                        raise Diverged(("illegal_figure", f"the engine accepted {action}"))
                ref.place_figure(kind, zone)
                _follow_draws(ref, _draws(res["events"]), report)
            v = res["view"] if res["view"].get("seat") is not None else call(op="view", match=match, seat=ref.current if not ref.over else 0)
    except Diverged as e:
        for d in e.args:
            report.add(*d)
        report.diverged = True
    else:
        report.diverged = False
    return report


def random_setup(seed, land_tiles, without=()):
    """A shuffled box cut to `land_tiles` landscape tiles (shorter games, smaller boards: the
    engine's view gets slow on big boards) and a shuffled bonus stack."""
    rng = Rng(seed ^ 0x5A17)
    land = [t.id for t in CAT.types.values() if t.kind == "land" and t.id not in without for _ in range(t.count)]
    bonus = [t.id for t in CAT.types.values() if t.kind == "bonus" and t.id not in without for _ in range(t.count)]
    rng.shuffle(land)
    rng.shuffle(bonus)
    return {"tiles": land[:land_tiles], "bonus": bonus}


def reproduction(report):
    """A self-contained description of a failing game: the engine request and the actions."""
    return json.dumps({"seed": report.seed, "players": report.players, "bots": list(report.bots),
                       "setup": report.setup, "actions": report.history}, separators=(",", ":"))
