"""Carcassonne – Jäger und Sammler as a Game: titles, players, options, the set-up (a stack
from options.setup, a lesson's or a test's), a state from JSON, and the rules' worked
example."""

from ...core.errors import BadRequest
from ...core.game import Game
from ...core.rng import Rng
from . import components as T
from .rules import SammlerState


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
    descriptions = {
        "de": "Lege Landschaftskarten an, setze Sammler in Wälder und Flüsse und Jäger auf die Wiesen.",
        "en": "Lay landscape tiles, put gatherers in forests and rivers and hunters on the meadows.",
    }
    min_players = 2
    max_players = 5
    minutes = (30, 45)
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
        s.init_empty(players, Rng(seed))
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
        s.put_tile(T.START.index, 0, 0, 0, False)
        s.queue_draw("land")  # the first tile: drawn by Game.new_game (seeded) or a driver
        return s

    def from_json(self, d: dict) -> SammlerState:
        s = SammlerState.__new__(SammlerState)
        s.init_empty(d["n"], None)
        s.base_from_json(d)
        for tid, x, y, r, b in d["placed"]:
            s.put_tile(T.BY_ID[tid].index, x, y, r, b)
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
