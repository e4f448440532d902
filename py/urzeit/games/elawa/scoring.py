"""Elawa's scoring: what each card in a tribe scores (gap #33), the scores, the winners (a tie
goes to the most resources left, gap #34), each seat's breakdown and end figures. A part of
ElawaState (rules.py)."""

from .components import CARD_KINDS, CARDS


def card_points(card_id: str, tribe: list, stored: dict) -> int:
    """What one card in a tribe scores (gap #33)."""
    card = CARDS[card_id]
    sc = card["scoring"]
    kind = sc["kind"]
    if kind == "fixed":
        return sc["points"]
    if kind == "per_card_of_colour_in_tribe":
        n = sum(1 for c in tribe if CARDS[c]["colour"] == sc["colour"] and (c != card_id or sc["counts_itself"]))
        return sc["points"] * n
    if kind == "per_card_of_type_in_tribe":
        n = sum(1 for c in tribe if CARDS[c]["type"] == sc["card_type"] and (c != card_id or sc["counts_itself"]))
        return sc["points"] * n
    if kind == "per_resource_on_card":
        return sc["points"] * len(stored.get(card_id, ()))
    if kind == "per_distinct_resource_kind_on_card":
        return sc["points"] * len(set(stored.get(card_id, ())))  # a bone stands in for one kind
    raise ValueError(kind)


class ElawaScoring:
    """ElawaState's scoring."""
    __slots__ = ()

    def score_of(self, p: int) -> int:
        return sum(card_points(c, self.tribes[p], self.stored[p]) for c in self.tribes[p])

    def scores(self) -> list[int]:
        return [self.score_of(p) for p in range(self.n)]

    def winners(self) -> list[int]:
        """Most points; on a tie the most available resources (gap #34); else shared."""
        if not self.over:
            return []
        key = [(self.score_of(p), sum(self.avail[p].values())) for p in range(self.n)]
        best = max(key)
        return [p for p in range(self.n) if key[p] == best]


    def end_figures(self) -> list[dict]:
        """As Board Game Arena shows it: points by card kind (they add up to the score), the
        tribe's cards by kind, the resources taken and those left at the end (the tie-break)."""
        result = []
        for p in range(self.n):
            tribe = self.tribes[p]
            points = {k: 0 for k in CARD_KINDS}
            counts = {f"cards_{k}": 0 for k in CARD_KINDS}
            for c in tribe:
                points[CARDS[c]["type"]] += card_points(c, tribe, self.stored[p])
                counts[f"cards_{CARDS[c]['type']}"] += 1
            counts["resources_taken"] = self.taken[p]
            counts["resources_left"] = sum(self.avail[p].values())
            result.append({"points": points, "counts": counts})
        return result


    def breakdown(self) -> list[dict]:
        return [{"total": self.score_of(p),
                 "cards": [{"card": c, "points": card_points(c, self.tribes[p], self.stored[p])} for c in self.tribes[p]],
                 "resources": sum(self.avail[p].values())} for p in range(self.n)]
