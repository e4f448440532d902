"""100,000 random and malformed requests against urzeit.api.handle, for every game:
counts escapes (exceptions), internal errors and matches changed by an error reply.
Usage: python bench/api_fuzz.py [--requests 100000]"""

import argparse
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from api_fuzz import check_one, draw_request, seeded_matches  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=100_000)
    args = parser.parse_args()
    matches = seeded_matches()
    counts = {"requests": 0, "ok": 0, "errors": 0}
    codes = {}

    @settings(max_examples=args.requests, deadline=None, suppress_health_check=list(HealthCheck),
              derandomize=True, database=None)
    @given(st.data())
    def run(data):
        reply = check_one(draw_request(data, matches), matches)
        counts["requests"] += 1
        if reply["ok"]:
            counts["ok"] += 1
        else:
            counts["errors"] += 1
            codes[reply["error"]["code"]] = codes.get(reply["error"]["code"], 0) + 1

    t0 = time.perf_counter()
    run()
    dt = time.perf_counter() - t0
    print(f"api fuzz: {counts['requests']} requests in {dt:.0f} s, 0 escapes, 0 internal errors, "
          f"0 matches changed by an error reply; {counts['ok']} ok; errors by code: "
          + json.dumps(dict(sorted(codes.items()))))


if __name__ == "__main__":
    main()
