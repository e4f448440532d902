// Where the board's camera looks (camera.mjs is its arithmetic): fitted on the first turn and
// at the end, brought to a decision, the phone's figure step, the zoom buttons, dragging and
// pinching, and the arrows at the canvas's edge towards spots off it. s is the renderer's match
// state (renderer.mjs): s.cam, s.camera, s.view, s.root, s.canvas, s.untouched, s.dirty.

import { boardBounds, isMyTurn, spotCells } from "./board.mjs";

export const coarse = () => window.matchMedia && window.matchMedia("(hover: none)").matches;

export function createFraming(s) {
  const { cam, camera } = s;
  // A phone (or a narrow board) gets tiles no smaller than this; a wider board pans instead.
  const touchy = () => coarse() || cam.size()[0] < 700;
  const minTile = () => (touchy() ? 48 : 28);

  // The whole board, its tiles at least `least` px large (the fit button: 12, the final board
  // all of it). When it does not fit, the camera goes where most spots are in view.
  function fit(least = minTile()) {
    if (!s.view) return;
    cam.fit(boardBounds(s), least, bestCentre);
    s.dirty = true;
  }

  // The camera moves by itself only on the first turn (the board fitted), at the end (all of the
  // final board) and, keeping its scale, to bring a decision into view: the placed tile with
  // room around it for its figure choices, or some spot for the new tile when none is in view.
  // Otherwise it stays where the player zoomed and dragged it. `resized`: the canvas changed.
  function keepInView(resized = false) {
    const view = s.view;
    if (view.over) { fitFinal(); return; }
    if (s.untouched && resized) { fit(); return; }
    if (!isMyTurn(s)) return;
    if (view.phase === "figure" && view.last_placed) {
      const { x, y } = view.last_placed;
      if (touchy() && (!figureStep || figureStep.ours)) { zoomToFigureStep(x, y); return; }
      bringIntoView(x, y, 0.5);
    } else if (view.phase === "tile" && !spotCells(s).some(([x, y]) => cam.cellInView(x, y))) {
      panTo(bestCentre());
    }
  }

  // As little as brings cell (x, y) and `margin` tiles around it onto the canvas (clear of the
  // zoom buttons' column), the scale kept; centred when the canvas is smaller than that.
  function bringIntoView(x, y, margin) {
    const [w, h] = cam.size();
    const [left, top] = cam.toScreen(x - margin, y - margin), [right, bottom] = cam.toScreen(x + 1 + margin, y + 1 + margin);
    const shift = (lo, hi, end) => (hi - lo > end ? (lo + hi - end) / 2 : lo < 0 ? lo : hi > end ? hi - end : 0);
    panTo([camera.x + shift(left, right, w - 50) / camera.scale, camera.y + shift(top, bottom, h) / camera.scale]);
  }

  // A tile just laid (anyone's) is seen where it lands: when it is off the canvas (a phone's
  // board is larger than its screen) the camera moves as little as brings it on.
  function showPlaced({ x, y }) {
    if (!cam.cellInView(x, y)) bringIntoView(x, y, 0.25);
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
    if (figureStep && !(s.view.phase === "figure" && isMyTurn(s))) {
      if (figureStep.ours) Object.assign(camera, figureStep.before);
      figureStep = null;
      if (s.view.last_placed) showPlaced(s.view.last_placed);
      s.dirty = true;
    }
  }

  // The final board: all of it on the canvas, as large as it goes (nothing to tap under the
  // zoom buttons any more).
  function fitFinal() {
    const [minX, minY, maxX, maxY] = boardBounds(s);
    const [w, h] = cam.size();
    camera.scale = Math.max(4, Math.min(140, w / (maxX - minX + 0.4), h / (maxY - minY + 0.4)));
    panTo([(minX + maxX) / 2, (minY + maxY) / 2]);
  }

  function panTo([x, y]) {
    camera.x = x;
    camera.y = y;
    s.dirty = true;
  }

  // Where to look when the board is larger than the canvas: the centre that shows the most
  // spots for the tile and the tile placed last (what just happened stays in sight), nearest
  // that tile when several show as many.
  function bestCentre() {
    const spots = spotCells(s);
    const last = s.view.last_placed || { x: 0, y: 0 };
    const shift = 25 / camera.scale;  // the zoom buttons' column stays free: look a little right
    if (!spots.length) return [last.x + 0.5 + shift, last.y + 0.5];
    let best = null;
    // centred on the last tile, on a spot, or halfway between the two
    const centres = [[last.x, last.y], ...spots, ...spots.map(([x, y]) => [(x + last.x) / 2, (y + last.y) / 2])];
    for (const [cx, cy] of centres) {
      const c = { x: cx + 0.5 + shift, y: cy + 0.5, scale: camera.scale };
      const seen = spots.filter(([x, y]) => cam.cellInView(x, y, c)).length;
      const lastSeen = seen > 0 && cam.cellInView(last.x, last.y, c);
      const away = Math.hypot(cx - last.x, cy - last.y);
      const better = !best || lastSeen > best.lastSeen || (lastSeen === best.lastSeen && (seen > best.seen || (seen === best.seen && away < best.away)));
      if (better) best = { lastSeen, seen, away, at: [c.x, c.y] };
    }
    return best.at;
  }

  // The zoom buttons' box on the canvas.
  function zoomBox() {
    const zoom = s.root.querySelector(".sammler-zoom").getBoundingClientRect();
    const stage = s.canvas.getBoundingClientRect();
    return { left: zoom.left - stage.left, bottom: zoom.bottom - stage.top };
  }

  // Spots for the tile whose middle is off the canvas: an arrow at the edge points to them, one
  // for each of eight directions with their number; a tap on it brings the nearest into view.
  function arrows() {
    if (!s.view || s.view.phase !== "tile" || !isMyTurn(s)) return [];
    const [w, h] = cam.size();
    const r = touchy() ? 17 : 14, inset = r + 4;
    const box = zoomBox();
    const zoomLeft = box.left - r, zoomBottom = box.bottom + r;
    const cx = w / 2, cy = h / 2;
    const found = [];
    for (const [x, y] of spotCells(s)) {
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
    s.untouched = false;
    s.dirty = true;
  }

  // The fit button: all of the board, however small; it stays so until the player moves it.
  function overview() {
    s.untouched = false;
    fit(12);
  }

  // The player moved the camera: it stays where they put it (in a figure step too).
  function theirs() {
    if (figureStep) figureStep.ours = false;
    s.untouched = false;
    s.dirty = true;
  }

  function zoomBy(factor, sx, sy) {
    cam.zoomBy(factor, sx, sy);
    theirs();
  }

  // A drag from the camera `from` by (dx, dy) screen pixels; some of the board stays in view.
  function dragBy(from, dx, dy) {
    camera.x = from.x - dx / camera.scale;
    camera.y = from.y - dy / camera.scale;
    if (s.view) cam.clamp(boardBounds(s));
    theirs();
  }

  return { touchy, fit, keepInView, showPlaced, endFigureStep, fitFinal, zoomBox, arrows, lookAt, overview, zoomBy, dragBy };
}
