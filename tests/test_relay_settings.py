"""The relays in the settings (issue 37): the list is named and changeable in the panel (a bad
address refused, nothing changed), remembered, can be turned off, and the panel says in German
and English what relays see; with relays off the page asks no other origin. The page's CSP lets
it reach relays (wss:, and loopback ws: for tests) and nothing else; the bundled Schnorr code
is precached and loads offline."""

import json
import re

import pytest

from browser_support import DIST, ROOT, PageWatch, wait_until
from relay_support import nostr_relay  # noqa: F401 (a fixture)

DEFAULTS = ["wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net", "wss://nostr.mom"]
PHONE = {"width": 360, "height": 740}


def open_page(browser, served_dist, lang, settings=None):
    context = browser.new_context(service_workers="block", viewport=PHONE)
    page = context.new_page()
    stored = {"urzeit.lang": lang, **({"urzeit.settings": json.dumps(settings)} if settings is not None else {})}
    page.add_init_script(f"""globalThis.urzeitTestNoSnapshot = true;
      if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        for (const [k, v] of Object.entries({json.dumps(stored)})) localStorage.setItem(k, v);
      }}""")
    page.watch = PageWatch(page, served_dist.rstrip("/"))
    page.sockets = []
    page.on("websocket", lambda ws: page.sockets.append(ws.url))
    page.goto(served_dist + "?test=1")
    page.wait_for_function("() => window.urzeit !== undefined")
    return page


RELAYS = "() => import('./js/settings.mjs').then((m) => m.relaySettings())"


@pytest.mark.browser
def test_the_relay_list_in_the_panel_on_a_phone_in_german(browser, served_dist):
    page = open_page(browser, served_dist, "de")
    try:
        assert page.evaluate(RELAYS) == {"on": True, "urls": DEFAULTS}
        page.click("#settings-button")
        group = page.locator("fieldset[data-setting='relays']")
        text = group.inner_text()
        for words in ["Relays für Spiele über das Internet", "öffentliche Nostr-Server", "verschlüsselten Text",
                      "wie groß er ist und wann er kommt", "IP-Adressen", "Lesen oder fälschen können sie das Spiel nicht",
                      "Aus: Die Seite fragt kein Relay"]:
            assert words in text, words
        assert page.input_value("#setting-relay-urls") == "\n".join(DEFAULTS)
        dialog = page.locator("#settings-dialog")
        box = dialog.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert page.evaluate("() => document.getElementById('settings-dialog').scrollWidth <= document.getElementById('settings-dialog').clientWidth")
        area = page.locator("#setting-relay-urls").bounding_box()
        assert area["x"] >= 0 and area["x"] + area["width"] <= PHONE["width"]

        # bad addresses are refused with their names, and nothing changes
        page.fill("#setting-relay-urls", "wss://good.example.org\nhttp://relay.example.org\nws://relay.example.org")
        page.click("#setting-relays-save")
        assert page.inner_text("#setting-relays-message") == \
            "Keine Relay-Adresse (sie beginnt mit „wss://“): http://relay.example.org ws://relay.example.org"
        assert page.evaluate(RELAYS)["urls"] == DEFAULTS
        page.fill("#setting-relay-urls", "\n".join(f"wss://r{i}.example.org" for i in range(9)))
        page.click("#setting-relays-save")
        assert page.inner_text("#setting-relays-message") == "Höchstens 8 Relays."
        assert page.evaluate(RELAYS)["urls"] == DEFAULTS

        page.fill("#setting-relay-urls", "  wss://relay.example.org/ \n\nwss://nos.lol\nwss://nos.lol\n")
        page.click("#setting-relays-save")
        assert page.inner_text("#setting-relays-message") == "Gespeichert."
        assert page.input_value("#setting-relay-urls") == "wss://relay.example.org\nwss://nos.lol"
        page.click("label[for='setting-relays']")  # off
        assert page.evaluate(RELAYS) == {"on": False, "urls": []}
        page.reload()
        page.wait_for_function("() => window.urzeit !== undefined")
        assert page.evaluate("() => import('./js/settings.mjs').then((m) => m.settings())")["relayUrls"] == \
            ["wss://relay.example.org", "wss://nos.lol"]
        page.click("#settings-button")
        assert not page.is_checked("#setting-relays")
        page.click("label[for='setting-relays']")  # on again
        page.fill("#setting-relay-urls", "")  # empty: the defaults
        page.click("#setting-relays-save")
        assert page.evaluate(RELAYS) == {"on": True, "urls": DEFAULTS}
        # a damaged entry falls back to the defaults
        page.evaluate("() => localStorage.setItem('urzeit.settings', JSON.stringify({relays: 'yes', relayUrls: ['http://x']}))")
        page.reload()
        page.wait_for_function("() => window.urzeit !== undefined")
        assert page.evaluate(RELAYS) == {"on": True, "urls": DEFAULTS}
        assert page.sockets == []  # the settings alone connect to nothing
        page.watch.assert_clean()
    finally:
        page.context.close()


