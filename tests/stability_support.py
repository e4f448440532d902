"""Does the page stand still after a move? Scroll position and Cumulative Layout Shift
(PerformanceObserver 'layout-shift') around each action of a game played through the page's
test hook, on a phone (360 x 740 or 390 x 844, touch). Used by bench/layout_stability.py and the
page tests. The goal (issues 26, 38): the page scrolls by itself at most 1 px and shifts less
than 0.05 per move."""

import random

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "service_workers": "block"}
PHONES = {"360x740": PHONE, "390x844": {**PHONE, "viewport": {"width": 390, "height": 844}}}
MAX_SCROLL = 1  # px the page may move by itself after a move
MAX_SHIFT = 0.05
READY = 180_000

# Every layout shift is summed (a move through the hook is no user input, so none is excused).
OBSERVE_JS = r"""
globalThis.urzeitTestNoSnapshot = true;
window.__shift = 0;
window.__shifted = [];  // what moved (for the failure's words)
new PerformanceObserver((list) => { for (const e of list.getEntries()) {
  window.__shift += e.value;
  for (const s of e.sources || []) {
    const n = s.node;
    const name = !n ? '?' : n.id ? '#' + n.id : n.nodeType === 1 ? n.tagName.toLowerCase() + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\s+/)[0] : '') : n.nodeName;
    if (window.__shifted.length < 8) window.__shifted.push(`${name} ${Math.round(e.value * 1000) / 1000}`);
  }
} }).observe({ type: 'layout-shift', buffered: true });
"""

# One action, then wait until the human may act again (the computer's reply drawn too) and
# two frames more; returns the scroll change and the layout shift in between.
ACT_JS = """async (action) => {
  const app = document.getElementById('app');
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  await frames();
  window.__shift = 0;
  window.__shifted = [];
  const y0 = window.scrollY;
  const r = await window.urzeit.act(action);
  if (!r.ok) return { error: r.code + ' ' + (r.message || '') };
  await new Promise((resolve) => {
    const tick = () => {
      const v = window.urzeit.view;
      if (app.dataset.busy === 'false' && (v.over || window.urzeit.legal.length)) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const b = window.urzeit.board;
  for (let i = 0; i < 100 && b && 'ready' in b && !b.ready; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 250));  // animations of the reply settle
  await frames();
  // every scroll counts, also one a renderer made on purpose to show a choice (board.revealed,
  // reported for what it was): on a phone the choice is on the screen without the page moving
  const rv = b && b.revealed;
  const asked = rv && rv.state === window.urzeit.view.state_id ? rv.dy : 0;
  return { scroll: Math.abs(window.scrollY - y0), revealed: asked, cls: window.__shift, shifted: window.__shifted, over: window.urzeit.view.over };
}"""


def start(page, url, game, seed, lang="de"):
    page.add_init_script(OBSERVE_JS)
    page.add_init_script(f"localStorage.setItem('urzeit.lang', '{lang}')")
    page.goto(f"{url}?test=1&seed={seed}")
    page.wait_for_selector("#app[data-ready='true']", timeout=READY)
    page.click(f"[data-game-id='{game}']")
    page.select_option("#seat-list li[data-seat='0'] select.seat-kind", "human")
    page.select_option("#seat-list li[data-seat='1'] select.seat-kind", "ai")
    page.select_option("#seat-list li[data-seat='1'] select.seat-level", "random")
    page.click("#start-button")
    page.wait_for_selector(f"#app[data-game='{game}']")
    page.wait_for_function("() => document.getElementById('app').dataset.busy === 'false'"
                           " && (window.urzeit.view.over || window.urzeit.legal.length)", timeout=READY)
    settle(page)


# The table just opened may still be settling (fonts, pictures, its height fitted in the next
# frame; on a loaded machine frames come late): the first move is measured once nothing has
# moved for a while, as a player's first tap comes seconds after the table shows.
SETTLE_JS = """async () => {
  const quietFor = 400, until = performance.now() + 8000;
  await document.fonts.ready;
  let last = window.__shift, since = performance.now();
  while (performance.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    if (window.__shift !== last) { last = window.__shift; since = performance.now(); }
    else if (performance.now() - since >= quietFor && [...document.images].every((i) => i.complete)) return;
  }
}"""


def settle(page):
    page.evaluate(SETTLE_JS)


