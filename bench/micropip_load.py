"""The engine wheel loaded two ways in Pyodide under Node, time from start to `urzeit.api`
imported: our own lock file (and the page's way, the wheel's bytes fetched while Pyodide boots
and unpacked) against micropip.install of the same wheel, as a Pyodide user would install it.
Each run is a fresh Node process; the modes take turns so the machine's load drifts evenly.
Usage: python bench/micropip_load.py [--runs 7] [--no-build]"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODES = {  # tests/pyodide_micropip_run.mjs says what each does
    "page": "page: wheel bytes read while booting, unpackArchive",
    "lock": 'our lock file, loadPyodide({packages: ["urzeit"]})',
    "micropip-lock": 'loadPackage("micropip") from our lock, micropip.install',
    "micropip-url": "plain Pyodide, micropip by URL, micropip.install",
}


def one_run(mode: str, tmp: pathlib.Path) -> dict:
    inp, outp = tmp / "in.json", tmp / "out.json"
    inp.write_text(json.dumps({"pyodide": str(ROOT / "node_modules" / "pyodide"),
                               "dist": str(ROOT / "dist" / "pyodide"), "mode": mode, "sessions": []}))
    subprocess.run(["node", str(ROOT / "tests" / "pyodide_micropip_run.mjs"), str(inp), str(outp)],
                   check=True, capture_output=True)
    result = json.loads(outp.read_text())
    assert result["refused"] == [], result["refused"]
    return result["marks"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build or not (ROOT / "dist" / "pyodide" / "pyodide-lock.json").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True, capture_output=True)
    marks = {mode: [] for mode in MODES}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.runs):
            for mode in MODES:
                marks[mode].append(one_run(mode, pathlib.Path(tmp)))

    def fig(mode, key="imported"):
        values = [m[key] for m in marks[mode]]
        return statistics.median(values), min(values), max(values)

    print(f"loading the engine wheel in Pyodide under Node: start to urzeit.api imported, "
          f"median (min-max) of {args.runs} fresh processes")
    for mode, label in MODES.items():
        med, lo, hi = fig(mode)
        print(f"{label:58} {med:6.0f} ms  {lo:5.0f}-{hi:<5.0f} ms")
    for mode in ("micropip-lock", "micropip-url"):
        steps = [statistics.median(m[k] - m[p] for m in marks[mode])
                 for p, k in (("runtime", "micropip"), ("micropip", "installed"), ("installed", "imported"))]
        print(f"  {mode}: after the runtime, micropip loads in {steps[0]:.0f} ms, installs the wheel in "
              f"{steps[1]:.0f} ms, import {steps[2]:.0f} ms (medians)")
    # the boot itself swings by a second on a shared machine: compare within each round
    paired = {mode: statistics.median(m["imported"] - b["imported"] for m, b in zip(marks[mode], marks["lock"]))
              for mode in MODES if mode != "lock"}
    print("per round, minus the lock file's time (median): "
          + ", ".join(f"{mode} {d:+.0f} ms" for mode, d in paired.items()))
    if paired["micropip-lock"] > 0:
        print("faster: the lock file; the page keeps loading the wheel without micropip")
    else:
        print("faster: micropip.install; the page's loading (web/js/worker.mjs) should be reconsidered")


if __name__ == "__main__":
    main()
