"""Chance drivers: who supplies the outcome of a chance event that is due.

A state made with chance="external" stops at every chance event (`state.chance_due()`); a
driver picks the outcome and `drive` hands it to `state.apply_chance`. Local play needs no
driver (the state's own seeded Rng draws at once); replays, tests, lessons and the fair
protocol use these."""

from .rng import Rng


class SeededDriver:
    """Outcomes from an Rng, weighted: what a seeded state does by itself."""

    def __init__(self, seed: int):
        self.rng = Rng(seed)

    def __call__(self, chance):
        return chance.pick(self.rng)


class RecordingDriver:
    """Passes another driver's outcomes on and keeps them (kind, outcome) in `record`."""

    def __init__(self, inner):
        self.inner = inner
        self.record = []

    def __call__(self, chance):
        outcome = self.inner(chance)
        self.record.append([chance.kind, outcome])
        return outcome


class RecordedDriver:
    """Outcomes read back from a record, in order; the kind must match what is due."""

    def __init__(self, record):
        self.record = list(record)
        self.i = 0

    def __call__(self, chance):
        if self.i >= len(self.record):
            raise ValueError(f"the record has no outcome for draw {self.i} ({chance.kind})")
        kind, outcome = self.record[self.i]
        if kind != chance.kind:
            raise ValueError(f"draw {self.i}: the record says {kind}, the game draws {chance.kind}")
        self.i += 1
        return outcome


class ScriptedDraws:
    """A lesson's draws (urzeit.lessons): per chance kind the next outcome of its list; a draw
    the script has no outcome for (an unexpected move made more draws) is drawn from `seed`."""

    def __init__(self, draws: dict, seed: int):
        self.queues = {k: list(v) for k, v in draws.items()}
        self.rng = Rng(seed)

    def __call__(self, chance):
        queue = self.queues.get(chance.kind)
        while queue:
            outcome = queue.pop(0)
            i = chance.index_of(outcome)
            if i >= 0 and chance.weights[i] > 0:
                return outcome
        return chance.pick(self.rng)


class AdversarialDriver:
    """A test driver: the rarest outcome, the first or the last by turns (the edges a seeded
    game seldom reaches: the last copy of a tile, the same card again and again)."""

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def __call__(self, chance):
        possible = [i for i, w in enumerate(chance.weights) if w > 0]
        how = self.rng.below(3)
        if how == 0:
            i = min(possible, key=lambda j: (chance.weights[j], j))
        else:
            i = possible[0] if how == 1 else possible[-1]
        return chance.outcomes[i]


def drive(state, driver, events=None) -> list:
    """Resolve every chance event now due with `driver`; returns the events they caused."""
    events = [] if events is None else events
    while state.chance_due() is not None:
        events += state.apply_chance(driver(state.chance_due()))
    return events