@pytest.mark.browser
def test_the_panel_in_english_says_what_relays_see(browser, served_dist):
    page = open_page(browser, served_dist, "en")
    try:
        page.click("#settings-button")
        text = page.locator("fieldset[data-setting='relays']").inner_text()
        for words in ["Relays for games across the internet", "public Nostr servers run by others", "only encrypted text",
                      "how large it is and when it comes", "IP addresses", "can neither read nor forge the game",
                      "Off: the page asks no relay"]:
            assert words in text, words
    finally:
        page.context.close()


@pytest.mark.browser
def test_with_relays_off_the_page_asks_no_other_origin(browser, served_dist, nostr_relay):
    page = open_page(browser, served_dist, "en", {"relays": False, "relayUrls": [nostr_relay.url]})
    try:
        page.wait_for_selector("#app[data-ready='true']", timeout=120_000)  # the whole page, engine and all
        refused = page.evaluate("""async () => {
            const s = await import('./js/net/seal.mjs'), m = await import('./js/net/relay-room.mjs');
            try { await m.joinConfigured(s.newRoomKey(), {me: 'ada'}); return 'joined'; } catch (e) { return e.code; }
        }""")
        assert refused == "relays_off"
        page.wait_for_timeout(500)
        assert page.sockets == []
        page.watch.assert_clean()
        # the same page with relays turned on reaches the relay it names: the test sees sockets
        page.click("#settings-button")
        page.click("label[for='setting-relays']")
        page.evaluate("""async () => {
            const s = await import('./js/net/seal.mjs'), m = await import('./js/net/relay-room.mjs');
            window.room = await m.joinConfigured(s.newRoomKey(), {me: 'ada'});
        }""")
        page.wait_for_function("() => Object.values(window.room.status()).includes('open')")
        assert [u.rstrip("/") for u in page.sockets] == [nostr_relay.url]
        page.evaluate("() => window.room.close()")
    finally:
        page.context.close()


def test_the_csp_lets_the_page_reach_relays_and_no_other_origin():
    html = (ROOT / "web" / "index.html").read_text()
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";") if d.strip())
    assert directives["connect-src"].split() == ["'self'", "wss:", "ws://127.0.0.1:*", "ws://localhost:*"]
    assert directives["script-src"] == "'self'"


@pytest.mark.node  # needs the build (esbuild under Node): not in the quick layer
def test_the_bundled_schnorr_code_is_built_pinned_and_precached():
    if not (DIST / "precache.json").exists():
        pytest.fail("dist/ is not built: run `python build.py`")
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]
    for name in ("@noble/curves", "@noble/hashes", "esbuild"):
        assert lock[f"node_modules/{name}"]["version"] == pinned[name], name
    bundle = (DIST / "js/vendor/noble-secp256k1.mjs").read_text()
    assert bundle.startswith(f"// @noble/curves {pinned['@noble/curves']}, @noble/hashes {pinned['@noble/hashes']} (MIT")
    assert not re.search(r"""\bimport\s*[{*"']|\bfrom\s*["']""", bundle)  # one file: nothing left to import
    files = json.loads((DIST / "precache.json").read_text())["files"]
    for f in ("js/vendor/noble-secp256k1.mjs", "js/net/nostr.mjs", "js/net/seal.mjs", "js/net/relay-room.mjs", "js/net/relay-url.mjs"):
        assert f in files, f


@pytest.mark.browser
def test_the_relay_code_loads_offline_from_the_service_workers_cache(browser, served_dist):
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.add_init_script("globalThis.urzeitTestNoSnapshot = true")
        page.goto(served_dist + "?test=1")
        page.wait_for_function("() => window.urzeit !== undefined")
        wait_until(page, """async () => {
            for (const k of await caches.keys()) { const c = await caches.open(k); if (await c.match('precache.json')) return true; }
            return false; }""")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        context.set_offline(True)
        page.reload()
        page.wait_for_function("() => window.urzeit !== undefined")
        got = page.evaluate("""async () => {
            const nostr = await import('./js/net/nostr.mjs'), seal = await import('./js/net/seal.mjs');
            await import('./js/net/relay-room.mjs');
            const s = await seal.sealer(seal.newRoomKey(), {me: 'ada'});
            const ev = nostr.signEvent({kind: seal.KIND_STORED, tags: [[seal.TOPIC_TAG, s.topic]], content: await s.seal({move: 1})}, nostr.newSecretKey());
            return {verified: nostr.verifyEvent(ev), opened: (await s.open(ev.content)).body};
        }""")
        assert got == {"verified": True, "opened": {"move": 1}}
    finally:
        context.close()
