// Where things are on the screen: a lesson's ring (screens/lesson.mjs, docs/lessons.md) and the
// tests' hook (where to click, what is drawn where). s is the renderer's match state
// (renderer.mjs); framing, figures and scrollToDecision are its other parts.

import { settings } from "../common.mjs";
import { FIGURE_HALF, TILE, anchorOf, symbolsOf } from "./geometry.mjs";
import { alias, isMyTurn, spotCells, tileAt } from "./board.mjs";
import { figurePlace } from "./draw.mjs";
import { labelOf } from "./panel.mjs";

// A lesson's ring: for an expected move the control that comes next (the spot, then "rotate"
// until the tile is turned as expected, then "place"; a figure's circle; "no figure"), else the
// lesson's target: {tile: [x, y]}, {zone: [x, y, zone]} or {panel: "supply" | "stacks" |
// "preview" | "legend"}. {rect (client coordinates), element} or null.
export function createLessonTarget(s, { framing, figures }) {
  let lessonShown = "";
  return function lessonTarget(target, expect) {
    const { view, canvas, root, panel, cam, camera } = s;
    if (!view || !canvas || !root.isConnected) return null;
    const rect = canvas.getBoundingClientRect();
    const onCanvas = (left, top, width, height) => ({ element: canvas, rect: { left: rect.left + left, top: rect.top + top, width, height } });
    // a target off the canvas comes into view, once a step (a later drag of the player's stays)
    const show = (x, y) => {
      const key = `${view.state_id}|${x},${y}`;
      if (lessonShown !== key && !cam.cellInView(x, y)) framing.lookAt([x, y]);
      lessonShown = key;
    };
    const cell = (x, y) => {
      show(x, y);
      const [sx, sy] = cam.toScreen(x, y);
      return onCanvas(sx, sy, camera.scale, camera.scale);
    };
    const button = (b) => (b && !b.disabled && b.getClientRects().length ? { element: b, rect: b.getBoundingClientRect() } : null);
    if (expect && expect.type === "place_tile") {
      const turned = (r) => alias(s, view.tile_to_place, r) === expect.rotation;
      const pending = s.pending;
      if (pending && pending.x === expect.x && pending.y === expect.y) {
        return button(root.querySelector(turned(pending.rotation) ? "#sammler-confirm" : "#sammler-rotate-right"));
      }
      if (!settings().confirm && !turned(s.rot)) return button(root.querySelector("#sammler-rotate-right"));
      return cell(expect.x, expect.y);
    }
    if (expect && expect.type === "place_figure") {
      const m = figures.markers().find((k) => k.action.figure === expect.figure && k.action.zone === expect.zone);
      if (m) return onCanvas(m.sx - m.r, m.sy - m.r, 2 * m.r, 2 * m.r);
      const key = JSON.stringify(expect);
      return button([...panel.querySelectorAll(".figure-choice")].find((b) => b.dataset.action === key));
    }
    if (expect && expect.type === "pass") return button(root.querySelector("#sammler-no-figure"));
    if (target && Array.isArray(target.tile) && tileAt(s, target.tile[0], target.tile[1])) return cell(target.tile[0], target.tile[1]);
    if (target && Array.isArray(target.zone) && s.geometry) {
      const [x, y, zone] = target.zone;
      const tileView = tileAt(s, x, y);
      if (!tileView) return null;
      show(x, y);
      const [lx, ly] = anchorOf(s.geometry.types[tileView.type], tileView, zone);
      const [sx, sy] = cam.toScreen(x + lx / TILE, y + ly / TILE);
      const r = Math.max(16, camera.scale * 0.22);
      return onCanvas(sx - r, sy - r, 2 * r, 2 * r);
    }
    if (target && typeof target.panel === "string") {
      const part = { supply: ".sammler-supply", stacks: ".sammler-stacks", preview: ".sammler-preview", legend: ".sammler-legend" }[target.panel];
      return part ? button(panel.querySelector(part)) : null;
    }
    return null;
  };
}

// The tests' hook: screen points and boxes in client coordinates, and the renderer's state.
export function testHook(s, { framing, figures, scrollToDecision }) {
  const { cam, camera } = s;
  const origin = () => s.canvas.getBoundingClientRect();
  return {
    cellCenter(x, y) {
      const rect = origin();
      const [sx, sy] = cam.toScreen(x + 0.5, y + 0.5);
      return { x: rect.left + sx, y: rect.top + sy };
    },
    zonePoint(x, y, zone) {
      const rect = origin();
      const tileView = tileAt(s, x, y);
      const [lx, ly] = anchorOf(s.geometry.types[tileView.type], tileView, zone);
      const [sx, sy] = cam.toScreen(x + lx / TILE, y + ly / TILE);
      return { x: rect.left + sx, y: rect.top + sy };
    },
    get pressedZone() { return s.hoverZone; },
    markers() {
      const rect = origin();
      return figures.markers().map((m) => ({ action: m.action, x: rect.left + m.sx, y: rect.top + m.sy, r: m.r }));
    },
    // every figure on the board and every symbol on its tile, as screen boxes [x0, y0, x1, y1]
    figures() {
      const rect = origin();
      return s.view.figures.map((f) => {
        const tileView = tileAt(s, f.x, f.y);
        const { sx, sy, size } = figurePlace(cam, s.geometry, tileView, f.zone);
        const h = size * FIGURE_HALF;
        const symbols = symbolsOf(s.geometry.types[tileView.type], tileView).map(({ kind, box: [x0, y0, x1, y1] }) => {
          const [a, b] = cam.toScreen(f.x + x0 / TILE, f.y + y0 / TILE), [c, d] = cam.toScreen(f.x + x1 / TILE, f.y + y1 / TILE);
          return { kind, box: [rect.left + a, rect.top + b, rect.left + c, rect.top + d] };
        });
        return { ...f, box: [rect.left + sx - h, rect.top + sy - h, rect.left + sx + h, rect.top + sy + h], symbols };
      });
    },
    arrows() {
      const rect = origin();
      return framing.arrows().map((a) => ({ x: rect.left + a.sx, y: rect.top + a.sy, r: a.r, n: a.n, cell: a.cell, angle: a.angle }));
    },
    // the spots for the tile (any turn) that lie wholly on the canvas
    spotsInView: () => spotCells(s).filter(([x, y]) => cam.cellInView(x, y)),
    cellInView: (x, y) => cam.cellInView(x, y),
    spots: () => spotCells(s),
    labelOf: (action) => labelOf(s.view, action),
    scrollToDecision: () => { if (isMyTurn(s)) scrollToDecision(); },
    get rotation() { return s.rot; },
    alias: (type, r) => alias(s, type, r),
    get pending() { return s.pending; },
    get artReady() { return s.images.size > 0; },
    frameTimes: () => s.frameTimes.slice(),
    resetFrameTimes: () => { s.frameTimes = []; },
    redraw: () => { s.dirty = true; },
    camera: () => ({ ...camera }),
  };
}
