// The board's input: taps (a spot, a figure choice, an arrow to spots off the canvas), dragging
// and pinching, the wheel, the keys (r/e/q rotate, Enter places, Escape cancels, f fits), and
// the explanation of the feature under the pointer (a long press on a touch screen). s is the
// renderer's match state (renderer.mjs); framing, placing and figures are its other parts.

import { TILE, zoneAt } from "./geometry.mjs";
import { featureIndex, isMyTurn, tileAt } from "./board.mjs";

export function createInput(s, { framing, placing, figures }) {
  const { cam, camera } = s;
  const pointers = new Map();
  let drag = null;
  let longPress = 0;

  function bind() {
    const canvas = s.canvas;
    canvas.addEventListener("pointerdown", (ev) => {
      try { canvas.setPointerCapture(ev.pointerId); } catch { /* a pointer already gone */ }
      pointers.set(ev.pointerId, [ev.offsetX, ev.offsetY]);
      // a click or touch puts the explanation away: it must not cover a spot to choose
      hideTooltip();
      clearTimeout(longPress);
      const view = s.view;
      const pressed = pointers.size === 1 && view && isMyTurn(s) && view.phase === "figure" && figures.markerAt(ev.offsetX, ev.offsetY);
      if (pressed) {  // the zone this circle means lights up while it is pressed
        s.hoverZone = { x: view.last_placed.x, y: view.last_placed.y, zone: pressed.action.zone };
        s.dirty = true;
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
        if (before > 0) framing.zoomBy(after / before, (ev.offsetX + other[0]) / 2, (ev.offsetY + other[1]) / 2);
        return;
      }
      if (prev) pointers.set(ev.pointerId, [ev.offsetX, ev.offsetY]);
      if (drag && prev) {
        const dx = ev.offsetX - drag.x, dy = ev.offsetY - drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 5) { drag.moved = true; clearTimeout(longPress); }
        if (drag.moved) framing.dragBy(drag.cam, dx, dy);
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
        s.tooltipOff = s.hoverZone;  // stays away until the pointer moves to another zone
        click(ev.offsetX, ev.offsetY);
      }
      drag = null;
    };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    canvas.addEventListener("pointerleave", (ev) => {
      if (ev.pointerType !== "mouse") return;  // a lifted finger leaves too: a long-press text stays
      s.hoverCell = null; s.hoverZone = null; hideTooltip(); s.dirty = true;
    });
    canvas.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      framing.zoomBy(Math.exp(-ev.deltaY * 0.0015), ev.offsetX, ev.offsetY);
    }, { passive: false });
    window.addEventListener("keydown", onKey);
  }

  function unbind() {
    clearTimeout(longPress);
    window.removeEventListener("keydown", onKey);
  }

  function onKey(ev) {
    if (!s.api || !s.view || ev.target.closest("input, select, textarea")) return;
    if (ev.key === "r" || ev.key === "R" || ev.key === "e") placing.rotate(ev.shiftKey ? -1 : 1);
    else if (ev.key === "q") placing.rotate(-1);
    else if (ev.key === "Enter" && s.pending) placing.confirm();
    else if (ev.key === "Escape" && s.pending) placing.cancel();
    else if (ev.key === "f") framing.overview();
    else return;
    ev.preventDefault();
  }

  function cellAt(sx, sy) {
    const [wx, wy] = cam.toWorld(sx, sy);
    const x = Math.floor(wx), y = Math.floor(wy);
    return { x, y, lx: (wx - x) * TILE, ly: (wy - y) * TILE };
  }

  function hover(sx, sy, force = false) {
    const c = cellAt(sx, sy);
    const tile = s.view && tileAt(s, c.x, c.y);
    let newZone = null;
    if (tile && s.geometry) {
      const zone = zoneAt(s.geometry.types[tile.type], tile, c.lx, c.ly);
      if (zone) newZone = { x: c.x, y: c.y, zone };
    }
    const hoverCell = s.hoverCell;
    const cellChanged = !hoverCell || hoverCell.x !== c.x || hoverCell.y !== c.y;
    const zoneChanged = JSON.stringify(newZone) !== JSON.stringify(s.hoverZone);
    s.hoverCell = { x: c.x, y: c.y };
    s.hoverZone = newZone;
    if (zoneChanged || force) {
      if (force || JSON.stringify(newZone) !== JSON.stringify(s.tooltipOff)) { s.tooltipOff = null; showTooltip(sx, sy); }
      else hideTooltip();
    } else if (s.hoverZone && !s.tooltip.hidden) moveTooltip(sx, sy);
    if (cellChanged || zoneChanged) s.dirty = true;
  }

  // The feature under the pointer explained in the engine's words (view.words.features runs
  // parallel to view.features).
  function showTooltip(sx, sy) {
    const { view, hoverZone, tooltip } = s;
    const i = hoverZone ? featureIndex(s, hoverZone.x, hoverZone.y, hoverZone.zone) : -1;
    const words = i >= 0 && view.words && view.words.features ? view.words.features[i] : "";
    if (!words) { hideTooltip(); return; }
    tooltip.textContent = words;
    tooltip.dataset.feature = view.features[i].kind;
    tooltip.hidden = false;
    moveTooltip(sx, sy);
  }

  function hideTooltip() {
    if (s.tooltip) s.tooltip.hidden = true;
  }

  function moveTooltip(sx, sy) {
    // inside the stage: right of and below the pointer, or left of / above it near an edge
    const tooltip = s.tooltip;
    const [w, h] = cam.size();
    const tw = tooltip.offsetWidth, th = tooltip.offsetHeight;
    let left = sx + 14, top = sy + 18;
    if (left + tw > w - 4) left = Math.max(4, sx - 14 - tw);
    if (top + th > h - 4) top = Math.max(4, sy - 18 - th);
    tooltip.style.left = left + "px";
    tooltip.style.top = top + "px";
  }

  function click(sx, sy) {
    const view = s.view;
    if (!view || !isMyTurn(s)) return;
    const c = cellAt(sx, sy);
    const arrow = view.phase === "tile" && framing.arrows().find((a) => Math.hypot(a.sx - sx, a.sy - sy) <= a.r + 4);
    if (arrow) { framing.lookAt(arrow.cell); return; }
    if (view.phase === "tile") {
      placing.tapCell(c.x, c.y, sx, sy);
      return;
    }
    if (view.phase === "figure") {
      const marker = figures.markerAt(sx, sy);
      if (marker) s.api.act(marker.action);
    }
  }

  return { bind, unbind, hideTooltip };
}
