"""What the research adapters share (no third-party package): the action bound, the canonical
JSON of a view and its feature-hashed tensor."""

import json
import zlib

MAX_ACTIONS = 512   # action ids and chance outcomes per state (the games use at most 64)
TENSOR_SIZE = 2048  # numbers in a view's tensor


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def view_tensor(view, out) -> None:
    """Feature hashing of a JSON view into the float array `out` (overwritten). A leaf's
    slot is the CRC-32 of its path, run on from its parent's (no path strings are built)."""
    size = len(out)
    acc = [0.0] * size  # a list: numpy's item access is slower than the hashing
    crc32 = zlib.crc32
    stack = [(0, view)]
    while stack:
        crc, v = stack.pop()
        if isinstance(v, dict):
            stack.extend((crc32(f"/{k}".encode(), crc), x) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((crc32(b"/%d" % i, crc), x) for i, x in enumerate(v))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            acc[crc % size] += v
        elif isinstance(v, str):
            acc[crc32(b"=" + v.encode(), crc) % size] += 1
        else:  # true, false, null
            acc[crc32(b"~" + repr(v).encode(), crc) % size] += 1
    out[:] = acc
