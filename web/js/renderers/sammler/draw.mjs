// Drawing on a canvas: the grid, tiles, the spots for the tile, arrows to spots off the canvas,
// a feature lit up, figures, the figure choices and the points flying up. Each function draws
// what it is given with the camera `cam` (camera.mjs); none keeps state.

import { TILE, spotOf, zonePath } from "./geometry.mjs";
import { seatShape, shapePath } from "../common.mjs";

export function drawGrid(ctx, cam, w, h) {
  const s = cam.state.scale;
  if (s < 20) return;
  const [x0, y0] = cam.toWorld(0, 0);
  const [x1, y1] = cam.toWorld(w, h);
  ctx.strokeStyle = "#00000010";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = Math.floor(x0); x <= x1; x++) {
    const [sx] = cam.toScreen(x, 0);
    ctx.moveTo(sx, 0); ctx.lineTo(sx, h);
  }
  for (let y = Math.floor(y0); y <= y1; y++) {
    const [, sy] = cam.toScreen(0, y);
    ctx.moveTo(0, sy); ctx.lineTo(w, sy);
  }
  ctx.stroke();
}

// A tile's picture (images: type -> rasterised canvas) at cell (x, y), turned, faded or grown.
export function drawTile(ctx, cam, images, type, x, y, rotation, alpha, scale = 1) {
  const s = cam.state.scale;
  const [sx, sy] = cam.toScreen(x, y);
  const [w, h] = cam.size();
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

// The orange frame of the tile placed last.
export function drawLastFrame(ctx, cam, last) {
  const s = cam.state.scale;
  const [x, y] = cam.toScreen(last.x, last.y);
  ctx.strokeStyle = "#ff7b00";
  ctx.lineWidth = Math.max(3, Math.min(6, s * 0.05));
  ctx.strokeRect(x + 1.5, y + 1.5, s - 3, s - 3);
}

// The spots for the tile: green where it fits as turned now (rotation `want`), faint where it
// fits turned otherwise; the chosen spot with the tile on it, framed in the colour of the
// player choosing (`colour`, on white so it shows on any tile), or the tile under the pointer.
export function drawPlacementHints(ctx, cam, images, { placements, want, type, rot, pending, hover, colour }) {
  const s = cam.state.scale;
  ctx.lineWidth = 2;
  for (const a of placements) {
    const [sx, sy] = cam.toScreen(a.x, a.y);
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
    drawTile(ctx, cam, images, type, pending.x, pending.y, pending.rotation, 1);
    const [sx, sy] = cam.toScreen(pending.x, pending.y);
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = 6;
    ctx.strokeRect(sx + 3, sy + 3, s - 6, s - 6);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 3;
    ctx.strokeRect(sx + 3, sy + 3, s - 6, s - 6);
  } else if (hover) {
    drawTile(ctx, cam, images, type, hover.x, hover.y, rot, 0.6);
  }
}

export function drawArrows(ctx, arrows) {
  for (const a of arrows) {
    ctx.save();
    ctx.translate(a.sx, a.sy);
    ctx.beginPath();
    ctx.arc(0, 0, a.r, 0, Math.PI * 2);
    ctx.fillStyle = "#2f8a3ae6";
    ctx.fill();
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.rotate(a.angle);
    ctx.beginPath();  // an arrow: shaft and head
    ctx.moveTo(-a.r * 0.55, 0);
    ctx.lineTo(a.r * 0.55, 0);
    ctx.moveTo(a.r * 0.1, -a.r * 0.45);
    ctx.lineTo(a.r * 0.58, 0);
    ctx.lineTo(a.r * 0.1, a.r * 0.45);
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = 3;
    ctx.lineCap = ctx.lineJoin = "round";
    ctx.stroke();
    ctx.restore();
    if (a.n > 1) {
      ctx.font = `bold ${Math.round(a.r * 0.7)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      const bx = a.sx + a.r * 0.75, by = a.sy - a.r * 0.75;
      ctx.beginPath();
      ctx.arc(bx, by, a.r * 0.5, 0, Math.PI * 2);
      ctx.fillStyle = "#fff";
      ctx.fill();
      ctx.fillStyle = "#1d5a25";
      ctx.fillText(String(a.n), bx, by + 0.5);
      ctx.textBaseline = "alphabetic";
    }
  }
}

// Every zone of feature f lit up (tileAt(x, y) -> the tile of the view there).
export function drawFeatureHighlight(ctx, cam, geometry, tileAt, f) {
  if (!f || !geometry) return;
  ctx.save();
  const colour = f.complete ? "#ffd23acc" : "#fff27a99";
  for (const [x, y, zone] of f.zones) {
    const tileView = tileAt(x, y);
    if (!tileView) continue;
    const { path, stroke } = zonePath(geometry.types[tileView.type], tileView, zone, cam.toScreen, cam.state.scale);
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

function meeple(ctx, x, y, size, colour, lying) {
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
  fillOutlined(ctx, colour, u);
  ctx.restore();
}

function hut(ctx, x, y, size, colour) {
  const u = size / 20;
  ctx.beginPath();
  ctx.moveTo(x - 9 * u, y + 8 * u);
  ctx.lineTo(x - 9 * u, y - 1 * u);
  ctx.lineTo(x, y - 10 * u);
  ctx.lineTo(x + 9 * u, y - 1 * u);
  ctx.lineTo(x + 9 * u, y + 8 * u);
  fillOutlined(ctx, colour, u);
}

// a figure's body: the player's colour with a dark outline
function fillOutlined(ctx, colour, u) {
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.strokeStyle = "#111";
  ctx.lineWidth = Math.max(1, u * 1.2);
  ctx.fill();
  ctx.stroke();
}

// A figure in its owner's colour with the owner's sign on it.
export function drawFigure(ctx, colours, kind, owner, sx, sy, size) {
  const colour = colours[owner];
  if (kind === "hut") hut(ctx, sx, sy, size, colour);
  else meeple(ctx, sx, sy, size, colour, kind === "hunter");
  ctx.fillStyle = owner === 2 ? "#111" : "#fff";
  shapePath(ctx, seatShape(owner), sx, sy + (kind === "hut" ? size * 0.1 : 0), size * 0.13);
  ctx.fill();
}

// A figure on the board: its point on the screen and its size in px, beside its tile's symbols.
export function figurePlace(cam, geometry, tileView, zone) {
  const [lx, ly, size] = spotOf(geometry.types[tileView.type], tileView, zone);
  const [sx, sy] = cam.toScreen(tileView.x + lx / TILE, tileView.y + ly / TILE);
  return { sx, sy, size: Math.max(11, (cam.state.scale * size) / TILE) };
}

export function drawFigures(ctx, cam, geometry, colours, figures, tileAt) {
  if (!geometry) return;
  for (const f of figures) {
    const tileView = tileAt(f.x, f.y);
    if (!tileView) continue;
    const { sx, sy, size } = figurePlace(cam, geometry, tileView, f.zone);
    drawFigure(ctx, colours, f.kind, f.owner, sx, sy, size);
    if (f.cult) {
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(sx, sy, size * 0.7, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
}

// The figure choices (choices.mjs): a line back to the anchor of a choice moved away from it,
// a white circle with the figure, ringed in the chooser's colour; an orange ring round the
// hinted one.
export function drawChoices(ctx, colours, seat, choices, hinted) {
  for (const m of choices) {
    if (Math.hypot(m.sx - m.ax, m.sy - m.ay) > m.r) {
      ctx.beginPath();
      ctx.moveTo(m.ax, m.ay);
      ctx.lineTo(m.sx, m.sy);
      ctx.strokeStyle = "#ffffffcc";
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(m.ax, m.ay, 3, 0, Math.PI * 2);
      ctx.fillStyle = colours[seat];
      ctx.fill();
    }
  }
  for (const m of choices) {
    if (hinted && JSON.stringify(hinted) === JSON.stringify(m.action)) {
      ctx.beginPath();
      ctx.arc(m.sx, m.sy, m.r + 4, 0, Math.PI * 2);
      ctx.strokeStyle = "#ffb300";
      ctx.lineWidth = 4;
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.arc(m.sx, m.sy, m.r - 1, 0, Math.PI * 2);
    ctx.fillStyle = "#ffffffdd";
    ctx.fill();
    ctx.strokeStyle = colours[seat];
    ctx.lineWidth = 2;
    ctx.stroke();
    drawFigure(ctx, colours, m.action.figure, seat, m.sx, m.sy, m.r * 1.35);
  }
}

// Points flying up from where they were scored; returns the floaters still flying.
export function drawFloaters(ctx, cam, floaters, now) {
  const flying = floaters.filter((f) => now - f.start < 1600);
  for (const f of flying) {
    const p = (now - f.start) / 1600;
    const [sx, sy] = cam.toScreen(f.x, f.y - p * 0.8);
    ctx.globalAlpha = 1 - p;
    ctx.font = `bold ${Math.max(16, cam.state.scale * 0.28)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.lineWidth = 4;
    ctx.strokeStyle = "#fff";
    ctx.strokeText(f.text, sx, sy);
    ctx.fillStyle = f.colour;
    ctx.fillText(f.text, sx, sy);
    ctx.globalAlpha = 1;
  }
  return flying;
}

// A figure drawn on a small canvas of its own (legend, supply); marker: in a choice's circle.
export function figureCanvas(make, colours, kind, owner, size = 26, marker = false) {
  const c = make("canvas", { class: "sammler-icon", width: String(size * 2), height: String(size * 2), "aria-hidden": "true" });
  c.style.width = c.style.height = size + "px";
  const ctx = c.getContext("2d");
  ctx.scale(2, 2);
  if (marker) {
    ctx.beginPath();
    ctx.arc(size / 2, size / 2, size / 2 - 2, 0, Math.PI * 2);
    ctx.fillStyle = "#ffffffdd";
    ctx.fill();
    ctx.strokeStyle = colours[owner];
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  drawFigure(ctx, colours, kind, owner, size / 2, size / 2, marker ? size * 0.55 : size * 0.85);
  c.dataset.seat = String(owner);
  c.dataset.shape = seatShape(owner);
  return c;
}
