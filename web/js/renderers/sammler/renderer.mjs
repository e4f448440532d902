// Carcassonne – Jäger und Sammler: the canvas board. It draws the engine's view and offers
// exactly its legal actions: tile placement with rotate, preview and confirm, then the
// figure choice on the tile's zones; hovering any zone lights up the whole feature. This module
// holds one match's state and input; the camera, shapes, drawing, choice layout and panel are
// modules of their own, and every sentence about the game is the engine's (view.words).

import { el, flyGhost, motionMs, revealInPage, settings } from "../common.mjs";
import { createCamera } from "./camera.mjs";
import { layoutChoices } from "./choices.mjs";
import { drawArrows, drawChoices, drawFeatureHighlight, drawFigure, drawFigures, drawFloaters, drawGrid, drawLastFrame,
         drawPlacementHints, drawTile, figurePlace } from "./draw.mjs";
import { FIGURE_HALF, TILE, anchorOf, symbolsOf, zoneAt } from "./geometry.mjs";
import { endSummary, labelOf, renderPanel, text } from "./panel.mjs";

const coarse = () => window.matchMedia && window.matchMedia("(hover: none)").matches;

export function createSammlerRenderer() {
  let api = null;          // {act, names, seats, colours, lang, message}
  let root, canvas, ctx, panel, tooltip, toast;
  let geometry = null;     // tiles/geometry.json
  const images = new Map(); // type id -> canvas with the rasterised tile
  let view = null;
  let rot = 0;
  let pending = null;      // {x, y, rotation}
  let hoverCell = null;
  let hoverZone = null;    // {x, y, zone}
  let untouched = true;     // the camera is where the first turn fitted it: a resize fits again
  let floaters = [];
  let dirty = true;
  let frameTimes = [];
  let raf = 0;
  const pointers = new Map();
  let drag = null;
  let lastPlacedAt = null;
  let dropAnim = null;
  let hinted = null;
  let longPress = 0;
  let tooltipOff = null;   // the zone whose explanation a click put away
  const cam = createCamera(() => [canvas.clientWidth || 1, canvas.clientHeight || 1]);
  const camera = cam.state;

  // ---- set-up ---------------------------------------------------------------------

  async function loadArt() {
    const response = await fetch(new URL("../../../tiles/geometry.json", import.meta.url));
    geometry = await response.json();
    const ids = Object.keys(geometry.types);
    await Promise.all(ids.map((id) => new Promise((resolve) => {
      const img = new Image();
      img.onload = () => {
        const c = document.createElement("canvas");
        c.width = c.height = 192;
        c.getContext("2d").drawImage(img, 0, 0, 192, 192);
        images.set(id, c);
        resolve();
      };
      img.onerror = resolve;
      img.src = new URL(`../../../tiles/${id}.svg`, import.meta.url).href;
    })));
    dirty = true;
  }

  function mount(container, hostApi) {
    api = hostApi;
    root = el("div", { class: "sammler" });
    const stage = el("div", { class: "sammler-stage" });
    canvas = el("canvas", { class: "sammler-canvas", tabindex: "0" });
    tooltip = el("div", { class: "sammler-tooltip", role: "status" });
    tooltip.hidden = true;
    toast = el("div", { class: "sammler-toast", role: "alert" });
    toast.hidden = true;
    const zoom = el("div", { class: "sammler-zoom" },
      el("button", { type: "button", id: "sammler-zoom-in", onclick: () => zoomBy(1.25) }, "+"),
      el("button", { type: "button", id: "sammler-zoom-out", onclick: () => zoomBy(0.8) }, "−"),
      el("button", { type: "button", id: "sammler-fit", onclick: overview }, "⤢"));
    stage.append(canvas, tooltip, toast, zoom);
    panel = el("div", { class: "sammler-panel" });
    root.append(stage, panel);
    container.replaceChildren(root);
    ctx = canvas.getContext("2d");
    bindInput();
    new ResizeObserver(() => { resize(); }).observe(stage);
    resize();
    loadArt();
    const loop = () => {
      raf = requestAnimationFrame(loop);
      if (dirty || floaters.length || dropAnim) draw();
    };
    raf = requestAnimationFrame(loop);
  }

  function unmount() {
    cancelAnimationFrame(raf);
    clearTimeout(longPress);
    clearTimeout(toastTimer);
    window.removeEventListener("keydown", onKey);
    api = null;
  }

  function resize() {
    const rect = canvas.parentElement.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(rect.width * dpr));
    canvas.height = Math.max(1, Math.round(rect.height * dpr));
    canvas.style.width = rect.width + "px";
    canvas.style.height = rect.height + "px";
    if (view) keepInView(true);
    dirty = true;
  }

  // ---- camera ---------------------------------------------------------------------

  // A phone (or a narrow board) gets tiles no smaller than this; a wider board pans instead.
  const touchy = () => coarse() || cam.size()[0] < 700;
  const minTile = () => (touchy() ? 48 : 28);

  // The board's cells and the spots for the tile: [minX, minY, maxX, maxY] in cells.
  function boardBounds() {
    const cells = view.tiles.map((t) => [t.x, t.y]);
    for (const a of legalPlacements()) cells.push([a.x, a.y]);
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const [x, y] of cells) {
      minX = Math.min(minX, x); minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + 1); maxY = Math.max(maxY, y + 1);
    }
    return [minX, minY, maxX, maxY];
  }

  // The whole board, its tiles at least `least` px large (the fit button: 12, the final board
  // all of it). When it does not fit, the camera goes where most spots are in view.
  function fit(least = minTile()) {
    if (!view) return;
    cam.fit(boardBounds(), least, bestCentre);
    dirty = true;
  }

  // The camera moves by itself only on the first turn (the board fitted), at the end (all of the
  // final board) and, keeping its scale, to bring a decision into view: the placed tile with
  // room around it for its figure choices, or some spot for the new tile when none is in view.
  // Otherwise it stays where the player zoomed and dragged it. `resized`: the canvas changed.
  function keepInView(resized = false) {
    if (view.over) { fitFinal(); return; }
    if (untouched && resized) { fit(); return; }
    if (!isMyTurn()) return;
    if (view.phase === "figure" && view.last_placed) {
      const { x, y } = view.last_placed;
      if (touchy() && (!figureStep || figureStep.ours)) { zoomToFigureStep(x, y); return; }
      const [w, h] = cam.size();
      const [left, top] = cam.toScreen(x - 0.5, y - 0.5), [right, bottom] = cam.toScreen(x + 1.5, y + 1.5);
      // as little as brings the tile and half a tile around it onto the canvas (clear of the
      // zoom buttons' column); centred when the canvas is smaller than that
      const shift = (lo, hi, end) => (hi - lo > end ? (lo + hi - end) / 2 : lo < 0 ? lo : hi > end ? hi - end : 0);
      panTo([camera.x + shift(left, right, w - 50) / camera.scale, camera.y + shift(top, bottom, h) / camera.scale]);
    } else if (view.phase === "tile" && !spotCells().some(([x, y]) => cam.cellInView(x, y))) {
      panTo(bestCentre());
    }
  }

  // A phone's figure step: the placed tile large enough to tell its zones apart with the choices
  // around it, in the middle; the player's camera comes back after the step. Once the player
  // zooms or drags in it, the camera is theirs again (ours: false) and stays.
  let figureStep = null;   // {before: the camera before the step, ours}
  function zoomToFigureStep(x, y) {
    const [w, h] = cam.size();
    // no larger than leaves the middles of its four neighbours on the canvas (where it lies)
    const want = Math.min(200, 0.4 * w, 0.4 * h);
    if (!figureStep) figureStep = { before: { ...camera }, ours: true };
    camera.scale = Math.max(figureStep.before.scale, want);
    // the zoom buttons' column stays free: the tile a little left of the middle
    panTo([x + 0.5 + 22 / camera.scale, y + 0.5]);
  }

  function endFigureStep() {
    if (figureStep && !(view.phase === "figure" && isMyTurn())) {
      if (figureStep.ours) Object.assign(camera, figureStep.before);
      figureStep = null;
      dirty = true;
    }
  }

  // The final board: all of it on the canvas, as large as it goes (nothing to tap under the
  // zoom buttons any more).
  function fitFinal() {
    const [minX, minY, maxX, maxY] = boardBounds();
    const [w, h] = cam.size();
    camera.scale = Math.max(4, Math.min(140, w / (maxX - minX + 0.4), h / (maxY - minY + 0.4)));
    panTo([(minX + maxX) / 2, (minY + maxY) / 2]);
  }

  function panTo([x, y]) {
    camera.x = x;
    camera.y = y;
    dirty = true;
  }

  // The legal spots (any turn of the tile), one a cell.
  function spotCells() {
    const seen = new Map();
    for (const a of legalPlacements()) seen.set(`${a.x},${a.y}`, [a.x, a.y]);
    return [...seen.values()];
  }

  // Where to look when the board is larger than the canvas: the centre that shows the most
  // spots for the tile, nearest the tile placed last when several show as many.
  function bestCentre() {
    const spots = spotCells();
    const last = view.last_placed || { x: 0, y: 0 };
    const shift = 25 / camera.scale;  // the zoom buttons' column stays free: look a little right
    if (!spots.length) return [last.x + 0.5 + shift, last.y + 0.5];
    let best = null;
    for (const [cx, cy] of [[last.x, last.y], ...spots]) {
      const c = { x: cx + 0.5 + shift, y: cy + 0.5, scale: camera.scale };
      const seen = spots.filter(([x, y]) => cam.cellInView(x, y, c)).length;
      const away = Math.hypot(cx - last.x, cy - last.y);
      if (!best || seen > best.seen || (seen === best.seen && away < best.away)) best = { seen, away, at: [c.x, c.y] };
    }
    return best.at;
  }

  // The zoom buttons' box on the canvas.
  function zoomBox() {
    const zoom = root.querySelector(".sammler-zoom").getBoundingClientRect();
    const stage = canvas.getBoundingClientRect();
    return { left: zoom.left - stage.left, bottom: zoom.bottom - stage.top };
  }

  // Spots for the tile whose middle is off the canvas: an arrow at the edge points to them, one
  // for each of eight directions with their number; a tap on it brings the nearest into view.
  function arrows() {
    if (!view || view.phase !== "tile" || !isMyTurn()) return [];
    const [w, h] = cam.size();
    const r = touchy() ? 17 : 14, inset = r + 4;
    const box = zoomBox();
    const zoomLeft = box.left - r, zoomBottom = box.bottom + r;
    const cx = w / 2, cy = h / 2;
    const found = [];
    for (const [x, y] of spotCells()) {
      const [px, py] = cam.toScreen(x + 0.5, y + 0.5);
      if (px >= 0 && py >= 0 && px <= w && py <= h && !(px > zoomLeft + r && py < zoomBottom - r)) continue;
      const dx = px - cx, dy = py - cy;
      // where the line from the middle to the spot leaves the inset frame
      const k = Math.min(Math.abs(dx) > 0.01 ? (cx - inset) / Math.abs(dx) : Infinity,
                         Math.abs(dy) > 0.01 ? (cy - inset) / Math.abs(dy) : Infinity, 1);
      let sx = cx + dx * k, sy = cy + dy * k;
      if (sx > zoomLeft && sy < zoomBottom) sy = zoomBottom;  // not under the zoom buttons
      found.push({ sx, sy, angle: Math.atan2(dy, dx), cell: [x, y], far: Math.hypot(dx, dy), n: 1, r });
    }
    found.sort((a, b) => a.far - b.far || a.cell[0] - b.cell[0] || a.cell[1] - b.cell[1]);
    const shown = [];
    for (const a of found) {
      const d = (Math.round(a.angle / (Math.PI / 4)) + 8) % 8;
      const same = shown.find((m) => m.d === d || Math.hypot(m.sx - a.sx, m.sy - a.sy) < 2 * r + 8);
      if (same) same.n++;
      else shown.push({ ...a, d });
    }
    return shown;
  }

  function lookAt([x, y]) {
    camera.x = x + 0.5;
    camera.y = y + 0.5;
    untouched = false;
    dirty = true;
  }

  // The fit button: all of the board, however small; it stays so until the player moves it.
  function overview() {
    untouched = false;
    fit(12);
  }

  function zoomBy(factor, sx, sy) {
    cam.zoomBy(factor, sx, sy);
    if (figureStep) figureStep.ours = false;  // the player's own zoom stays
    untouched = false;
    dirty = true;
  }

  // ---- the view -------------------------------------------------------------------

  function legalPlacements() {
    return (view && view.legal ? view.legal : []).filter((a) => a.type === "place_tile");
  }

  function figureActions() {
    return (view && view.legal ? view.legal : []).filter((a) => a.type === "place_figure");
  }

  function alias(type, r) {
    const list = geometry && geometry.rotation_aliases[type];
    return list ? list[r] : r;
  }

  function legalAt(x, y, r) {
    const want = alias(view.tile_to_place, r);
    return legalPlacements().some((a) => a.x === x && a.y === y && a.rotation === want);
  }

  function rotationsAt(x, y) {
    const rs = [];
    for (let r = 0; r < 4; r++) if (legalAt(x, y, r)) rs.push(r);
    return rs;
  }

  function update(newView) {
    const previous = view;
    // where a move comes from, before the panel is drawn anew: the tile to place, the supply
    const tileFrom = panel.querySelector(".sammler-preview img")?.getBoundingClientRect();
    const supplyFrom = [...panel.querySelectorAll(".sammler-supply li")].map((li) => li.getBoundingClientRect());
    view = newView;
    const changed = !previous || previous.state_id !== view.state_id;
    if (changed) {
      hinted = null;
      hideTooltip();  // the computer's move or ours: an old explanation would cover the board
      hoverZone = null;
      tooltipOff = null;
    }
    if (!previous || previous.tile_to_place !== view.tile_to_place || previous.state_id > view.state_id) {
      pending = null;
      if (!previous || previous.tile_to_place !== view.tile_to_place) rot = firstLegalRotation();
    }
    if (pending && !legalAt(pending.x, pending.y, pending.rotation)) pending = null;
    const last = view.last_placed;
    const key = last ? `${last.x},${last.y},${view.tiles.length}` : null;
    const placed = Boolean(key && key !== lastPlacedAt && previous && view.tiles.length > previous.tiles.length);  // not an undo
    if (key && key !== lastPlacedAt) {
      if (placed && motionMs()) dropAnim = { x: last.x, y: last.y, start: performance.now() };
      lastPlacedAt = key;
    }
    if (!previous && view.over) fitFinal();
    else if (!previous) fit();
    else if (changed) {
      untouched = false;
      endFigureStep();
      keepInView();
    }
    showPanel();
    dirty = true;
    if (placed && changed) flyTile(last, tileFrom);
    if (previous && changed && previous.state_id < view.state_id) flyFigures(previous.figures, supplyFrom);
    // a wide screen shows the board whole; a narrow one stays where the player left it (a
    // tap must not land on a board that moved under the finger)
    if (changed && isMyTurn() && window.innerWidth >= 800) requestAnimationFrame(scrollToDecision);
  }

  // ---- moves you can follow (motion.mjs): a ghost flies over the canvas, the board is already drawn

  function cellRect(x, y) {
    const rect = canvas.getBoundingClientRect();
    const [sx, sy] = cam.toScreen(x, y);
    return { left: rect.left + sx, top: rect.top + sy, width: camera.scale, height: camera.scale };
  }

  // the placed tile from the tile to place in the panel to its cell
  function flyTile(at, from) {
    const tile = tileAt(at.x, at.y);
    if (!tile || !from || !from.width) return;
    const img = images.get(tile.type);
    const ghost = el("canvas", { width: "192", height: "192", "data-motion": "tile" });
    const g = ghost.getContext("2d");
    g.translate(96, 96);
    g.rotate((tile.rotation * Math.PI) / 2);
    if (img) g.drawImage(img, -96, -96, 192, 192);
    flyGhost(ghost, from, cellRect(at.x, at.y));
  }

  // a new figure from its owner's supply to its zone
  function flyFigures(before, supplyFrom) {
    if (!geometry) return;
    const had = new Set(before.map((f) => `${f.x},${f.y},${f.zone}`));
    for (const f of view.figures) {
      const tile = tileAt(f.x, f.y);
      const from = supplyFrom[f.owner];
      if (had.has(`${f.x},${f.y},${f.zone}`) || !tile || !from) continue;
      const size = Math.max(14, camera.scale * 0.3);
      const ghost = el("canvas", { width: String(size * 4), height: String(size * 4), "data-motion": `figure:${f.owner}` });
      const g = ghost.getContext("2d");
      g.scale(2, 2);
      drawFigure(g, api.colours, f.kind, f.owner, size, size, size);
      const rect = canvas.getBoundingClientRect();
      const { sx, sy } = figurePlace(cam, geometry, tile, f.zone);  // where draw.mjs puts it, beside the animals
      const to = { left: rect.left + sx - size, top: rect.top + sy - size, width: 2 * size, height: 2 * size };
      flyGhost(ghost, { left: from.left, top: from.top, width: from.height * 1.4, height: from.height * 1.4 }, to);
    }
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
    if (!root || !root.isConnected) return;
    // the board's top to the buttons of the decision, all of it (the buttons are what is tapped)
    revealInPage(root, { enough: 1, last: panel.querySelector(".sammler-controls") || canvas });
  }

  function firstLegalRotation() {
    const rotations = new Set(legalPlacements().map((a) => a.rotation));
    for (let r = 0; r < 4; r++) if (rotations.has(alias(view.tile_to_place, r))) return r;
    return 0;
  }

  function onEvents(events) {
    const now = performance.now();
    for (const e of events) {
      if (e.type === "score") {
        for (const p of e.players) {
          floaters.push({ x: e.x + 0.5, y: e.y + 0.3, text: `+${e.points}`, colour: api.colours[p], start: now });
        }
      }
    }
  }

  // ---- input ----------------------------------------------------------------------

  function bindInput() {
    canvas.addEventListener("pointerdown", (ev) => {
      try { canvas.setPointerCapture(ev.pointerId); } catch { /* a pointer already gone */ }
      pointers.set(ev.pointerId, [ev.offsetX, ev.offsetY]);
      // a click or touch puts the explanation away: it must not cover a spot to choose
      hideTooltip();
      clearTimeout(longPress);
      const pressed = pointers.size === 1 && view && isMyTurn() && view.phase === "figure"
        && markers().find((m) => Math.hypot(m.sx - ev.offsetX, m.sy - ev.offsetY) <= m.r + 2);
      if (pressed) {  // the zone this circle means lights up while it is pressed
        hoverZone = { x: view.last_placed.x, y: view.last_placed.y, zone: pressed.action.zone };
        dirty = true;
      }
      if (pointers.size === 1) {
        drag = { x: ev.offsetX, y: ev.offsetY, moved: false, cam: { ...camera }, explained: false };
        if (ev.pointerType !== "mouse") {
          // long press on a zone: say what it is worth, and do not count it as a tap
          const d = drag;
          longPress = setTimeout(() => {
            if (drag !== d || d.moved) return;
            d.explained = true;
            hover(d.x, d.y, true);
          }, 450);
        }
      } else drag = null;
    });
    canvas.addEventListener("pointermove", (ev) => {
      const prev = pointers.get(ev.pointerId);
      if (pointers.size === 2 && prev) {
        const [other] = [...pointers.entries()].filter(([id]) => id !== ev.pointerId).map(([, p]) => p);
        const before = Math.hypot(prev[0] - other[0], prev[1] - other[1]);
        const after = Math.hypot(ev.offsetX - other[0], ev.offsetY - other[1]);
        pointers.set(ev.pointerId, [ev.offsetX, ev.offsetY]);
        if (before > 0) zoomBy(after / before, (ev.offsetX + other[0]) / 2, (ev.offsetY + other[1]) / 2);
        return;
      }
      if (prev) pointers.set(ev.pointerId, [ev.offsetX, ev.offsetY]);
      if (drag && prev) {
        const dx = ev.offsetX - drag.x, dy = ev.offsetY - drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 5) { drag.moved = true; clearTimeout(longPress); }
        if (drag.moved) {
          camera.x = drag.cam.x - dx / camera.scale;
          camera.y = drag.cam.y - dy / camera.scale;
          if (view) cam.clamp(boardBounds());
          untouched = false;
          if (figureStep) figureStep.ours = false;
          dirty = true;
        }
        return;
      }
      if (ev.pointerType === "mouse") hover(ev.offsetX, ev.offsetY);
    });
    const end = (ev) => {
      clearTimeout(longPress);
      const wasDrag = drag && (drag.moved || drag.explained);
      const single = pointers.size === 1;
      pointers.delete(ev.pointerId);
      if (ev.type === "pointerup" && single && !wasDrag) {
        hideTooltip();
        tooltipOff = hoverZone;  // stays away until the pointer moves to another zone
        click(ev.offsetX, ev.offsetY);
      }
      drag = null;
    };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    canvas.addEventListener("pointerleave", (ev) => {
      if (ev.pointerType !== "mouse") return;  // a lifted finger leaves too: a long-press text stays
      hoverCell = null; hoverZone = null; hideTooltip(); dirty = true;
    });
    canvas.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      zoomBy(Math.exp(-ev.deltaY * 0.0015), ev.offsetX, ev.offsetY);
    }, { passive: false });
    window.addEventListener("keydown", onKey);
  }

  function onKey(ev) {
    if (!api || !view || ev.target.closest("input, select, textarea")) return;
    if (ev.key === "r" || ev.key === "R" || ev.key === "e") rotate(ev.shiftKey ? -1 : 1);
    else if (ev.key === "q") rotate(-1);
    else if (ev.key === "Enter" && pending) confirm();
    else if (ev.key === "Escape" && pending) cancel();
    else if (ev.key === "f") overview();
    else return;
    ev.preventDefault();
  }

  function cellAt(sx, sy) {
    const [wx, wy] = cam.toWorld(sx, sy);
    const x = Math.floor(wx), y = Math.floor(wy);
    return { x, y, lx: (wx - x) * TILE, ly: (wy - y) * TILE };
  }

  function tileAt(x, y) {
    return view.tiles.find((t) => t.x === x && t.y === y);
  }

  function featureIndex(x, y, zone) {
    if (!view) return -1;
    const at = (f) => f.zones.some(([zx, zy, zid]) => zx === x && zy === y && zid === zone);
    const i = view.features.findIndex((f) => f.kind !== "river_system" && at(f));
    return i >= 0 ? i : view.features.findIndex(at);
  }

  function featureOf(x, y, zone) {
    const i = featureIndex(x, y, zone);
    return i >= 0 ? view.features[i] : null;
  }

  function hover(sx, sy, force = false) {
    const c = cellAt(sx, sy);
    const tile = view && tileAt(c.x, c.y);
    let newZone = null;
    if (tile && geometry) {
      const zone = zoneAt(geometry.types[tile.type], tile, c.lx, c.ly);
      if (zone) newZone = { x: c.x, y: c.y, zone };
    }
    const cellChanged = !hoverCell || hoverCell.x !== c.x || hoverCell.y !== c.y;
    const zoneChanged = JSON.stringify(newZone) !== JSON.stringify(hoverZone);
    hoverCell = { x: c.x, y: c.y };
    hoverZone = newZone;
    if (zoneChanged || force) {
      if (force || JSON.stringify(newZone) !== JSON.stringify(tooltipOff)) { tooltipOff = null; showTooltip(sx, sy); }
      else hideTooltip();
    } else if (hoverZone && !tooltip.hidden) moveTooltip(sx, sy);
    if (cellChanged || zoneChanged) dirty = true;
  }

  // The feature under the pointer explained in the engine's words (view.words.features runs
  // parallel to view.features).
  function showTooltip(sx, sy) {
    const i = hoverZone ? featureIndex(hoverZone.x, hoverZone.y, hoverZone.zone) : -1;
    const words = i >= 0 && view.words && view.words.features ? view.words.features[i] : "";
    if (!words) { hideTooltip(); return; }
    tooltip.textContent = words;
    tooltip.dataset.feature = view.features[i].kind;
    tooltip.hidden = false;
    moveTooltip(sx, sy);
  }

  // A short note over the board where the finger is (a wrong tap): gone after a few seconds.
  let toastTimer = 0;
  function showToast(words, sx, sy) {
    clearTimeout(toastTimer);
    toast.textContent = words;
    toast.hidden = false;
    const [w, h] = cam.size();
    const tw = toast.offsetWidth, th = toast.offsetHeight;
    toast.style.left = Math.max(4, Math.min(w - tw - 4, sx - tw / 2)) + "px";
    toast.style.top = (sy - th - 16 >= 4 ? sy - th - 16 : Math.min(h - th - 4, sy + 16)) + "px";
    toastTimer = setTimeout(() => { toast.hidden = true; }, 2500);
  }

  function hideTooltip() {
    if (tooltip) tooltip.hidden = true;
  }

  function moveTooltip(sx, sy) {
    // inside the stage: right of and below the pointer, or left of / above it near an edge
    const [w, h] = cam.size();
    const tw = tooltip.offsetWidth, th = tooltip.offsetHeight;
    let left = sx + 14, top = sy + 18;
    if (left + tw > w - 4) left = Math.max(4, sx - 14 - tw);
    if (top + th > h - 4) top = Math.max(4, sy - 18 - th);
    tooltip.style.left = left + "px";
    tooltip.style.top = top + "px";
  }

  function click(sx, sy) {
    if (!view || !isMyTurn()) return;
    const c = cellAt(sx, sy);
    const arrow = view.phase === "tile" && arrows().find((a) => Math.hypot(a.sx - sx, a.sy - sy) <= a.r + 4);
    if (arrow) { lookAt(arrow.cell); return; }
    if (view.phase === "tile") {
      if (legalAt(c.x, c.y, rot)) {
        pending = { x: c.x, y: c.y, rotation: rot };
      } else {
        const rotations = rotationsAt(c.x, c.y);
        if (rotations.length) {
          rot = rotations[0];
          pending = { x: c.x, y: c.y, rotation: rot };
        } else {
          api.message(text(api.lang()).noFit);
          showToast(text(api.lang()).noFit, sx, sy);
          return;
        }
      }
      api.message("");
      if (!settings().confirm) { confirm(); return; }  // the settings: no confirm step
      showPanel();
      dirty = true;
      return;
    }
    if (view.phase === "figure") {
      const marker = markers().find((m) => Math.hypot(m.sx - sx, m.sy - sy) <= m.r + 2);
      if (marker) api.act(marker.action);
    }
  }

  function isMyTurn() {
    return view && view.legal && view.legal.length && view.seat === view.current_seat;
  }

  function rotate(dir) {
    if (!view || !view.tile_to_place) return;
    if (pending) {
      // rotate in place: the next turn of the tile that fits the chosen spot (the spot stays)
      const rotations = rotationsAt(pending.x, pending.y);
      for (let k = 1; k <= 4; k++) {
        const r = (pending.rotation + dir * k + 8) % 4;
        if (rotations.includes(r)) { rot = r; pending.rotation = r; break; }
      }
    } else rot = (rot + dir + 4) % 4;
    showPanel();
    dirty = true;
  }

  function confirm() {
    if (!pending) return;
    const action = { type: "place_tile", x: pending.x, y: pending.y, rotation: alias(view.tile_to_place, pending.rotation) };
    pending = null;
    api.act(action);
  }

  function cancel() {
    pending = null;
    showPanel();
    dirty = true;
  }

  // ---- figure choices -------------------------------------------------------------

  // A figure choice is a circle this large (a finger's width on a touch screen) ...
  const markerBase = () => (touchy() ? 17 : 15);
  const markerRadius = () => Math.max(markerBase(), Math.min(22, camera.scale * 0.09));
  // ... and two of them keep this far apart, centre to centre.
  const markerGap = () => 2 * markerRadius() + 4;

  let markerCache = { key: "", list: [] };

  function markers() {
    if (!view || view.phase !== "figure" || !geometry) return [];
    const key = `${view.state_id}|${camera.x}|${camera.y}|${camera.scale}|${cam.size()}`;
    if (markerCache.key === key) return markerCache.list;
    const last = view.last_placed;
    const tile = tileAt(last.x, last.y);
    const byZone = new Map();
    for (const a of figureActions()) {
      if (!byZone.has(a.zone)) byZone.set(a.zone, []);
      byZone.get(a.zone).push(a);
    }
    // each choice where the figure would stand, beside the tile's animals
    const zones = [...byZone].map(([zone, actions]) => {
      const { sx, sy } = figurePlace(cam, geometry, tile, zone);
      return [[sx, sy], actions];
    });
    const [x0, y0] = cam.toScreen(tile.x, tile.y);
    const box = zoomBox();
    const underButtons = (x, y, r) => x + r > box.left && y - r < box.bottom;
    const list = layoutChoices(zones, markerRadius(), markerGap(), [x0, y0, camera.scale], cam.size(), underButtons, touchy());
    markerCache = { key, list };
    return list;
  }

  // ---- drawing --------------------------------------------------------------------

  function draw() {
    const t0 = performance.now();
    dirty = false;
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
      drawTile(ctx, cam, images, t.type, t.x, t.y, t.rotation, 1, scale);
    }
    if (view.last_placed) drawLastFrame(ctx, cam, view.last_placed);
    if (hoverZone) drawFeatureHighlight(ctx, cam, geometry, tileAt, featureOf(hoverZone.x, hoverZone.y, hoverZone.zone));
    drawFigures(ctx, cam, geometry, api.colours, view.figures, tileAt);
    if (isMyTurn() && view.phase === "tile") {
      const hover = !pending && hoverCell && legalAt(hoverCell.x, hoverCell.y, rot) ? hoverCell : null;
      drawPlacementHints(ctx, cam, images, { placements: legalPlacements(), want: alias(view.tile_to_place, rot),
                                             type: view.tile_to_place, rot, pending, hover,
                                             colour: api.colours[view.seat] });
      drawArrows(ctx, arrows());
    }
    if (isMyTurn() && view.phase === "figure") drawChoices(ctx, api.colours, view.seat, markers(), hinted);
    floaters = drawFloaters(ctx, cam, floaters, now);
    frameTimes.push(performance.now() - t0);
    if (frameTimes.length > 2000) frameTimes = frameTimes.slice(-1000);
  }

  // ---- side panel -----------------------------------------------------------------

  function showPanel() {
    if (!view) return;
    const lang = api.lang();
    const t = text(lang);
    canvas.setAttribute("aria-label", t.board);
    for (const [id, words] of [["sammler-zoom-in", t.zoomIn], ["sammler-zoom-out", t.zoomOut], ["sammler-fit", t.fit]]) {
      const b = root.querySelector("#" + id);
      b.setAttribute("aria-label", words);
      b.title = words;
    }
    // a step the page plays by itself offers no buttons
    renderPanel(panel, { view, lang, mine: isMyTurn() && !autoAction(view), pending, rot, coarse: coarse(), names: api.names, colours: api.colours }, {
      confirm, cancel, rotate, act: (a) => api.act(a),
      light: (a) => { hoverZone = { x: view.last_placed.x, y: view.last_placed.y, zone: a.zone }; dirty = true; },
      dark: () => { hoverZone = null; dirty = true; },
    });
  }

  // The final scoring for the shell's end screen.
  function breakdown(endView) {
    return endSummary(endView, api.names);
  }

  // ---- the page's interface -----------------------------------------------------------

  function showHint(action) {
    // put the hinted tile on the board as a pending placement, or ring the hinted figure spot
    if (action.type === "place_tile") {
      rot = action.rotation;
      pending = { x: action.x, y: action.y, rotation: action.rotation };
      showPanel();
    }
    hinted = action;
    dirty = true;
    // and the button that does it: "place" for a tile, the choice (or "no figure") for a figure
    const key = JSON.stringify(action);
    for (const b of panel.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === key);
    if (action.type === "place_tile") panel.querySelector("#sammler-confirm")?.classList.add("hinted");
  }

  // A lesson's ring (screens/lesson.mjs, docs/lessons.md): for an expected move the control that
  // comes next (the spot, then "rotate" until the tile is turned as expected, then "place"; a
  // figure's circle; "no figure"), else the lesson's target: {tile: [x, y]}, {zone: [x, y, zone]}
  // or {panel: "supply" | "stacks" | "preview" | "legend"}. {rect (client coordinates), element}
  // or null.
  let lessonShown = "";
  function lessonTarget(target, expect) {
    if (!view || !canvas || !root.isConnected) return null;
    const rect = canvas.getBoundingClientRect();
    const onCanvas = (left, top, width, height) => ({ element: canvas, rect: { left: rect.left + left, top: rect.top + top, width, height } });
    // a target off the canvas comes into view, once a step (a later drag of the player's stays)
    const show = (x, y) => {
      const key = `${view.state_id}|${x},${y}`;
      if (lessonShown !== key && !cam.cellInView(x, y)) lookAt([x, y]);
      lessonShown = key;
    };
    const cell = (x, y) => {
      show(x, y);
      const [sx, sy] = cam.toScreen(x, y);
      return onCanvas(sx, sy, camera.scale, camera.scale);
    };
    const button = (b) => (b && !b.disabled && b.getClientRects().length ? { element: b, rect: b.getBoundingClientRect() } : null);
    if (expect && expect.type === "place_tile") {
      const turned = (r) => alias(view.tile_to_place, r) === expect.rotation;
      if (pending && pending.x === expect.x && pending.y === expect.y) {
        return button(root.querySelector(turned(pending.rotation) ? "#sammler-confirm" : "#sammler-rotate-right"));
      }
      if (!settings().confirm && !turned(rot)) return button(root.querySelector("#sammler-rotate-right"));
      return cell(expect.x, expect.y);
    }
    if (expect && expect.type === "place_figure") {
      const m = markers().find((k) => k.action.figure === expect.figure && k.action.zone === expect.zone);
      if (m) return onCanvas(m.sx - m.r, m.sy - m.r, 2 * m.r, 2 * m.r);
      const key = JSON.stringify(expect);
      return button([...panel.querySelectorAll(".figure-choice")].find((b) => b.dataset.action === key));
    }
    if (expect && expect.type === "pass") return button(root.querySelector("#sammler-no-figure"));
    if (target && Array.isArray(target.tile) && tileAt(target.tile[0], target.tile[1])) return cell(target.tile[0], target.tile[1]);
    if (target && Array.isArray(target.zone) && geometry) {
      const [x, y, zone] = target.zone;
      const tileView = tileAt(x, y);
      if (!tileView) return null;
      show(x, y);
      const [lx, ly] = anchorOf(geometry.types[tileView.type], tileView, zone);
      const [sx, sy] = cam.toScreen(x + lx / TILE, y + ly / TILE);
      const r = Math.max(16, camera.scale * 0.22);
      return onCanvas(sx - r, sy - r, 2 * r, 2 * r);
    }
    if (target && typeof target.panel === "string") {
      const part = { supply: ".sammler-supply", stacks: ".sammler-stacks", preview: ".sammler-preview", legend: ".sammler-legend" }[target.panel];
      return part ? button(panel.querySelector(part)) : null;
    }
    return null;
  }

  return {
    scrollsToDecisions: true,  // it brings its own decision areas into view
    mount, unmount, update, onEvents, showHint, breakdown, autoAction, lessonTarget,
    // test hook: where to click
    hook: {
      cellCenter(x, y) {
        const rect = canvas.getBoundingClientRect();
        const [sx, sy] = cam.toScreen(x + 0.5, y + 0.5);
        return { x: rect.left + sx, y: rect.top + sy };
      },
      zonePoint(x, y, zone) {
        const rect = canvas.getBoundingClientRect();
        const tileView = tileAt(x, y);
        const [lx, ly] = anchorOf(geometry.types[tileView.type], tileView, zone);
        const [sx, sy] = cam.toScreen(x + lx / TILE, y + ly / TILE);
        return { x: rect.left + sx, y: rect.top + sy };
      },
      get pressedZone() { return hoverZone; },
      markers() {
        const rect = canvas.getBoundingClientRect();
        return markers().map((m) => ({ action: m.action, x: rect.left + m.sx, y: rect.top + m.sy, r: m.r }));
      },
      // every figure on the board and every symbol on its tile, as screen boxes [x0, y0, x1, y1]
      figures() {
        const rect = canvas.getBoundingClientRect();
        return view.figures.map((f) => {
          const tileView = tileAt(f.x, f.y);
          const { sx, sy, size } = figurePlace(cam, geometry, tileView, f.zone);
          const h = size * FIGURE_HALF;
          const symbols = symbolsOf(geometry.types[tileView.type], tileView).map(({ kind, box: [x0, y0, x1, y1] }) => {
            const [a, b] = cam.toScreen(f.x + x0 / TILE, f.y + y0 / TILE), [c, d] = cam.toScreen(f.x + x1 / TILE, f.y + y1 / TILE);
            return { kind, box: [rect.left + a, rect.top + b, rect.left + c, rect.top + d] };
          });
          return { ...f, box: [rect.left + sx - h, rect.top + sy - h, rect.left + sx + h, rect.top + sy + h], symbols };
        });
      },
      arrows() {
        const rect = canvas.getBoundingClientRect();
        return arrows().map((a) => ({ x: rect.left + a.sx, y: rect.top + a.sy, r: a.r, n: a.n, cell: a.cell, angle: a.angle }));
      },
      // the spots for the tile (any turn) that lie wholly on the canvas
      spotsInView: () => spotCells().filter(([x, y]) => cam.cellInView(x, y)),
      spots: () => spotCells(),
      labelOf: (action) => labelOf(view, action),
      scrollToDecision: () => { if (isMyTurn()) scrollToDecision(); },
      get rotation() { return rot; },
      alias: (type, r) => alias(type, r),
      get pending() { return pending; },
      get artReady() { return images.size > 0; },
      frameTimes: () => frameTimes.slice(),
      resetFrameTimes: () => { frameTimes = []; },
      redraw: () => { dirty = true; },
      camera: () => ({ ...camera }),
    },
  };
}
