"""Cost of the fair protocol on this Python: messages, bytes, time per round of reveals,
set-up, signing and verifying, per game; one SRA modular exponentiation at three key sizes;
and mental poker for Jäger und Späher's private draws (docs/fair-play.md): each seat's share of
the deck's set-up, a private draw, checking a shown card, the end's check.

  python3 bench/fair_protocol.py [--games sammler:2,spaeher:2] [--repeat 3] [--poker-only]

`poker_costs()` is what bench/fair_poker_pyodide.mjs (Pyodide under Node) and
bench/fair_poker_chromium.py (the page's worker in headless Chromium) measure too.
"""

import argparse
import json
import pathlib
import secrets
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))

from urzeit.fair import Party, check, crypto, new_table, poker  # noqa: E402
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
        cards = sum(1 for d in record["draws"] if d[1] == "?")
        print(f"{game_id} {players}p: {stats['messages']} messages, {cards} private cards, {size / 1000:.0f} kB record "
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


def poker_costs(game_id: str = "spaeher", repeat: int = 1) -> dict:
    """Mental poker between two parties in this process, each step timed where it runs (ms):
    the set-up is four steps one after the other (seat 0 shuffles, seat 1 checks and shuffles
    with per-card keys, seat 0 checks and locks, seat 1 checks and starts); a private draw is
    the drawer receiving the other's keys (check, open its cards, apply) per card."""
    best_of = {}
    for _ in range(repeat):
        tbl = new_table(game_id, 2)
        a, b = Party(tbl, 0), Party(tbl, 1)
        [join_a], [join_b] = a.join(), b.join()

        def timed(name, f):
            t = time.perf_counter()
            out = f()
            ms = (time.perf_counter() - t) * 1000
            best_of[name] = min(best_of.get(name, ms), ms)
            return out
        b.receive(join_a)
        [shuffle_a] = timed("setup 1: seat 0 shuffles", lambda: a.receive(join_b))
        out_b = timed("setup 2: seat 1 checks, shuffles", lambda: b.receive(shuffle_a))
        out_a = timed("setup 3: seat 0 checks, locks", lambda: a.receive(out_b[0]))
        out_b = timed("setup 4: seat 1 checks, starts", lambda: b.receive(out_a[0]))
        best_of["setup in all (one after the other)"] = sum(v for k, v in best_of.items() if k.startswith("setup "))
        queue = [(1, m) for m in out_b] + [(0, m) for m in out_a[1:]]
        while queue:  # to the first private draw: the deal's keys, timed at each drawer
            sender, m = queue.pop(0)
            p = (a, b)[1 - sender]
            if m["kind"] == "keys":  # the other's keys: this party opens its cards of the deal
                out = timed(f"private draw at seat {p.seat}, per card", lambda: p.receive(m))
                best_of.setdefault("_cards", {})[p.seat] = sum(1 for k in m["keys"] if k is not None)
            else:
                out = p.receive(m)
            queue += [(p.seat, x) for x in out]
        x = poker.code(3)
        k = [poker.Secrets(secrets.token_bytes(32), 1).keys[0] for _ in range(2)]
        c = poker.sealed(x, k)
        timed("open one card (1 pow)", lambda: poker.open_card(c, k))
        timed("check a shown card (1 pow)", lambda: poker.sealed(x, k) == c)
        timed("residue check of one deck entry (Jacobi)", lambda: poker.is_element(c))
        sec = poker.Secrets(secrets.token_bytes(32), len(a.deck))
        timed("end: recompute one seat's shuffle", lambda: sec.shuffle(a.decks[0], per_card=False))
    cards = best_of.pop("_cards", {})
    for key in list(best_of):
        if key.startswith("private draw"):
            seat = int(key.split("seat ")[1][0])
            best_of[key] /= max(cards.get(seat, 1), 1)
    return {k: round(v, 1) for k, v in best_of.items()}


def print_poker(repeat):
    costs = poker_costs("spaeher", repeat)
    print("mental poker, Jäger und Späher (31 items, 1536-bit P), ms: "
          + " · ".join(f"{k} {v}" for k, v in costs.items()))


def sra_costs(repeat):
    for bits in (1024, 1536, 2048):
        p = secrets.randbits(bits) | (1 << (bits - 1)) | 1  # the cost of pow needs no real prime
        m, k = secrets.randbelow(p), secrets.randbits(bits) | 1
        print(f"SRA pow at {bits} bits: {best(lambda: pow(m, k, p), 3 * repeat):.1f} ms")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="sammler:2,sammler:4,elawa:2,elawa:4,spaeher:2,nim:2")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--poker-only", action="store_true", help="only the mental-poker figures")
    args = ap.parse_args(argv)
    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    if args.poker_only:
        print_poker(args.repeat)
        return
    crypto_costs(args.repeat)
    round_cost(args.repeat)
    for spec in args.games.split(","):
        game_id, players = spec.split(":")
        try:
            game_costs(game_id, int(players), args.repeat)
        except Exception as e:  # a game this tree cannot play fairly yet
            print(f"{spec}: {getattr(e, 'message', e)}")
    sra_costs(args.repeat)
    print_poker(args.repeat)


if __name__ == "__main__":
    main()
