"""The cryptography of fair play, in pure Python (no run-time dependencies; the same code runs
in CPython and in Pyodide): SHA-256 hash chains, the unbiased draw from all players' reveals,
Ed25519 signatures (RFC 8032) and the canonical bytes a message is signed as.

Secrets come from `secrets` (in Pyodide: the browser's crypto.getRandomValues), never from the
engine's Rng or `random`."""

import base64
import hashlib
import json
import secrets

# ---- bytes as text ------------------------------------------------------------------------


def b64(data: bytes) -> str:
    """base64url without padding: the shortest link-safe text for binary fields."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text, size: int | None = None) -> bytes | None:
    """The bytes of a b64() text, or None. Only the one canonical spelling is accepted: the
    unused low bits of the last character could otherwise spell the same bytes differently,
    and a record could change without its signatures noticing."""
    if not isinstance(text, str) or not text.isascii():
        return None
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        return None
    if b64(data) != text or (size is not None and len(data) != size):
        return None
    return data


def canonical(value) -> bytes:
    """The one byte string of a JSON value: sorted keys, no spaces, ASCII, no NaN."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def digest(value) -> str:
    """The hash of a JSON value (a table, an engine state), as text."""
    return b64(sha256(canonical(value)))


# ---- hash chains ----------------------------------------------------------------------------


class Chain:
    """A seat's secret chain: s, H(s), H(H(s)), ..., H^N(s). The commitment H^N(s) is published
    before the game; draw k reveals H^(N-1-k)(s), which hashes to the value before it, so every
    reveal is fixed in advance and none tells anything about the next."""

    def __init__(self, length: int, secret: bytes | None = None):
        if length < 1:
            raise ValueError("a chain needs at least one link")
        value = secrets.token_bytes(32) if secret is None else secret
        links = [value]
        for _ in range(length):
            value = sha256(value)
            links.append(value)
        self.links = links  # links[N] is the commitment

    @property
    def length(self) -> int:
        return len(self.links) - 1

    @property
    def commitment(self) -> bytes:
        return self.links[-1]

    def reveal(self, k: int) -> bytes:
        """The preimage for draw k (0-based)."""
        if not 0 <= k < self.length:
            raise IndexError("the chain is used up")
        return self.links[self.length - 1 - k]


def follows(reveal: bytes, previous: bytes) -> bool:
    """Does `reveal` hash to `previous` (the commitment for draw 0, else the last reveal)?"""
    return sha256(reveal) == previous


# ---- the draw ------------------------------------------------------------------------------

DRAW_TAG = b"urzeit-fair/draw/1"


def draw_seed(gid: bytes, index: int, reveals: list) -> bytes:
    """All seats' reveals for draw `index` of game `gid`, in seat order, as one hash (every part
    has a fixed length, so no two inputs run together)."""
    parts = [DRAW_TAG, gid, index.to_bytes(8, "big")]
    for r in reveals:
        if len(r) != 32:
            raise ValueError("a reveal is 32 bytes")
        parts.append(r)
    return sha256(b"".join(parts))


