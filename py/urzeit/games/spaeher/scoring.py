"""Jäger und Späher's scoring: the points (a sunset, Sonnenuntergang durchführen: members
less hunger less cards in hand, never below 0), a turn's end and the game's (the goal, the
hunt over, a stall, the turn limit), the winner and the end figures. A part of SpaeherState
(rules.py)."""

from .components import GOAL, HUNGER_CAP, LOCS, SETUP, STALL_SUNSETS, TURN_LIMIT


class SpaeherScoring:
    """SpaeherState's scoring and end."""
    __slots__ = ()

    def scores(self) -> list[int]:
        return list(self.vp)

    def winners(self) -> list[int]:
        """More points wins. A tie at the goal goes to the second player (gap #56). A game that
        ends without the goal (hunt over, stalled, turn limit) and is tied goes to the tribe
        that would score more at a sunset now (members - hunger - cards in hand; ours), and
        only then to the second player. So there is always exactly one winner."""
        if not self.over:
            return []
        if self.vp[0] != self.vp[1]:
            return [0 if self.vp[0] > self.vp[1] else 1]
        if self.end != "goal":
            balance = [self.sunset_preview(p)["delta"] for p in range(2)]
            if balance[0] != balance[1]:
                return [0 if balance[0] > balance[1] else 1]
        return [1 - self.first]

    def winner(self):
        """The one winner (the view's and the end event's field), None before the end."""
        w = self.winners()
        return w[0] if w else None


    def sunset_preview(self, p) -> dict:
        members = self.members_in_play(p)
        penalty = len(self.hand[p])
        delta = members - self.hunger[p] - penalty
        return {"members": members, "hunger": self.hunger[p], "hand_penalty": penalty,
                "delta": delta, "vp_after": max(0, self.vp[p] + delta)}


    # the sunset

    def _sunset(self, p, events):
        pre = self.sunset_preview(p)
        change = pre["vp_after"] - self.vp[p]  # the delta, unless it would go below 0
        self.vp[p] = pre["vp_after"]  # never below 0 (gap #41)
        self.earned[p]["sunsets"] += change
        self.sunsets[p] += 1
        self.calm[p] += 1  # back to 0 at the end of the turn if anyone's points rose
        events.append({"type": "sunset", "player": p, **pre, "points": change})
        for site in self.sites:
            self._site_effect(site, p, "sunset", events)
        self.hunger[p] += pre["members"]  # feeding (gap #42)
        self._continue_sunset(p, events)

    def _continue_sunset(self, p, events):
        if self.hunger[p] >= HUNGER_CAP and self.members_in_play(p) > 0:  # gap #43
            self.phase = "sunset_lose"
            return
        if self.mode == "normal" and len(self.items[p]) > 1:  # keep one uncreated item
            self.phase = "sunset_keep"
            return
        self._begin_take(p, events)

    def _lose_member(self, p, where, events):
        if where == "tribe":
            self.tribe[p] -= 1
        elif self.location(where):
            self.location(where)["members"].remove(p)
        else:
            self.site(where)["members"][p] -= 1
        self.supply[p] += 1
        self.hunger[p] -= 3
        events.append({"type": "lose_member", "player": p, "where": where})

    def _begin_take(self, p, events):
        self.taken = 0
        self.take_range = list(SETUP[self.mode]["take_at_sunset"])
        if not any(self.display):  # gap #47
            self._end_turn(events)
        else:
            self.phase = "sunset_take"

    # a turn's end and the game's

    def _end_turn(self, events):
        p = self.current
        self.turns += 1
        self.steps, self.pool, self.playing, self.revealed, self.fresh = [], [], None, None, []
        events.append({"type": "end_turn", "player": p})
        if any(v > w for v, w in zip(self.vp, self.last_vp)):
            self.calm = [0, 0]
        self.last_vp = list(self.vp)
        if self.final is not None and p == self.final:
            return self._game_over(events, "goal")
        if p != self.first and min(self.calm) >= STALL_SUNSETS:
            return self._game_over(events, "stalled")  # ours: nobody gained a point for that long
        if self.turns >= TURN_LIMIT and p != self.first:  # our last safety net
            return self._game_over(events, "turn_limit")
        if self.hunt_over is None and not self._meat_left():
            self.hunt_over = list(self.sunsets)
            events.append({"type": "hunt_over"})
        if self.hunt_over is not None and p != self.first and all(
                n > h for n, h in zip(self.sunsets, self.hunt_over)):
            return self._game_over(events, "hunt_over")  # each has had one more sunset since
        if self.final is None and max(self.vp) >= GOAL:
            if p == self.first:  # the second player gets one more full turn (gap #55)
                self.final = 1 - p
            else:
                return self._game_over(events, "goal")
        self.current = 1 - p
        self.phase = "turn"

    def _meat_left(self) -> bool:
        """Our rule for a hunt that is over (docs/spaeher.md): with no hunting ground left to
        reveal and no meat on the open cards, hunger can only grow and the game could stall,
        so it ends after the round in which both players have had one more sunset."""
        if any(LOCS[c]["kind"] == "hunt" for c in self.hunt_deck):  # a setup may stack any card
            return True
        return any(r == "meat" and not c for l in self.locations
                   for r, c in zip(LOCS[l["id"]]["resources"], l["covered"]))

    def _game_over(self, events, end):
        self.over = True
        self.phase = "over"
        self.end = end
        events.append({"type": "game_over", "scores": list(self.vp), "winner": self.winner(), "end": end})

    def end_figures(self) -> list[dict]:
        """Points by source as they were earned (start, sunsets, items, sacred sites: they add
        up to the score), the items made and the sunsets called."""
        return [{"points": {k: self.earned[p][k] for k in ("start", "sunsets", "items", "sites")},
                 "counts": {"items_made": len(self.created[p]), "sunsets_called": self.sunsets[p]}}
                for p in range(2)]
