"""An independent, slow reference model of Carcassonne – Jäger und Sammler (1st edition).

Written from the rules text (/work/shared/rules/carcassonne-jaeger-und-sammler.txt) and the
tile catalogue (tiles.json and its `conventions`) only; it never imports the engine's game
code. Where the rules text is silent it follows docs/sammler.md ("Readings"). Clarity over
speed: every feature is recomputed from the whole board after every tile.

Model:
- A placed tile is (type, rotation); rotation = quarter turns clockwise, so catalogue side
  i (N, E, S, W) lies on side (i + rotation) % 4, segment numbers unchanged.
- Segment k of an edge touches segment 2-k of the facing edge (catalogue `matching`).
- Forests, rivers and meadows are the connected zones of one type; a river ends in a lake
  (rivers meeting in one lake are separate rivers: "von Seen ... begrenzt"). A river system
  (for huts) is rivers plus lakes: "wird nicht durch Seen unterbrochen".
- A forest or river is complete when none of its segments lies on an open edge.
"""

import json

SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
MEMBERS = ("gatherer", "fisher", "hunter")  # Stammesmitglieder: Sammler, Fischer, Jäger
FIGURE_ON = {"gatherer": "forest", "fisher": "river", "hunter": "meadow"}


class TileType:
    def __init__(self, raw):
        self.id = raw["id"]
        self.kind = raw["kind"]
        self.count = raw["count"]
        self.zones = {z["id"]: z for z in raw["zones"]}
        self.lakes = {lake["id"]: lake for lake in raw["lakes"]}
        self.specials = raw.get("specials", {})
        self._looks = {}
        self.zone_at = {}  # catalogue segment "N0" -> zone id
        for z in raw["zones"]:
            for seg in z["segments"]:
                assert seg not in self.zone_at, (self.id, seg)
                self.zone_at[seg] = z["id"]
        for side in SIDES:  # the edge_segments must agree with the zones
            for k in range(3):
                assert self.zones[self.zone_at[f"{side}{k}"]]["type"] == raw["edge_segments"][side][k], (self.id, side, k)
        # which lakes each river flows into (from both the river's ends and the lake's list)
        self.lake_links = set()
        for z in raw["zones"]:
            for end in z.get("ends", []):
                if end.startswith("lake:"):
                    self.lake_links.add((z["id"], end[5:]))
        for lake in raw["lakes"]:
            for r in lake["rivers"]:
                self.lake_links.add((r, lake["id"]))

    def zone_on(self, rotation, side, k):
        """Zone id lying on segment k of board side `side` when placed with `rotation`."""
        cat_side = SIDES[(SIDES.index(side) - rotation) % 4]
        return self.zone_at[f"{cat_side}{k}"]

    def seg_type(self, rotation, side, k):
        return self.zones[self.zone_on(rotation, side, k)]["type"]

    def look(self, rotation):
        if rotation not in self._looks:
            self._looks[rotation] = self._look(rotation)
        return self._looks[rotation]

    def _look(self, rotation):
        """Everything that matters for play, with zone and lake ids replaced by their order of
        first appearance: two rotations with the same look are the same placement."""
        order, lake_order = {}, {}
        segs = []
        for side in SIDES:
            for k in range(3):
                z = self.zone_on(rotation, side, k)
                order.setdefault(z, len(order))
                segs.append(order[z])
        for z in sorted(self.zones):  # zones on no edge (L18's inner meadow) come last
            order.setdefault(z, len(order))
        for z in sorted(self.zones, key=lambda z: order[z]):
            for (r, lake) in sorted(self.lake_links):
                if r == z:
                    lake_order.setdefault(lake, len(lake_order))
        zones = []
        for z in sorted(self.zones, key=lambda z: order[z]):
            d = self.zones[z]
            zones.append((d["type"], tuple(sorted(d.get("animals", {}).items())),
                          d.get("gold_nuggets", 0), d.get("mushroom_groups", 0),
                          tuple(sorted(lake_order[lk] for (r, lk) in self.lake_links if r == z))))
        lakes = tuple(self.lakes[lk]["fish"] for lk in sorted(lake_order, key=lake_order.get))
        return (tuple(segs), tuple(zones), lakes)


