"""Mental poker for private draws (docs/fair-play.md, "Private draws"): SRA commutative
encryption `E_k(m) = m^k mod P` over a fixed safe prime, cards encoded as quadratic residues.

P is the 1536-bit MODP prime of RFC 3526 (group 5), a safe prime `P = 2Q + 1` with Q prime
(tests/test_fair_poker.py checks both by Miller-Rabin). Cards are `(i + 2)^2 mod P`, so every
card and every encryption of one lies in the subgroup of order Q: the Legendre symbol, which
anyone can compute, says nothing about a card. Keys are numbers from 1 to Q - 1 (all
invertible mod Q); exponents combine mod Q. A seat's own keys are 256-bit numbers (short
exponents: the best attack on one, Pollard's kangaroo, needs about 2^128 steps, more than the
~90 bits the 1536-bit group itself gives; RFC 3526 asks 180-240 bits for this group). They make
the shuffles about six times cheaper than full-size keys; the lock's exponent `k⁻¹ k_j mod Q`
and an opening's `(k_1 ⋯ k_n)⁻¹ mod Q` stay full-size.

A seat's secrets (its deck key, its per-card keys and its shuffle) all come from one 32-byte
seed from `secrets`, stretched by SHA-256 (a seed is what its browser stores to go on after
a reload); the engine's Rng never touches them."""

import hashlib

from . import crypto

P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA237327FFFFFFFFFFFFFFFF", 16)
Q = (P - 1) // 2
SIZE = (P.bit_length() + 7) // 8  # 192 bytes: a group element or a key in a message
KEY_BYTES = 32


def code(i: int) -> int:
    """Card number i (its index among the deck's distinct cards) as a quadratic residue."""
    return pow(i + 2, 2, P)


def jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd n > 0; for the prime P it is the Legendre symbol (1: a
    residue). The binary algorithm: about a millisecond, against ~10 ms for a^Q mod P."""
    a %= n
    t = 1
    while a:
        z = (a & -a).bit_length() - 1
        a >>= z
        if z & 1 and n % 8 in (3, 5):
            t = -t
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            t = -t
        a %= n
    return t if n == 1 else 0


def is_element(x) -> bool:
    """A card code or an encryption of one: an integer 2..P-1 that is a quadratic residue."""
    return isinstance(x, int) and not isinstance(x, bool) and 1 < x < P and jacobi(x, P) == 1


def enc(x: int, k: int) -> int:
    return pow(x, k, P)


def inverse(k: int) -> int:
    return pow(k, -1, Q)


def to_text(x: int) -> str:
    return crypto.b64(x.to_bytes(SIZE, "big"))


def from_text(s):
    """The number a message field spells (192 bytes, base64url), or None."""
    raw = crypto.unb64(s, SIZE) if isinstance(s, str) else None
    return None if raw is None else int.from_bytes(raw, "big")


def is_key(k) -> bool:
    return isinstance(k, int) and 0 < k < Q


def commitment(gid: bytes, seat: int, pos: int, key: int) -> str:
    """The hash a seat signs for its key of deck position `pos` before anyone may see the key
    (a key is a ~1536-bit random number: no salt needed to hide it)."""
    h = hashlib.sha256(b"urzeit-poker-key\0" + gid + bytes([seat]) + pos.to_bytes(2, "big")
                       + key.to_bytes(SIZE, "big"))
    return crypto.b64(h.digest())


class Secrets:
    """One seat's deck secrets, all derived from `seed` (32 bytes from `secrets`)."""

    def __init__(self, seed: bytes, size: int):
        self.seed = seed
        self.deck_key = self._number(b"deck", 0)
        self.keys = [self._number(b"card", j) for j in range(size)]

    def _stream(self, label: bytes, j: int, nbytes: int) -> bytes:
        out, i = b"", 0
        while len(out) < nbytes:
            out += hashlib.sha256(self.seed + label + j.to_bytes(4, "big") + i.to_bytes(4, "big")).digest()
            i += 1
        return out[:nbytes]

    def _number(self, label: bytes, j: int) -> int:
        """A key: a uniform 256-bit number, not 0 (below Q: invertible mod Q)."""
        return int.from_bytes(self._stream(label, j, KEY_BYTES), "big") or 1

    def permutation(self, n: int) -> list[int]:
        """A uniform shuffle of range(n) (Fisher-Yates, 256-bit numbers reduced: no visible bias)."""
        order = list(range(n))
        for i in range(n - 1, 0, -1):
            j = int.from_bytes(self._stream(b"perm", i, 32), "big") % (i + 1)
            order[i], order[j] = order[j], order[i]
        return order

    def shuffle(self, deck: list[int], per_card: bool) -> list[int]:
        """Encrypt every entry and shuffle: with the deck key, or (the last seat to shuffle) with
        the per-card key of each entry's new position, so no later re-keying is needed."""
        order = self.permutation(len(deck))
        if per_card:
            return [enc(deck[order[j]], self.keys[j]) for j in range(len(deck))]
        return [enc(deck[order[j]], self.deck_key) for j in range(len(deck))]

    def lock(self, deck: list[int]) -> list[int]:
        """Replace the deck key by the per-card key of every position: x^(k⁻¹ k_j)."""
        inv = inverse(self.deck_key)
        return [enc(x, inv * k % Q) for x, k in zip(deck, self.keys)]


def open_card(c: int, keys: list[int]):
    """The card code under position c's every seat's key; E_{k1..kn}(m) = c."""
    e = 1
    for k in keys:
        e = e * k % Q
    return enc(c, inverse(e))


def sealed(m: int, keys: list[int]) -> int:
    """m encrypted with every seat's key of one position."""
    e = 1
    for k in keys:
        e = e * k % Q
    return enc(m, e)


def same_multiset(a: list[int], b: list[int]) -> bool:
    return sorted(a) == sorted(b)