def play(page, n, seed, scroll_to=None):
    """n actions of the human (random legal ones, seeded); before each the page is scrolled
    to `scroll_to` (a y, or None: where the player left it). Returns one dict per action."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        legal = page.evaluate("() => window.urzeit.legal")
        if not legal:
            break
        if scroll_to is not None:
            page.evaluate(f"() => window.scrollTo(0, {scroll_to})")
        action = rng.choice(legal)
        r = page.evaluate(ACT_JS, action)
        assert "error" not in r, r
        out.append({"type": action.get("type"), **r})
        if r["over"]:
            break
    return out


def in_view(page, selector):
    """The element is on screen (wholly, between the top and the foot of the window)."""
    return page.evaluate("""(sel) => { const e = document.querySelector(sel); if (!e) return false;
        const r = e.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }""", selector)


# Where the page is scrolled for every other move: the table's middle; for Elawa its hand near
# the top of the screen (the players' lines and the hand keep their room, so the tribes below
# stay where they are).
ELAWA_HAND = "document.querySelector('.elawa-hand').getBoundingClientRect().top + scrollY - 120"
SCROLLED = {"elawa": ELAWA_HAND}


def stands_still(browser, url, game, n=12, seed=5, phone="360x740"):
    """A dozen moves on a phone (PHONES): what the page did after each that it should not have
    (scrolled more than MAX_SCROLL, shifted MAX_SHIFT or more, lost whose turn it is from the
    screen). Half of the moves are made with the page at its top, half with it scrolled down
    (SCROLLED, else the table's middle)."""
    ctx = browser.new_context(**PHONES[phone])
    page = ctx.new_page()
    problems = []
    try:
        start(page, url, game, seed)
        rng = random.Random(seed)
        for i in range(n):
            legal = page.evaluate("() => window.urzeit.legal")
            if not legal:
                break
            if i % 2:
                y = SCROLLED.get(game, "Math.min(900, document.documentElement.scrollHeight / 2)")
                page.evaluate(f"() => window.scrollTo(0, {y})")
            action = rng.choice(legal)
            r = page.evaluate(ACT_JS, action)
            assert "error" not in r, r
            if r["scroll"] > MAX_SCROLL:
                problems.append(f"{game} move {i} ({action['type']}): the page scrolled {r['scroll']} px")
            if r["cls"] >= MAX_SHIFT:
                problems.append(f"{game} move {i} ({action['type']}): layout shift {r['cls']:.3f} ({', '.join(r['shifted'])})")
            if not in_view(page, "#turn-info") or not page.locator("#turn-info").inner_text():
                problems.append(f"{game} move {i}: whose turn it is is off the screen")
            if r["over"]:
                break
    finally:
        ctx.close()
    return problems


def hints_in_sight(browser, url, game, n=12, seed=5, lang="de"):
    """Asks for a hint before each of n moves on a phone and follows it: what went wrong (the
    hint's words off the screen, nothing on the table marked)."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    problems, phases = [], set()
    try:
        start(page, url, game, seed, lang)
        for i in range(n):
            if not page.evaluate("() => window.urzeit.legal.length"):
                break
            page.evaluate("() => { window.scrollTo(0, 0); delete document.getElementById('app').dataset.hint; }")
            page.locator("#hint-button").tap()
            page.wait_for_function("() => document.getElementById('app').dataset.hint"
                                   " && document.getElementById('app').dataset.busy === 'false'", timeout=60_000)
            action = page.evaluate("() => JSON.parse(document.getElementById('app').dataset.hint)")
            phase = page.evaluate("() => window.urzeit.view.phase")
            phases.add((phase, action["type"]))
            what = f"{game} move {i} ({phase}, {action['type']})"
            if not in_view(page, "#notice") or not page.locator("#notice").inner_text():
                problems.append(f"{what}: the hint's words are off the screen")
            marked = page.evaluate("""() => [...document.querySelectorAll('#board .hinted')]
                .filter((e) => e.getBoundingClientRect().height > 0).length""")
            drawn = page.evaluate("() => { const b = window.urzeit.board; return Boolean(b && b.hinted); }")
            if not marked and not drawn:
                problems.append(f"{what}: the hint marks nothing on the table")
            r = page.evaluate(ACT_JS, action)
            assert "error" not in r, r
            if r["over"]:
                break
    finally:
        ctx.close()
    return problems, phases
