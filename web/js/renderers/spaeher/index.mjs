// Jäger und Späher: the table as elements (point track, open locations with consumption
// stones and members, decks, cave camp, sacred sites, the three character columns, the
// other tribe) and, beside it on wide screens, the prompt, the choices of the step, your
// tribe and your hand. A phone shows one screen: the prompt, tabs for four panes (the places,
// the display, your hand, the other tribe), the pane of the step's choice and the step's
// buttons below it; the page itself never scrolls to a choice. Cards are drawn as cards; hover (mouse), long-press (touch) or the
// keyboard's focus shows one large with its full text. It offers exactly the view's legal
// actions, in the engine's words (view.words); the log is the engine's too.
//
// This module keeps the table's state (the view, what glows, the card shown large) and its
// events; the drawing is pure functions of a context: places.mjs (the table), panel.mjs (prompt,
// choices, sunset preview, hand), detail.mjs (a card large), end.mjs (the end table).

import { el, focusableCard, keepFocus, keyMotion, keyboardDetails } from "../common.mjs";
import { T } from "./names.mjs";
import { data, loadData } from "./data.mjs";
import { tableParts } from "./places.mjs";
import { actionWords, handParts, promptParts, sideParts } from "./panel.mjs";
import { cardLabel, detailContent } from "./detail.mjs";
import { endSummary } from "./end.mjs";
import { createPanes } from "./panes.mjs";
import { RULES, SHARE_NOTE } from "./rules.mjs";
import { rulesPictures } from "./rules-pictures.mjs";

export { endSummary };

const GLOW_MS = 1400;

// ---- the table ---------------------------------------------------------------------------

