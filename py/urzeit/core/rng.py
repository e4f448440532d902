"""The engine's own PRNG (SplitMix64).

Its whole state is one 64-bit integer, saved with the game as a hex string (a JSON number
would lose precision in JavaScript). It gives the same numbers in CPython and Pyodide,
unlike the `random` module, whose methods other than random() may change between versions.
"""

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
TWO64 = 1 << 64


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next_u64()
            if r < limit:
                return r % n

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place: item i swaps with below(i + 1), for i from the end down.
        below() and next_u64() are written out here (the same numbers): the bots shuffle
        whole stacks for every simulation, and the calls were most of that time."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = TWO64 - TWO64 % n
            while True:
                state = (state + GOLDEN) & MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self, salt: int) -> "Rng":
        """An independent generator derived from this one's state and a salt."""
        return Rng(self.state ^ ((salt * GOLDEN) & MASK64) ^ 0x5DEECE66D)

    def clone(self) -> "Rng":
        return Rng(self.state)

    def to_json(self) -> str:
        return format(self.state, "016x")

    @classmethod
    def from_json(cls, s: str) -> "Rng":
        if not isinstance(s, str) or len(s) != 16:
            raise ValueError("rng state must be 16 hex digits")
        return cls(int(s, 16))
