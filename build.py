#!/usr/bin/env python3
"""Build, serve and test Urzeit.

  python build.py          build dist/ (wheel + web + Pyodide runtime)
  python build.py serve    build, then serve dist/ at http://localhost:8000
  python build.py test     install what the tests need, build, run every test
  python build.py test --quick   only the engine and api tests: no install, build, browser or Node
"""

import argparse
import functools
import gzip
import hashlib
import http.server
import importlib
import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
# Only what the page needs from the npm package (see docs/PYODIDE notes in README).
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
PACKAGE = "urzeit"
# micropip for Pyodide users who install the engine the usual way (micropip.install(url)): the
# version the pinned runtime's lock names, from PyPI at build time, checked against this sha256
# (the wheel on PyPI; Pyodide's own build of it has another). 0.11.1 vendors `packaging`, so it
# needs no other wheel. The page itself never loads it.
MICROPIP = ("micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3")


def run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=kw.pop("cwd", ROOT), **kw)


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def pinned_pyodide_version() -> str:
    return json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]


def missing_npm_packages() -> list[str]:
    """The packages package-lock.json pins that node_modules lacks or holds in another version
    (optional ones, such as esbuild's binaries for other platforms, are not asked for)."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    missing = []
    for where, entry in sorted(lock["packages"].items()):
        if not where or entry.get("optional"):
            continue
        have = ROOT / where / "package.json"
        if not have.exists() or json.loads(have.read_text()).get("version") != entry["version"]:
            missing.append(f"{where[len('node_modules/'):]}@{entry['version']}")
    return missing


def ensure_npm() -> None:
    """npm ci when a pinned package (the Pyodide runtime, noble, esbuild) is missing or not the
    pinned version."""
    if missing_npm_packages():
        run(["npm", "ci", "--no-audit", "--no-fund"])



# secp256k1 Schnorr signatures (BIP-340) for the Nostr relays (web/js/net/nostr.mjs): noble's
# audited implementation bundled by esbuild into one same-origin ES module, so the page needs no
# other origin and the service worker precaches it like every file.
NOBLE_ENTRY = """export { schnorr } from "@noble/curves/secp256k1.js";
export { sha256 } from "@noble/hashes/sha2.js";
"""
NOBLE_BUNDLE = "js/vendor/noble-secp256k1.mjs"
ESBUILD_SCRIPT = """
const [entry, out, banner] = JSON.parse(process.argv[1]);
require("esbuild").build({stdin: {contents: entry, resolveDir: process.cwd(), loader: "js"},
  bundle: true, format: "esm", platform: "browser", target: "es2022", minify: true,
  legalComments: "none", banner: {js: banner}, outfile: out, logLevel: "warning"})
  .catch(() => process.exit(1));
