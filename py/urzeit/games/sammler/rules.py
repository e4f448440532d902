"""The sammler rules: the state and the Game class.

Connected forests, rivers and meadows are kept in a union-find over the zones of placed
tiles; each root holds the feature's totals (open sides, gold, mushrooms, animals, fire).
A second union-find joins rivers and lakes into river systems (for huts), holding the fish.
"""

from bisect import bisect_left

from ...core.actions import find_legal
from ...core.errors import BadRequest, IllegalAction
from ...core.game import Chance, Game, State
from ...core.rng import Rng
from . import components as T
from .components import FOREST, LAKE, MEADOW, RIVER

MEMBERS = 5  # Stammesmitglieder per player
HUTS = 2
FIGURE_KINDS = ("gatherer", "fisher", "hunter", "hut")
# which figure may stand on which zone kind
FIGURES_FOR = {FOREST: ("gatherer",), RIVER: ("fisher", "hut"), MEADOW: ("hunter",), LAKE: ("hut",)}
ANIMALS = ("deer", "mammoth", "aurochs", "tiger")
# where points come from (the score log's categories): forests and rivers when completed, huts and
# hunters at the final scoring
SCORE_CATEGORIES = ("forests", "rivers", "huts", "hunters")

_FITS: dict = {}  # (open-position pattern, type index) -> rotations that fit


def _fits(pattern: str, type_index: int) -> tuple:
    key = (pattern, type_index)
    found = _FITS.get(key)
    if found is None:
        tile = T.TYPES[type_index]
        found = tuple(r for r in tile.distinct_rotations
                      if all(p == "." or p == e for p, e in zip(pattern, tile.rotations[r].edges)))
        _FITS[key] = found
    return found