class Catalogue:
    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        self.types = {t["id"]: TileType(t) for t in data["tile_types"]}
        self.start = next(t for t in self.types.values() if t.kind == "start")

    def distinct_rotations(self, type_id):
        """The rotations that look different, each by its smallest number."""
        t, seen, out = self.types[type_id], set(), []
        for r in range(4):
            lk = t.look(r)
            if lk not in seen:
                seen.add(lk)
                out.append(r)
        return out


class UnionFind:
    def __init__(self):
        self.parent = {}

    def add(self, a):
        self.parent.setdefault(a, a)

    def find(self, a):
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def groups(self):
        out = {}
        for a in self.parent:
            out.setdefault(self.find(a), []).append(a)
        return [sorted(g) for g in out.values()]


class Feature:
    """A forest, river, meadow or river system: its zones [(x, y, id)] and what they hold."""

    def __init__(self, kind, nodes, game):
        self.kind = kind
        self.zones = frozenset(nodes)
        cat, board = game.cat, game.board
        zone_nodes = [n for n in nodes if not n[2].startswith("L")]
        self.tiles = len({(x, y) for (x, y, _) in zone_nodes})
        self.open = 0  # segments on an open edge
        self.gold = self.mushrooms = 0
        self.animals = {"deer": 0, "mammoth": 0, "aurochs": 0, "tiger": 0}
        self.fire = self.cult = False
        lakes = set()
        for (x, y, zid) in nodes:
            ttype = cat.types[board[(x, y)][0]]
            if zid in ttype.lakes:
                lakes.add((x, y, zid))
                continue
            z = ttype.zones[zid]
            for seg in z["segments"]:
                side = SIDES[(SIDES.index(seg[0]) + board[(x, y)][1]) % 4]
                dx, dy = STEP[side]
                if (x + dx, y + dy) not in board:
                    self.open += 1
            self.gold += z.get("gold_nuggets", 0)
            self.mushrooms += z.get("mushroom_groups", 0)
            for a, n in z.get("animals", {}).items():
                self.animals[a] += n
            if kind == "meadow":  # fire and cult site belong to the only meadow of their tile
                self.fire |= bool(ttype.specials.get("fire"))
                self.cult |= bool(ttype.specials.get("cult_site"))
            for (r, lk) in ttype.lake_links:
                if r == zid:
                    lakes.add((x, y, lk))
        self.lakes = lakes  # for a river: the lakes it ends in; for a system: all its lakes
        self.fish = sum(cat.types[board[(x, y)][0]].lakes[lk]["fish"] for (x, y, lk) in lakes)
        self.complete = self.open == 0

    def value(self):
        if self.kind == "forest":  # 2 Punkte je Karte (Waldstück), +2 Punkte pro Pilzgruppe
            return 2 * self.tiles + 2 * self.mushrooms
        if self.kind == "river":  # 1 Punkt je Karte (Abschnitt), +1 Punkt pro Fisch in Seen
            return self.tiles + self.fish
        if self.kind == "river_system":  # Hütten: 1 Punkt pro Fisch im Flusssystem
            return self.fish
        a = self.animals  # Jäger: 2 per animal; each tiger takes one deer (fire drives them off)
        deer = a["deer"] if self.fire else max(0, a["deer"] - a["tiger"])
        return 2 * (deer + a["mammoth"] + a["aurochs"])


