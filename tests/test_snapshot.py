"""Instant from the first visit: the build ships a memory snapshot of the interpreter with the
engine imported (made under Node by build.py), and a first visit boots from it; a shipped
snapshot that is damaged or of another build is refused and the normal boot runs.
A build without one (or whose one was refused): once the player's engine is ready and idle, a
second, background worker makes the snapshot and keeps it; later visits boot from it; a kept
snapshot of another build or a damaged one is dropped and the normal boot runs. A snapshot boot
starts with a fresh engine and plays exactly what CPython plays."""

import hashlib
import json
import shutil
import threading
import zipfile

import pytest

from browser_support import DIST, ROOT
from test_pyodide_node import cpython_session, strip_match

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]
READY = 120_000
ENGINE = """async () => { const { engine } = await import('./js/boot.mjs'); const info = engine.lastStatus[1];
    return { boot: engine.boot, note: info.snapshotNote || null, makeSnapshot: info.makeSnapshot,
             state: engine.snapshotState }; }"""
# The snapshot is made in the background, after "ready": wait for the outcome.
KEPT = """async () => { const { engine } = await import('./js/boot.mjs');
    while (engine.snapshotState === 'waiting' || engine.snapshotState === 'making') await new Promise((r) => setTimeout(r, 200));
    return { ...engine.snapshot, state: engine.snapshotState, worker: engine.snapshotWorker !== null }; }"""
# A request to the player's engine while the snapshot worker boots: answered, and the
# snapshot worker was still at work when the answer came.
WHILE_MAKING = """async () => { const { engine } = await import('./js/boot.mjs');
    while (engine.snapshotState === 'waiting') await new Promise((r) => setTimeout(r, 50));
    const before = engine.snapshotState;
    const r = await window.urzeit.request({op: 'new', game: 'nim', seed: 1, seats: [{kind: 'human'}, {kind: 'human'}]});
    return { before, after: engine.snapshotState, match: r.match }; }"""
STORED = """async () => { const c = await caches.open('pyodide-snapshot');
    const r = await c.match('engine-snapshot.bin'); return r ? r.headers.get('x-urzeit-build') : null; }"""


def serve(site):
    import sys
    sys.path.insert(0, str(ROOT))
    import build
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/?test=1"


def boot(page, url=None):
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_selector("#app[data-engine='ready'], #app[data-engine='failed']", timeout=READY, state="attached")
    assert page.locator("#app").get_attribute("data-engine") == "ready", page.locator("#app").get_attribute("data-engine-error")
    return page.evaluate(ENGINE)


def first_visit(page, url=None):
    """A visit that finds no snapshot of this build: the player's engine boots without
    _makeSnapshot, the background worker makes the snapshot once the engine is idle."""
    state = boot(page, url)
    assert state["boot"] == "normal" and state["makeSnapshot"] is False, state
    assert state["state"] == "waiting"  # idle first: nothing started at "ready"
    during = page.evaluate(WHILE_MAKING)
    assert during == {"before": "making", "after": "making", "match": "m1"}, during
    kept = page.evaluate(KEPT)
    assert kept["stored"] is True and kept["makeSnapshot"] is True, kept
    assert kept["idleMs"] >= 3000 and kept["state"] == "done" and kept["worker"] is False, kept  # terminated
    return state


def play(page, requests):
    """The recorded requests through the page's engine; the results, in order."""
    return page.evaluate("""async (requests) => {
        let match = null; const results = [];
        for (const req of requests) {
            const q = JSON.parse(JSON.stringify(req).replaceAll('"$match"', JSON.stringify(match)));
            // no words, as recorded (the page would ask for its language's)
            if (['new', 'view', 'act', 'ai', 'undo', 'load'].includes(q.op)) q.lang = null;
            const r = await window.urzeit.request(q);
            if (match === null && r.match) match = r.match;
            results.push(r);
        }
        return results; }""", requests)