export function createSpaeherRenderer() {
  let api, root, banner, side, table, hand, detail, view = null, prev = null, hinted = null;
  let wholeFor = null;  // the state whose long prompt the player opened whole ("… mehr")
  let glow = null;  // {keys: Set, until}: what the last move changed glows for a moment
  // where the mouse was when the table was last drawn: a card that comes under a resting
  // pointer is no hover (its detail would cover the new step's choices); before the mouse
  // really moved over the table (it may rest where "Start" was) no card opens at all
  let pointerAt = null, stillAt = null;
  let glowTimer = 0, hoverTimer = 0, pressTimer = 0, suppressClick = false, lastDecision = null, stopKeys = null;
  // the scroll a wide screen made to show a new step's choice
  let revealed = null;
  // a phone: its panes (panes.mjs) and what fits the board to the screen
  let panes = null, fitter = null;
  const phone = () => Boolean(panes) && panes.phone();
  const lang = () => (api ? api.lang() : "de");
  const tx = () => T(lang());

  function mount(container, hostApi) {
    api = hostApi;
    banner = el("div", { class: "sp-banner", role: "status", "aria-live": "polite" });
    side = el("div", { class: "sp-side" });
    hand = el("div", { class: "sp-hand sp-pane", "data-pane": "mine", id: "sp-pane-mine", role: "tabpanel" });
    table = el("div", { class: "sp-table" });
    const tabs = el("div", { class: "sp-tabs", role: "tablist" });
    detail = el("div", { class: "sp-detail", id: "sp-detail", hidden: true, role: "dialog" });
    root = el("div", { class: "spaeher" }, el("div", { class: "sp-main" }, table, el("div", { class: "sp-panel" }, banner, tabs, side, hand)), detail);
    container.replaceChildren(root);
    panes = createPanes({ root, tabs, table, hand, words: tx, view: () => view, myTurn });
    // a phone: the board fills the first screen, whatever stands above it (the status line, a
    // hint's words, a lesson's); nothing below it moves when the step changes
    // (in the next frame: a height set inside the observer's callback would resize the body it
    // observes in the same frame, which browsers report as a ResizeObserver loop)
    fitter = new ResizeObserver(() => requestAnimationFrame(panes.fitHeight));
    fitter.observe(document.body);
    window.addEventListener("resize", panes.fitHeight);
    root.addEventListener("click", onClick, true);
    root.addEventListener("pointerover", onPointerOver);
    root.addEventListener("pointermove", onPointerMove);
    root.addEventListener("pointerout", onPointerOut);
    root.addEventListener("pointerdown", onPointerDown);
    root.addEventListener("pointerup", cancelPress);
    root.addEventListener("pointercancel", cancelPress);
    // the pointer left the table (or the window): no detail stays behind
    root.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse") dropDetail(); });
    window.addEventListener("blur", dropDetail);
    root.addEventListener("keydown", (ev) => {  // a marked place chosen with the keyboard
      if ((ev.key === "Enter" || ev.key === " ") && ev.target.matches("div[role=button].choosable")) { ev.preventDefault(); ev.target.click(); }
    });
    // every card that opens on hover or long-press opens on the keyboard's focus too
    stopKeys = keyboardDetails(root, {
      selector: "[data-detail]",
      show: (card) => { showDetail(card, false); card.setAttribute("aria-describedby", "sp-detail"); },
      hide: hideDetail,
      acts: (card) => card.classList.contains("choosable"),
    });
    root.addEventListener("contextmenu", (ev) => { if (ev.target.closest("[data-detail]")) ev.preventDefault(); });
    loadData().then(() => {
      if (!api) return;
      render();
      api.refreshLegal();  // the end screen's table waits for the card data too
    });
  }

  function unmount() {
    clearTimeout(glowTimer); clearTimeout(pressTimer);
    dropDetail();
    window.removeEventListener("blur", dropDetail);
    window.removeEventListener("resize", panes.fitHeight);
    if (fitter) fitter.disconnect();
    if (stopKeys) stopKeys();
    api = null;
  }

  const myTurn = () => view && view.legal && view.legal.length && view.seat === view.current_seat && !view.over;
  const legal = (type) => (myTurn() ? view.legal.filter((a) => a.type === type) : []);

  function update(v) {
    prev = view;
    view = v;
    hinted = null;
    if (prev) markChanges(prev, v);
    render();
  }

  // What changed since the last view glows (not the whole display): so a glow never points
  // at a place the prompt does not ask for.
  function markChanges(a, b) {
    const keys = new Set();
    const sig = (l) => JSON.stringify([l.covered, l.members]);
    const before = new Map(a.locations.map((l) => [l.id, sig(l)]));
    for (const l of b.locations) if (before.get(l.id) !== sig(l)) keys.add(l.id);
    const sitesBefore = new Map(a.sites.map((s) => [s.id, JSON.stringify(s.members)]));
    for (const s of b.sites) if (sitesBefore.get(s.id) !== JSON.stringify(s.members)) keys.add(s.id);
    b.display.forEach((c, i) => { if (!a.display[i] || a.display[i].length !== c.length) keys.add(`column${i}`); });
    clearTimeout(glowTimer);
    glow = keys.size ? { keys } : null;  // only this move's changes, never an older one's
    if (glow) glowTimer = setTimeout(() => { glow = null; root && root.querySelectorAll(".glow").forEach((e) => e.classList.remove("glow")); }, GLOW_MS);
  }

  // ---- clicks on the table and the hand ---------------------------------------------------

  function onClick(ev) {
    if (suppressClick) {  // the click that ends a long-press only opened the card
      suppressClick = false;
      ev.stopPropagation();
      ev.preventDefault();
      return;
    }
    if (ev.target.closest(".sp-detail")) {
      if (ev.target.closest(".sp-detail-close") || !detail.classList.contains("pinned")) hideDetail();
      return;
    }
    dropDetail();  // a click decides something: the detail is not in the way of what comes next
    const target = ev.target.closest("[data-column],[data-deck],[data-where]");
    if (!target || !view || !data() || !root.contains(target) || target.closest(".sp-side")) return;
    if (!myTurn()) return;
    const t = tx();
    if (target.dataset.column !== undefined) {
      const c = Number(target.dataset.column);
      const a = view.legal.find((r) => (r.type === "take" || r.type === "column") && r.column === c);
      return a ? api.act(a) : api.message(t.wrong.column);
    }
    if (target.dataset.deck) {
      const a = legal("reveal").find((r) => r.deck === target.dataset.deck);
      return a ? api.act(a) : api.message(t.wrong.deck);
    }
    const where = target.dataset.where;
    const act = legal("place").find((a) => a.where === where) || legal("lose_member").find((a) => a.where === where);
    if (act) return api.act(act);
    const recalls = legal("recall").filter((a) => a.where === where);
    if (recalls.length) {
      const tok = ev.target.closest("[data-i]");
      const loc = view.locations.find((l) => l.id === where);
      let resource = recalls[0].resource;
      if (tok && loc && !loc.covered[Number(tok.dataset.i)]) resource = loc.resources[Number(tok.dataset.i)];
      return api.act(recalls.find((q) => q.resource === resource) || recalls[0]);
    }
    api.message(t.wrong.place);
  }

  // ---- the card detail: hover with a mouse, long-press on touch ----------------------------

  const resting = (ev) => stillAt && Math.abs(ev.clientX - stillAt.x) < 3 && Math.abs(ev.clientY - stillAt.y) < 3;

  function onPointerOver(ev) {
    if (ev.pointerType !== "mouse") return;
    const card = ev.target.closest("[data-detail]");
    if (!card || card.contains(ev.relatedTarget)) return;
    clearTimeout(hoverTimer);
    if (!pointerAt || resting(ev)) return;  // not moved yet, or a table drawn under the pointer
    hoverTimer = setTimeout(() => showDetail(card, false, true), 350);
  }

  // A real move (one with a movement, not the browser's event for a table drawn under a
  // resting pointer): from now on a card under the mouse opens, also the one it rested on.
  function onPointerMove(ev) {
    if (ev.pointerType !== "mouse" || !(ev.movementX || ev.movementY) || resting(ev)) return;
    const waited = !pointerAt || stillAt !== null;
    pointerAt = { x: ev.clientX, y: ev.clientY };
    stillAt = null;
    const card = ev.target.closest("[data-detail]");
    if (waited && card && detail.hidden) {
      clearTimeout(hoverTimer);
      hoverTimer = setTimeout(() => showDetail(card, false, true), 350);
    }
  }

  function onPointerOut(ev) {
    if (ev.pointerType !== "mouse") return;
    const card = ev.target.closest("[data-detail]");
    if (card && card.contains(ev.relatedTarget)) return;
    clearTimeout(hoverTimer);
    if (!detail.classList.contains("pinned")) hideDetail();
  }

  // A long press opens the card; the click that may follow it must not play the card.
  let pressMove = null;
  function onPointerDown(ev) {
    suppressClick = false;
    if (ev.pointerType === "mouse") {
      if (!ev.target.closest(".sp-detail")) dropDetail();
      return;
    }
    const card = ev.target.closest("[data-detail]");
    if (!card || ev.target.closest(".sp-detail")) return;
    cancelPress();
    const x = ev.clientX, y = ev.clientY;
    pressMove = (e) => { if (Math.hypot(e.clientX - x, e.clientY - y) > 12) cancelPress(); };
    root.addEventListener("pointermove", pressMove);
    pressTimer = setTimeout(() => {
      cancelPress();
      suppressClick = true;
      showDetail(card, true);
    }, 500);
  }

  function cancelPress(ev) {
    clearTimeout(pressTimer);
    if (pressMove) root.removeEventListener("pointermove", pressMove);
    pressMove = null;
    if (ev && ev.type === "pointerup" && suppressClick) setTimeout(() => { suppressClick = false; }, 400);
  }

  // hover=true: shown for the mouse (it goes unless it fits beside the card without covering
  // anything the step asks for); false: the keyboard's focus (shown where it covers least)
  function showDetail(card, pinned, hover = false) {
    if (!api || !data() || !view || !card.isConnected) return;  // a card of a table drawn anew
    const content = detailContent(card.dataset.detail, context());
    if (!content.length) return;
    detail.replaceChildren(...content.filter(Boolean));
    if (pinned) detail.append(el("button", { type: "button", class: "sp-detail-close" }, tx().close));
    detail.classList.toggle("pinned", pinned);
    detail.hidden = false;
    detail.dataset.for = card.dataset.detail;
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    const w = detail.offsetWidth, h = detail.offsetHeight;
    const spot = pinned ? { x: (vw - w) / 2, y: (vh - h) / 2 } : freeSpot(card.getBoundingClientRect(), w, h, vw, vh, hover);
    if (!spot) return hideDetail();
    detail.style.left = `${Math.max(6, Math.min(vw - w - 6, spot.x))}px`;
    detail.style.top = `${Math.max(6, Math.min(vh - h - 6, spot.y))}px`;
  }

  // Beside the card, inside the window, and over nothing the step asks to choose (the choosable
  // places, columns and cards, the step's buttons, the prompt, the page's bar): the first such
  // spot, else (keyboard) the one that covers least, else (mouse) none.
  function freeSpot(r, w, h, vw, vh, hover) {
    const clamp = (p) => ({ x: Math.max(6, Math.min(vw - w - 6, p.x)), y: Math.max(6, Math.min(vh - h - 6, p.y)) });
    const spots = [
      { x: r.right + 8, y: r.top }, { x: r.left - 8 - w, y: r.top }, { x: r.right + 8, y: r.bottom - h }, { x: r.left - 8 - w, y: r.bottom - h },
      { x: r.left, y: r.bottom + 8 }, { x: r.left, y: r.top - 8 - h }, { x: r.right - w, y: r.bottom + 8 }, { x: r.right - w, y: r.top - 8 - h },
      { x: vw, y: vh }, { x: 0, y: vh }, { x: vw, y: 0 }, { x: 0, y: 0 },
    ].map(clamp);
    const blockers = [r, ...[...document.querySelectorAll(".game-bar, #status-line")].map((e) => e.getBoundingClientRect()),
      ...[...root.querySelectorAll(".choosable, .takeable, [data-action], .sp-banner, .sp-side")].map((e) => e.getBoundingClientRect())]
      .filter((b) => b.width > 0 && b.bottom > 0 && b.top < vh);
    const covered = (p) => blockers.reduce((sum, b) => sum
      + Math.max(0, Math.min(p.x + w, b.right) - Math.max(p.x, b.left)) * Math.max(0, Math.min(p.y + h, b.bottom) - Math.max(p.y, b.top)), 0);
    const free = spots.find((p) => covered(p) === 0);
    if (free || hover) return free || null;
    return spots.reduce((best, p) => (covered(p) < covered(best) ? p : best));
  }

  // the detail and a hover's pending one both go
  function dropDetail() {
    clearTimeout(hoverTimer);
    if (detail && !detail.hidden) hideDetail();
  }

  function hideDetail() {
    for (const c of root.querySelectorAll("[aria-describedby='sp-detail']")) c.removeAttribute("aria-describedby");
    detail.hidden = true;
    detail.classList.remove("pinned");
    delete detail.dataset.for;
  }

  // ---- drawing ----------------------------------------------------------------------------

  // What the pure drawing modules get: the view, its words and what the viewer may do now.
  function context() {
    return {
      view, lang: lang(), t: tx(), colours: api.colours, names: api.names, words: view.words || {},
      legal, act: (a) => api.act(a), say: (a) => actionWords(view, a),
      glowing: (key) => (glow && glow.keys.has(key) ? " glow" : ""),
      hinted: (pred) => (hinted && pred(hinted) ? " hinted" : ""),
    };
  }

  function render() {
    if (!view || !data() || !api) return;
    keepFocus(root, drawAll);
  }

  function drawAll() {
    const ctx = context();
    const me = view.seat;
    dropDetail();  // a new step: no detail over what it asks, none coming for a card now gone
    stillAt = pointerAt;
    banner.replaceChildren(el("div", { class: "sp-prompt" }, ...promptParts(ctx)));
    banner.classList.toggle("mine", Boolean(myTurn()));
    side.replaceChildren(...(myTurn() ? sideParts(ctx, view.players[me]) : []));
    table.replaceChildren(...tableParts(ctx, view.players.map((_, i) => i).filter((i) => i !== me)));
    hand.replaceChildren(...handParts(ctx));
    // a phone: a prompt longer than its steady box is never cut silently: "… mehr" opens it
    // whole (the box does not grow by itself, so the pane below does not move after a move)
    const whole = wholeFor === view.state_id;
    banner.classList.toggle("whole", whole);
    const prompt = banner.querySelector(".sp-prompt");
    if (phone() && !whole && prompt.scrollHeight > prompt.clientHeight + 1) {
      banner.append(el("button", { type: "button", class: "sp-more", onclick: () => { wholeFor = view.state_id; render(); } }, ctx.t.more));
    }
    for (const c of hand.querySelectorAll(".sp-card[data-action], .sp-item[data-action]")) c.classList.add("choosable");
    // the keyboard reaches every card, named; after a move it stays where it was
    const seen = new Map();
    for (const c of root.querySelectorAll("[data-detail], [data-deck], [data-column], [data-action]")) {
      const key = c.dataset.detail || (c.dataset.deck && `deck:${c.dataset.deck}`) || (c.dataset.column && `column:${c.dataset.column}`) || c.dataset.action;
      seen.set(key, (seen.get(key) || 0) + 1);
      c.dataset.focusKey = `${key}#${seen.get(key)}`;
      if (c.dataset.detail) focusableCard(c, cardLabel(c, ctx));
    }
    if (hinted) for (const b of root.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === JSON.stringify(hinted));
    // moves you can follow: cards and members fly from where they were (motion.mjs)
    keyMotion(root, ".sp-card[data-card], .sp-item[data-item]", (c) => (c.closest(".sp-detail") ? null : c.dataset.card ? `char:${c.dataset.card}` : `item:${c.dataset.item}`));
    keyMotion(root, ".sp-pawn[data-seat]", (p) => {
      const place = p.closest("[data-where], [data-player], .sp-camp, .sp-legend");
      if (!place || place.matches(".sp-legend")) return null;
      return `pawn:${p.dataset.seat}@${place.dataset.where || (place.dataset.player !== undefined ? "p" + place.dataset.player : "camp")}`;
    });
    panes.fitHeight();
    // a phone: the pane of a new step's choice is shown (the page stays where it is); a wide
    // screen brings a new step's off-screen choice into view
    if (phone()) panes.choose();
    else {
      panes.apply();
      requestAnimationFrame(() => { if (root && view && !phone()) scrollToDecision(); });
    }
  }

  // What the step asks to tap first (the hand's first card for a turn).
  function decisionTarget() {
    const ph = view.phase;
    if (ph === "turn") return hand.querySelector(".sp-card");
    if (ph === "recall") return phone() ? root.querySelector(".sp-table .takeable, .sp-table .choosable") : side;
    if (ph === "sunset_keep") return hand.querySelector(".sp-item");
    return root.querySelector(".sp-table .choosable, .sp-tribe.choosable");
  }

  // where a target is on a wide screen: "in" the window (whole, or a good part of a tall one
  // such as the hand), else "above" or "below" it
  function placeOf(target) {
    const r = target.getBoundingClientRect();
    const seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
    if (seen >= Math.min(r.height - 1, 80)) return "in";
    return r.top < 0 ? "above" : "below";
  }

  // A wide screen, a new decision: bring what it needs into view (once per step).
  function scrollToDecision(force = false) {
    if (!myTurn() || !root || !root.isConnected) return;
    if (phone()) {  // the step's pane, its choice in the pane's own scroll
      if (force) panes.choose(true);
      return;
    }
    if (force) lastDecision = null;
    else if (lessonAt === view.state_id) return;  // a lesson's ring brings its own target into view
    const key = `${view.state_id}`;
    if (key === lastDecision) return;
    lastDecision = key;
    const target = decisionTarget();
    if (!target) return;
    if (placeOf(target) === "in") return;  // already in sight: the page stays
    const r = target.getBoundingClientRect(), avail = window.innerHeight;
    const dy = r.height > avail - 16 ? r.top - 8 : r.top - (avail - r.height) / 2;
    const y0 = window.scrollY;
    window.scrollBy({ top: dy, behavior: "instant" });
    revealed = { state: view.state_id, dy: window.scrollY - y0 };
  }

  // The hint's move is marked; on a phone its pane is shown and the mark in sight.
  function showHint(action) {
    hinted = action;
    render();
    const mark = phone() && root.querySelector(".hinted");
    if (mark) panes.reveal(mark);
  }

  function onEvents() { /* what changed glows: computed from the views in update() */ }

  // A lesson's ring (screens/lesson.mjs, docs/lessons.md): for an expected move the control
  // that makes it (a hand card, a marked place, a resource to bring home, a column, a deck, a
  // step's button), else the lesson's target: {part: "tribe" | "other" | "track" | "hand" |
  // "items" | "display" | "sites"} ("other": the other tribe's name line), {column: i} or {where: a location's or site's id}.
  // {rect, element} or null. A phone shows the target's pane and brings the target into the
  // pane's view (once a step, so a later tab or scroll of the player's stays).
  let lessonShown = "", lessonAt = null;
  function lessonTarget(target, expect) {
    if (!view || !root || !root.isConnected || !data()) return null;
    const element = expect ? controlFor(expect) : partFor(target);
    if (!element) return null;
    lessonAt = view.state_id;  // the ring says what to look at: the table's own seeking waits
    const key = `${view.state_id}|${expect ? JSON.stringify(expect) : JSON.stringify(target)}`;
    if (lessonShown !== key) {
      if (phone()) panes.reveal(element);
      if (element.getClientRects().length && !inBand(element)) bringToBand(element);
      lessonShown = !element.getClientRects().length || (!inBand(element) && phone()) ? "" : key;  // a phone tries again next frame
    }
    if (!element.getClientRects().length) return null;
    return { element, rect: element.getBoundingClientRect() };
  }

  // the same move, whatever the order of its fields
  const sameMove = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

  function controlFor(a) {
    if (!myTurn() || !view.legal.some((x) => sameMove(x, a))) return null;
    const t = a.type;
    if (t === "place" || t === "lose_member") {
      return a.where === "tribe" ? hand.querySelector(".sp-tribe.choosable") : table.querySelector(`[data-where='${a.where}'].choosable`);
    }
    if (t === "recall") {
      const box = table.querySelector(`[data-where='${a.where}']`);
      if (!box || !a.resource) return box;  // a site: the box; no resource: not offered by a tap
      return [...box.querySelectorAll(".takeable[data-i]")].find((tok) => view.locations.find((l) => l.id === a.where).resources[Number(tok.dataset.i)] === a.resource) || null;
    }
    if (t === "column" || (t === "take")) return table.querySelector(`.sp-col[data-column='${a.column}']`);
    if (t === "reveal") return table.querySelector(`.sp-deck[data-deck='${a.deck}']`);
    // a button or card that makes exactly this move: the step's buttons before the hand's cards
    const all = [...banner.querySelectorAll("[data-action]"), ...side.querySelectorAll("[data-action]"), ...hand.querySelectorAll("[data-action]")];
    return all.find((e) => sameMove(JSON.parse(e.dataset.action), a)) || null;
  }

  function partFor(target) {
    if (!target) return null;
    if (Number.isInteger(target.column)) return table.querySelector(`.sp-col[data-column='${target.column}']`);
    if (typeof target.where === "string") return table.querySelector(`[data-where='${target.where}']:not(.sp-tribe)`);
    if (target.part === "items") return hand.querySelectorAll(".sp-cards")[1] || null;
    const sel = { tribe: ".sp-tribe", hand: ".sp-cards", other: ".sp-tribe .sp-tribe-head", track: ".sp-trackbox", display: ".sp-display", sites: ".sp-sites" }[target.part];
    if (!sel) return null;
    return (["tribe", "hand"].includes(target.part) ? hand : table).querySelector(sel);
  }

  // where a target counts as seen: a phone's pane, a wide screen's window (and the side panel's
  // own scroll)
  function ringBand(e) {
    const box = phone() ? panes.stage() : e.closest(".sp-panel");
    const top = Math.max(0, phone() ? banner.getBoundingClientRect().bottom : 0);
    if (!box) return { top, bottom: window.innerHeight };
    const b = box.getBoundingClientRect();
    return { top: Math.max(top, b.top), bottom: Math.min(window.innerHeight, b.bottom) };
  }
  function inBand(e) {
    const band = ringBand(e), r = e.getBoundingClientRect(), mid = r.top + Math.min(r.height, 60) / 2;
    return mid > band.top + 4 && mid < band.bottom - 4;
  }

  function bringToBand(e) {
    if (phone()) {
      // the pane's own scroll, then the page only as far as brings the board's pane on screen
      panes.reveal(e);
      const r = e.getBoundingClientRect();
      const dy = r.bottom > window.innerHeight - 8 ? r.bottom - window.innerHeight + 8 : r.top < 8 ? r.top - 8 : 0;
      if (dy) window.scrollBy({ top: dy, behavior: "instant" });
      return;
    }
    // a wide screen: the side panel scrolls on its own; the page only as far as keeps the
    // lesson's words (above the table, not sticky here) in sight
    const box = e.closest(".sp-panel");
    if (box) {
      const b = box.getBoundingClientRect(), r = e.getBoundingClientRect();
      box.scrollTop += r.bottom > b.bottom ? r.bottom - b.bottom + 8 : r.top < b.top ? r.top - b.top - 8 : 0;
    }
    const r = e.getBoundingClientRect(), words = document.getElementById("lesson-panel");
    let dy = r.bottom > window.innerHeight - 8 ? r.bottom - window.innerHeight + 8 : r.top < 8 ? r.top - 8 : 0;
    if (words && dy > 0) dy = Math.max(0, Math.min(dy, words.getBoundingClientRect().top - 4));
    if (dy) window.scrollBy({ top: dy, behavior: "instant" });
  }

  const center = (node) => {
    const b = node.getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  };
  const q = (sel) => root.querySelector(sel);

  return {
    scrollsToDecisions: true,  // it brings its own decision areas into view
    mount, unmount, update, showHint, onEvents, lessonTarget,  // no label/event: the engine words actions and the log
    // the shell's end screen shows this
    breakdown: (v) => endSummary(v, api.names),
    hook: {
      get flashing() { return glow ? [...glow.keys] : []; },
      get ready() { return data() !== null && view !== null; },
      revealDecision() { scrollToDecision(true); },
      // the scroll a wide screen made on purpose to show a new step's choice
      get revealed() { return revealed; },
      get decisionInView() { const t = view && decisionTarget(); return Boolean(t && placeOf(t) === "in" && (!phone() || panes.inStage(t))); },
      // a phone's pane shown ("places", "display", "mine", "others"; null on a wide screen)
      get pane() { return phone() ? panes.pane : null; },
      showPane(id) { panes.show(id); },
      get detail() { return detail && !detail.hidden ? detail.dataset.for : null; },
      columnPoint(c) { return center(q(`.sp-col[data-column='${c}']`)); },
      deckPoint(k) { return center(q(`.sp-deck[data-deck='${k}']`)); },
      placePoint(id) { return center(q(`[data-where='${id}']:not(.sp-tribe)`)); },
      resourcePoint(id, i) { return center(q(`.sp-loc[data-where='${id}'] [data-i='${i}']`)); },
      tribePoint(p) { return center(q(`.sp-tribe[data-player='${p}']`)); },
    },
  };
}

