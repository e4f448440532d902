"""Carcassonne – Jäger und Sammler's draws: the landscape and bonus tiles are two unseen
stacks (sorted pools), and the next tile of a stack is drawn as a chance step when it is due;
a drawn tile that fits nowhere leaves the game. A part of SammlerState (rules.py)."""

from bisect import bisect_left

from ...core.game import Chance
from . import components as T

_FITS: dict = {}  # (open-position pattern, type index) -> rotations that fit


def fitting(pattern: str, type_index: int) -> tuple:
    key = (pattern, type_index)
    found = _FITS.get(key)
    if found is None:
        tile = T.TYPES[type_index]
        found = tuple(r for r in tile.distinct_rotations
                      if all(p == "." or p == e for p, e in zip(pattern, tile.rotations[r].edges)))
        _FITS[key] = found
    return found


class SammlerDraws:
    """SammlerState's chance steps and where a tile fits."""
    __slots__ = ()

    def placements(self, type_index: int) -> list[tuple]:
        """Every (x, y, rotation) where the tile fits, sorted; rotations that look the same once."""
        result = []
        get = _FITS.get
        open_ = self.open
        for pos in sorted(open_):
            pattern = open_[pos]
            rotations = get((pattern, type_index))
            if rotations is None:
                rotations = fitting(pattern, type_index)
            for r in rotations:
                result.append((pos[0], pos[1], r))
        return result

    def fits_somewhere(self, type_index: int) -> bool:
        get = _FITS.get
        for pattern in set(self.open.values()):
            rotations = get((pattern, type_index))
            if rotations is None:
                rotations = fitting(pattern, type_index)
            if rotations:
                return True
        return False

    def queue_draw(self, kind: str) -> None:
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
            self.queue_draw(kind)
        elif is_bonus:
            self._after_placement(events)
        else:
            self._final_scoring(events)
        return events
