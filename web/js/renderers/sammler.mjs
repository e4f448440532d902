// Carcassonne – Jäger und Sammler: the canvas board. It draws the engine's view and offers
// exactly its legal actions: tile placement with rotate, preview and confirm, then the
// figure choice on the tile's zones; hovering any zone lights up the whole feature.

import { el } from "./common.mjs";

const TILE = 100; // tile units (the art's viewBox)
const PLAYER_SHAPES = ["circle", "square", "triangle", "diamond", "star"];
const TEXT = {
  de: {
    tile: "Zu legende Karte", bonus: "Bonuskarte", rotateLeft: "⟲ Drehen", rotateRight: "Drehen ⟳",
    confirm: "Legen ✓", cancel: "Abbrechen", noFigure: "Keine Figur", fit: "Ganzes Feld",
    chooseSpot: "Wähle einen grün markierten Platz.", keyHint: "(Taste R dreht)", confirmHint: "Platz gewählt: bestätigen oder abbrechen.",
    figureHint: "Setze eine Figur auf die gelegte Karte oder keine.", waiting: "Warte …",
    noFit: "Dort passt die Karte nicht.", stack: "Stapel", bonusStack: "Bonus", remaining: "Verbleibende Karten",
    supply: "Vorrat", members: "Stammesmitglieder", huts: "Hütten",
    kinds: { forest: "Wald", river: "Fluss", meadow: "Wiese", river_system: "Flusssystem", lake: "See" },
    figures: { gatherer: "Sammler", fisher: "Fischer", hunter: "Jäger", hut: "Hütte" },
    complete: "fertig", open: "offen", value: "Wert", owners: "Mehrheit", nobody: "niemand",
    end: "Schlusswertung", total: "Summe", forests: "Wälder", rivers: "Flüsse", hutsCol: "Hütten", hunters: "Jäger",
    tiles: "Karten", fish: "Fische", mushrooms: "Pilze", deer: "Wild", mammoth: "Mammut", aurochs: "Auerochse",
    tigers: "Tiger", fire: "Feuer vertreibt die Tiger", cult: "Kultstätte: nur dieser Jäger zählt",
    discarded: "passt nirgends, aus dem Spiel",
  },
  en: {
    tile: "Tile to place", bonus: "Bonus tile", rotateLeft: "⟲ Rotate", rotateRight: "Rotate ⟳",
    confirm: "Place ✓", cancel: "Cancel", noFigure: "No figure", fit: "Fit board",
    chooseSpot: "Choose a spot marked green.", keyHint: "(key R rotates)", confirmHint: "Spot chosen: confirm or cancel.",
    figureHint: "Put a figure on the placed tile, or none.", waiting: "Waiting …",
    noFit: "The tile does not fit there.", stack: "Stack", bonusStack: "Bonus", remaining: "Tiles still to come",
    supply: "Supply", members: "tribe members", huts: "huts",
    kinds: { forest: "Forest", river: "River", meadow: "Meadow", river_system: "River system", lake: "Lake" },
    figures: { gatherer: "Gatherer", fisher: "Fisher", hunter: "Hunter", hut: "Hut" },
    complete: "complete", open: "open", value: "value", owners: "majority", nobody: "nobody",
    end: "Final scoring", total: "Total", forests: "Forests", rivers: "Rivers", hutsCol: "Huts", hunters: "Hunters",
    tiles: "tiles", fish: "fish", mushrooms: "mushrooms", deer: "deer", mammoth: "mammoth", aurochs: "aurochs",
    tigers: "tigers", fire: "fire drives the tigers away", cult: "cult site: only this hunter counts",
    discarded: "fits nowhere, removed",
  },
};

// Rotating a catalogue point clockwise by r quarter turns inside the 100-unit square.
function rotatePoint(x, y, r) {
  for (let i = 0; i < r; i++) [x, y] = [TILE - y, x];
  return [x, y];
}

function unrotatePoint(x, y, r) {
  for (let i = 0; i < r; i++) [x, y] = [y, TILE - x];
  return [x, y];
}

function insidePoly(poly, x, y) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [x1, y1] = poly[i];
    const [x2, y2] = poly[j];
    if ((y1 > y) !== (y2 > y) && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

function distToPolyline(pts, x, y) {
  let best = Infinity;
  for (let i = 0; i + 1 < pts.length; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[i + 1];
    const dx = bx - ax, dy = by - ay;
    const len = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len));
    best = Math.min(best, Math.hypot(x - (ax + t * dx), y - (ay + t * dy)));
  }
  return best;
}

const SIDE_ENDS = [[[0, 0], [100, 0]], [[100, 0], [100, 100]], [[100, 100], [0, 100]], [[0, 100], [0, 0]]];

function wedge(seg) {
  const s = Math.floor(seg / 3), k = seg % 3;
  const [[ax, ay], [bx, by]] = SIDE_ENDS[s];
  const p = (t) => [ax + (bx - ax) * t, ay + (by - ay) * t];
  return [[50, 50], p(k / 3), p((k + 1) / 3)];
}

