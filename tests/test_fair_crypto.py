"""Fair play's cryptography: Ed25519 against RFC 8032's test vectors, hash chains, canonical
text, and joint draws that are uniform over the weighted outcomes."""

import hashlib
import math
import secrets

import pytest

from urzeit.fair import crypto

# RFC 8032, section 7.1: TEST 1, 2, 3 and SHA(abc)
VECTORS = [
    ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
     "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
    ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
     "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
    ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
     "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
    ("833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     hashlib.sha512(b"abc").hexdigest(),
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
     "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"),
]


@pytest.mark.parametrize("sk,pk,msg,sig", VECTORS)
def test_rfc8032_vectors(sk, pk, msg, sig):
    sk, pk, msg, sig = map(bytes.fromhex, (sk, pk, msg, sig))
    assert crypto.public_key(sk) == pk
    assert crypto.sign(sk, msg) == sig
    assert crypto.verify(pk, msg, sig)


@pytest.mark.parametrize("sk,pk,msg,sig", VECTORS[:2])
def test_verify_refuses_any_change(sk, pk, msg, sig):
    sk, pk, msg, sig = map(bytes.fromhex, (sk, pk, msg, sig))
    assert not crypto.verify(pk, msg + b"\0", sig)
    for i in (0, 31, 32, 63):
        bad = bytearray(sig)
        bad[i] ^= 1
        assert not crypto.verify(pk, msg, bytes(bad))
    other = crypto.public_key(bytes(32))
    assert not crypto.verify(other, msg, sig)
    # S + L is the same S modulo L: a second spelling of one signature, refused
    s = int.from_bytes(sig[32:], "little") + crypto._L
    assert not crypto.verify(pk, msg, sig[:32] + s.to_bytes(32, "little"))
    assert not crypto.verify(pk, msg, sig[:63]) and not crypto.verify(pk[:31], msg, sig)
    assert not crypto.verify(b"\xff" * 32, msg, sig)  # y >= p: no point


def test_fresh_keys_sign_and_verify():
    sk = crypto.new_secret_key()
    pk = crypto.public_key(sk)
    msg = {"kind": "act", "action": {"type": "pass"}, "n": 3}
    signed = crypto.sign_message(sk, pk, msg)
    assert crypto.verify(pk, crypto.message_bytes(signed), crypto.unb64(signed["sig"], 64))
    assert crypto.message_bytes(signed) == b'{"action":{"type":"pass"},"kind":"act","n":3}'


def test_b64_has_one_spelling():
    data = bytes(range(32))
    text = crypto.b64(data)
    assert crypto.unb64(text, 32) == data
    assert crypto.unb64(text + "=") is None and crypto.unb64(text, 31) is None
    assert crypto.unb64(text[:-1] + chr(ord(text[-1]) + 1)) is None  # the unused low bits differ
    assert crypto.unb64(7) is None and crypto.unb64("ä") is None


def test_a_chain_reveals_backwards_and_each_reveal_hashes_to_the_one_before():
    chain = crypto.Chain(20)
    head = chain.commitment
    assert chain.length == 20
    for k in range(20):
        r = chain.reveal(k)
        assert crypto.follows(r, head) and not crypto.follows(head, r)
        head = r
    with pytest.raises(IndexError):
        chain.reveal(20)
    secret = secrets.token_bytes(32)
    h = secret
    for _ in range(5):
        h = hashlib.sha256(h).digest()
    assert crypto.Chain(5, secret).commitment == h  # c = H^N(s)


def test_below_and_pick():
    seed = b"x" * 32
    assert crypto.below(seed, 1) == 0
    assert all(0 <= crypto.below(bytes([i]) * 32, 5) < 5 for i in range(200))
    assert [crypto.pick([2, 0, 3], r) for r in range(5)] == [0, 0, 2, 2, 2]
    with pytest.raises(ValueError):
        crypto.pick([1, 1], 2)


def test_the_draw_depends_on_every_reveal_the_game_and_the_index():
    gid, rs = secrets.token_bytes(32), [secrets.token_bytes(32) for _ in range(3)]
    base = crypto.draw_seed(gid, 4, rs)
    assert crypto.draw_seed(gid, 5, rs) != base
    assert crypto.draw_seed(secrets.token_bytes(32), 4, rs) != base
    for i in range(3):
        other = list(rs)
        other[i] = secrets.token_bytes(32)
        assert crypto.draw_seed(gid, 4, other) != base
    assert crypto.draw_seed(gid, 4, rs[::-1]) != base


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for chi-square with an even number of degrees of freedom (closed form)."""
    term, total = 1.0, 1.0
    for i in range(1, df // 2):
        term *= (x / 2) / i
        total += term
    return math.exp(-x / 2) * total


def test_joint_draws_are_uniform_over_the_weighted_outcomes():
    weights = [1, 2, 3, 5, 9]  # 5 outcomes, total 20: four of five totals are rejected in part
    n = 20_000
    gid = secrets.token_bytes(32)
    counts = [0] * len(weights)
    for k in range(n):
        counts[crypto.joint_draw(gid, k, [secrets.token_bytes(32), secrets.token_bytes(32)], weights)] += 1
    total = sum(weights)
    chi2 = sum((c - n * w / total) ** 2 / (n * w / total) for c, w in zip(counts, weights))
    p = chi2_sf(chi2, len(weights) - 1)
    assert p > 0.001, (counts, chi2, p)


def test_below_is_uniform_where_rejection_matters():
    # n = 5 takes 3 bits: 8 values, 3 of them rejected; a modulo would favour 0, 1, 2
    n, draws = 5, 10_000
    counts = [0] * n
    for k in range(draws):
        counts[crypto.below(k.to_bytes(8, "big"), n)] += 1
    chi2 = sum((c - draws / n) ** 2 / (draws / n) for c in counts)
    assert chi2_sf(chi2, n - 1) > 0.001, counts