def _zone_table(tile) -> tuple:
    """What _put appends for the zones of a tile type, one tuple per field in zone order; a
    forest's or river's open sides are the sides it touches (the same in every rotation)."""
    zones = tile.zones
    return (tuple(z.kind for z in zones),
            tuple(len({seg // 3 for seg in z.segments}) if z.kind in (FOREST, RIVER) else 0 for z in zones),
            tuple(z.gold for z in zones), tuple(z.mushrooms for z in zones), tuple(z.fire for z in zones),
            tuple((z.animals["deer"], z.animals["mammoth"], z.animals["aurochs"], z.animals["tiger"]) for z in zones),
            tuple(z.fish for z in zones),
            tuple((zi, lake) for zi, z in enumerate(zones) if z.kind == RIVER for lake in z.lakes))


_ZONE_TABLE = [_zone_table(tile) for tile in T.TYPES]  # by type index: _put runs in every simulation


def _find(parent: list, x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


class SammlerState(State):
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

    def _empty(self, n: int, rng: Rng | None):
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

    def _put(self, type_index: int, x: int, y: int, rotation: int, is_bonus: bool) -> int:
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
                    openc[_find(parent, node)] -= 1
            for k, zi in rot.side_links[side]:
                a = base + zi
                b = nbase + nseg[opp * 3 + 2 - k]
                self._union(a, b)
                if node_kind[a] == RIVER:
                    self._sunion(a, b)
        return idx

    def feature_root(self, node: int) -> int:
        """The node that stands for the connected forest, river or meadow holding `node`."""
        return _find(self.parent, node)

    def river_system_root(self, node: int) -> int:
        """The node that stands for the river system (rivers and their lakes) holding `node`."""
        return _find(self.sparent, node)

    def _union(self, a: int, b: int) -> None:
        p = self.parent
        ra, rb = _find(p, a), _find(p, b)
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
        ra, rb = _find(p, a), _find(p, b)
        if ra == rb:
            return
        if rb < ra:
            ra, rb = rb, ra
        p[rb] = ra
        self.sfish[ra] += self.sfish[rb]

    # ---- drawing ---------------------------------------------------------------------

    def placements(self, type_index: int) -> list[tuple]:
        """Every (x, y, rotation) where the tile fits, sorted; rotations that look the same once."""
        result = []
        get = _FITS.get
        open_ = self.open
        for pos in sorted(open_):
            pattern = open_[pos]
            rotations = get((pattern, type_index))
            if rotations is None:
                rotations = _fits(pattern, type_index)
            for r in rotations:
                result.append((pos[0], pos[1], r))
        return result

    def fits_somewhere(self, type_index: int) -> bool:
        get = _FITS.get
        for pattern in set(self.open.values()):
            rotations = get((pattern, type_index))
            if rotations is None:
                rotations = _fits(pattern, type_index)
            if rotations:
                return True
        return False

    def _queue_draw(self, kind: str) -> None:
        """The next tile of a stack is drawn as a chance step (kind "land" or "bonus")."""
        self.phase = "draw"
        self.tile = None
        self.due.append((kind,))

    def chance(self, slot) -> Chance:
        kind = slot[0]
        if self.script is not None:
            return Chance("sammler." + kind, [T.TYPES[self.script[kind][-1]].id], [1])
        outcomes, weights = [], []
        last = None
        for t in (self.land if kind == "land" else self.bonus):  # sorted: equal types are neighbours
            if t == last:
                weights[-1] += 1
            else:
                outcomes.append(T.TYPES[t].id)
                weights.append(1)
                last = t
        return Chance("sammler." + kind, outcomes, weights)

    def settle(self, events: list | None = None) -> list[dict]:
        """The base's settle, faster: Chance.pick over the sorted pool's counts takes the
        outcome covering number r, which is pool[r] itself (same numbers, same outcome), so
        seeded play need not count the pool at every draw."""
        events = [] if events is None else events
        while self.due:
            slot = self.due.pop(0)
            if self.script is None:
                pool = self.land if slot[0] == "land" else self.bonus
                outcome = T.TYPES[pool[self.rng.below(len(pool))]].id
            else:
                outcome = self.chance(slot).pick(self.rng)
            events += self.do_chance(slot, outcome)
        return events

    def do_chance(self, slot, outcome) -> list[dict]:
        """A drawn tile: it is to be placed if it fits somewhere, else it leaves the game and
        the next of the same stack is drawn."""
        kind = slot[0]
        is_bonus = kind == "bonus"
        t = T.BY_ID[outcome].index
        if self.script is not None:
            self.script[kind].pop()
        pool = self.bonus if is_bonus else self.land
        del pool[bisect_left(pool, t)]
        events = [{"type": "draw", "player": self.current, "tile": outcome, "bonus": is_bonus, "reveals": True}]
        if self.fits_somewhere(t):
            self.tile, self.tile_is_bonus, self.phase = t, is_bonus, "tile"
            return events
        self.discarded.append(t)
        events.append({"type": "discard", "tile": outcome, "bonus": is_bonus})
        if pool:
            self._queue_draw(kind)
        elif is_bonus:
            self._after_placement(events)
        else:
            self._final_scoring(events)
        return events

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
        taken = {(f[1], _find(sparent if f[1] == "hut" else parent, f[4])) for f in self.figures}
        result = []
        for zi, zone in enumerate(tile.zones):
            node = base + zi
            for kind in FIGURES_FOR[zone.kind]:
                if kind == "hut":
                    if self.huts[p] and ("hut", _find(sparent, node)) not in taken:
                        result.append({"type": "place_figure", "figure": kind, "zone": zone.id})
                elif self.members[p] and (kind, _find(parent, node)) not in taken:
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
        if r not in _fits(pattern, self.tile):
            tile = T.TYPES[self.tile]
            if r not in tile.distinct_rotations and tile.offered_rotation(r) in _fits(pattern, self.tile):
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
        idx = self._put(self.tile, x, y, r, self.tile_is_bonus)
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

    # ---- scoring ---------------------------------------------------------------------

    def _feature_nodes(self, root: int) -> list[int]:
        # _union keeps the smaller root, so a root is its feature's smallest node: start there
        parent = self.parent
        return [i for i in range(root, len(parent)) if _find(parent, i) == root]

    def feature_value(self, root: int) -> tuple[int, dict]:
        """Points of a forest or river now (as if complete), with what they are made of."""
        nodes = self._feature_nodes(root)
        tiles = len({self.node_tile[i] for i in nodes})
        if self.node_kind[root] == FOREST:
            return 2 * tiles + 2 * self.mush[root], {"tiles": tiles, "mushrooms": self.mush[root],
                                                     "gold": self.gold[root]}
        lakes = sorted({self.base[self.node_tile[i]] + lake for i in nodes
                        for lake in T.TYPES[self.placed[self.node_tile[i]][0]].zones[self.node_zone[i]].lakes})
        fish = sum(self.lake_fish(lake) for lake in lakes)
        return tiles + fish, {"tiles": tiles, "fish": fish, "lakes": len(lakes)}

    def lake_fish(self, lake_node: int) -> int:
        return T.TYPES[self.placed[self.node_tile[lake_node]][0]].zones[self.node_zone[lake_node]].fish

    def _node_place(self, node: int) -> tuple:
        """(x, y, zone id) of a zone node: where a feature is shown and named."""
        t, x, y, _, _ = self.placed[self.node_tile[node]]
        return x, y, T.TYPES[t].zones[self.node_zone[node]].id

    def _majority(self, figures: list) -> list[int]:
        counts = [0] * self.n
        for f in figures:
            counts[f[0]] += 1
        best = max(counts) if figures else 0
        return [p for p in range(self.n) if best and counts[p] == best]

    def _award(self, players, points, category, detail, events):
        for p in players:
            self.score[p] += points
            entry = {"player": p, "category": category, "points": points, **detail}
            self.score_log.append(entry)
        events.append({"type": "score", "category": category, "players": list(players),
                       "points": points, **detail})

    def _score_completed(self, events: list) -> None:
        """Wertung fertiger Flüsse und Wälder, right after the figure step."""
        idx = self.last
        tile = T.TYPES[self.placed[idx][0]]
        base = self.base[idx]
        roots = sorted({_find(self.parent, base + zi) for zi, z in enumerate(tile.zones)
                        if z.kind in (FOREST, RIVER)})
        for root in roots:
            if self.openc[root] != 0:
                continue
            kind = self.node_kind[root]
            figure_kind = "gatherer" if kind == FOREST else "fisher"
            on = [f for f in self.figures if f[1] == figure_kind and _find(self.parent, f[4]) == root]
            points, detail = self.feature_value(root)
            x, y, zone_id = self._node_place(root)
            detail = {"feature": kind, "x": x, "y": y, **detail}
            winners = self._majority(on)
            events.append({"type": "complete", "feature": kind, "x": x, "y": y, "zone": zone_id,
                           "points": points, "players": winners})
            if winners:
                self._award(winners, points, "forests" if kind == FOREST else "rivers", detail, events)
            for f in on:  # Rückkehr der Stammesmitglieder
                self.figures.remove(f)
                self.members[f[0]] += 1
                events.append({"type": "return", "player": f[0], "figure": f[1]})
            if kind == FOREST and self.gold[root] and not self.placed[idx][4]:
                self.bonus_pending += 1  # gold: the player who completed it draws a bonus tile

    def _after_placement(self, events: list) -> None:
        """What comes after a turn's figure step, or after a bonus stack ran out while drawing:
        a pending bonus tile, else the next player's landscape tile, else the end."""
        if self.bonus_pending:
            if self.bonus:
                self.bonus_pending -= 1
                self._queue_draw("bonus")
                return
            self.bonus_pending = 0  # no bonus tile left to draw
        if not self.land:
            self._final_scoring(events)
            return
        self.current = (self.current + 1) % self.n
        self.turn += 1
        self._queue_draw("land")

    def _final_scoring(self, events: list) -> None:
        """Schlusswertung: huts per river system, hunters per meadow."""
        self.phase = "over"
        self.over = True
        self.tile = None
        # Hütten: per river system, majority of huts scores 1 per fish in the whole system
        systems = {}
        for f in self.figures:
            if f[1] == "hut":
                systems.setdefault(_find(self.sparent, f[4]), []).append(f)
        for root in sorted(systems):
            fish = self.sfish[root]
            winners = self._majority(systems[root])
            x, y, _ = self._node_place(root)
            if fish:
                self._award(winners, fish, "huts", {"feature": "river_system", "x": x, "y": y, "fish": fish}, events)
        # Jäger: per meadow, 2 per mammoth, aurochs and deer not taken by a tiger
        meadows = {}
        for f in self.figures:
            if f[1] == "hunter":
                meadows.setdefault(_find(self.parent, f[4]), []).append(f)
        for root in sorted(meadows):
            points, detail = self.meadow_value(root)
            cult = [f for f in meadows[root] if f[5]]
            winners = [cult[0][0]] if cult else self._majority(meadows[root])
            x, y, _ = self._node_place(root)
            detail = {"feature": "meadow", "x": x, "y": y, "cult_site": bool(cult), **detail}
            if points:
                self._award(winners, points, "hunters", detail, events)
        events.append({"type": "game_over", "scores": list(self.score)})

    def meadow_value(self, root: int) -> tuple[int, dict]:
        deer, mammoth, aurochs, tigers = self.animals[root]
        fire = self.fire[root] > 0
        active_tigers = 0 if fire else tigers  # Feuer verjagt alle Tiger der Wiese
        counted_deer = max(0, deer - active_tigers)
        points = 2 * (mammoth + aurochs + counted_deer)
        return points, {"deer": deer, "mammoth": mammoth, "aurochs": aurochs, "tigers": tigers,
                        "fire": fire, "deer_counted": counted_deer}

    # ---- views ---------------------------------------------------------------------

    def features(self) -> list[dict]:
        """Every connected forest, river and meadow, and every river system with a lake or
        hut: extent, figures, completion and current value."""
        groups = {}
        for i in range(len(self.parent)):
            if self.node_kind[i] != LAKE:
                groups.setdefault(_find(self.parent, i), []).append(i)
        result = []
        for root in sorted(groups):
            kind = self.node_kind[root]
            nodes = groups[root]
            zones = [list(self._node_place(i)) for i in nodes]
            figure_kind = {FOREST: "gatherer", RIVER: "fisher", MEADOW: "hunter"}[kind]
            on = [f for f in self.figures if f[1] == figure_kind and _find(self.parent, f[4]) == root]
            if kind == MEADOW:
                value, detail = self.meadow_value(root)
                complete = False
            else:
                value, detail = self.feature_value(root)
                complete = self.openc[root] == 0
            item = {"id": root, "kind": kind, "zones": zones, "complete": complete, "value": value,
                    "owners": self._majority(on), "figures": [[f[0], f[1]] for f in on], **detail}
            if kind == RIVER:
                item["system"] = _find(self.sparent, root)
            result.append(item)
        systems = {}
        for i in range(len(self.sparent)):
            if self.node_kind[i] in (RIVER, LAKE):
                systems.setdefault(_find(self.sparent, i), []).append(i)
        for root in sorted(systems):
            huts = [f for f in self.figures if f[1] == "hut" and _find(self.sparent, f[4]) == root]
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

    def breakdown(self) -> list[dict]:
        result = []
        for p in range(self.n):
            entries = [e for e in self.score_log if e["player"] == p]
            sums = {c: sum(e["points"] for e in entries if e["category"] == c)
                    for c in SCORE_CATEGORIES}
            result.append({"total": self.score[p], **sums, "entries": entries})
        return result

    def end_figures(self) -> list[dict]:
        """Points by feature from the actual scoring (the score log), how many features of each
        kind scored for the seat, and the bonus tiles it placed (its gold)."""
        result = []
        for p in range(self.n):
            entries = [e for e in self.score_log if e["player"] == p]
            result.append({
                "points": {c: sum(e["points"] for e in entries if e["category"] == c) for c in SCORE_CATEGORIES},
                "counts": {**{f"{c}_scored": sum(1 for e in entries if e["category"] == c) for c in SCORE_CATEGORIES},
                           "bonus_tiles": self.bonus_tiles[p]},
            })
        return result

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


def _type_list(ids, kind: str, what: str) -> list[int]:
    if not isinstance(ids, list):
        raise BadRequest(f"setup.{what} must be a list of tile type ids",
                         reason="sammler.setup_not_a_list", params={"stack": what})
    result = []
    for tid in ids:
        tile = T.BY_ID.get(tid) if isinstance(tid, str) else None
        if tile is None or tile.kind != kind:
            raise BadRequest(f"setup.{what}: {tid!r} is not a {kind} tile type",
                             reason="sammler.setup_unknown_tile", params={"stack": what, "tile": str(tid)})
        result.append(tile.index)
    return result


class Sammler(Game):
    id = "sammler"
    art = ("art.sammler_tiles", "tiles")  # build.py draws the tile art from tiles.json
    titles = {"de": "Carcassonne – Jäger und Sammler", "en": "Carcassonne – Hunters and Gatherers"}
    min_players = 2
    max_players = 5
    options = {"setup": {"default": None}}

    # The rules' example: Red's gatherer in a forest with gold; Blue completes it with the
    # fourth tile (5 tiles with the start tile): Red scores 10, Blue draws a bonus tile.
    EXAMPLE = (("L07", 1, 0, 0, "F1"), ("L03", 2, 0, 2, None), ("L07", 0, 1, 1, None), ("L03", 0, 2, 3, None))

    def rules_example(self):
        s = self.new_game(2, 1, {"setup": {"tiles": [m[0] for m in self.EXAMPLE] + ["L01"], "bonus": ["B10"]}})
        figures = []
        for tile, x, y, r, zone in self.EXAMPLE:
            figures = s.view(None)["figures"]
            events = s.apply({"type": "place_tile", "x": x, "y": y, "rotation": r})
            events += s.apply({"type": "place_figure", "figure": "gatherer", "zone": zone} if zone else {"type": "pass"})
        score = next(e for e in events if e["type"] == "score")
        return s, {"score": score, "figures": figures, "closer": 1, "bonus": s.tile_is_bonus and s.current == 1}

    def _new(self, players: int, seed: int, options: dict) -> SammlerState:
        s = SammlerState.__new__(SammlerState)
        s._empty(players, Rng(seed))
        setup = options["setup"]
        if setup is None:
            land = T.full_stack(T.LAND)
            bonus = T.full_stack(T.BONUS)
        else:
            if not isinstance(setup, dict) or not set(setup) <= {"tiles", "bonus"} or "tiles" not in setup:
                raise BadRequest('setup is {"tiles": [land type ids in draw order], "bonus": [...]}',
                                 reason="sammler.setup_shape")
            land = _type_list(setup["tiles"], "land", "tiles")
            bonus = _type_list(setup.get("bonus", []), "bonus", "bonus")
            if not land:
                raise BadRequest("setup.tiles needs at least one landscape tile", reason="sammler.setup_no_tiles")
            s.script = {"land": land[::-1], "bonus": bonus[::-1]}  # drawn from the end
        s.land, s.bonus = sorted(land), sorted(bonus)
        s._put(T.START.index, 0, 0, 0, False)
        s._queue_draw("land")  # the first tile: drawn by Game.new_game (seeded) or a driver
        return s

    def from_json(self, d: dict) -> SammlerState:
        s = SammlerState.__new__(SammlerState)
        s._empty(d["n"], None)
        s.base_from_json(d)
        for tid, x, y, r, b in d["placed"]:
            s._put(T.BY_ID[tid].index, x, y, r, b)
        for owner, kind, idx, zone_id, cult in d["figures"]:
            zi = T.TYPES[s.placed[idx][0]].zone_ids[zone_id]
            s.figures.append([owner, kind, idx, zi, s.base[idx] + zi, cult])
        s.members, s.huts, s.score = list(d["members"]), list(d["huts"]), list(d["score"])
        s.score_log = list(d["score_log"])
        s.land = sorted(T.BY_ID[t].index for t in d["land"])
        s.bonus = sorted(T.BY_ID[t].index for t in d["bonus"])
        script = d.get("script")
        s.script = None if script is None else {k: [T.BY_ID[t].index for t in reversed(script[k])]
                                                for k in ("land", "bonus")}
        s.discarded = [T.BY_ID[t].index for t in d["discarded"]]
        s.current, s.phase = d["current"], d["phase"]
        s.over = s.phase == "over"
        s.tile = T.BY_ID[d["tile"]].index if d["tile"] is not None else None
        s.tile_is_bonus, s.last = d["tile_is_bonus"], d["last"]
        s.bonus_pending, s.turn = d["bonus_pending"], d["turn"]
        s.bonus_tiles = list(d.get("bonus_tiles", [0] * s.n))  # a state written before they were counted
        return s


GAME = Sammler()
