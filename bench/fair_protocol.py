"""Cost of the fair protocol on this Python: messages, bytes, time per round of reveals,
set-up, signing and verifying, per game; and one SRA modular exponentiation (the private-draw
design in docs/fair-play.md).

  python3 bench/fair_protocol.py [--games sammler:2,elawa:2] [--repeat 3]
"""

import argparse
import json
import pathlib
import secrets
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from urzeit.fair import Party, check, crypto, new_table  # noqa: E402
from urzeit.fair.duel import play  # noqa: E402


def best(f, n):
    """The fastest of n runs (ms): the machine is shared, the minimum is its own cost."""
    times = []
    for _ in range(n):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times) * 1000


def crypto_costs(repeat):
    sk = crypto.new_secret_key()
    pk = crypto.public_key(sk)
    msg = b"x" * 200
    sig = crypto.sign(sk, msg, pk)
    gid, rs = secrets.token_bytes(32), [secrets.token_bytes(32) for _ in range(2)]
    print(f"Ed25519 sign {best(lambda: crypto.sign(sk, msg, pk), 20 * repeat):.2f} ms · "
          f"verify {best(lambda: crypto.verify(pk, msg, sig), 20 * repeat):.2f} ms · "
          f"chain of 1024 links {best(lambda: crypto.Chain(1024), repeat):.2f} ms · "
          f"joint draw {best(lambda: crypto.joint_draw(gid, 7, rs, [3, 5, 9, 1]), 100) * 1000:.1f} µs")


def game_costs(game_id, players, repeat):
    for _ in range(repeat):
        stats = {}
        record = play(game_id, players, level="random", stats=stats)
        rounds = sum(1 for m in record["messages"] if m["kind"] == "reveal") // players
        size = len(json.dumps(record, separators=(",", ":")))
        t = time.perf_counter()
        check(record)
        checked = time.perf_counter() - t
        print(f"{game_id} {players}p: {stats['messages']} messages, {size / 1000:.0f} kB record "
              f"({size / stats['messages']:.0f} B a message), {stats['draws']} draws in {rounds} rounds, "
              f"{stats['moves']} moves · joins + set-up {stats['setup_s'] * 1000:.0f} ms · whole game "
              f"{stats['total_s']:.1f} s ({stats['total_s'] / max(rounds, 1) * 1000 / players:.0f} ms a round "
              f"and party incl. moves) · check {checked:.1f} s")


def round_cost(repeat):
    """One round of reveals for two parties, from the reveal to the applied draw."""
    tbl = new_table("sammler", 2)

    def once():
        a, b = Party(tbl, 0), Party(tbl, 1)
        b.receive(a.join()[0])
        msgs = b.join()
        a.receive(msgs[0])
        t = time.perf_counter()
        a.receive(msgs[1])
        return time.perf_counter() - t
    print(f"one round at a party (verify the other's reveal, draw, apply, hash the state): "
          f"{min(once() for _ in range(5 * repeat)) * 1000:.1f} ms")


def sra_costs(repeat):
    for bits in (1024, 1536, 2048):
        p = secrets.randbits(bits) | (1 << (bits - 1)) | 1  # the cost of pow needs no real prime
        m, k = secrets.randbelow(p), secrets.randbits(bits) | 1
        print(f"SRA pow at {bits} bits: {best(lambda: pow(m, k, p), 3 * repeat):.1f} ms")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="sammler:2,sammler:4,elawa:2,elawa:4")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    crypto_costs(args.repeat)
    round_cost(args.repeat)
    for spec in args.games.split(","):
        game_id, players = spec.split(":")
        try:
            game_costs(game_id, int(players), args.repeat)
        except Exception as e:  # a game this tree cannot play fairly yet
            print(f"{spec}: {getattr(e, 'message', e)}")
    sra_costs(args.repeat)


if __name__ == "__main__":
    main()
