// Carcassonne – Jäger und Sammler: the canvas board. It draws the engine's view and offers
// exactly its legal actions: tile placement with rotate, preview and confirm, then the
// figure choice on the tile's zones; hovering any zone lights up the whole feature. This module
// holds one match's state (`s`, shared with its parts) and draws it; its parts are modules of
// their own: where the camera looks (framing), placing the tile (placing), the figure choice
// (figures), the input (input), the flights (flights), the lesson's ring and the tests' hook
// (targets), the board's queries (board), shapes, drawing, choice layout and panel. Every
// sentence about the game is the engine's (view.words).

import { el, framesOnDemand, motionMs, revealInPage } from "../common.mjs";
import { createCamera } from "./camera.mjs";
import { drawArrows, drawChoices, drawFeatureHighlight, drawFigures, drawFloaters, drawGrid, drawLastFrame,
         drawPlacementHints, drawTile } from "./draw.mjs";
import { endSummary, renderPanel, text } from "./panel.mjs";
import { alias, featureOf, firstLegalRotation, isMyTurn, legalAt, legalPlacements, tileAt } from "./board.mjs";
import { coarse, createFraming } from "./framing.mjs";
import { createPlacing } from "./placing.mjs";
import { createFigureChoice } from "./figures.mjs";
import { createInput } from "./input.mjs";
import { flyFigures, flyTile } from "./flights.mjs";
import { createLessonTarget, testHook } from "./targets.mjs";

