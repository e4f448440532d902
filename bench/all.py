"""Every figure the issues ask for, in one command, written to docs/performance.md too:
cold start, random games per second (CPython and Pyodide), bot move times per level,
board frame times, the api fuzz and the sammler invariant fuzz.
Usage: python bench/all.py [--quick]   (--quick: fewer runs, for a smoke check)"""

import argparse
import datetime
import os
import pathlib
import platform
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(name, args, only=None):
    if only is not None and name not in only:
        return None
    print(f"\n## {name}\n", flush=True)
    out = subprocess.run([sys.executable, str(ROOT / "bench" / args[0]), *args[1:]], cwd=ROOT,
                         capture_output=True, text=True)
    text = out.stdout.strip() or out.stderr.strip()[-2000:]
    print(text, flush=True)
    return f"## {name}\n\n```\n$ python3 bench/{' '.join(args)}\n{text}\n```\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--only", default=None,
                        help="comma-separated section names: rerun just these and replace them in docs/performance.md")
    args = parser.parse_args()
    q = args.quick
    only = set(args.only.split(",")) if args.only else None
    subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True, capture_output=True)
    sections = [
        run("Cold start", ["cold_start.py", "--no-build", "--runs", "2" if q else "5"], only),
        run("Engine loading: our lock file or micropip", ["micropip_load.py", "--no-build", "--runs", "2" if q else "9"], only),
        run("Random games per second", ["games_per_second.py", "--games", "30" if q else "200"], only),
        run("Bot move times", ["bot_speed.py", "--moves", "4" if q else "12"], only),
        run("Board frame times", ["board_frames.py", "--no-build", "--frames", "60" if q else "240"], only),
        run("Computer turns in the page", ["page_turns.py", "--turns", "3" if q else "16"], only),
        run("Layout stability on a phone", ["layout_stability.py", "--actions", "6" if q else "24"], only),
        run("Fair play protocol", ["fair_protocol.py", "--repeat", "1" if q else "3"], only),
        run("API fuzz", ["api_fuzz.py", "--requests", "2000" if q else "100000"], only),
        run("Sammler invariant fuzz", ["sammler_fuzz.py", "--games", "50" if q else "10000"], only),
        run("Jäger und Späher balance (normal game)", ["spaeher_balance.py", "--games", "40" if q else "2000"], only),
        run("Jäger und Späher balance (intro game)", ["spaeher_balance.py", "--mode", "intro", "--games", "40" if q else "1000"], only),
    ]
    if args.no_write or q:
        return
    doc = ROOT / "docs" / "performance.md"
    if only is not None:  # splice the rerun sections into the existing file
        text = doc.read_text()
        for section in filter(None, sections):
            name = section.split("\n", 1)[0]
            start = text.find(name + "\n")
            if start < 0:
                text = text.rstrip("\n") + "\n\n" + section
                continue
            end = text.find("\n## ", start + len(name))
            text = text[:start] + section + (text[end + 1:] if end >= 0 else "")
        doc.write_text(text)
        return
    machine = (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
               f"{platform.platform()}")
    head = (f"# Performance figures\n\nWritten by `python3 bench/all.py` on "
            f"{datetime.date.today().isoformat()} on: {machine}. Pyodide is the pinned npm package "
            f"under Node 20; the browser figures come from Debian's headless Chromium (software "
            f"rendering). Goals are the issues' goals.\n\n")
    doc.write_text(head + "\n".join(sections))


if __name__ == "__main__":
    main()
