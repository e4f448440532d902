"""Our Ed25519 (fair/crypto.py, written from RFC 8032) against a maintained implementation,
OpenSSL's through the `cryptography` package (a test dependency only: the engine has none), over
thousands of random keys and messages: the same public keys, the same signatures (Ed25519 is
deterministic), each side verifying the other's, and a flipped bit refused by both."""

import random

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from urzeit.fair import crypto

KEYS = 2000  # keys, signatures and the library's verifications (about 1 ms a case)
OURS = 300   # of them, our own verifications too (about 3 ms each in pure Python)


def library_verifies(public: bytes, message: bytes, signature: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, message)
    except InvalidSignature:
        return False
    return True


def flip(rng, public, message, signature):
    """The same triple with one random bit flipped in the key, the message or the signature."""
    parts = [bytearray(public), bytearray(message), bytearray(signature)]
    bit = rng.randrange(8 * sum(map(len, parts)))
    for part in parts:
        if bit < 8 * len(part):
            part[bit // 8] ^= 1 << (bit % 8)
            break
        bit -= 8 * len(part)
    return tuple(map(bytes, parts))


def test_our_ed25519_and_openssls_agree_on_random_keys_and_messages():
    rng = random.Random(39)  # a fixed seed: a failure names its case and comes again
    for case in range(KEYS):
        secret, message = rng.randbytes(32), rng.randbytes(rng.choice([0, 1, 32, rng.randrange(400)]))
        lib = Ed25519PrivateKey.from_private_bytes(secret)
        public = crypto.public_key(secret)
        assert public == lib.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw), f"case {case}: public key"
        ours, theirs = crypto.sign(secret, message, public), lib.sign(message)
        assert ours == theirs, f"case {case}: signature of {message.hex()} by {secret.hex()}"
        assert library_verifies(public, message, ours), f"case {case}"
        bad = flip(rng, public, message, ours)
        assert not library_verifies(*bad), f"case {case}: {[x.hex() for x in bad]}"
        if case < OURS:
            assert crypto.verify(public, message, theirs), f"case {case}: {message.hex()} by {secret.hex()}"
            assert not crypto.verify(*bad), f"case {case}: {[x.hex() for x in bad]}"


def test_each_refuses_a_signature_made_with_another_key():
    rng = random.Random(8032)
    for case in range(50):
        a, b, message = rng.randbytes(32), rng.randbytes(32), rng.randbytes(64)
        public_b = crypto.public_key(b)
        theirs = Ed25519PrivateKey.from_private_bytes(a).sign(message)
        assert not crypto.verify(public_b, message, theirs), f"case {case}"
        assert not library_verifies(public_b, message, crypto.sign(a, message)), f"case {case}"