export function createSammlerRenderer() {
  // one match's state: what its parts read and change
  const s = {
    api: null,               // {act, names, seats, colours, lang, message}
    root: null, canvas: null, ctx: null, panel: null, tooltip: null, toast: null,
    geometry: null,          // tiles/geometry.json
    images: new Map(),       // type id -> canvas with the rasterised tile
    view: null,
    rot: 0,
    pending: null,           // {x, y, rotation}
    hoverCell: null,
    hoverZone: null,         // {x, y, zone}
    untouched: true,         // the camera is where the first turn fitted it: a resize fits again
    floaters: [],
    frameTimes: [],
    hinted: null,
    tooltipOff: null,        // the zone whose explanation a click put away
  };
  s.cam = createCamera(() => [s.canvas.clientWidth || 1, s.canvas.clientHeight || 1]);
  s.camera = s.cam.state;
  const framing = createFraming(s);
  const placing = createPlacing(s, () => showPanel());
  const figures = createFigureChoice(s, framing);
  const input = createInput(s, { framing, placing, figures });
  let lastPlacedAt = null;
  let dropAnim = null;
  // points fly and a dropped tile settles frame by frame; any part asks for a frame by s.dirty = true
  const frames = framesOnDemand(() => draw(), () => s.floaters.length || dropAnim);
  Object.defineProperty(s, "dirty", { set: (v) => { if (v) frames.request(); } });

  // ---- set-up ---------------------------------------------------------------------

  async function loadArt() {
    const response = await fetch(new URL("../../../tiles/geometry.json", import.meta.url));
    s.geometry = await response.json();
    const ids = Object.keys(s.geometry.types);
    await Promise.all(ids.map((id) => new Promise((resolve) => {
      const img = new Image();
      img.onload = () => {
        const c = document.createElement("canvas");
        c.width = c.height = 192;
        c.getContext("2d").drawImage(img, 0, 0, 192, 192);
        s.images.set(id, c);
        resolve();
      };
      img.onerror = resolve;
      img.src = new URL(`../../../tiles/${id}.svg`, import.meta.url).href;
    })));
    s.dirty = true;
  }

  function mount(container, hostApi) {
    s.api = hostApi;
    s.root = el("div", { class: "sammler" });
    const stage = el("div", { class: "sammler-stage" });
    s.canvas = el("canvas", { class: "sammler-canvas", tabindex: "0" });
    s.tooltip = el("div", { class: "sammler-tooltip", role: "status" });
    s.tooltip.hidden = true;
    s.toast = el("div", { class: "sammler-toast", role: "alert" });
    s.toast.hidden = true;
    const zoom = el("div", { class: "sammler-zoom" },
      el("button", { type: "button", id: "sammler-zoom-in", onclick: () => framing.zoomBy(1.25) }, "+"),
      el("button", { type: "button", id: "sammler-zoom-out", onclick: () => framing.zoomBy(0.8) }, "−"),
      el("button", { type: "button", id: "sammler-fit", onclick: framing.overview }, "⤢"));
    stage.append(s.canvas, s.tooltip, s.toast, zoom);
    s.panel = el("div", { class: "sammler-panel" });
    s.root.append(stage, s.panel);
    container.replaceChildren(s.root);
    s.ctx = s.canvas.getContext("2d");
    input.bind();
    new ResizeObserver(() => { resize(); }).observe(stage);
    resize();
    loadArt();
    frames.start();
  }

  function unmount() {
    frames.stop();
    input.unbind();
    placing.stop();
    s.api = null;
  }

  function resize() {
    const canvas = s.canvas;
    const rect = canvas.parentElement.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(rect.width * dpr));
    canvas.height = Math.max(1, Math.round(rect.height * dpr));
    canvas.style.width = rect.width + "px";
    canvas.style.height = rect.height + "px";
    if (s.view) framing.keepInView(true);
    s.dirty = true;
  }

  // ---- the view -------------------------------------------------------------------

  function update(newView) {
    const previous = s.view;
    // where a move comes from, before the panel is drawn anew: the tile to place, the supply
    const tileFrom = s.panel.querySelector(".sammler-preview img")?.getBoundingClientRect();
    const supplyFrom = [...s.panel.querySelectorAll(".sammler-supply li")].map((li) => li.getBoundingClientRect());
    const view = s.view = newView;
    const changed = !previous || previous.state_id !== view.state_id;
    if (changed) {
      s.hinted = null;
      input.hideTooltip();  // the computer's move or ours: an old explanation would cover the board
      s.hoverZone = null;
      s.tooltipOff = null;
    }
    if (!previous || previous.tile_to_place !== view.tile_to_place || previous.state_id > view.state_id) {
      s.pending = null;
      if (!previous || previous.tile_to_place !== view.tile_to_place) s.rot = firstLegalRotation(s);
    }
    if (s.pending && !legalAt(s, s.pending.x, s.pending.y, s.pending.rotation)) s.pending = null;
    const last = view.last_placed;
    const key = last ? `${last.x},${last.y},${view.tiles.length}` : null;
    const placed = Boolean(key && key !== lastPlacedAt && previous && view.tiles.length > previous.tiles.length);  // not an undo
    if (key && key !== lastPlacedAt) {
      if (placed && motionMs()) dropAnim = { x: last.x, y: last.y, start: performance.now() };
      lastPlacedAt = key;
    }
    if (!previous && view.over) framing.fitFinal();
    else if (!previous) framing.fit();
    else if (changed) {
      s.untouched = false;
      framing.endFigureStep();
      if (placed) framing.showPlaced(last);
      framing.keepInView();
    }
    showPanel();
    s.dirty = true;
    if (placed && changed) flyTile(s, last, tileFrom);
    if (previous && changed && previous.state_id < view.state_id) flyFigures(s, previous.figures, supplyFrom);
    // a wide screen shows the board whole; a narrow one stays where the player left it (a
    // tap must not land on a board that moved under the finger)
    if (changed && isMyTurn(s) && window.innerWidth >= 800) requestAnimationFrame(scrollToDecision);
  }

  // A figure step with nothing to choose ("no figure" its only move: no figure left, or none
  // fits on the tile) is played by the page itself with a note for the status line (the shell
  // asks this before it waits for the player; an undo goes back past it).
  function autoAction(v) {
    const legal = v && !v.over && v.phase === "figure" && v.seat === v.current_seat ? v.legal || [] : [];
    if (legal.length !== 1 || legal[0].type !== "pass") return null;
    const own = (v.supply || [])[v.seat];
    const key = own && !own.members && !own.huts ? "noFigures" : "noFigureFits";
    return { action: legal[0], note: { de: text("de")[key], en: text("en")[key] } };  // worded anew on a switch
  }

  // On a small screen the board and the buttons of the decision come into view.
  function scrollToDecision() {
    if (!s.root || !s.root.isConnected) return;
    // the board's top to the buttons of the decision, all of it (the buttons are what is tapped)
    revealInPage(s.root, { enough: 1, last: s.panel.querySelector(".sammler-controls") || s.canvas });
  }

  function onEvents(events) {
    const now = performance.now();
    for (const e of events) {
      if (e.type === "score") {
        for (const p of e.players) {
          s.floaters.push({ x: e.x + 0.5, y: e.y + 0.3, text: `+${e.points}`, colour: s.api.colours[p], start: now });
        }
      }
    }
    if (s.floaters.length) frames.request();
  }

  // ---- drawing --------------------------------------------------------------------

  function draw() {
    const { ctx, cam, view, api } = s;
    const t0 = performance.now();
    const dpr = window.devicePixelRatio || 1;
    const [w, h] = cam.size();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = "#e9dfcc";
    ctx.fillRect(0, 0, w, h);
    if (!view) return;
    drawGrid(ctx, cam, w, h);
    const now = performance.now();
    for (const t of view.tiles) {
      let scale = 1;
      if (dropAnim && dropAnim.x === t.x && dropAnim.y === t.y) {
        const p = Math.min(1, (now - dropAnim.start) / 300);
        scale = 1.12 - 0.12 * p;
        if (p >= 1) dropAnim = null;
      }
      drawTile(ctx, cam, s.images, t.type, t.x, t.y, t.rotation, 1, scale);
    }
    const at = (x, y) => tileAt(s, x, y);
    if (view.last_placed) drawLastFrame(ctx, cam, view.last_placed);
    if (s.hoverZone) drawFeatureHighlight(ctx, cam, s.geometry, at, featureOf(s, s.hoverZone.x, s.hoverZone.y, s.hoverZone.zone));
    drawFigures(ctx, cam, s.geometry, api.colours, view.figures, at);
    if (isMyTurn(s) && view.phase === "tile") {
      const hover = !s.pending && s.hoverCell && legalAt(s, s.hoverCell.x, s.hoverCell.y, s.rot) ? s.hoverCell : null;
      drawPlacementHints(ctx, cam, s.images, { placements: legalPlacements(s), want: alias(s, view.tile_to_place, s.rot),
                                               type: view.tile_to_place, rot: s.rot, pending: s.pending, hover,
                                               colour: api.colours[view.seat] });
      drawArrows(ctx, framing.arrows());
    }
    if (isMyTurn(s) && view.phase === "figure") drawChoices(ctx, api.colours, view.seat, figures.markers(), s.hinted);
    s.floaters = drawFloaters(ctx, cam, s.floaters, now);
    s.frameTimes.push(performance.now() - t0);
    if (s.frameTimes.length > 2000) s.frameTimes = s.frameTimes.slice(-1000);
  }

  // ---- side panel -----------------------------------------------------------------

  function showPanel() {
    const { view, api, root } = s;
    if (!view) return;
    const lang = api.lang();
    const t = text(lang);
    s.canvas.setAttribute("aria-label", t.board);
    for (const [id, words] of [["sammler-zoom-in", t.zoomIn], ["sammler-zoom-out", t.zoomOut], ["sammler-fit", t.fit]]) {
      const b = root.querySelector("#" + id);
      b.setAttribute("aria-label", words);
      b.title = words;
    }
    // a step the page plays by itself offers no buttons
    renderPanel(s.panel, { view, lang, mine: isMyTurn(s) && !autoAction(view), pending: s.pending, rot: s.rot, coarse: coarse(), names: api.names, colours: api.colours }, {
      confirm: placing.confirm, cancel: placing.cancel, rotate: placing.rotate, act: (a) => s.api.act(a),
      light: (a) => { s.hoverZone = { x: s.view.last_placed.x, y: s.view.last_placed.y, zone: a.zone }; s.dirty = true; },
      dark: () => { s.hoverZone = null; s.dirty = true; },
    });
  }

  // The final scoring for the shell's end screen.
  function breakdown(endView) {
    return endSummary(endView, s.api.names);
  }

  // ---- the page's interface -----------------------------------------------------------

  function showHint(action) {
    // put the hinted tile on the board as a pending placement, or ring the hinted figure spot
    if (action.type === "place_tile") {
      s.rot = action.rotation;
      s.pending = { x: action.x, y: action.y, rotation: action.rotation };
      showPanel();
    }
    s.hinted = action;
    s.dirty = true;
    // and the button that does it: "place" for a tile, the choice (or "no figure") for a figure
    const key = JSON.stringify(action);
    for (const b of s.panel.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === key);
    if (action.type === "place_tile") s.panel.querySelector("#sammler-confirm")?.classList.add("hinted");
  }

  return {
    scrollsToDecisions: true,  // it brings its own decision areas into view
    mount, unmount, update, onEvents, showHint, breakdown, autoAction,
    lessonTarget: createLessonTarget(s, { framing, figures }),
    hook: testHook(s, { framing, figures, scrollToDecision }),  // tests: where to click
  };
}
