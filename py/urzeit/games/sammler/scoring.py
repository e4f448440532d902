"""Carcassonne – Jäger und Sammler's scoring, as the rules name it: Wertung fertiger Flüsse
und Wälder (_score_completed), Bonuskarten (_after_placement), Schlusswertung (_final_scoring:
Hütten, Jäger, Feuer, Kultstätte); what a feature is worth, the majority, each seat's
breakdown and end figures. A part of SammlerState (rules.py)."""

from . import components as T
from .components import FOREST, RIVER

# where points come from (the score log's categories): forests and rivers when completed, huts and
# hunters at the final scoring
SCORE_CATEGORIES = ("forests", "rivers", "huts", "hunters")


def find_root(parent: list, x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x



class SammlerScoring:
    """SammlerState's scoring."""
    __slots__ = ()

    def _feature_nodes(self, root: int) -> list[int]:
        # _union keeps the smaller root, so a root is its feature's smallest node: start there
        parent = self.parent
        return [i for i in range(root, len(parent)) if find_root(parent, i) == root]

    def feature_value(self, root: int, nodes: list[int] | None = None) -> tuple[int, dict]:
        """Points of a forest or river now (as if complete), with what they are made of. `nodes`:
        the feature's nodes when the caller has grouped them already (the view groups all at once)."""
        if nodes is None:
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
        roots = sorted({find_root(self.parent, base + zi) for zi, z in enumerate(tile.zones)
                        if z.kind in (FOREST, RIVER)})
        for root in roots:
            if self.openc[root] != 0:
                continue
            kind = self.node_kind[root]
            figure_kind = "gatherer" if kind == FOREST else "fisher"
            on = [f for f in self.figures if f[1] == figure_kind and find_root(self.parent, f[4]) == root]
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
                self.queue_draw("bonus")
                return
            self.bonus_pending = 0  # no bonus tile left to draw
        if not self.land:
            self._final_scoring(events)
            return
        self.current = (self.current + 1) % self.n
        self.turn += 1
        self.queue_draw("land")

    def _final_scoring(self, events: list) -> None:
        """Schlusswertung: huts per river system, hunters per meadow."""
        self.phase = "over"
        self.over = True
        self.tile = None
        # Hütten: per river system, majority of huts scores 1 per fish in the whole system
        systems = {}
        for f in self.figures:
            if f[1] == "hut":
                systems.setdefault(find_root(self.sparent, f[4]), []).append(f)
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
                meadows.setdefault(find_root(self.parent, f[4]), []).append(f)
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