"""


def bundle_noble(dist: pathlib.Path = DIST) -> pathlib.Path:
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    names = ["@noble/curves", "@noble/hashes"]
    banner = "// " + ", ".join(f"{n} {lock['node_modules/' + n]['version']}" for n in names) + \
        " (MIT, (c) Paul Miller), bundled by build.py; do not edit\n"
    out = dist / NOBLE_BUNDLE
    out.parent.mkdir(parents=True, exist_ok=True)
    run(["node", "-e", ESBUILD_SCRIPT, json.dumps([NOBLE_ENTRY, str(out), banner])])
    return out


def build_wheel() -> pathlib.Path:
    """A standard PEP 517 build of the engine package."""
    out = ROOT / "build" / "wheel"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    # fixed zip times: the same sources give the same wheel (and so the same stamp and snapshot)
    run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-q", "-w", str(out)],
        env=dict(os.environ, SOURCE_DATE_EPOCH="315532800"))
    wheels = sorted(out.glob(f"{PACKAGE}-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one {PACKAGE} wheel, found {wheels}")
    return wheels[0]


def fetch_micropip() -> pathlib.Path:
    """The pinned micropip wheel from PyPI (`pip download`, hash-checked by pip and here), kept
    in build/ so later builds need no network. Never fetched at run time."""
    name, version, sha256 = MICROPIP
    shipped = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())["packages"][name]
    if shipped["version"] != version:
        raise SystemExit(f"the pinned Pyodide names {name} {shipped['version']}, build.py pins {version}: update MICROPIP")
    out = ROOT / "build" / "pypi"
    wheel = out / f"{name}-{version}-py3-none-any.whl"
    if not (wheel.exists() and hashlib.sha256(wheel.read_bytes()).hexdigest() == sha256):
        out.mkdir(parents=True, exist_ok=True)
        req = out / f"{name}.txt"
        req.write_text(f"{name}=={version} --hash=sha256:{sha256}\n")
        # micropip needs Python >= 3.13 (Pyodide runs 3.14): ask for its wheel, not for this Python
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.14", "--require-hashes", "-r", str(req), "-d", str(out)])
    if hashlib.sha256(wheel.read_bytes()).hexdigest() != sha256:
        raise SystemExit(f"{wheel.name} does not match the sha256 in build.py")
    return wheel


def lock_entry(name: str, version: str, wheel: pathlib.Path) -> dict:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": [name],
        "depends": [],
    }


def write_lock(wheel: pathlib.Path, dest: pathlib.Path, micropip: pathlib.Path | None = None) -> None:
    """Our own Pyodide lock file: the runtime's `info` plus our wheel with its sha256, so
    loadPyodide({packages: ["urzeit"]}) fetches it (with integrity) while booting, and micropip,
    so pyodide.loadPackage("micropip") works offline."""
    shipped = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    packages = {PACKAGE: lock_entry(PACKAGE, project_version(), wheel)}
    if micropip is not None:
        packages[MICROPIP[0]] = lock_entry(MICROPIP[0], MICROPIP[1], micropip)
    lock = {"info": shipped["info"], "packages": packages}
    dest.write_text(json.dumps(lock, indent=1))


def registered_games() -> list:
    """The engine's game registry (each game declares its data files and art)."""
    sys.path.insert(0, str(ROOT / "py"))
    from urzeit import games
    return games.all_games()


def write_games(dist: pathlib.Path) -> pathlib.Path:
    """The games as the engine's hello describes them (titles, players, options in words), for
    the menu's first paint before the engine is up: dist/data/games.json."""
    registered_games()  # the engine on the path
    from urzeit import api
    path = dist / "data" / "games.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(api.call({"op": "hello"})["result"]["games"], ensure_ascii=False, indent=1),
                    encoding="utf-8")
    return path


def build_art() -> None:
    """Each game's own art (e.g. sammler's tile art and zone geometry, from its tile data),
    drawn by the generator the game names into web/<folder>/."""
    sys.path.insert(0, str(ROOT))
    for game in registered_games():
        if game.art:
            module, folder = game.art
            count = importlib.import_module(module).write(WEB / folder)
            print(f"drew {count} pictures of {game.id} into web/{folder}/")


def build_icons() -> None:
    """The app icons the manifest names, drawn by art/icons.py into web/icons/."""
    sys.path.insert(0, str(ROOT))
    from art import icons
    count = icons.write(WEB / "icons")
    print(f"drew {count} app icons into web/icons/")


