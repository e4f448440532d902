"""The tile catalogue (tiles.json, read from the scans; see its `conventions`), turned into
rotated lookup tables once at import.

Segments are numbered 0..11 clockwise: N0 N1 N2 E0 E1 E2 S0 S1 S2 W0 W1 W2 (side * 3 + k).
Turning a tile a quarter clockwise moves segment i to (i + 3) % 12. Segment k of a side
touches segment 2 - k of the facing side of the neighbour.
"""

import itertools
import json
import pathlib

SIDES = "NESW"
DELTAS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N E S W; y grows to the south
FOREST, RIVER, MEADOW, LAKE = "forest", "river", "meadow", "lake"


def _segment_index(name: str) -> int:
    return SIDES.index(name[0]) * 3 + int(name[1])


class Zone:
    """A zone of a tile type (forest, river, meadow) or a lake, in catalogue orientation."""
    __slots__ = ("id", "kind", "segments", "gold", "mushrooms", "animals", "lakes",
                 "fish", "springs", "fire", "cult_site")

    def __init__(self, zid, kind):
        self.id, self.kind = zid, kind
        self.segments = ()
        self.gold = self.mushrooms = self.fish = self.springs = self.fire = self.cult_site = 0
        self.animals = {"deer": 0, "mammoth": 0, "aurochs": 0, "tiger": 0}
        self.lakes = ()  # river: the indexes of the lakes it ends in; lake: its rivers


class Rotated:
    """One tile type turned `rotation` quarter turns clockwise."""
    __slots__ = ("rotation", "edges", "seg_zone", "side_links", "side_zones")

    def __init__(self, tile, rotation):
        self.rotation = rotation
        self.edges = "".join(tile.edges[(s - rotation) % 4] for s in range(4))
        seg_zone = [0] * 12
        for zi, zone in enumerate(tile.zones):
            for seg in zone.segments:
                seg_zone[(seg + 3 * rotation) % 12] = zi
        self.seg_zone = tuple(seg_zone)
        # per side: (k, zone index) for each of its three segments. One zone may touch a side
        # in two segments (a meadow on both banks of a short river) and must join both.
        self.side_links = tuple(tuple((k, seg_zone[s * 3 + k]) for k in range(3)) for s in range(4))
        # per side: the different zones touching it (each is one open side of its feature)
        self.side_zones = tuple(tuple(sorted({seg_zone[s * 3 + k] for k in range(3)})) for s in range(4))


class TileType:
    __slots__ = ("index", "id", "kind", "count", "edges", "zones", "zone_ids", "rotations",
                 "distinct_rotations", "status", "specials")

    def __init__(self, index, raw):
        self.index = index
        self.id = raw["id"]
        self.kind = raw["kind"]
        self.count = raw["count"]
        self.status = raw.get("status", "")
        self.specials = dict(raw.get("specials", {}))
        self.edges = "".join(raw["edges"])
        zones = []
        lake_index = {}
        for z in raw["zones"]:
            zone = Zone(z["id"], z["type"])
            zone.segments = tuple(_segment_index(s) for s in z["segments"])
            zone.gold = z.get("gold_nuggets", 0)
            zone.mushrooms = z.get("mushroom_groups", 0)
            for animal, n in z.get("animals", {}).items():
                zone.animals[animal] += n
            zones.append(zone)
        for lake in raw.get("lakes", []):
            zone = Zone(lake["id"], LAKE)
            zone.fish = lake.get("fish", 0)
            lake_index[lake["id"]] = len(zones)
            zones.append(zone)
        by_id = {z.id: i for i, z in enumerate(zones)}
        for zr, zone in zip(raw["zones"], zones):
            if zone.kind == RIVER:
                ends = zr["ends"]
                zone.lakes = tuple(lake_index[e.split(":")[1]] for e in ends if e.startswith("lake:"))
                zone.springs = sum(1 for e in ends if e == "spring")
        for lake in raw.get("lakes", []):
            zones[lake_index[lake["id"]]].lakes = tuple(by_id[r] for r in lake["rivers"])
        meadows = [z for z in zones if z.kind == MEADOW]
        for special in ("fire", "cult_site"):
            if self.specials.get(special):
                if len(meadows) != 1:
                    raise ValueError(f"{self.id}: {special} needs exactly one meadow")
                setattr(meadows[0], special, 1)
        self.zones = tuple(zones)
        self.zone_ids = {z.id: i for i, z in enumerate(zones)}
        self.rotations = tuple(Rotated(self, r) for r in range(4))
        self.distinct_rotations = self._distinct_rotations()

    def _signature(self, r):
        """What a player sees of rotation r: the edges, which segments share a zone, and each
        zone's contents and lakes, whatever the zones and lakes are called. Zones on the edge
        are numbered by the first segment they touch; the others (lakes, rivers between a
        spring and a lake) take the numbering that gives the smallest signature."""
        rot = self.rotations[r]
        label = {}
        for z in rot.seg_zone:
            label.setdefault(z, len(label))
        inner = [zi for zi in range(len(self.zones)) if zi not in label]
        best = None
        for order in itertools.permutations(inner):
            full = {**label, **{zi: len(label) + i for i, zi in enumerate(order)}}
            attrs = []
            for zi in sorted(full, key=full.get):
                z = self.zones[zi]
                attrs.append((z.kind, z.gold, z.mushrooms, z.fish, z.springs, z.fire, z.cult_site,
                              tuple(sorted(z.animals.items())), tuple(sorted(full[i] for i in z.lakes))))
            sig = (rot.edges, tuple(full[z] for z in rot.seg_zone), tuple(attrs))
            if best is None or sig < best:
                best = sig
        return best

    def _distinct_rotations(self):
        seen, result = set(), []
        for r in range(4):
            sig = self._signature(r)
            if sig not in seen:
                seen.add(sig)
                result.append(r)
        return tuple(result)

    def offered_rotation(self, r: int) -> int:
        """The rotation offered in place of r: the smallest that looks the same."""
        sig = self._signature(r)
        return next(d for d in self.distinct_rotations if self._signature(d) == sig)

def _load():
    raw = json.loads(pathlib.Path(__file__).with_name("tiles.json").read_text(encoding="utf-8"))
    types = tuple(TileType(i, t) for i, t in enumerate(raw["tile_types"]))
    return raw, types


CATALOG, TYPES = _load()
BY_ID = {t.id: t for t in TYPES}
START = next(t for t in TYPES if t.kind == "start")
LAND = tuple(t for t in TYPES if t.kind == "land")
BONUS = tuple(t for t in TYPES if t.kind == "bonus")


def full_stack(kind_types) -> list[int]:
    """Every physical tile of these types, as type indexes, in catalogue order."""
    return [t.index for t in kind_types for _ in range(t.count)]
