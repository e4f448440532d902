"""The sammler rules: the state (its draws in draws.py, its scoring in scoring.py; the Game
in game.py).

Connected forests, rivers and meadows are kept in a union-find over the zones of placed
tiles; each root holds the feature's totals (open sides, gold, mushrooms, animals, fire).
A second union-find joins rivers and lakes into river systems (for huts), holding the fish.
"""

from ...core.actions import find_legal
from ...core.errors import IllegalAction
from ...core.game import State
from ...core.rng import Rng
from . import components as T
from .components import FOREST, LAKE, MEADOW, RIVER
from .draws import SammlerDraws, fitting
from .scoring import SammlerScoring, find_root

MEMBERS = 5  # Stammesmitglieder per player
HUTS = 2
FIGURE_KINDS = ("gatherer", "fisher", "hunter", "hut")
# which figure may stand on which zone kind
FIGURES_FOR = {FOREST: ("gatherer",), RIVER: ("fisher", "hut"), MEADOW: ("hunter",), LAKE: ("hut",)}
ANIMALS = ("deer", "mammoth", "aurochs", "tiger")



def _zone_table(tile) -> tuple:
    """What put_tile appends for the zones of a tile type, one tuple per field in zone order; a
    forest's or river's open sides are the sides it touches (the same in every rotation)."""
    zones = tile.zones
    return (tuple(z.kind for z in zones),
            tuple(len({seg // 3 for seg in z.segments}) if z.kind in (FOREST, RIVER) else 0 for z in zones),
            tuple(z.gold for z in zones), tuple(z.mushrooms for z in zones), tuple(z.fire for z in zones),
            tuple((z.animals["deer"], z.animals["mammoth"], z.animals["aurochs"], z.animals["tiger"]) for z in zones),
            tuple(z.fish for z in zones),
            tuple((zi, lake) for zi, z in enumerate(zones) if z.kind == RIVER for lake in z.lakes))


_ZONE_TABLE = [_zone_table(tile) for tile in T.TYPES]  # by type index: put_tile runs in every simulation



class SammlerState(SammlerDraws, SammlerScoring, State):
    """`land` and `bonus` are the unseen stacks as pools, sorted type indexes: no order exists
    until a tile is drawn (a chance step, slot ("land",) or ("bonus",)). `script` is a fixed
    draw order from options.setup ({"land": [...], "bonus": [...]}, drawn from the end), else
    None. Ties are shared: "Der Spieler mit den meisten Punkten gewinnt" (the base's winners)."""
    __slots__ = (
        "n", "rng", "due", "script", "over", "board", "placed", "open", "base",
        "node_kind", "node_tile", "node_zone", "parent", "openc", "gold", "mush", "animals", "fire", "size",
        "sparent", "sfish",
        "figures", "members", "huts", "score", "score_log",
        "land", "bonus", "discarded", "current", "phase", "tile", "tile_is_bonus",
        "last", "bonus_pending", "turn", "bonus_tiles",
    )

    # ---- construction and copying -------------------------------------------------

    def init_empty(self, n: int, rng: Rng | None):
        self.n = n
        self.rng = rng
        self.due = []
        self.script = None
        self.over = False  # phase == "over", kept as a field: the base reads it at every step
        self.board = {}
        self.placed = []  # (type index, x, y, rotation, is_bonus)
        self.open = {}
        self.base = []
        self.node_kind, self.node_tile, self.node_zone = [], [], []
        self.parent, self.openc, self.gold, self.mush, self.fire = [], [], [], [], []
        self.size = []  # zones in the feature (a quick tile count for the bots)
        self.animals = []  # per node: (deer, mammoth, aurochs, tiger) totals at roots (tuples: clones share them)
        self.sparent, self.sfish = [], []
        self.figures = []  # [owner, kind, placed index, zone index, node, cult]
        self.members = [MEMBERS] * n
        self.huts = [HUTS] * n
        self.score = [0] * n
        self.score_log = []
        self.bonus_tiles = [0] * n  # bonus tiles each player placed (gold in a finished forest)
        self.land, self.bonus, self.discarded = [], [], []
        self.current = 0
        self.phase = "tile"
        self.tile = None
        self.tile_is_bonus = False
        self.last = None
        self.bonus_pending = 0
        self.turn = 0

    def clone(self) -> "SammlerState":
        s = SammlerState.__new__(SammlerState)
        s.n = self.n
        s.rng = None if self.rng is None else self.rng.clone()
        s.due = list(self.due)
        s.over = self.over
        s.script = None if self.script is None else {k: list(v) for k, v in self.script.items()}
        s.board = dict(self.board)
        s.placed = list(self.placed)
        s.open = dict(self.open)
        s.base = list(self.base)
        s.node_kind, s.node_tile, s.node_zone = list(self.node_kind), list(self.node_tile), list(self.node_zone)
        s.parent, s.openc, s.gold = list(self.parent), list(self.openc), list(self.gold)
        s.mush, s.fire, s.size = list(self.mush), list(self.fire), list(self.size)
        s.animals = list(self.animals)
        s.sparent, s.sfish = list(self.sparent), list(self.sfish)
        s.figures = [list(f) for f in self.figures]
        s.members, s.huts, s.score = list(self.members), list(self.huts), list(self.score)
        s.score_log = list(self.score_log)  # entries are never mutated
        s.land, s.bonus, s.discarded = list(self.land), list(self.bonus), list(self.discarded)
        s.current, s.phase, s.tile, s.tile_is_bonus = self.current, self.phase, self.tile, self.tile_is_bonus
        s.last, s.bonus_pending, s.turn = self.last, self.bonus_pending, self.turn
        s.bonus_tiles = list(self.bonus_tiles)
        return s

    # ---- contract properties -------------------------------------------------------

    def scores(self) -> list[int]:
        return list(self.score)

    # ---- placing a tile on the board (shared by the start tile, turns and from_json) ----

    def put_tile(self, type_index: int, x: int, y: int, rotation: int, is_bonus: bool) -> int:
        tile = T.TYPES[type_index]
        rot = tile.rotations[rotation]
        idx = len(self.placed)
        self.placed.append((type_index, x, y, rotation, is_bonus))  # never changed: clones share it
        self.board[(x, y)] = idx
        self.open.pop((x, y), None)
        base = len(self.parent)
        self.base.append(base)
        n = len(tile.zones)
        kinds, open_sides, gold, mush, fire, animals, fish, river_lakes = _ZONE_TABLE[type_index]
        self.node_kind += kinds
        self.node_tile += [idx] * n
        self.node_zone += range(n)
        self.parent += range(base, base + n)
        self.sparent += range(base, base + n)
        self.openc += open_sides
        self.gold += gold
        self.mush += mush
        self.fire += fire
        self.size += [1] * n
        self.animals += animals
        self.sfish += fish
        # rivers and their lakes form one river system
        for zi, lake in river_lakes:
            self._sunion(base + zi, base + lake)
        # join features across each side that touches a placed neighbour
        board, placed, parent, node_kind, openc = self.board, self.placed, self.parent, self.node_kind, self.openc
        for side in range(4):
            dx, dy = T.DELTAS[side]
            pos = (x + dx, y + dy)
            nb = board.get(pos)
            opp = (side + 2) % 4
            if nb is None:
                pattern = self.open.get(pos, "....")
                self.open[pos] = pattern[:opp] + rot.edges[side] + pattern[opp + 1:]
                continue
            ntype, _, _, nrot, _ = placed[nb]
            nrotated = T.TYPES[ntype].rotations[nrot]
            nseg = nrotated.seg_zone
            nbase = self.base[nb]
            # this side of each forest and river on either tile is open no longer
            for node in [base + zi for zi in rot.side_zones[side]] + \
                    [nbase + zi for zi in nrotated.side_zones[opp]]:
                if node_kind[node] in (FOREST, RIVER):
                    openc[find_root(parent, node)] -= 1
            for k, zi in rot.side_links[side]:
                a = base + zi
                b = nbase + nseg[opp * 3 + 2 - k]
                self._union(a, b)
                if node_kind[a] == RIVER:
                    self._sunion(a, b)
        return idx

    def feature_root(self, node: int) -> int:
        """The node that stands for the connected forest, river or meadow holding `node`."""
        return find_root(self.parent, node)

    def river_system_root(self, node: int) -> int:
        """The node that stands for the river system (rivers and their lakes) holding `node`."""
        return find_root(self.sparent, node)

    def _union(self, a: int, b: int) -> None:
        p = self.parent
        ra, rb = find_root(p, a), find_root(p, b)
        if ra == rb:
            return
        if rb < ra:
            ra, rb = rb, ra
        p[rb] = ra
        self.openc[ra] += self.openc[rb]
        self.gold[ra] += self.gold[rb]
        self.mush[ra] += self.mush[rb]
        self.fire[ra] += self.fire[rb]
        self.size[ra] += self.size[rb]
        self.animals[ra] = tuple(a + b for a, b in zip(self.animals[ra], self.animals[rb]))

    def _sunion(self, a: int, b: int) -> None:
        p = self.sparent
        ra, rb = find_root(p, a), find_root(p, b)
        if ra == rb:
            return
        if rb < ra:
            ra, rb = rb, ra
        p[rb] = ra
        self.sfish[ra] += self.sfish[rb]

    # ---- actions ---------------------------------------------------------------------

    def legal_actions(self) -> list[dict]:
        if self.phase == "tile":
            return [{"type": "place_tile", "x": x, "y": y, "rotation": r}
                    for x, y, r in self.placements(self.tile)]
        if self.phase == "figure":
            return self.figure_actions() + [{"type": "pass"}]
        return []

    def figure_actions(self) -> list[dict]:
        p = self.current
        idx = self.last
        tile = T.TYPES[self.placed[idx][0]]
        base = self.base[idx]
        parent, sparent = self.parent, self.sparent
        # (kind, root) of every figure out there: huts by river system, the rest by feature
        taken = {(f[1], find_root(sparent if f[1] == "hut" else parent, f[4])) for f in self.figures}
        result = []
        for zi, zone in enumerate(tile.zones):
            node = base + zi
            for kind in FIGURES_FOR[zone.kind]:
                if kind == "hut":
                    if self.huts[p] and ("hut", find_root(sparent, node)) not in taken:
                        result.append({"type": "place_figure", "figure": kind, "zone": zone.id})
                elif self.members[p] and (kind, find_root(parent, node)) not in taken:
                    result.append({"type": "place_figure", "figure": kind, "zone": zone.id})
        result.sort(key=lambda a: (a["zone"], FIGURE_KINDS.index(a["figure"])))
        return result

    def _check_place_tile(self, action) -> tuple:
        if self.phase != "tile":
            raise IllegalAction("a tile was already placed this turn; place a figure or pass",
                                reason="sammler.tile_already_placed")
        if set(action) != {"type", "x", "y", "rotation"} or not all(
                type(action[k]) is int for k in ("x", "y", "rotation")):
            raise IllegalAction("place_tile needs integer x, y and rotation and nothing else",
                                reason="sammler.bad_place_tile")
        x, y, r = action["x"], action["y"], action["rotation"]
        where = {"x": x, "y": y, "rotation": r}
        if not 0 <= r <= 3:
            raise IllegalAction("rotation is 0, 1, 2 or 3 quarter turns clockwise",
                                reason="sammler.bad_rotation", params=where)
        if (x, y) in self.board:
            raise IllegalAction(f"({x}, {y}) already holds a tile", reason="sammler.place_taken", params=where)
        pattern = self.open.get((x, y))
        if pattern is None:
            raise IllegalAction(f"({x}, {y}) touches no placed tile by a side",
                                reason="sammler.tile_not_adjacent", params=where)
        if r not in fitting(pattern, self.tile):
            tile = T.TYPES[self.tile]
            if r not in tile.distinct_rotations and tile.offered_rotation(r) in fitting(pattern, self.tile):
                raise IllegalAction(f"rotation {r} looks the same as another; it is offered once",
                                    reason="sammler.rotation_looks_the_same",
                                    params={**where, "offered": tile.offered_rotation(r)})
            raise IllegalAction(f"the tile does not fit at ({x}, {y}) with rotation {r}: "
                                "every forest, river and meadow must continue",
                                reason="sammler.tile_does_not_fit", params=where)
        return x, y, r

    def check_action(self, action: dict) -> dict:
        """The legal action equal to `action`: a tile placement is checked by its pattern
        alone (the legal list would try every open place)."""
        if action["type"] == "place_tile":
            x, y, r = self._check_place_tile(action)
            return {"type": "place_tile", "x": x, "y": y, "rotation": r}
        if self.phase != "figure":
            raise IllegalAction(f"{action['type']!r} is not possible now: place the tile first",
                                reason="sammler.place_tile_first", params={"action": action["type"]})
        return find_legal(action, self.legal_actions(), self._refuse_figure)

    def do_apply(self, action: dict) -> list[dict]:
        if action["type"] == "place_tile":
            return self.place_drawn_tile(action["x"], action["y"], action["rotation"])
        return self.finish_turn(action if action["type"] == "place_figure" else None)

    def finish_turn(self, figure_action) -> list[dict]:
        """The figure step (a legal place_figure action, or None for none), then scoring and
        the next draw. The bots call it directly with an action from figure_actions(), so a
        seeded state draws here at once (what apply_legal would do)."""
        events = []
        if figure_action is not None:
            events.append(self._place_figure(figure_action["figure"], figure_action["zone"]))
        else:
            events.append({"type": "no_figure", "player": self.current})
        self._score_completed(events)
        self._after_placement(events)
        if self.due and self.rng is not None:
            self.settle(events)
        return events

    def _refuse_figure(self, action) -> None:
        """Raise why this figure step is not legal (find_legal calls it for an action that is not)."""
        kind = action.get("type")
        if kind == "pass":
            raise IllegalAction("pass takes no other fields", reason="sammler.bad_action")
        if kind != "place_figure":
            raise IllegalAction(f"{kind!r} is not possible now: place a figure or pass",
                                reason="sammler.figure_or_pass", params={"action": kind})
        if set(action) != {"type", "figure", "zone"} or not all(
                isinstance(action[k], str) for k in ("figure", "zone")):
            raise IllegalAction("place_figure needs a string figure and zone and nothing else",
                                reason="sammler.bad_place_figure")
        kind, zone_id = action["figure"], action["zone"]
        what = {"figure": kind, "zone": zone_id}
        tile = T.TYPES[self.placed[self.last][0]]
        if kind not in FIGURE_KINDS:
            raise IllegalAction(f"figure must be one of {', '.join(FIGURE_KINDS)}",
                                reason="sammler.unknown_figure", params=what)
        if zone_id not in tile.zone_ids:
            raise IllegalAction(f"the tile just placed has no zone {zone_id!r}",
                                reason="sammler.no_such_zone", params=what)
        zone = tile.zones[tile.zone_ids[zone_id]]
        if kind not in FIGURES_FOR[zone.kind]:
            english = f"a {kind} cannot stand on a {zone.kind}"
            what["feature"] = zone.kind
            if kind == "gatherer":
                raise IllegalAction(english, reason="sammler.gatherer_only_in_forest", params=what)
            if kind == "fisher":
                raise IllegalAction(english, reason="sammler.fisher_only_on_river", params=what)
            if kind == "hunter":
                raise IllegalAction(english, reason="sammler.hunter_only_on_meadow", params=what)
            raise IllegalAction(english, reason="sammler.hut_only_on_river_or_lake", params=what)
        if kind == "hut" and not self.huts[self.current]:
            raise IllegalAction("you have no hut left", reason="sammler.no_hut_left", params=what)
        if kind != "hut" and not self.members[self.current]:
            raise IllegalAction("you have no tribe member left in your supply",
                                reason="sammler.no_member_left", params=what)
        if kind == "hut":
            raise IllegalAction("there is already a hut on this river system",
                                reason="sammler.hut_on_river_system", params=what)
        english = f"there is already a {kind} on this connected {zone.kind}"
        if zone.kind == FOREST:
            raise IllegalAction(english, reason="sammler.forest_has_gatherer", params=what)
        if zone.kind == RIVER:
            raise IllegalAction(english, reason="sammler.river_has_fisher", params=what)
        raise IllegalAction(english, reason="sammler.meadow_has_hunter", params=what)

    def place_drawn_tile(self, x, y, r) -> list[dict]:
        idx = self.put_tile(self.tile, x, y, r, self.tile_is_bonus)
        self.bonus_tiles[self.current] += self.tile_is_bonus
        self.last = idx
        self.tile = None
        self.phase = "figure"
        return [{"type": "place_tile", "player": self.current, "tile": T.TYPES[self.placed[idx][0]].id,
                 "x": x, "y": y, "rotation": r, "bonus": self.tile_is_bonus}]

    def _place_figure(self, kind: str, zone_id: str) -> dict:
        p = self.current
        idx = self.last
        tile = T.TYPES[self.placed[idx][0]]
        zi = tile.zone_ids[zone_id]
        # Kultstätte: a hunter placed with the cult-site tile on its meadow scores it alone
        cult = 1 if kind == "hunter" and tile.zones[zi].cult_site else 0
        self.figures.append([p, kind, idx, zi, self.base[idx] + zi, cult])
        if kind == "hut":
            self.huts[p] -= 1
        else:
            self.members[p] -= 1
        x, y = self.placed[idx][1], self.placed[idx][2]
        return {"type": "place_figure", "player": p, "figure": kind, "zone": zone_id, "x": x, "y": y,
                "cult": bool(cult)}

    # ---- views ---------------------------------------------------------------------

    def features(self) -> list[dict]:
        """Every connected forest, river and meadow, and every river system with a lake or
        hut: extent, figures, completion and current value."""
        groups = {}
        for i in range(len(self.parent)):
            if self.node_kind[i] != LAKE:
                groups.setdefault(find_root(self.parent, i), []).append(i)
        standing = {}  # each feature's figures, found once (not once per feature)
        for f in self.figures:
            standing.setdefault(find_root(self.parent, f[4]), []).append(f)
        result = []
        for root in sorted(groups):
            kind = self.node_kind[root]
            nodes = groups[root]
            zones = [list(self._node_place(i)) for i in nodes]
            figure_kind = {FOREST: "gatherer", RIVER: "fisher", MEADOW: "hunter"}[kind]
            on = [f for f in standing.get(root, ()) if f[1] == figure_kind]
            if kind == MEADOW:
                value, detail = self.meadow_value(root)
                complete = False
            else:
                value, detail = self.feature_value(root, nodes)
                complete = self.openc[root] == 0
            item = {"id": root, "kind": kind, "zones": zones, "complete": complete, "value": value,
                    "owners": self._majority(on), "figures": [[f[0], f[1]] for f in on], **detail}
            if kind == RIVER:
                item["system"] = find_root(self.sparent, root)
            result.append(item)
        systems = {}
        for i in range(len(self.sparent)):
            if self.node_kind[i] in (RIVER, LAKE):
                systems.setdefault(find_root(self.sparent, i), []).append(i)
        huts_by_system = {}
        for f in self.figures:
            if f[1] == "hut":
                huts_by_system.setdefault(find_root(self.sparent, f[4]), []).append(f)
        for root in sorted(systems):
            huts = huts_by_system.get(root, [])
            zones = [list(self._node_place(i)) for i in systems[root]]
            result.append({"id": root, "kind": "river_system", "zones": zones, "fish": self.sfish[root],
                           "value": self.sfish[root], "owners": self._majority(huts),
                           "figures": [[f[0], "hut"] for f in huts], "complete": False})
        return result

    def remaining(self) -> dict:
        counts = {}
        for t in self.land:
            counts[T.TYPES[t].id] = counts.get(T.TYPES[t].id, 0) + 1
        return dict(sorted(counts.items()))

    def view(self, player) -> dict:
        last = self.placed[self.last] if self.last is not None else None
        return {
            "phase": self.phase,
            "turn": self.turn,
            "tiles": [{"type": T.TYPES[t].id, "x": x, "y": y, "rotation": r, "bonus": b}
                      for t, x, y, r, b in self.placed],
            "figures": [{"owner": f[0], "kind": f[1], "x": self.placed[f[2]][1], "y": self.placed[f[2]][2],
                         "zone": T.TYPES[self.placed[f[2]][0]].zones[f[3]].id, "cult": bool(f[5])}
                        for f in self.figures],
            "features": self.features(),
            "tile_to_place": T.TYPES[self.tile].id if self.tile is not None else None,
            "tile_is_bonus": self.tile_is_bonus if self.tile is not None else False,
            "last_placed": {"x": last[1], "y": last[2]} if last else None,
            "stack": {"land": len(self.land), "bonus": len(self.bonus)},
            "remaining": self.remaining(),
            "discarded": [T.TYPES[t].id for t in self.discarded],
            "supply": [{"members": self.members[p], "huts": self.huts[p]} for p in range(self.n)],
            "breakdown": self.breakdown() if self.phase == "over" else None,
        }

    # ---- JSON ------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {
            "n": self.n,
            "placed": [[T.TYPES[t].id, x, y, r, b] for t, x, y, r, b in self.placed],
            "figures": [[f[0], f[1], f[2], T.TYPES[self.placed[f[2]][0]].zones[f[3]].id, f[5]] for f in self.figures],
            "members": list(self.members), "huts": list(self.huts), "score": list(self.score),
            "score_log": list(self.score_log),
            "land": [T.TYPES[t].id for t in self.land], "bonus": [T.TYPES[t].id for t in self.bonus],
            "discarded": [T.TYPES[t].id for t in self.discarded],
            "current": self.current, "phase": self.phase,
            "tile": T.TYPES[self.tile].id if self.tile is not None else None,
            "tile_is_bonus": self.tile_is_bonus, "last": self.last,
            "bonus_pending": self.bonus_pending, "turn": self.turn, "bonus_tiles": list(self.bonus_tiles),
            "script": None if self.script is None else
            {k: [T.TYPES[t].id for t in reversed(v)] for k, v in self.script.items()},  # in draw order
            **self.base_json(),
        }