def build() -> pathlib.Path:
    ensure_npm()
    build_art()
    build_icons()
    wheel = build_wheel()
    micropip = fetch_micropip()
    if DIST.exists():
        shutil.rmtree(DIST)
    shutil.copytree(WEB, DIST)
    (DIST / "data").mkdir(exist_ok=True)  # data the tables draw (the engine keeps its own copy)
    for game in registered_games():
        for name in game.data_files:
            shutil.copy2(game.data_path(name), DIST / "data" / f"{game.id}-{name}")
    write_games(DIST)
    bundle_noble(DIST)
    runtime = DIST / "pyodide"
    runtime.mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_NPM / name, runtime / name)
    shutil.copy2(wheel, runtime / wheel.name)
    shutil.copy2(micropip, runtime / micropip.name)
    write_lock(wheel, runtime / "pyodide-lock.json", runtime / micropip.name)
    info = {
        "version": project_version(),
        "pyodide": pinned_pyodide_version(),
        "wheel": wheel.name,
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
    }
    info["snapshot"] = ship_snapshot(runtime, wheel, info)
    # what a first visit downloads for the engine, for the page's progress display
    # (fetched by the worker; pyodide.asm.mjs is a module import, which it cannot count)
    info["sizes"] = {n: (runtime / n).stat().st_size for n in ("pyodide.asm.wasm", "python_stdlib.zip", wheel.name)}
    (DIST / "build.json").write_text(json.dumps(info, indent=1))
    write_precache(info)
    print(f"built {DIST} (engine {info['version']}, Pyodide {info['pyodide']})")
    return DIST


# Under Node, from the files just copied: the interpreter with the engine imported (as the page's
# worker imports it) and hello answered, its memory written to stdout.
SNAPSHOT_JS = r"""
import { readFileSync } from "node:fs";
const [dir, wheel, version] = process.argv.slice(1);
const { loadPyodide } = await import(dir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: dir + "/", _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const hello = JSON.parse(py.pyimport("urzeit.api").handle(JSON.stringify({ op: "hello" })));
if (!hello.ok || hello.result.version !== version) throw new Error("hello: " + JSON.stringify(hello).slice(0, 200));
process.stdout.write(py.makeMemorySnapshot());
"""


def ship_snapshot(runtime: pathlib.Path, wheel: pathlib.Path, info: dict) -> dict:
    """The memory snapshot a first visit boots from (docs/performance.md: Python's start is most
    of a first visit, in WebKit above all), gzipped next to the runtime and stamped with the
    build as the worker stamps the ones it keeps. Made again only when the stamp changes."""
    stamp = f"{info['pyodide']} {info['version']} {info['sha256']}"
    cached = ROOT / "build" / "snapshot" / (hashlib.sha256(stamp.encode()).hexdigest()[:24] + ".bin.gz")
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        print("+ node: the engine's memory snapshot", flush=True)
        raw = subprocess.run(["node", "--input-type=module", "-e", SNAPSHOT_JS, str(runtime), str(wheel), info["version"]],
                             check=True, capture_output=True, cwd=ROOT).stdout
        if len(raw) < 1_000_000:
            raise SystemExit(f"the snapshot is only {len(raw)} bytes")
        for old in cached.parent.glob("*.bin.gz"):
            old.unlink()
        cached.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    name = "engine-snapshot.bin.gz"
    shutil.copy2(cached, runtime / name)
    data = cached.read_bytes()
    return {"file": name, "stamp": stamp, "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}


def write_precache(info: dict, dist: pathlib.Path = DIST) -> str:
    """The service worker's list of every file of the build, and a cache name that changes
    whenever any file changes (so a new build replaces the old cache cleanly)."""
    files, digest = [], hashlib.sha256()
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        rel = path.relative_to(dist).as_posix()
        if rel in ("sw.js", "precache.json"):
            continue  # written below, from the name
        digest.update(rel.encode() + path.read_bytes())
        if rel.startswith(f"pyodide/{MICROPIP[0]}-"):
            continue  # served for micropip users; the page never loads it, so players don't download it
        files.append(rel)
    name = f"urzeit-{info['version']}-{digest.hexdigest()[:16]}"
    (dist / "precache.json").write_text(json.dumps({"cache": name, "files": ["./"] + files}, indent=1))
    template = (WEB / "sw.js").read_text()
    (dist / "sw.js").write_text(template.replace("__URZEIT_CACHE__", name))
    return name


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".png": "image/png",
        ".whl": "application/octet-stream",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, fmt, *args):
        if os.environ.get("URZEIT_SERVE_LOG") == "1":
            super().log_message(fmt, *args)