// ---- the menu's picture and the entry (the registry web/js/games.mjs lists this) ---------

const PICTURE = `<svg viewBox="0 0 240 120" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
<rect width="240" height="120" fill="#e9dcc0"/>
<path d="M0 78 Q60 52 120 70 T240 62 V120 H0 Z" fill="#8fae6a"/>
<path d="M0 96 Q80 80 150 94 T240 90 V120 H0 Z" fill="#6f8f4e"/>
<circle cx="196" cy="34" r="18" fill="#f2a33a"/>
<g fill="#3d2c1e">
<circle cx="62" cy="58" r="6"/><rect x="57" y="64" width="10" height="18" rx="4"/>
<circle cx="84" cy="62" r="6"/><rect x="79" y="68" width="10" height="18" rx="4"/>
</g>
<g fill="#c0392b"><circle cx="142" cy="80" r="5"/></g><g fill="#9c6b30"><circle cx="156" cy="84" r="5"/></g>
<g fill="#7f8c8d"><circle cx="170" cy="80" r="5"/></g>
<path d="M30 40 l10 -18 l10 18 Z" fill="#6d5d4b"/>
</svg>`;

function picture() {
  const box = el("div", { class: "pic-svg", "aria-hidden": "true" });
  box.innerHTML = PICTURE;  // our own static drawing
  return box;
}

// what draws the game (its titles, players and options are the engine's: Game.describe)
export const game = {
  id: "spaeher", picture, create: createSpaeherRenderer,
  css: "js/renderers/spaeher/style.css", rules: RULES, rulesPictures, shareNote: SHARE_NOTE,
};
