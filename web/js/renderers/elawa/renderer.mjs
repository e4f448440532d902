// Elawa's renderer for one match: the bar, the circle (canvas), the hand, the players and the
// tribes, and the card detail. It offers exactly the view's legal actions; every sentence it
// shows is the engine's (view.words), it only draws.
// A lesson's ring finds its control through lessonTarget (its targets are written there).

import { el, focusableCard, framesOnDemand, keepFocus, keyMotion, keyboardDetails, revealInPage, settings } from "../common.mjs";
import { cardWords, cardsLoaded, data, names } from "./data.mjs";
import { cardEl, cardLabel } from "./cards.mjs";
import { computeLayout, drawCircle, drawFlash, drawHint, flashOf, hitResource, hitStack, takeOrder } from "./circle.mjs";
import { handEls, playersEl, tribeEls } from "./areas.mjs";
import { barButtons, promptText } from "./bar.mjs";
import { legendEl } from "./legend.mjs";
import { endSummary } from "./summary.mjs";

// An action as a string with sorted keys: a lesson's expected move equals a button's action
// whatever the order of their fields.
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  return JSON.stringify(value);
}

export function createElawaRenderer() {
  let api, root, canvas, ctx, bar, promptBox, buttonsBox, legendSlot, circle, stackKeys, handBox, players, tribes, detail;
  let view = null, cards = null;
  let selected = null; // {stack, skip}
  let hinted = null, hintedFor = null;  // the hint's action and the state it is for
  const frames = framesOnDemand(() => draw(), () => flash);  // the glow fades frame by frame
  const redraw = frames.request;
  let flash = null;  // {stacks, tokens, start}: where the last move took from glows for a moment
  let geometry = null;
  let press = null, hoverTimer = 0, suppressClick = false, detailCard = null, stopKeys = null;
  const lang = () => (api ? api.lang() : "de");

  function mount(container, hostApi) {
    api = hostApi;
    // the bar: the step's prompt (read out when it changes), its buttons and the legend, which
    // so stays in sight and can never be covered by the bar (at the foot of a phone's screen)
    promptBox = el("div", { class: "prompt", role: "status", "aria-live": "polite" });
    buttonsBox = el("div", { class: "elawa-buttons" });
    legendSlot = el("div", { class: "elawa-legend-slot" });
    bar = el("div", { class: "elawa-bar" }, promptBox, buttonsBox, legendSlot);
    // the legend opens upwards from a phone's bar: never above the screen or under the status
    // line (the bar is higher up when the page is scrolled to the tribes below it)
    legendSlot.addEventListener("toggle", (ev) => {
      const list = ev.target.open && ev.target.querySelector(":scope > ul");
      if (!list) return;
      const statusH = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--status-h")) || 0;
      const up = window.innerWidth < 800 && !bar.classList.contains("idle");  // style.css: upwards there
      list.style.maxHeight = up ? `${Math.max(120, Math.min(window.innerHeight * 0.65, bar.getBoundingClientRect().top - statusH - 6))}px` : "";
    }, true);
    canvas = el("canvas", { class: "elawa-canvas", role: "img" });
    // one focusable place over each card of the circle: the keyboard reaches the cards there
    stackKeys = el("div", { class: "stack-keys" });
    circle = el("div", { class: "elawa-circle" }, canvas, stackKeys);
    handBox = el("div", { class: "elawa-hand" });
    players = el("div", { class: "elawa-players" });
    tribes = el("div", { class: "elawa-tribes" });
    detail = el("div", { class: "elawa-detail", hidden: true, role: "dialog" });
    root = el("div", { class: "elawa" }, bar,
      el("div", { class: "elawa-main" }, circle, el("div", { class: "elawa-right" }, handBox, players)), tribes, detail);
    container.replaceChildren(root);
    ctx = canvas.getContext("2d");
    canvas.addEventListener("click", (ev) => {
      if (suppressClick) { suppressClick = false; return; }
      click(ev.offsetX, ev.offsetY);
    });
    canvas.addEventListener("pointerdown", (ev) => startPress(ev, () => cardAt(ev.offsetX, ev.offsetY)));
    canvas.addEventListener("pointermove", (ev) => {
      if (ev.pointerType === "mouse") hover(cardAt(ev.offsetX, ev.offsetY), ev.clientX, ev.clientY);
      else movePress(ev);
    });
    canvas.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse") hover(null); });
    canvas.addEventListener("contextmenu", (ev) => ev.preventDefault());
    root.addEventListener("pointerdown", (ev) => {
      if (!detail.hidden && !detail.contains(ev.target) && ev.pointerType !== "mouse") hideDetail();
    }, true);
    for (const name of ["pointerup", "pointercancel"]) root.addEventListener(name, endPress);
    // the keyboard: a card with the focus shows its detail, Enter on a card of the circle chooses it
    for (let i = 0; i < 6; i++) {
      const key = el("div", { class: "stack-key", "data-stack": String(i), "data-focus-key": `stack:${i}` });
      focusableCard(key);
      key.addEventListener("keydown", (ev) => {
        if ((ev.key === "Enter" || ev.key === " ") && stackChoosable(i)) {
          ev.preventDefault();
          const st = layout().stacks[i];
          click(st.x, st.y);
        }
      });
      stackKeys.append(key);
    }
    stopKeys = keyboardDetails(root, {
      selector: ".stack-key, .hand-card .ecard, .tribe-card .ecard",
      show: (card) => {
        const id = card.dataset.stack !== undefined ? view && view.stacks[Number(card.dataset.stack)].top : card.dataset.card;
        if (id) showDetail(id, undefined, undefined, card.getBoundingClientRect());
      },
      hide: () => { hideDetail(); closeLegend(); },
      acts: (card) => card.dataset.stack !== undefined && stackChoosable(Number(card.dataset.stack)),
    });
    // the open legend is a panel over the table: a tap or click elsewhere folds it again
    document.addEventListener("pointerdown", foldLegend, true);
    new ResizeObserver(redraw).observe(circle);
    window.addEventListener("resize", onResize);
    cardsLoaded.then(() => {
      cards = data.cards;
      if (!api) return;
      render();
      if (api.refreshLegal) api.refreshLegal();
    });
    frames.start();
  }

  function onResize() { redraw(); }

  function unmount() {
    frames.stop();
    window.removeEventListener("resize", onResize);
    document.removeEventListener("pointerdown", foldLegend, true);
    if (stopKeys) stopKeys();
    api = null;
  }

  function myTurn() {
    return Boolean(view && view.legal && view.legal.length && view.seat === view.current_seat);
  }

  function legal(type) {
    return myTurn() ? view.legal.filter((a) => a.type === type) : [];
  }

  function update(v) {
    const before = view && view.phase;
    const beforeTurn = view && view.turns;
    rememberCircle();
    view = v;
    // a new step: a tooltip (hover, focus) goes, and none comes late for a card now redrawn
    // (its element gone, no pointerleave would ever hide it); a long-pressed one stays
    clearTimeout(hoverTimer);
    if (detailCard && detail.classList.contains("hovering")) hideDetail();
    if (selected && !legal("take_card").some((a) => a.stack === selected.stack)) selected = null;
    render();
    if (!hintedFor || hintedFor !== v.state_id) hinted = null;
    // a wide screen: bring what needs a decision into sight (the hand may have scrolled the
    // circle away); a phone stays where the player left it (the bar at its foot says what to do)
    if (myTurn() && window.innerWidth >= 800 && (before !== v.phase || beforeTurn !== v.turns)) {
      const target = v.phase === "take" || v.phase === "take_visible" ? circle : v.phase === "play" && legal("play").length ? handBox : bar;
      requestAnimationFrame(() => revealInPage(target));  // mostly in sight: the page stays
    }
  }

  // ---- the circle: geometry, choosing a card --------------------------------------------

  function layout() {
    const w = circle.clientWidth;
    if (!geometry || geometry.w !== w || geometry.innerW !== window.innerWidth || geometry.innerH !== window.innerHeight) {
      const wide = window.innerWidth >= 800;
      const top = circle.getBoundingClientRect().top + window.scrollY;
      const maxH = wide ? Math.max(460, window.innerHeight - top - 12) : Math.max(420, window.innerHeight * 0.9);
      geometry = computeLayout(w, maxH);
      geometry.innerW = window.innerWidth;
      geometry.innerH = window.innerHeight;
    }
    return geometry;
  }

  function cardAt(x, y) {
    const i = hitStack(layout(), x, y);
    return i >= 0 && view && view.stacks[i].top ? { id: view.stacks[i].top } : null;
  }

  function click(x, y) {
    if (!view || !myTurn() || !cards) return;
    const L = layout();
    const hs = hitStack(L, x, y);
    const hitRes = hitResource(L, x, y);
    if (view.phase === "take") {
      if (hs >= 0 && legal("take_card").some((a) => a.stack === hs)) {
        const plain = legal("take_card").find((a) => a.stack === hs && (a.skip ?? null) === null);
        if (!settings().confirm && plain) { selected = null; api.act(plain); return; }  // the settings: no confirm step
        selected = { stack: hs, skip: null };
        api.message("");
      } else if (selected && hitRes >= 0 && legal("take_card").some((a) => a.stack === selected.stack && a.skip === hitRes)) {
        selected.skip = selected.skip === hitRes ? null : hitRes;
      } else if (hs >= 0) {
        api.message(names(lang()).emptyStack);
        return;
      }
      render();
      if (selected) bar.scrollIntoView({ block: "nearest" });
    } else if (view.phase === "take_visible" && hs >= 0) {
      const a = legal("take_visible").find((x) => x.stack === hs);
      if (a) api.act(a);
    }
  }

  // ---- moves you can follow: a card or token new in the DOM came from the circle (canvas) ----

  let circleBefore = new Map();  // card id on a stack's top -> its rect on the page, before the move
  function rememberCircle() {
    circleBefore = new Map();
    if (!view || !geometry) return;
    const r = canvas.getBoundingClientRect();
    layout().stacks.forEach((s, i) => {
      const top = view.stacks[i] && view.stacks[i].top;
      if (top) circleBefore.set(top, { left: r.left + s.x - s.cw / 2, top: r.top + s.y - s.ch / 2, width: s.cw, height: s.ch });
    });
  }

  function motionSource(key) {
    if (key.startsWith("card:")) return circleBefore.get(key.slice(5)) || null;
    if (!key.startsWith("tok:") || !flash || !flash.tokens.size) return null;
    const r = canvas.getBoundingClientRect();
    const s = layout().stacks[[...flash.tokens].sort()[0]];
    return s ? { left: r.left + s.rx - 10, top: r.top + s.ry - 10, width: 20, height: 20 } : null;
  }

  // a card of the circle the player may choose now (take it, or take it without resources)
  function stackChoosable(i) {
    if (!view || !myTurn() || !view.stacks[i].top) return false;
    return legal(view.phase === "take_visible" ? "take_visible" : "take_card").some((a) => a.stack === i);
  }

  function selectedAction() {
    return selected ? legal("take_card").find((a) => a.stack === selected.stack && (a.skip ?? null) === (selected.skip ?? null)) || null : null;
  }

  function closeLegend() {
    const d = legendSlot.querySelector("details");
    if (d) d.open = false;
  }

  function foldLegend(ev) {
    const d = legendSlot.querySelector("details[open]");
    if (d && !d.contains(ev.target)) d.open = false;
  }

  function confirmTake() {
    if (!selected) return;
    const action = selectedAction() || { type: "take_card", stack: selected.stack, skip: selected.skip };
    selected = null;
    api.act(action);
  }

  // ---- the card detail: hover with a mouse, long press on touch, focus with the keyboard ----

  // x, y: beside the pointer (a tooltip); anchor: beside that box (the keyboard's card);
  // neither: in the middle of the screen until closed (a long press)
  function showDetail(id, x, y, anchor) {
    if (!cards || !cards[id]) return;
    detailCard = id;
    const words = cardWords(view, id);
    detail.replaceChildren(
      el("button", { type: "button", class: "close", "aria-label": names(lang()).closeDetail, onclick: hideDetail }, "×"),
      cardEl(cards[id], words, lang(), { large: true }),
      el("div", { class: "detail-text" }, el("h4", {}, words.name), ...words.explain.map((line) => el("p", {}, line))));
    detail.hidden = false;
    // shown by a hover it is a tooltip that never catches a click; by a long press it stays until closed
    detail.classList.toggle("hovering", x !== undefined || anchor !== undefined);
    const r = detail.getBoundingClientRect();
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    if (anchor && vw >= 640) {
      const left = anchor.right + 10 + r.width < vw ? anchor.right + 10 : Math.max(4, anchor.left - 10 - r.width);
      detail.style.left = `${left}px`;
      detail.style.top = `${Math.min(Math.max(4, anchor.top), vh - r.height - 4)}px`;
    } else if ((x === undefined && !anchor) || vw < 640) {
      detail.style.left = `${Math.max(4, (vw - r.width) / 2)}px`;
      detail.style.top = `${Math.max(4, (vh - r.height) / 2)}px`;
    } else {
      const left = x + 16 + r.width < vw ? x + 16 : Math.max(4, x - 16 - r.width);
      detail.style.left = `${left}px`;
      detail.style.top = `${Math.min(Math.max(4, y - r.height / 2), vh - r.height - 4)}px`;
    }
  }

  function hideDetail() {
    detail.hidden = true;
    detailCard = null;
  }

  function hover(hit, x, y) {
    clearTimeout(hoverTimer);
    if (!hit) { if (detailCard) hideDetail(); return; }
    if (hit.id === detailCard) return;
    hoverTimer = setTimeout(() => showDetail(hit.id, x, y), 250);
  }

  function startPress(ev, find) {
    if (ev.pointerType === "mouse") return;
    const hit = find();
    if (!hit) return;
    clearTimeout(press && press.timer);
    press = { x: ev.clientX, y: ev.clientY, timer: setTimeout(() => { press = null; suppressClick = true; showDetail(hit.id); }, 500) };
  }

  function movePress(ev) {
    if (press && Math.hypot(ev.clientX - press.x, ev.clientY - press.y) > 10) { clearTimeout(press.timer); press = null; }
  }

  function endPress() {
    if (press) { clearTimeout(press.timer); press = null; }
    setTimeout(() => { suppressClick = false; }, 400);
  }

  // a DOM card (hand, tribes) that opens the same detail; the keyboard reaches it too
  function detailCardEl(id, focusKey, extra = {}) {
    const words = cardWords(view, id);
    const elem = cardEl(cards[id], words, lang(), extra);
    elem.dataset.motion = `card:${id}`;
    focusableCard(elem, cardLabel(words));
    elem.dataset.focusKey = focusKey;
    elem.addEventListener("pointerenter", (ev) => { if (ev.pointerType === "mouse") hover({ id }, ev.clientX, ev.clientY); });
    elem.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse") hover(null); });
    elem.addEventListener("pointerdown", (ev) => startPress(ev, () => ({ id })));
    elem.addEventListener("pointermove", (ev) => { if (ev.pointerType !== "mouse") movePress(ev); });
    elem.addEventListener("contextmenu", (ev) => ev.preventDefault());
    elem.addEventListener("click", (ev) => { if (suppressClick) { ev.stopPropagation(); ev.preventDefault(); suppressClick = false; } }, true);
    return elem;
  }

  // ---- drawing ------------------------------------------------------------------------

  function draw() {
    const L = layout();
    if (circle.style.height !== `${L.h}px`) circle.style.height = `${L.h}px`;
    L.stacks.forEach((s, i) => {
      const key = stackKeys.children[i];
      const pos = `left:${s.x - s.cw / 2}px;top:${s.y - s.ch / 2}px;width:${s.cw}px;height:${s.ch}px`;
      if (key && key.dataset.pos !== pos) { key.style.cssText = pos; key.dataset.pos = pos; }
    });
    const dpr = window.devicePixelRatio || 1;
    const w = L.w, h = L.h;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      canvas.style.width = w + "px";
      canvas.style.height = h + "px";
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    if (!view || !cards || !view.words) return;
    const takeVisible = view.phase === "take_visible";
    drawCircle(ctx, L, view, cards, view.words, {
      selected: selected ? selected.stack : null,
      preview: selected ? takeOrder(view, cards, selected.stack, selected.skip) : [],
      skippable: selected ? legal("take_card").filter((a) => a.stack === selected.stack && a.skip !== null).map((a) => a.skip) : [],
      takeable: new Set(legal(takeVisible ? "take_visible" : "take_card").map((a) => a.stack)),
      takeVisible,
    }, lang());
    if (hinted && hinted.type === "take_visible") drawHint(ctx, L.stacks[hinted.stack]);
    if (flash && !drawFlash(ctx, L, flash)) { flash = null; redraw(); }
  }

  function onEvents(events) {
    const f = flashOf(events);
    if (f) { flash = { ...f, start: performance.now() }; redraw(); }
  }

  // ---- DOM parts ----------------------------------------------------------------------

  function render() {
    if (!view || !cards || !api) return;
    keepFocus(root, drawDom);
  }

  function drawDom() {
    redraw();
    const lg = lang();
    const words = view.words || {};
    const mine = myTurn();
    // the bar: the step's prompt and its buttons, always in sight
    const touch = window.matchMedia("(pointer: coarse)").matches;
    const prompt = promptText(view, mine, selected, touch);
    const take = selectedAction();
    const preview = take ? takeOrder(view, cards, take.stack, take.skip).map((i) => view.resources[i].top).filter(Boolean) : [];
    buttonsBox.replaceChildren(...barButtons(view, lg, mine, selected, take, preview, {
      confirm: confirmTake, cancel: () => { selected = null; render(); }, act: (a) => api.act(a),
      toHand: () => (handBox.querySelector(".play-option") || handBox).closest(".hand-card, .elawa-hand").scrollIntoView({ block: "start" }),
    }));
    const finalRound = view.final_round && !view.over;
    // nothing to say (the game is over): the bar keeps only the legend and stays in its place
    bar.classList.toggle("idle", !prompt && !buttonsBox.childElementCount && !finalRound);
    const said = `${finalRound}|${prompt}`;  // read out only when it changes
    if (promptBox.dataset.said !== said) {
      promptBox.dataset.said = said;
      const fr = words.prompt && words.prompt.final_round;
      promptBox.replaceChildren(...[finalRound && fr ? el("strong", { class: "final-round" }, fr) : null, prompt ? ` ${prompt}` : null].filter(Boolean));
    }
    canvas.setAttribute("aria-label", `${words.fire || ""} · ${words.supply || ""}`);
    [...stackKeys.children].forEach((key, i) => {
      const st = view.stacks[i];
      key.hidden = !st.top;
      if (st.top) key.setAttribute("aria-label", `${cardLabel(cardWords(view, st.top))} · ${(words.stacks || [])[i] || ""}`);
      key.classList.toggle("choosable", stackChoosable(i));
    });
    const open = legendSlot.querySelector("details")?.open;
    if (legendSlot.dataset.lang !== lg) {
      legendSlot.replaceChildren(legendEl(lg));
      legendSlot.dataset.lang = lg;
      if (open) legendSlot.querySelector("details").open = true;
    }
    players.replaceChildren(...playersEl(view, lg, api));
    const me = view.seat !== null && view.seat !== undefined ? view.players[view.seat] : null;
    handBox.replaceChildren(...(me && me.hand
      ? handEls(view, lg, { card: detailCardEl, plays: legal("play"), act: (a) => api.act(a), playing: mine && view.phase === "play" })
      : []));
    tribes.replaceChildren(...tribeEls(view, lg, cards, { card: detailCardEl, stores: legal("store"), act: (a) => api.act(a) }));
    // tokens are followed from a player's supply to a card they are stored on
    keyMotion(root, ".elawa-player .avail .token, .tribe-card .stored .token",
      (t) => `tok:${t.dataset.token}@${t.closest(".stored") ? t.closest("[data-card]").dataset.card : "p" + t.closest("[data-player]").dataset.player}`);
    keepHeights();
    markHint();
  }

  // A phone shows the players' lines and the hand one above the other: each keeps the
  // greatest height it had at this width, so a card taken or played, or a longer line, never
  // moves what is below it (the tribes) under a player who scrolled down to the hand.
  let keptWidth = 0;
  function keepHeights() {
    const boxes = [players, handBox];
    const width = document.documentElement.clientWidth;
    if (width !== keptWidth || !window.matchMedia("(max-width: 799px)").matches) {
      keptWidth = width;
      for (const b of boxes) b.style.minHeight = "";
      if (!window.matchMedia("(max-width: 799px)").matches) return;
    }
    for (const b of boxes) b.style.minHeight = `${Math.max(parseFloat(b.style.minHeight) || 0, b.offsetHeight)}px`;
  }

  // the hint: a take is selected (its preview in the bar), a card of the circle ringed, a
  // button of the bar, the hand or a tribe marked; it stays until the next move
  function showHint(action) {
    hinted = action;
    hintedFor = view && view.state_id;
    if (action.type === "take_card") selected = { stack: action.stack, skip: action.skip };
    render();
  }

  function markHint() {
    const key = hinted ? JSON.stringify(hinted) : null;
    for (const b of root.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === key);
    [...stackKeys.children].forEach((k, i) => k.classList.toggle("hinted", Boolean(hinted) && hinted.type === "take_visible" && hinted.stack === i));
  }

  // A lesson's ring (screens/lesson.mjs, docs/lessons.md): for an expected move the control
  // that comes next (a card of the circle, then "take" once it is chosen; the play, store or
  // discard button of that very move; "end turn"), else the lesson's target: {fire: true},
  // {stack: i}, {resource: i} (the circle's parts), {player: i}, {tribe: i}, {hand: true}.
  // {rect (client coordinates), element} or null. A target outside the part of the page
  // between the sticky lines (the status line above, a phone's bar below) is scrolled there
  // once a step; the player's own scrolling stays.
  let lessonShown = "";
  function lessonTarget(target, expect) {
    if (!view || !canvas || !root.isConnected || !cards) return null;
    const L = layout();
    const onCanvas = (x, y, w, h) => {
      const r = canvas.getBoundingClientRect();
      return { element: canvas, rect: { left: r.left + x, top: r.top + y, width: w, height: h, right: r.left + x + w, bottom: r.top + y + h } };
    };
    const card = (i) => { const s = L.stacks[i]; return s && view.stacks[i].top ? onCanvas(s.x - s.cw / 2, s.y - s.ch / 2, s.cw, s.ch) : null; };
    const token = (i) => { const s = L.stacks[i]; return s ? onCanvas(s.rx - L.tokenR, s.ry - L.tokenR, 2 * L.tokenR, 2 * L.tokenR) : null; };
    const box = (e) => (e && e.getClientRects().length ? { element: e, rect: e.getBoundingClientRect() } : null);
    const button = (b) => (b && !b.disabled ? box(b) : null);
    let found = null;
    if (expect && expect.type === "take_card") {
      const chosen = selected && selected.stack === expect.stack;
      if (chosen && (selected.skip ?? null) === (expect.skip ?? null)) found = button(root.querySelector("#elawa-confirm"));
      else if (chosen) found = token(expect.skip ?? selected.skip);  // chief 1's skip: the token to (un)choose
      else found = card(expect.stack);
    } else if (expect && expect.type === "take_visible") {
      found = card(expect.stack);
    } else if (expect) {
      const key = canonical(expect);
      found = button([...root.querySelectorAll("button[data-action]")].find((b) => b.dataset.action && canonical(JSON.parse(b.dataset.action)) === key));
    } else if (target && target.fire) {
      found = onCanvas(L.cx - L.fireR, L.cy - L.fireR, 2 * L.fireR, 2 * L.fireR);
    } else if (target && Number.isInteger(target.stack)) {
      found = card(target.stack);
    } else if (target && Number.isInteger(target.resource)) {
      found = token(target.resource);
    } else if (target && Number.isInteger(target.player)) {
      found = box(players.querySelector(`.elawa-player[data-player="${target.player}"]`));
    } else if (target && Number.isInteger(target.tribe)) {
      found = box(tribes.querySelector(`.tribe[data-player="${target.tribe}"]`));
    } else if (target && target.hand) {
      found = box(handBox);
    }
    if (!found) return null;
    const shownKey = `${view.state_id}|${JSON.stringify(target)}|${JSON.stringify(expect)}|${found.element.id || found.element.className}`;
    if (lessonShown !== shownKey) {
      lessonShown = shownKey;
      if (!bar.contains(found.element) && intoSight(found.rect)) {
        return lessonTarget(target, expect);  // where it is now
      }
    }
    return found;
  }

  // Scroll a rect into the band between the sticky status line and a phone's bar at the foot
  // of the screen (or a wide screen's bar at the top); true if the page moved. A status line
  // that scrolls with the page (a wide screen) holds the lesson's words: they come into sight
  // too, as far as the target allows.
  function intoSight(rect) {
    const status = document.getElementById("status-line");
    const sticky = status && getComputedStyle(status).position === "sticky";
    let top = sticky ? status.getBoundingClientRect().bottom : 0;
    let bottom = window.innerHeight;
    const b = bar.getBoundingClientRect();
    if (getComputedStyle(bar).position === "sticky") {
      if (b.top > window.innerHeight / 2) bottom = Math.min(bottom, b.top);
      else top = Math.max(top, b.bottom);
    }
    const margin = 14;  // the lesson's own bringing into sight leaves a target alone inside it
    const lo = rect.top + rect.height - bottom + margin;  // the least scroll that shows its foot
    let hi = rect.top - top - margin;                    // the most that keeps its head
    const words = !sticky && document.getElementById("lesson-panel");
    if (words && !words.hidden) hi = Math.min(hi, words.getBoundingClientRect().top - 8);
    const dy = lo > hi ? lo : Math.min(Math.max(0, lo), hi);
    if (Math.abs(dy) < 1) return false;
    const before = window.scrollY;
    window.scrollBy({ top: dy, behavior: "instant" });
    return window.scrollY !== before;
  }

  return {
    scrollsToDecisions: true,  // it brings its own decision areas into view
    mount, unmount, update, showHint, onEvents, motionSource, lessonTarget,
    // the shell's end screen shows this
    breakdown: (v, lg) => endSummary(v, lg || lang(), api.names),
    hook: {
      get flashing() { return flash ? [...flash.stacks] : []; },
      stackPoint(i) {
        const r = canvas.getBoundingClientRect();
        const s = layout().stacks[i];
        return { x: r.left + s.x, y: r.top + s.y };
      },
      resourcePoint(i) {
        const r = canvas.getBoundingClientRect();
        const s = layout().stacks[i];
        return { x: r.left + s.rx, y: r.top + s.ry };
      },
      get selected() { return selected; },
      get ready() { return cards !== null; },
      get detail() { return detailCard; },
      layout() { const L = layout(); return { w: L.w, h: L.h, cx: L.cx, cy: L.cy, fireR: L.fireR, stacks: L.stacks.map((s) => ({ ...s })), tokenR: L.tokenR }; },
    },
  };
}