def make_server(directory: pathlib.Path, port: int, host: str = "127.0.0.1"):
    handler = functools.partial(Handler, directory=str(directory))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve(port: int) -> None:
    build()
    os.environ.setdefault("URZEIT_SERVE_LOG", "1")
    server = make_server(DIST, port)
    print(f"Urzeit is served at http://localhost:{port}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


# Debian packages the browser tests drive: Chromium (the whole suite), Firefox ESR and WebKitGTK's
# MiniBrowser with its WebDriver under Xvfb (the browser matrix, tests/browser_matrix.py).
BROWSER_PACKAGES = {"chromium": "chromium", "firefox-esr": "firefox-esr", "WebKitWebDriver": "webkit2gtk-driver",
                    "Xvfb": "xvfb"}
BROWSER_DRIVERS = ROOT / "tests" / "browsers"  # puppeteer-core for Firefox, pinned in its own package.json


def install_test_needs() -> None:
    """Everything the tests need on a fresh machine: Python packages (selenium among them; the
    research extra too, so its tests run: about 2-4 minutes and 360 MB the first time), the
    npm runtime, puppeteer-core for Firefox and Debian's browsers (Playwright cannot download
    browsers here)."""
    run([sys.executable, "-m", "pip", "install", "-q", "-e", ".[test]"])  # nostr-relay too (tests/relay_support.py)
    # the research extra (OpenSpiel, Dask, PettingZoo) is optional: its tests skip without it
    if subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", ".[research]"]).returncode:
        print("the research extra did not install: its tests are skipped", flush=True)
    ensure_npm()
    if not (BROWSER_DRIVERS / "node_modules" / "puppeteer-core").exists():
        run(["npm", "ci", "--no-audit", "--no-fund"], cwd=BROWSER_DRIVERS)
    missing = sorted({pkg for cmd, pkg in BROWSER_PACKAGES.items() if not shutil.which(cmd)})
    if missing:
        if os.geteuid() == 0 and shutil.which("apt-get"):
            run(["apt-get", "update", "-qq"])
            run(["apt-get", "install", "-y", "-qq", *missing],
                env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        else:
            raise SystemExit(f"missing browsers: install Debian's {' '.join(missing)} (as root).")


# The layers of `build.py test`, one pytest run each (the marks: tests/conftest.py). The first
# is the quick layer: the engine and api tests, no build, no browser, no Node.
LAYERS = [("engine", "engine and api", "not browser and not node"),
          ("pages", "Node and browser", "browser or node")]
ARTIFACTS = ROOT / "test-artifacts"


def pytest_env() -> dict:
    """The environment without PYTHONDONTWRITEBYTECODE: pytest then keeps the test modules it
    rewrote for its asserts (__pycache__, ignored by git), which spares each worker seconds of
    collection in every later run."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def pytest_layer(key: str, name: str, marks: str, extra: list[str]) -> dict:
    out = ARTIFACTS / f"times-{key}.json"
    out.unlink(missing_ok=True)
    print(f"\n=== {name} ===", flush=True)
    # every core; a file's tests stay on one worker (they share module fixtures), the longest
    # files first (tests/test-times.json)
    code = subprocess.run([sys.executable, "-m", "pytest", "-m", marks, "-n", "auto", "--by-time",
                           f"--times-out={out}", *extra], cwd=ROOT, env=pytest_env()).returncode
    record = json.loads(out.read_text()) if out.exists() else {"wall": 0.0, "failed": 0, "tests": {}}
    return {"name": name, "code": code, **record}


# A browser test that failed once in the parallel run is run once more, alone, when at most this
# many failed: on two busy cores a page's timing now and then misses a deadline that it meets
# alone. Passing alone, it is named as flaky (printed, test-artifacts/flaky.json) and does not
# fail the run; failing again, it fails it. More failures than this are not a matter of timing.
SECOND_CHANCES = 3


def second_chance(layer: dict) -> None:
    ids = layer.get("failed_ids", [])
    flaky_path = ARTIFACTS / "flaky.json"
    flaky_path.unlink(missing_ok=True)
    if layer["code"] != 1 or not ids or len(ids) > SECOND_CHANCES:  # 1: tests failed (not an error of pytest)
        return
    print(f"\n=== {len(ids)} failed test(s) once more, alone ===", flush=True)
    code = subprocess.run([sys.executable, "-m", "pytest", *ids], cwd=ROOT, env=pytest_env()).returncode
    if code == 0:
        layer["code"] = 0
        layer["flaky"] = ids
        flaky_path.write_text(json.dumps({"failed_once_passed_alone": ids}, indent=1) + "\n")


def report(layers: list[dict], setup_s: float | None = None) -> None:
    """The wall time per layer and the 20 slowest tests of all."""
    tests = {t: s for layer in layers for t, s in layer["tests"].items()}
    print("\n=== the suite's wall time ===")
    if setup_s is not None:
        print(f"{'install and build':<24}{'':11}{setup_s:6.0f} s")
    for layer in layers:
        failed = f"  ({layer['failed']} failed, exit code {layer['code']})" if layer["code"] else ""
        print(f"{layer['name']:<24}{len(layer['tests']):5} tests{layer['wall']:6.0f} s{failed}")
        for t in layer.get("flaky", []):
            print(f"{'':24}FLAKY: failed once, passed alone: {t}")
    if len(layers) > 1:
        total = sum(layer["wall"] for layer in layers) + (setup_s or 0)
        print(f"{'all':<24}{len(tests):5} tests{total:6.0f} s")
    print("the 20 slowest tests (setup + call + teardown):")
    for t, s in sorted(tests.items(), key=lambda kv: -kv[1])[:20]:
        print(f"{s:8.1f} s  {t}")


def write_times(layers: list[dict]) -> None:
    """Seconds per test file of a full run: copied to tests/test-times.json, they order the next runs."""
    files = {}
    for layer in layers:
        for t, s in layer["tests"].items():
            files[t.split("::")[0]] = files.get(t.split("::")[0], 0.0) + s
    path = ARTIFACTS / "test-times.json"
    path.write_text(json.dumps({"files": {f: round(s, 1) for f, s in sorted(files.items())}}, indent=1) + "\n")
    print(f"seconds per test file: {path.relative_to(ROOT)}")


def test(extra: list[str], quick: bool = False) -> int:
    if quick:
        # after each change: the engine and api tests with a tenth of the property examples and
        # one case of each long sweep (the others are marked slow)
        if not all(importlib.util.find_spec(m) for m in ("pytest", "xdist", "hypothesis")):
            raise SystemExit("The test packages are missing: `python3 build.py test` installs them once.")
        key, name, marks = LAYERS[0]
        layer = pytest_layer(key, name + " (quick)", marks + " and not slow", ["--hypothesis-profile=quick", *extra])
        report([layer])
        return layer["code"]
    t0 = time.monotonic()
    install_test_needs()
    build()
    if extra:  # given arguments replace the layers
        return subprocess.run([sys.executable, "-m", "pytest", *extra], cwd=ROOT).returncode
    setup_s = time.monotonic() - t0
    layers = [pytest_layer(*layer, []) for layer in LAYERS]
    second_chance(layers[-1])
    report(layers, setup_s)
    write_times(layers)
    return max(layer["code"] for layer in layers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "test"])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--quick", action="store_true", help="test: only the engine and api tests (no install, build, browser or Node)")
    args, extra = parser.parse_known_args()
    if args.command == "build":
        build()
    elif args.command == "serve":
        serve(args.port)
    else:
        sys.exit(test(extra, args.quick))


if __name__ == "__main__":
    main()