def rebuild_engine(site):
    """A new build of the engine: the wheel gains a file, so its sha256 (the stamp) changes.
    (A new name too, so that the browser's HTTP cache cannot hand back the old file.)"""
    info = json.loads((site / "build.json").read_text())
    wheel = site / "pyodide" / info["wheel"].replace("-py3", "+build2-py3")
    shutil.copy2(site / "pyodide" / info["wheel"], wheel)
    with zipfile.ZipFile(wheel, "a") as z:
        z.writestr("urzeit/_rebuilt.txt", "build 2\n")
    info["wheel"] = wheel.name
    info["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (site / "build.json").write_text(json.dumps(info, indent=1))
    return info


def unshipped(tmp_path):
    """A copy of the build that ships no snapshot (the kept-snapshot path)."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    info = json.loads((site / "build.json").read_text())
    del info["snapshot"]
    (site / "build.json").write_text(json.dumps(info, indent=1))
    return site


def stamp(info):
    return f"{info['pyodide']} {info['version']} {info['sha256']}"


def test_snapshot_used_on_the_second_visit_and_refused_after_a_rebuild(browser, tmp_path):
    site = unshipped(tmp_path)
    server, url = serve(site)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        first_visit(page, url)
        info = json.loads((site / "build.json").read_text())
        assert page.evaluate(STORED) == stamp(info)

        # no second snapshot in one visit, even when the page asks for one
        kept = page.evaluate(KEPT)
        page.evaluate("async () => (await import('./js/boot.mjs')).engine.makeSnapshot()")
        assert page.evaluate(ENGINE)["state"] == "done" and page.evaluate(KEPT) == kept

        # the second visit boots from the snapshot and makes none; the engine in it is fresh
        # (the first match is m1 again, though the first visit made m1 while the snapshot was
        # made) and plays exactly what CPython plays for the same seed
        second = boot(page)
        assert second["boot"] == "snapshot" and second["state"] == "none", second
        requests, replies, _ = cpython_session("elawa", 2, 4242)
        results = play(page, requests)
        assert results[0]["match"] == "m1"
        assert strip_match(results) == strip_match([r["result"] for r in replies])
        # the game played there did not get into the kept snapshot
        assert boot(page)["boot"] == "snapshot"
        assert play(page, requests[:1])[0]["match"] == "m1"
        # asked to make one anyway, the snapshot worker finds this build's snapshot and stops
        page.evaluate("async () => (await import('./js/boot.mjs')).engine.makeSnapshot()")
        assert page.evaluate(KEPT)["reason"] == "already stored"

        # a rebuilt engine: the old snapshot is refused and dropped, a new one is kept
        new = rebuild_engine(site)
        again = first_visit(page)
        assert again["note"] == "snapshot of another build dropped"
        assert page.evaluate(STORED) == stamp(new)
        assert boot(page)["boot"] == "snapshot"
        assert play(page, requests[:1])[0]["view"]["over"] is False
        assert errors == []
    finally:
        context.close()
        server.shutdown()


def test_a_damaged_snapshot_is_dropped_and_the_normal_boot_runs(browser, tmp_path):
    """Two damages, one after the other on one page (the recovery from the first is the
    second's starting point): "truncated" fails gzip's own check, "gzip of zeros" passes it and
    fails Pyodide's."""
    server, url = serve(unshipped(tmp_path))
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        first_visit(page, url)
        stamp_kept = page.evaluate(STORED)
        for damage in ("truncated", "gzip of zeros"):
            damaged_snapshot_dropped(page, damage, stamp_kept)
    finally:
        context.close()
        server.shutdown()


def damaged_snapshot_dropped(page, damage, stamp_kept):
    """The kept snapshot damaged: the next visit refuses it and boots normally, makes none in
    that visit, and the visit after keeps a good one again."""
    page.evaluate("""async (damage) => {
        const c = await caches.open('pyodide-snapshot');
        const old = await c.match('engine-snapshot.bin');
        let body;
        if (damage === 'gzip of zeros') body = await new Response(new Blob([new Uint8Array(1 << 20)]).stream()
            .pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
        else body = (await old.arrayBuffer()).slice(0, 1 << 20);
        await c.put('engine-snapshot.bin', new Response(body, { headers: old.headers }));
    }""", damage)
    again = boot(page)
    assert again["boot"] == "fallback", (damage, again)
    assert again["note"].startswith("snapshot refused"), (damage, again)
    assert page.evaluate(STORED) is None, damage  # dropped
    # the engine works; no snapshot is made in a visit that refused one
    result = page.evaluate("() => window.urzeit.request({op: 'new', game: 'nim', seed: 1, seats: [{kind: 'human'}, {kind: 'human'}]})")
    assert result["match"] == "m1"
    page.wait_for_timeout(4000)  # longer than the idle wait before a snapshot worker starts
    assert page.evaluate("async () => (await import('./js/boot.mjs')).engine.snapshot") is None, damage
    assert page.evaluate(ENGINE)["state"] == "none", damage
    assert page.evaluate(STORED) is None, damage
    # the next visit boots normally and keeps a good snapshot again
    first_visit(page)
    assert page.evaluate(STORED) == stamp_kept, damage


def test_the_first_visit_boots_from_the_shipped_snapshot_and_refuses_a_bad_one(browser, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    info = json.loads((site / "build.json").read_text())
    assert info["snapshot"]["stamp"] == stamp(info)
    server, url = serve(site)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # a fresh profile: booted from the shipped snapshot, nothing made in the background
        first = boot(page, url)
        assert first["boot"] == "shipped" and first["makeSnapshot"] is False, first
        page.wait_for_timeout(3500)  # past the idle wait before a snapshot worker would start
        assert page.evaluate(ENGINE)["state"] == "none" and page.evaluate(STORED) is None
        # a fresh engine that plays exactly what CPython plays
        requests, replies, _ = cpython_session("spaeher", 2, 4243)
        results = play(page, requests)
        assert results[0]["match"] == "m1"
        assert strip_match(results) == strip_match([r["result"] for r in replies])
        marks = page.evaluate("() => window.urzeit.timings().marks")
        assert "fetched engine-snapshot.bin.gz" in marks and "snapshotRead" in marks, marks

        # damaged on the host (its checksum no longer matches): refused, the normal boot runs
        path = site / "pyodide" / info["snapshot"]["file"]
        good = path.read_bytes()
        path.write_bytes(good[: len(good) // 2])
        context.close()
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        bad = boot(page, url)
        assert bad["boot"] == "fallback" and bad["note"].startswith("shipped snapshot refused"), bad
        assert page.evaluate("() => window.urzeit.request({op: 'new', game: 'nim', seed: 1, seats: [{kind: 'human'}, {kind: 'human'}]})")["match"] == "m1"
        path.write_bytes(good)

        # another build's snapshot (the engine rebuilt, the snapshot not): not used at all
        rebuild_engine(site)
        context.close()
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        other = boot(page, url)
        assert other["boot"] == "normal" and other["note"] is None, other
        assert errors == []
    finally:
        context.close()
        server.shutdown()


@pytest.mark.parametrize("case", ["application/wasm", "application/octet-stream", "snapshot refused"])
def test_the_runtime_is_downloaded_once_and_compiled_from_the_start(browser, served_dist, case):
    """The worker compiles pyodide.asm.wasm beside the snapshot's read and Pyodide uses that
    module: the file is downloaded once, also when the shipped snapshot is refused and the
    normal boot runs after it. A server that does not call it application/wasm (streaming
    compiles refuse it) still gets a working engine: compiled from its bytes."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    wasm_requests = []

    def serve_wasm(route):
        wasm_requests.append(route.request.url)
        response = route.fetch()
        wasm_type = "application/octet-stream" if case == "application/octet-stream" else "application/wasm"
        route.fulfill(response=response, headers={**response.headers, "content-type": wasm_type})
    page.route("**/pyodide.asm.wasm", serve_wasm)
    if case == "snapshot refused":  # not what the build's checksum says
        page.route("**/engine-snapshot.bin.gz", lambda route: route.fulfill(body=b"\x1f\x8b" + bytes(1000)))
    try:
        first = boot(page, served_dist + "?test=1")
        assert first["boot"] == ("fallback" if case == "snapshot refused" else "shipped"), first
        marks = page.evaluate("() => window.urzeit.timings().marks")
        assert "compiled" in marks, marks
        if case == "application/octet-stream":
            assert len(wasm_requests) == 2, wasm_requests  # refused by the streaming compile, then its bytes
        else:
            assert len(wasm_requests) == 1, wasm_requests  # Pyodide's own fetches got the placeholder
            assert marks["compiled"] < marks["runtime"], marks
        assert page.evaluate("() => window.urzeit.request({op: 'new', game: 'nim', seed: 1, seats: [{kind: 'human'}, {kind: 'human'}]})")["match"] == "m1"
    finally:
        context.close()


def test_a_runtime_that_cannot_be_loaded_is_a_clear_error(browser, served_dist):
    """Pyodide only logs a failed instantiation and would wait for ever: the worker reports it."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="not here"))
    try:
        page.goto(served_dist + "?test=1")
        page.wait_for_selector("#app[data-engine='ready'], #app[data-engine='failed']", timeout=READY, state="attached")
        assert page.locator("#app").get_attribute("data-engine") == "failed"
        error = page.locator("#app").get_attribute("data-engine-error")
        assert "pyodide.asm.wasm" in error and "404" in error, error
        assert "snapshot" not in error, error  # the runtime is to blame, not the snapshot
    finally:
        context.close()