class Game:
    """The state of one game as the reference sees it. The draws (which tile comes next) are
    given from outside; everything else is computed here."""

    def __init__(self, cat, players, land=None, bonus=None):
        """land / bonus: the type ids of a given (shorter) stack, as in the engine's setup option;
        None = the whole box."""
        self.cat = cat
        self.players = players
        self.board = {(0, 0): (cat.start.id, 0)}
        self.bonus_flag = {(0, 0): False}
        self.figures = []  # dicts: owner, kind, x, y, zone, cult
        self.members = [5] * players
        self.huts = [2] * players
        self.scores = [0] * players
        self.cats = [dict(forests=0, rivers=0, huts=0, hunters=0) for _ in range(players)]
        self.current = 0
        self.phase = "tile"
        self.tile = None  # type id to place now
        self.tile_is_bonus = False
        self.last = None  # (x, y) of the tile just placed
        self.bonus_due = 0  # bonus tiles still owed to the current player this turn
        self.over = False
        if land is None:
            land = [t.id for t in cat.types.values() if t.kind == "land" for _ in range(t.count)]
        if bonus is None:
            bonus = [t.id for t in cat.types.values() if t.kind == "bonus" for _ in range(t.count)]
        self.land_left = len(land)
        self.bonus_left = len(bonus)
        self.remaining = {}
        for tid in land:
            self.remaining[tid] = self.remaining.get(tid, 0) + 1
        self._features = None

    # --- features -------------------------------------------------------------------------
    def features(self):
        if self._features is None:
            self._features = self._compute_features()
        return self._features

    def _compute_features(self):
        zones_uf, system_uf = UnionFind(), UnionFind()
        kind_of = {}
        for (x, y), (tid, rot) in self.board.items():
            t = self.cat.types[tid]
            for zid, z in t.zones.items():
                zones_uf.add((x, y, zid))
                kind_of[(x, y, zid)] = z["type"]
                if z["type"] == "river":
                    system_uf.add((x, y, zid))
            for lk in t.lakes:
                system_uf.add((x, y, lk))
        for (x, y), (tid, rot) in self.board.items():
            t = self.cat.types[tid]
            for (r, lk) in t.lake_links:
                system_uf.union((x, y, r), (x, y, lk))
            for side in SIDES:
                dx, dy = STEP[side]
                nb = self.board.get((x + dx, y + dy))
                if nb is None:
                    continue
                nt = self.cat.types[nb[0]]
                for k in range(3):
                    a = (x, y, t.zone_on(rot, side, k))
                    b = (x + dx, y + dy, nt.zone_on(nb[1], OPPOSITE[side], 2 - k))
                    assert kind_of[b] == kind_of[a], (a, b)
                    zones_uf.union(a, b)
                    if kind_of[a] == "river":
                        system_uf.union(a, b)
        feats = []
        for g in zones_uf.groups():
            feats.append(Feature(kind_of[g[0]], g, self))
        for g in system_uf.groups():
            feats.append(Feature("river_system", g, self))
        return feats

    def feature_of(self, kind, node):
        for f in self.features():
            if f.kind == kind and node in f.zones:
                return f
        raise KeyError((kind, node))

    def figures_on(self, feature, kinds):
        return [f for f in self.figures if (f["x"], f["y"], f["zone"]) in feature.zones and f["kind"] in kinds]

    @staticmethod
    def most(figs):
        """Players with the most figures (all of them if tied): "Haben mehrere Spieler die
        meisten ..., so erhalten alle die volle Punktzahl"."""
        count = {}
        for f in figs:
            count[f["owner"]] = count.get(f["owner"], 0) + 1
        if not count:
            return []
        top = max(count.values())
        return sorted(p for p, n in count.items() if n == top)

    def owners(self, feature):
        if feature.kind == "river_system":
            return self.most(self.figures_on(feature, ("hut",)))
        if feature.kind == "meadow":
            hunters = self.figures_on(feature, ("hunter",))
            cult = [f for f in hunters if f["cult"]]
            return [cult[0]["owner"]] if cult else self.most(hunters)
        return self.most(self.figures_on(feature, ("gatherer", "fisher")))

    # --- Landschaftskarte legen -------------------------------------------------------------
    def fits(self, tid, x, y, rot):
        if (x, y) in self.board:
            return False
        t, touching = self.cat.types[tid], False
        for side in SIDES:
            dx, dy = STEP[side]
            nb = self.board.get((x + dx, y + dy))
            if nb is None:
                continue
            touching = True  # "mit mindestens einer Seite ... angelegt"
            nt = self.cat.types[nb[0]]
            for k in range(3):  # "Alle Wiesen, Flüsse und Wälder müssen fortgesetzt werden"
                if t.seg_type(rot, side, k) != nt.seg_type(nb[1], OPPOSITE[side], 2 - k):
                    return False
        return touching

    def legal_placements(self, tid=None):
        tid = tid or self.tile
        spots = set()
        for (x, y) in self.board:
            for dx, dy in STEP.values():
                if (x + dx, y + dy) not in self.board:
                    spots.add((x + dx, y + dy))
        return sorted((x, y, r) for (x, y) in spots for r in self.cat.distinct_rotations(tid)
                      if self.fits(tid, x, y, r))

    def place_tile(self, x, y, rot):
        assert self.phase == "tile" and not self.over
        # any rotation that fits is a legal placement; legal_placements() lists one per look
        assert self.fits(self.tile, x, y, rot), ("illegal placement", self.tile, x, y, rot)
        self.board[(x, y)] = (self.tile, rot)
        self.bonus_flag[(x, y)] = self.tile_is_bonus
        self.last = (x, y)
        self._features = None
        self.phase = "figure"

    # --- Stammesmitglied oder Hütte setzen -----------------------------------------------------
    def legal_figures(self):
        x, y = self.last
        t = self.cat.types[self.board[(x, y)][0]]
        out = []
        p = self.current
        for zid, z in sorted(t.zones.items()):
            node = (x, y, zid)
            if self.members[p] > 0:
                for kind in MEMBERS:
                    if FIGURE_ON[kind] == z["type"]:
                        f = self.feature_of(z["type"], node)
                        # "darf kein anderes Stammesmitglied (auch kein eigenes) stehen"
                        if not self.figures_on(f, MEMBERS):
                            out.append((kind, zid))
            if z["type"] == "river" and self.huts[p] > 0:
                if not self.figures_on(self.feature_of("river_system", node), ("hut",)):
                    out.append(("hut", zid))
        if self.huts[p] > 0:  # "Hütten müssen immer auf einen Fluss oder See gesetzt werden"
            for lk in sorted(t.lakes):
                if not self.figures_on(self.feature_of("river_system", (x, y, lk)), ("hut",)):
                    out.append(("hut", lk))
        return sorted(out)

    def place_figure(self, kind, zone):
        """kind None = pass. Then the completed forests and rivers are scored."""
        assert self.phase == "figure"
        if kind is not None:
            assert (kind, zone) in self.legal_figures(), ("illegal figure", kind, zone)
            x, y = self.last
            tid = self.board[(x, y)][0]
            # Kultstätte: the hunter laid on the cult site's meadow with the tile (docs/sammler.md)
            cult = kind == "hunter" and bool(self.cat.types[tid].specials.get("cult_site"))
            self.figures.append(dict(owner=self.current, kind=kind, x=x, y=y, zone=zone, cult=cult))
            if kind == "hut":
                self.huts[self.current] -= 1
            else:
                self.members[self.current] -= 1
        self.score_completed()
        self.phase = "tile"
        self.tile = None

    def award(self, players, points, category):
        for p in players:
            self.scores[p] += points
            self.cats[p][category] += points

    def score_completed(self):
        """Wertung fertiger Flüsse und Wälder, then the bonus tiles for gold."""
        x, y = self.last
        done = [f for f in self.features() if f.kind in ("forest", "river") and f.complete
                and any((zx, zy) == (x, y) for (zx, zy, _) in f.zones)]
        for f in done:
            members = self.figures_on(f, ("gatherer", "fisher"))
            self.award(self.most(members), f.value(), "forests" if f.kind == "forest" else "rivers")
            for m in members:  # Rückkehr der Stammesmitglieder
                self.figures.remove(m)
                self.members[m["owner"]] += 1
            # "bekommt der Spieler, der den Wald fertig gestellt hat, 1 Karte vom Bonusstapel"
            # one per completed gold forest; none for a forest completed by a bonus tile
            if f.kind == "forest" and f.gold > 0 and not self.tile_is_bonus:
                self.bonus_due += 1

    # --- drawing (the draw itself comes from outside) --------------------------------------
    def next_draw_is_bonus(self):
        """After a figure step: does the current player now draw a bonus tile?"""
        return self.bonus_due > 0 and self.bonus_left > 0

    def draw(self, tid, bonus):
        """The next tile is `tid`. Returns False (and discards it) if it fits nowhere."""
        assert self.phase == "tile" and self.tile is None
        t = self.cat.types[tid]
        if bonus:
            assert self.next_draw_is_bonus() and t.kind == "bonus"
            self.bonus_left -= 1
        else:
            assert t.kind == "land" and self.remaining.get(tid, 0) > 0, tid
            self.remaining[tid] -= 1
            self.land_left -= 1
        if not self.legal_placements(tid):
            return False  # "wird sie aus dem Spiel genommen und der Spieler bekommt eine neue Karte"
        if bonus:
            self.bonus_due -= 1
        self.tile, self.tile_is_bonus = tid, bonus
        return True

    def end_turn(self):
        """No bonus tile is owed: the next player, or the end after the last landscape tile."""
        self.bonus_due = 0
        self.current = (self.current + 1) % self.players

    # --- Schlusswertung -------------------------------------------------------------------
    def final_scoring(self):
        for f in self.features():
            if f.kind == "river_system":
                self.award(self.owners(f), f.value(), "huts")
            elif f.kind == "meadow":
                self.award(self.owners(f), f.value(), "hunters")
        self.over = True