export function createSammlerRenderer() {
  let api = null;          // {act, names, seats, colours, lang, message}
  let root, canvas, ctx, panel, tooltip;
  let geometry = null;     // tiles/geometry.json
  const images = new Map(); // type id -> canvas with the rasterised tile
  let view = null;
  let rot = 0;
  let pending = null;      // {x, y, rotation}
  let hoverCell = null;
  let hoverZone = null;    // {x, y, zone}
  let camera = { x: 0.5, y: 0.5, scale: 96 };
  let userMovedCamera = false;
  let floaters = [];
  let dirty = true;
  let frameTimes = [];
  let raf = 0;
  const pointers = new Map();
  let drag = null;
  let lastPlacedAt = null;
  let dropAnim = null;
  let hinted = null;

  const tx = () => TEXT[api.lang()] || TEXT.de;

  // ---- set-up ---------------------------------------------------------------------

  async function loadArt() {
    const response = await fetch(new URL("../../tiles/geometry.json", import.meta.url));
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
      img.src = new URL(`../../tiles/${id}.svg`, import.meta.url).href;
    })));
    dirty = true;
  }

  function mount(container, hostApi) {
    api = hostApi;
    root = el("div", { class: "sammler" });
    const stage = el("div", { class: "sammler-stage" });
    canvas = el("canvas", { class: "sammler-canvas", tabindex: "0", "aria-label": "Spielfeld / board" });
    tooltip = el("div", { class: "sammler-tooltip", role: "status" });
    tooltip.hidden = true;
    const zoom = el("div", { class: "sammler-zoom" },
      el("button", { type: "button", id: "sammler-zoom-in", "aria-label": "zoom in", onclick: () => zoomBy(1.25) }, "+"),
      el("button", { type: "button", id: "sammler-zoom-out", "aria-label": "zoom out", onclick: () => zoomBy(0.8) }, "−"),
      el("button", { type: "button", id: "sammler-fit", onclick: () => { userMovedCamera = false; fit(); } }, "⤢"));
    stage.append(canvas, tooltip, zoom);
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
    if (!userMovedCamera) fit();
    dirty = true;
  }

  // ---- camera ---------------------------------------------------------------------

  function cssSize() {
    return [canvas.clientWidth || 1, canvas.clientHeight || 1];
  }

  function worldToScreen(wx, wy) {
    const [w, h] = cssSize();
    return [(wx - camera.x) * camera.scale + w / 2, (wy - camera.y) * camera.scale + h / 2];
  }

  function screenToWorld(sx, sy) {
    const [w, h] = cssSize();
    return [(sx - w / 2) / camera.scale + camera.x, (sy - h / 2) / camera.scale + camera.y];
  }

  function fit() {
    if (!view) return;
    const cells = view.tiles.map((t) => [t.x, t.y]);
    for (const a of legalPlacements()) cells.push([a.x, a.y]);
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const [x, y] of cells) {
      minX = Math.min(minX, x); minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + 1); maxY = Math.max(maxY, y + 1);
    }
    const [w, h] = cssSize();
    camera.x = (minX + maxX) / 2;
    camera.y = (minY + maxY) / 2;
    camera.scale = Math.max(24, Math.min(140, Math.min(w / (maxX - minX + 0.6), h / (maxY - minY + 0.6))));
    dirty = true;
  }

  function zoomBy(factor, sx, sy) {
    const [w, h] = cssSize();
    sx = sx ?? w / 2; sy = sy ?? h / 2;
    const [wx, wy] = screenToWorld(sx, sy);
    camera.scale = Math.max(12, Math.min(320, camera.scale * factor));
    const [nx, ny] = screenToWorld(sx, sy);
    camera.x += wx - nx;
    camera.y += wy - ny;
    userMovedCamera = true;
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
    view = newView;
    if (!previous || previous.state_id !== view.state_id) hinted = null;
    if (!previous || previous.tile_to_place !== view.tile_to_place || previous.state_id > view.state_id) {
      pending = null;
      if (!previous || previous.tile_to_place !== view.tile_to_place) rot = firstLegalRotation();
    }
    if (pending && !legalAt(pending.x, pending.y, pending.rotation)) pending = null;
    const last = view.last_placed;
    const key = last ? `${last.x},${last.y},${view.tiles.length}` : null;
    if (key && key !== lastPlacedAt) {
      if (lastPlacedAt !== null) dropAnim = { x: last.x, y: last.y, start: performance.now() };
      lastPlacedAt = key;
    }
    if (!userMovedCamera || !previous) fit();
    renderPanel();
    dirty = true;
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
      canvas.setPointerCapture(ev.pointerId);
      pointers.set(ev.pointerId, [ev.offsetX, ev.offsetY]);
      if (pointers.size === 1) drag = { x: ev.offsetX, y: ev.offsetY, moved: false, cam: { ...camera } };
      else drag = null;
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
        if (Math.abs(dx) + Math.abs(dy) > 5) drag.moved = true;
        if (drag.moved) {
          camera.x = drag.cam.x - dx / camera.scale;
          camera.y = drag.cam.y - dy / camera.scale;
          userMovedCamera = true;
          dirty = true;
        }
        return;
      }
      hover(ev.offsetX, ev.offsetY);
    });
    const end = (ev) => {
      const wasDrag = drag && drag.moved;
      const single = pointers.size === 1;
      pointers.delete(ev.pointerId);
      if (ev.type === "pointerup" && single && !wasDrag) click(ev.offsetX, ev.offsetY);
      drag = null;
    };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    canvas.addEventListener("pointerleave", () => { hoverCell = null; hoverZone = null; tooltip.hidden = true; dirty = true; });
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
    else if (ev.key === "f") { userMovedCamera = false; fit(); }
    else return;
    ev.preventDefault();
  }

  function cellAt(sx, sy) {
    const [wx, wy] = screenToWorld(sx, sy);
    const x = Math.floor(wx), y = Math.floor(wy);
    return { x, y, lx: (wx - x) * TILE, ly: (wy - y) * TILE };
  }

  function tileAt(x, y) {
    return view.tiles.find((t) => t.x === x && t.y === y);
  }

  function zoneAt(tile, lx, ly) {
    const g = geometry && geometry.types[tile.type];
    if (!g) return null;
    const [px, py] = unrotatePoint(lx, ly, tile.rotation);
    for (const lake of g.lakes) if (Math.hypot(px - lake.x, py - lake.y) <= lake.r + 2) return lake.zone;
    for (const r of g.rivers) if (distToPolyline(r.points, px, py) <= 7) return r.zone;
    for (const f of g.forests) if (insidePoly(f.points, px, py)) return f.zone;
    const meadows = g.zones.filter((z) => z.kind === "meadow");
    for (const m of meadows) {
      if (!g.seg_zone.includes(m.id) && Math.hypot(px - g.anchors[m.id][0], py - g.anchors[m.id][1]) < 16) return m.id;
    }
    const dx = px - 50, dy = py - 50;
    const side = Math.abs(dy) >= Math.abs(dx) ? (dy < 0 ? 0 : 2) : (dx > 0 ? 1 : 3);
    const [[ax, ay], [bx, by]] = SIDE_ENDS[side];
    const t = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / 10000;
    const zone = g.seg_zone[side * 3 + Math.min(2, Math.max(0, Math.floor(t * 3)))];
    if (meadows.some((m) => m.id === zone)) return zone;
    let best = null, bestD = Infinity;
    for (const m of meadows) {
      const d = Math.hypot(px - g.anchors[m.id][0], py - g.anchors[m.id][1]);
      if (d < bestD) { best = m.id; bestD = d; }
    }
    return best;
  }

  function featureOf(x, y, zone) {
    if (!view) return null;
    const matches = view.features.filter((f) => f.zones.some(([zx, zy, zid]) => zx === x && zy === y && zid === zone));
    return matches.find((f) => f.kind !== "river_system") || matches[0] || null;
  }

  function hover(sx, sy) {
    const c = cellAt(sx, sy);
    const tile = view && tileAt(c.x, c.y);
    let newZone = null;
    if (tile) {
      const zone = zoneAt(tile, c.lx, c.ly);
      if (zone) newZone = { x: c.x, y: c.y, zone };
    }
    const cellChanged = !hoverCell || hoverCell.x !== c.x || hoverCell.y !== c.y;
    const zoneChanged = JSON.stringify(newZone) !== JSON.stringify(hoverZone);
    hoverCell = { x: c.x, y: c.y };
    hoverZone = newZone;
    if (zoneChanged) showTooltip(sx, sy);
    else if (hoverZone) moveTooltip(sx, sy);
    if (cellChanged || zoneChanged) dirty = true;
  }

  function describeFeature(f) {
    const t = tx();
    const owners = f.owners.length ? f.owners.map((p) => api.names[p]).join(", ") : t.nobody;
    const parts = [];
    if (f.kind === "forest") parts.push(`${f.tiles} ${t.tiles}`, `${f.mushrooms} ${t.mushrooms}`, `gold ${f.gold}`);
    if (f.kind === "river") parts.push(`${f.tiles} ${t.tiles}`, `${f.fish} ${t.fish}`);
    if (f.kind === "river_system") parts.push(`${f.fish} ${t.fish}`);
    if (f.kind === "meadow") {
      parts.push(`${f.deer} ${t.deer}`, `${f.mammoth} ${t.mammoth}`, `${f.aurochs} ${t.aurochs}`, `${f.tigers} ${t.tigers}`);
      if (f.fire) parts.push(t.fire);
    }
    const state = f.kind === "forest" || f.kind === "river" ? ` · ${f.complete ? t.complete : t.open}` : "";
    let text = `${t.kinds[f.kind]}${state} · ${t.value} ${f.value} · ${t.owners}: ${owners}\n${parts.join(", ")}`;
    if (f.kind === "river") {
      // huts belong to the whole river system, through lakes
      const system = view.features.find((g) => g.kind === "river_system" && g.id === f.system);
      if (system) {
        const huts = system.owners.length ? system.owners.map((p) => api.names[p]).join(", ") : t.nobody;
        text += `\n${t.kinds.river_system}: ${system.fish} ${t.fish} · ${t.hutsCol}: ${huts}`;
      }
    }
    return text;
  }

  function showTooltip(sx, sy) {
    const f = hoverZone && featureOf(hoverZone.x, hoverZone.y, hoverZone.zone);
    if (!f) { tooltip.hidden = true; return; }
    tooltip.textContent = describeFeature(f);
    tooltip.dataset.feature = f.kind;
    tooltip.hidden = false;
    moveTooltip(sx, sy);
  }

  function moveTooltip(sx, sy) {
    tooltip.style.left = Math.min(sx + 14, canvas.clientWidth - 230) + "px";
    tooltip.style.top = sy + 14 + "px";
  }

  function click(sx, sy) {
    if (!view || !isMyTurn()) return;
    const c = cellAt(sx, sy);
    if (view.phase === "tile") {
      if (legalAt(c.x, c.y, rot)) {
        pending = { x: c.x, y: c.y, rotation: rot };
      } else {
        const rotations = rotationsAt(c.x, c.y);
        if (rotations.length) {
          rot = rotations[0];
          pending = { x: c.x, y: c.y, rotation: rot };
        } else {
          api.message(tx().noFit);
          return;
        }
      }
      api.message("");
      renderPanel();
      dirty = true;
      return;
    }
    if (view.phase === "figure") {
      const marker = markers().find((m) => Math.hypot(m.sx - sx, m.sy - sy) <= m.r + 4);
      if (marker) api.act(marker.action);
    }
  }

  function isMyTurn() {
    return view && view.legal && view.legal.length && view.seat === view.current_seat;
  }

  function rotate(dir) {
    if (!view || !view.tile_to_place) return;
    rot = (rot + dir + 4) % 4;
    if (pending) {
      if (legalAt(pending.x, pending.y, rot)) pending.rotation = rot;
      else pending = null;
    }
    renderPanel();
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
    renderPanel();
    dirty = true;
  }

  // ---- figures --------------------------------------------------------------------

  function anchorOf(tile, zone) {
    const g = geometry.types[tile.type];
    const [ax, ay] = g.anchors[zone] || [50, 50];
    return rotatePoint(ax, ay, tile.rotation);
  }

  function markers() {
    if (!view || view.phase !== "figure" || !geometry) return [];
    const last = view.last_placed;
    const tile = tileAt(last.x, last.y);
    const byZone = new Map();
    for (const a of figureActions()) {
      if (!byZone.has(a.zone)) byZone.set(a.zone, []);
      byZone.get(a.zone).push(a);
    }
    const result = [];
    const r = Math.max(11, camera.scale * 0.11);
    for (const [zone, actions] of byZone) {
      const [lx, ly] = anchorOf(tile, zone);
      actions.forEach((action, i) => {
        const off = (i - (actions.length - 1) / 2) * r * 2.3;
        const [sx, sy] = worldToScreen(tile.x + lx / TILE, tile.y + ly / TILE);
        result.push({ action, sx: sx + off, sy, r });
      });
    }
    return result;
  }

  // ---- drawing --------------------------------------------------------------------

  function draw() {
    const t0 = performance.now();
    dirty = false;
    const dpr = window.devicePixelRatio || 1;
    const [w, h] = cssSize();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = "#e9dfcc";
    ctx.fillRect(0, 0, w, h);
    if (!view) return;
    drawGrid(w, h);
    const s = camera.scale;
    const now = performance.now();
    for (const t of view.tiles) {
      let scale = 1;
      if (dropAnim && dropAnim.x === t.x && dropAnim.y === t.y) {
        const p = Math.min(1, (now - dropAnim.start) / 300);
        scale = 1.12 - 0.12 * p;
        if (p >= 1) dropAnim = null;
      }
      drawTile(t.type, t.x, t.y, t.rotation, 1, scale);
    }
    if (view.last_placed) {
      const [x, y] = worldToScreen(view.last_placed.x, view.last_placed.y);
      ctx.strokeStyle = "#ff7b00";
      ctx.lineWidth = Math.max(3, s * 0.05);
      ctx.strokeRect(x + 1.5, y + 1.5, s - 3, s - 3);
    }
    if (hoverZone) drawFeatureHighlight(featureOf(hoverZone.x, hoverZone.y, hoverZone.zone));
    drawFigures();
    if (isMyTurn() && view.phase === "tile") drawPlacementHints();
    if (isMyTurn() && view.phase === "figure") drawMarkers();
    drawFloaters(now);
    frameTimes.push(performance.now() - t0);
    if (frameTimes.length > 2000) frameTimes = frameTimes.slice(-1000);
  }

  function drawGrid(w, h) {
    const s = camera.scale;
    if (s < 20) return;
    const [x0, y0] = screenToWorld(0, 0);
    const [x1, y1] = screenToWorld(w, h);
    ctx.strokeStyle = "#00000010";
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = Math.floor(x0); x <= x1; x++) {
      const [sx] = worldToScreen(x, 0);
      ctx.moveTo(sx, 0); ctx.lineTo(sx, h);
    }
    for (let y = Math.floor(y0); y <= y1; y++) {
      const [, sy] = worldToScreen(0, y);
      ctx.moveTo(0, sy); ctx.lineTo(w, sy);
    }
    ctx.stroke();
  }

  function drawTile(type, x, y, rotation, alpha, scale = 1) {
    const s = camera.scale;
    const [sx, sy] = worldToScreen(x, y);
    const [w, h] = cssSize();
    if (sx > w || sy > h || sx + s < 0 || sy + s < 0) return;
    const img = images.get(type);
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.translate(sx + s / 2, sy + s / 2);
    ctx.rotate((rotation * Math.PI) / 2);
    ctx.scale(scale, scale);
    if (img) ctx.drawImage(img, -s / 2, -s / 2, s, s);
    else { ctx.fillStyle = "#a9cf6e"; ctx.fillRect(-s / 2, -s / 2, s, s); }
    ctx.restore();
  }

  function drawPlacementHints() {
    const s = camera.scale;
    const want = alias(view.tile_to_place, rot);
    ctx.lineWidth = 2;
    for (const a of legalPlacements()) {
      const [sx, sy] = worldToScreen(a.x, a.y);
      if (a.rotation === want) {
        ctx.fillStyle = "#3fae4a33";
        ctx.fillRect(sx + 2, sy + 2, s - 4, s - 4);
        ctx.strokeStyle = "#2f8a3a";
        ctx.setLineDash([6, 4]);
        ctx.strokeRect(sx + 2, sy + 2, s - 4, s - 4);
        ctx.setLineDash([]);
      } else {
        ctx.strokeStyle = "#2f8a3a55";
        ctx.setLineDash([2, 5]);
        ctx.strokeRect(sx + 4, sy + 4, s - 8, s - 8);
        ctx.setLineDash([]);
      }
    }
    if (pending) {
      drawTile(view.tile_to_place, pending.x, pending.y, pending.rotation, 1);
      const [sx, sy] = worldToScreen(pending.x, pending.y);
      ctx.strokeStyle = "#1f5fbf";
      ctx.lineWidth = 4;
      ctx.strokeRect(sx + 2, sy + 2, s - 4, s - 4);
    } else if (hoverCell && legalAt(hoverCell.x, hoverCell.y, rot)) {
      drawTile(view.tile_to_place, hoverCell.x, hoverCell.y, rot, 0.6);
    }
  }

  function zonePath(tileView, zone) {
    const g = geometry.types[tileView.type];
    const toScreen = (px, py) => {
      const [rx, ry] = rotatePoint(px, py, tileView.rotation);
      return worldToScreen(tileView.x + rx / TILE, tileView.y + ry / TILE);
    };
    const kind = g.zones.find((z) => z.id === zone)?.kind;
    const path = new Path2D();
    let stroke = 0;
    if (kind === "forest") {
      const poly = g.forests.find((f) => f.zone === zone).points;
      poly.forEach(([px, py], i) => { const [a, b] = toScreen(px, py); i ? path.lineTo(a, b) : path.moveTo(a, b); });
      path.closePath();
    } else if (kind === "river") {
      const pts = g.rivers.find((r) => r.zone === zone).points;
      pts.forEach(([px, py], i) => { const [a, b] = toScreen(px, py); i ? path.lineTo(a, b) : path.moveTo(a, b); });
      stroke = camera.scale * 0.14;
    } else if (kind === "lake") {
      const lake = g.lakes.find((l) => l.zone === zone);
      const [a, b] = toScreen(lake.x, lake.y);
      path.arc(a, b, (lake.r / TILE) * camera.scale, 0, Math.PI * 2);
    } else {
      g.seg_zone.forEach((zid, seg) => {
        if (zid !== zone) return;
        wedge(seg).forEach(([px, py], i) => { const [a, b] = toScreen(px, py); i ? path.lineTo(a, b) : path.moveTo(a, b); });
        path.closePath();
      });
      if (!g.seg_zone.includes(zone)) {
        const [a, b] = toScreen(...g.anchors[zone]);
        path.arc(a, b, camera.scale * 0.16, 0, Math.PI * 2);
      }
    }
    return { path, stroke };
  }

  function drawFeatureHighlight(f) {
    if (!f) return;
    ctx.save();
    const colour = f.complete ? "#ffd23acc" : "#fff27a99";
    for (const [x, y, zone] of f.zones) {
      const tileView = tileAt(x, y);
      if (!tileView) continue;
      const { path, stroke } = zonePath(tileView, zone);
      if (stroke) {
        ctx.strokeStyle = colour;
        ctx.lineWidth = stroke;
        ctx.lineCap = "round";
        ctx.stroke(path);
      } else {
        ctx.fillStyle = colour;
        ctx.fill(path);
      }
    }
    ctx.restore();
  }

  function drawShape(shape, x, y, r) {
    ctx.beginPath();
    if (shape === "circle") ctx.arc(x, y, r, 0, Math.PI * 2);
    else if (shape === "square") ctx.rect(x - r, y - r, 2 * r, 2 * r);
    else if (shape === "triangle") { ctx.moveTo(x, y - r * 1.15); ctx.lineTo(x + r * 1.1, y + r * 0.85); ctx.lineTo(x - r * 1.1, y + r * 0.85); ctx.closePath(); }
    else if (shape === "diamond") { ctx.moveTo(x, y - r * 1.25); ctx.lineTo(x + r * 1.1, y); ctx.lineTo(x, y + r * 1.25); ctx.lineTo(x - r * 1.1, y); ctx.closePath(); }
    else {
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5, rr = i % 2 ? r * 0.5 : r * 1.2;
        i ? ctx.lineTo(x + rr * Math.cos(a), y + rr * Math.sin(a)) : ctx.moveTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
      }
      ctx.closePath();
    }
  }

  function meeple(x, y, size, colour, lying) {
    ctx.save();
    ctx.translate(x, y);
    if (lying) ctx.rotate(Math.PI / 2);
    const u = size / 20;
    ctx.beginPath();
    ctx.moveTo(-9 * u, 10 * u);
    ctx.lineTo(-3 * u, 1 * u);
    ctx.lineTo(-9 * u, -2 * u);
    ctx.quadraticCurveTo(-9 * u, -6 * u, -4 * u, -5 * u);
    ctx.arc(0, -6 * u, 4 * u, Math.PI * 0.9, Math.PI * 0.1);
    ctx.quadraticCurveTo(9 * u, -6 * u, 9 * u, -2 * u);
    ctx.lineTo(3 * u, 1 * u);
    ctx.lineTo(9 * u, 10 * u);
    ctx.lineTo(2 * u, 10 * u);
    ctx.lineTo(0, 5 * u);
    ctx.lineTo(-2 * u, 10 * u);
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.strokeStyle = "#111";
    ctx.lineWidth = Math.max(1, u * 1.2);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  }

  function hut(x, y, size, colour) {
    const u = size / 20;
    ctx.beginPath();
    ctx.moveTo(x - 9 * u, y + 8 * u);
    ctx.lineTo(x - 9 * u, y - 1 * u);
    ctx.lineTo(x, y - 10 * u);
    ctx.lineTo(x + 9 * u, y - 1 * u);
    ctx.lineTo(x + 9 * u, y + 8 * u);
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.strokeStyle = "#111";
    ctx.lineWidth = Math.max(1, u * 1.2);
    ctx.fill();
    ctx.stroke();
  }

  function drawFigure(kind, owner, sx, sy, size) {
    const colour = api.colours[owner];
    if (kind === "hut") hut(sx, sy, size, colour);
    else meeple(sx, sy, size, colour, kind === "hunter");
    ctx.fillStyle = owner === 2 ? "#111" : "#fff";
    drawShape(PLAYER_SHAPES[owner], sx, sy + (kind === "hut" ? size * 0.1 : 0), size * 0.13);
    ctx.fill();
  }

  function drawFigures() {
    if (!geometry) return;
    const size = Math.max(14, camera.scale * 0.3);
    for (const f of view.figures) {
      const tileView = tileAt(f.x, f.y);
      if (!tileView) continue;
      const [lx, ly] = anchorOf(tileView, f.zone);
      const [sx, sy] = worldToScreen(f.x + lx / TILE, f.y + ly / TILE);
      drawFigure(f.kind, f.owner, sx, sy, size);
      if (f.cult) {
        ctx.strokeStyle = "#fff";
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(sx, sy, size * 0.7, 0, Math.PI * 2);
        ctx.stroke();
      }
    }
  }

  function drawMarkers() {
    const seat = view.seat;
    for (const m of markers()) {
      if (hinted && JSON.stringify(hinted) === JSON.stringify(m.action)) {
        ctx.beginPath();
        ctx.arc(m.sx, m.sy, m.r + 9, 0, Math.PI * 2);
        ctx.strokeStyle = "#ffb300";
        ctx.lineWidth = 4;
        ctx.stroke();
      }
      ctx.beginPath();
      ctx.arc(m.sx, m.sy, m.r + 3, 0, Math.PI * 2);
      ctx.fillStyle = "#ffffffdd";
      ctx.fill();
      ctx.strokeStyle = "#1f5fbf";
      ctx.lineWidth = 2;
      ctx.stroke();
      drawFigure(m.action.figure, seat, m.sx, m.sy, m.r * 1.6);
    }
  }

  function drawFloaters(now) {
    floaters = floaters.filter((f) => now - f.start < 1600);
    for (const f of floaters) {
      const p = (now - f.start) / 1600;
      const [sx, sy] = worldToScreen(f.x, f.y - p * 0.8);
      ctx.globalAlpha = 1 - p;
      ctx.font = `bold ${Math.max(16, camera.scale * 0.28)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.lineWidth = 4;
      ctx.strokeStyle = "#fff";
      ctx.strokeText(f.text, sx, sy);
      ctx.fillStyle = f.colour;
      ctx.fillText(f.text, sx, sy);
      ctx.globalAlpha = 1;
    }
  }

  // ---- side panel -----------------------------------------------------------------

  function renderPanel() {
    if (!view) return;
    const t = tx();
    panel.replaceChildren();
    if (view.tile_to_place) {
      const preview = el("div", { class: "sammler-preview" });
      const img = el("img", { src: new URL(`../../tiles/${view.tile_to_place}.svg`, import.meta.url).href, alt: view.tile_to_place, width: "112", height: "112" });
      img.style.transform = `rotate(${rot * 90}deg)`;
      preview.append(el("div", { class: "label" }, view.tile_is_bonus ? t.bonus : t.tile), img);
      panel.append(preview);
      if (isMyTurn()) {
        panel.append(el("div", { class: "row-buttons" },
          el("button", { type: "button", id: "sammler-rotate-left", onclick: () => rotate(-1) }, t.rotateLeft),
          el("button", { type: "button", id: "sammler-rotate-right", onclick: () => rotate(1) }, t.rotateRight)));
        const confirmButton = el("button", { type: "button", id: "sammler-confirm", class: "primary", onclick: confirm }, t.confirm);
        const cancelButton = el("button", { type: "button", id: "sammler-cancel", onclick: cancel }, t.cancel);
        confirmButton.disabled = !pending;
        cancelButton.disabled = !pending;
        panel.append(el("div", { class: "row-buttons" }, confirmButton, cancelButton));
        panel.append(el("p", { class: "hint" }, pending ? t.confirmHint : t.chooseSpot,
          pending ? null : el("span", { class: "keys-only" }, " " + t.keyHint)));
      }
    }
    if (view.phase === "figure" && isMyTurn()) {
      panel.append(el("p", { class: "hint" }, t.figureHint));
      const list = el("div", { class: "figure-choices" });
      for (const a of figureActions()) {
        list.append(el("button", { type: "button", class: "figure-choice", "data-action": JSON.stringify(a), onclick: () => api.act(a) },
          `${t.figures[a.figure]} · ${a.zone}`));
      }
      list.append(el("button", { type: "button", id: "sammler-no-figure", onclick: () => api.act({ type: "pass" }) }, t.noFigure));
      panel.append(list);
    }
    panel.append(el("div", { class: "sammler-stacks" }, `${t.stack}: ${view.stack.land} · ${t.bonusStack}: ${view.stack.bonus}`));
    const supply = el("ul", { class: "sammler-supply", "aria-label": t.supply });
    view.supply.forEach((sp, i) => {
      const li = el("li", {});
      li.append(el("span", { class: "swatch", style: `background:${api.colours[i]}` }),
        `${api.names[i]}: ${sp.members} ${t.members}, ${sp.huts} ${t.huts}`);
      supply.append(li);
    });
    panel.append(supply);
    const remaining = el("details", { class: "sammler-remaining" }, el("summary", {}, `${t.remaining} (${view.stack.land})`));
    const grid = el("div", { class: "remaining-grid" });
    for (const [type, n] of Object.entries(view.remaining)) {
      grid.append(el("span", { class: "remaining-tile", title: type },
        el("img", { src: new URL(`../../tiles/${type}.svg`, import.meta.url).href, alt: type, width: "36", height: "36", loading: "lazy" }),
        el("span", {}, `×${n}`)));
    }
    remaining.append(grid);
    panel.append(remaining);
  }

  function entryText(e) {
    const t = tx();
    const where = `(${e.x}, ${e.y})`;
    if (e.category === "forests") return `${t.kinds.forest} ${where}: ${e.tiles} ${t.tiles} × 2 + ${e.mushrooms} ${t.mushrooms} × 2 = ${e.points}`;
    if (e.category === "rivers") return `${t.kinds.river} ${where}: ${e.tiles} ${t.tiles} + ${e.fish} ${t.fish} = ${e.points}`;
    if (e.category === "huts") return `${t.kinds.river_system} ${where}: ${e.fish} ${t.fish} = ${e.points}`;
    const bits = [`${e.mammoth} ${t.mammoth}`, `${e.aurochs} ${t.aurochs}`, `${e.deer_counted}/${e.deer} ${t.deer}`, `${e.tigers} ${t.tigers}`];
    if (e.fire) bits.push(t.fire);
    if (e.cult_site) bits.push(t.cult);
    return `${t.kinds.meadow} ${where}: ${bits.join(", ")} → ${e.points}`;
  }

  // The final scoring for the page's end screen: a table per category and, folded, every
  // feature that scored.
  function breakdown(endView) {
    const t = tx();
    const box = el("div", { class: "sammler-breakdown" });
    const table = el("table", { class: "breakdown" });
    table.append(el("tr", {}, el("th", {}, ""), el("th", {}, t.forests), el("th", {}, t.rivers), el("th", {}, t.hutsCol), el("th", {}, t.hunters), el("th", {}, t.total)));
    endView.breakdown.forEach((b, i) => {
      table.append(el("tr", { "data-player": i }, el("td", {}, api.names[i]), el("td", {}, b.forests), el("td", {}, b.rivers),
        el("td", {}, b.huts), el("td", {}, b.hunters), el("th", {}, b.total)));
    });
    box.append(table);
    endView.breakdown.forEach((b, i) => {
      const details = el("details", {}, el("summary", {}, `${api.names[i]}: ${b.total}`));
      const list = el("ul", {});
      for (const e of b.entries) list.append(el("li", {}, entryText(e)));
      details.append(list);
      box.append(details);
    });
    return box;
  }

  // ---- the page's interface -----------------------------------------------------------

  function label(action, lang) {
    const t = TEXT[lang] || TEXT.de;
    if (action.type === "place_tile") return `(${action.x}, ${action.y}) ↻${action.rotation}`;
    if (action.type === "place_figure") return `${t.figures[action.figure]} · ${action.zone}`;
    if (action.type === "pass") return t.noFigure;
    return JSON.stringify(action);
  }

  function event(e, names, lang) {
    const t = TEXT[lang] || TEXT.de;
    const who = names[e.player] ?? "";
    if (e.type === "place_tile") return `${who}: ${e.tile} → (${e.x}, ${e.y})`;
    if (e.type === "place_figure") return `${who}: ${t.figures[e.figure]} (${e.zone})`;
    if (e.type === "score") return `${e.players.map((p) => names[p]).join(", ")} +${e.points} (${t[e.category] || e.category})`;
    if (e.type === "discard") return `${e.tile}: ${t.discarded}`;
    return null;
  }

  function showHint(action) {
    // put the hinted tile on the board as a pending placement, or ring the hinted figure spot
    if (action.type === "place_tile") {
      rot = action.rotation;
      pending = { x: action.x, y: action.y, rotation: action.rotation };
      renderPanel();
    }
    hinted = action;
    dirty = true;
  }

  return {
    mount, unmount, update, onEvents, label, event, showHint, breakdown,
    // test hook: where to click
    hook: {
      cellCenter(x, y) {
        const rect = canvas.getBoundingClientRect();
        const [sx, sy] = worldToScreen(x + 0.5, y + 0.5);
        return { x: rect.left + sx, y: rect.top + sy };
      },
      zonePoint(x, y, zone) {
        const rect = canvas.getBoundingClientRect();
        const tileView = tileAt(x, y);
        const [lx, ly] = anchorOf(tileView, zone);
        const [sx, sy] = worldToScreen(x + lx / TILE, y + ly / TILE);
        return { x: rect.left + sx, y: rect.top + sy };
      },
      markers() {
        const rect = canvas.getBoundingClientRect();
        return markers().map((m) => ({ action: m.action, x: rect.left + m.sx, y: rect.top + m.sy }));
      },
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

// ---- what the menu shows (the registry web/js/games.mjs lists this) ------------------

function picture() {
  // a little landscape from our own tiles (web/tiles, drawn by build.py)
  const box = el("div", { class: "pic-tiles", "aria-hidden": "true" });
  for (const id of ["L07", "S01", "L21", "L33", "L12", "L45"]) {
    box.append(el("img", { src: new URL(`../../tiles/${id}.svg`, import.meta.url).href, alt: "", loading: "lazy" }));
  }
  return box;
}

export const game = {
  id: "sammler",
  titles: { de: "Carcassonne – Jäger und Sammler", en: "Carcassonne – Hunters and Gatherers" },
  descriptions: {
    de: "Lege Landschaftsplättchen an, setze Sammler in Wälder und Flüsse und Jäger auf die Wiesen.",
    en: "Lay landscape tiles, put gatherers in forests and rivers and hunters on the meadows.",
  },
  players: [2, 5], minutes: [30, 45], picture, create: createSammlerRenderer,
};