def below(seed: bytes, n: int) -> int:
    """A uniform integer in [0, n) from a seed: SHA-256(seed ‖ counter) blocks, each taken to
    the bit length of n-1 and rejected if not below n (no modulo bias; fewer than two blocks
    are needed on average)."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    if n == 1:
        return 0
    bits = (n - 1).bit_length()
    if bits > 256:
        raise ValueError("at most 2^256 outcomes")
    mask = (1 << bits) - 1
    counter = 0
    while True:
        r = int.from_bytes(sha256(seed + counter.to_bytes(8, "big")), "big") & mask
        if r < n:
            return r
        counter += 1


def pick(weights: list, r: int) -> int:
    """The index of the outcome that covers number r: outcome i covers weights[i] numbers, as
    core.game.Chance.pick counts."""
    for i, w in enumerate(weights):
        r -= w
        if r < 0:
            return i
    raise ValueError("r is not below the total weight")


def joint_draw(gid: bytes, index: int, reveals: list, weights: list, sub: int = 0) -> int:
    """The outcome index of the `sub`-th draw settled by round `index` of all seats' reveals,
    weighted."""
    seed = sha256(draw_seed(gid, index, reveals) + sub.to_bytes(8, "big"))
    return pick(weights, below(seed, sum(weights)))


# ---- Ed25519 (RFC 8032, section 5.1; the reference code of its section 6, with a table for
# the base point). Python integers are not constant-time: a key made for one game and a
# timing channel inside one browser tab are not worth more here. ------------------------------

_P = 2 ** 255 - 19
_L = 2 ** 252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)


def _add(p, q):
    x1, y1, z1, t1 = p
    x2, y2, z2, t2 = q
    a = (y1 - x1) * (y2 - x2) % _P
    b = (y1 + x1) * (y2 + x2) % _P
    c = 2 * t1 * t2 * _D % _P
    d = 2 * z1 * z2 % _P
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


def _double(p):
    x1, y1, z1, _ = p
    a = x1 * x1 % _P
    b = y1 * y1 % _P
    c = 2 * z1 * z1 % _P
    h = a + b
    e = h - (x1 + y1) * (x1 + y1)
    g = a - b
    f = c + g
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


_ZERO = (0, 1, 1, 0)


def _mul(s: int, p):
    """s·p for s < 2^256, four bits at a time (a table of p..15p)."""
    table = [_ZERO, p]
    for _ in range(14):
        table.append(_add(table[-1], p))
    q = _ZERO
    for i in range(252, -1, -4):
        q = _double(_double(_double(_double(q))))
        d = (s >> i) & 15
        if d:
            q = _add(q, table[d])
    return q


def _recover_x(y: int, sign: int):
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P:
        return None
    if (x & 1) != sign:
        x = _P - x
    return x


_GY = 4 * pow(5, _P - 2, _P) % _P
_GX = _recover_x(_GY, 0)
_G = (_GX, _GY, 1, _GX * _GY % _P)
_G_TABLE = []  # _G_TABLE[j][d] = d·16^j·G: a multiple of G is 64 additions, no doublings


def _mul_base(s: int):
    if not _G_TABLE:
        p = _G
        for _ in range(64):
            row = [_ZERO, p]
            for _ in range(14):
                row.append(_add(row[-1], p))
            _G_TABLE.append(row)
            p = _double(_double(_double(_double(p))))
    q = _ZERO
    for row in _G_TABLE:
        d = s & 15
        if d:
            q = _add(q, row[d])
        s >>= 4
    return q


def _equal(p, q) -> bool:
    return (p[0] * q[2] - q[0] * p[2]) % _P == 0 and (p[1] * q[2] - q[1] * p[2]) % _P == 0


def _compress(p) -> bytes:
    zinv = pow(p[2], _P - 2, _P)
    x, y = p[0] * zinv % _P, p[1] * zinv % _P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def _decompress(data: bytes):
    if len(data) != 32:
        return None
    y = int.from_bytes(data, "little")
    sign = y >> 255
    y &= (1 << 255) - 1
    x = _recover_x(y, sign)
    return None if x is None else (x, y, 1, x * y % _P)


def _hash_int(data: bytes) -> int:
    return int.from_bytes(hashlib.sha512(data).digest(), "little") % _L


def _expand(secret: bytes):
    if len(secret) != 32:
        raise ValueError("an Ed25519 secret key is 32 bytes")
    h = hashlib.sha512(secret).digest()
    a = int.from_bytes(h[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    return a, h[32:]


def new_secret_key() -> bytes:
    return secrets.token_bytes(32)


def public_key(secret: bytes) -> bytes:
    a, _ = _expand(secret)
    return _compress(_mul_base(a))


def sign(secret: bytes, message: bytes, public: bytes | None = None) -> bytes:
    a, prefix = _expand(secret)
    public = _compress(_mul_base(a)) if public is None else public
    r = _hash_int(prefix + message)
    big_r = _compress(_mul_base(r))
    s = (r + _hash_int(big_r + public + message) * a) % _L
    return big_r + s.to_bytes(32, "little")


_KEYS = {}


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """RFC 8032 verification ([S]B = R + [k]A), refusing a non-canonical S or point."""
    if len(public) != 32 or len(signature) != 64:
        return False
    a = _KEYS.get(public)
    if a is None:
        a = _decompress(public)
        if a is not None and len(_KEYS) < 64:  # a game has a few keys, each used for every message
            _KEYS[public] = a
    r = _decompress(signature[:32])
    if a is None or r is None:
        return False
    s = int.from_bytes(signature[32:], "little")
    if s >= _L:
        return False
    k = _hash_int(signature[:32] + public + message)
    return _equal(_mul_base(s), _add(r, _mul(k, a)))


# ---- signed messages -------------------------------------------------------------------------


def message_bytes(message: dict) -> bytes:
    """What a message's signature covers: its canonical JSON without the "sig" field."""
    return canonical({k: v for k, v in message.items() if k != "sig"})


def sign_message(secret: bytes, public: bytes, message: dict) -> dict:
    signed = dict(message)
    signed["sig"] = b64(sign(secret, message_bytes(message), public))
    return signed
