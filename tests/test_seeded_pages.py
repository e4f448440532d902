"""The browser fixtures themselves: a test's page boots the engine from the memory snapshot
made once per session (as a repeat visit does), in a context of its own with nothing else
kept; a test marked first_visit gets a new visitor's context and its boot (from the snapshot
the build ships, not the one the session seeds)."""

import pytest

pytestmark = pytest.mark.browser
READY = 120_000
BOOT = """async () => { const { engine } = await import('./js/boot.mjs');
    return { boot: engine.boot, note: engine.lastStatus[1].snapshotNote || null }; }"""

STORED = """async () => { const out = [];
    for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) out.push(name + ' ' + req.url);
    return out; }"""


def boot(page, url):
    page.goto(url + "?test=1")
    page.wait_for_selector("#app[data-engine='ready']", timeout=READY, state="attached")
    return page.evaluate(BOOT)


def test_a_page_boots_from_the_snapshot_with_fresh_storage(page, served_dist):
    assert boot(page, served_dist) == {"boot": "snapshot", "note": None}
    page.evaluate("() => localStorage.setItem('seeded-pages-test', 'kept?')")
    assert page.evaluate("() => window.urzeit.request({op: 'new', game: 'nim', seed: 1, seats: [{kind: 'human'}, {kind: 'human'}]})")["match"] == "m1"
    page.watch.assert_clean()


def test_each_test_has_its_own_storage(page, served_dist):
    assert boot(page, served_dist)["boot"] == "snapshot"
    assert page.evaluate("() => localStorage.getItem('seeded-pages-test')") is None  # not the test's above
    # only the engine's snapshot was copied in
    assert [e.split(" ")[0] for e in page.evaluate(STORED)] == ["pyodide-snapshot"]


def test_contexts_a_test_makes_are_seeded_too(browser, served_dist):
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    try:
        assert boot(context.new_page(), served_dist)["boot"] == "snapshot"
        assert context.pages[0].url.startswith(served_dist)  # the seeding page is gone
        assert len(context.pages) == 1
    finally:
        context.close()


@pytest.mark.first_visit
def test_a_first_visit_boots_as_a_new_visitor(browser, page, served_dist):
    assert boot(page, served_dist) == {"boot": "shipped", "note": None}
    context = browser.new_context(service_workers="block")
    try:
        pg = context.new_page()
        assert boot(pg, served_dist)["boot"] == "shipped"
        assert pg.evaluate(STORED) == []
    finally:
        context.close()
