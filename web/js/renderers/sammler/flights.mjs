// Moves you can follow (motion.mjs): a ghost flies over the canvas while the board is already
// drawn — the placed tile from the panel's tile to place to its cell, a new figure from its
// owner's supply to its zone. s is the renderer's match state (renderer.mjs).

import { el, flyGhost } from "../common.mjs";
import { tileAt } from "./board.mjs";
import { drawFigure, figurePlace } from "./draw.mjs";

function cellRect(s, x, y) {
  const rect = s.canvas.getBoundingClientRect();
  const [sx, sy] = s.cam.toScreen(x, y);
  return { left: rect.left + sx, top: rect.top + sy, width: s.camera.scale, height: s.camera.scale };
}

// the placed tile from the tile to place in the panel (its rect `from`) to its cell
export function flyTile(s, at, from) {
  const tile = tileAt(s, at.x, at.y);
  if (!tile || !from || !from.width) return;
  const img = s.images.get(tile.type);
  const ghost = el("canvas", { width: "192", height: "192", "data-motion": "tile" });
  const g = ghost.getContext("2d");
  g.translate(96, 96);
  g.rotate((tile.rotation * Math.PI) / 2);
  if (img) g.drawImage(img, -96, -96, 192, 192);
  flyGhost(ghost, from, cellRect(s, at.x, at.y));
}

// each figure not in `before` from its owner's supply (the rects `supplyFrom`) to its zone
export function flyFigures(s, before, supplyFrom) {
  if (!s.geometry) return;
  const had = new Set(before.map((f) => `${f.x},${f.y},${f.zone}`));
  for (const f of s.view.figures) {
    const tile = tileAt(s, f.x, f.y);
    const from = supplyFrom[f.owner];
    if (had.has(`${f.x},${f.y},${f.zone}`) || !tile || !from) continue;
    const size = Math.max(14, s.camera.scale * 0.3);
    const ghost = el("canvas", { width: String(size * 4), height: String(size * 4), "data-motion": `figure:${f.owner}` });
    const g = ghost.getContext("2d");
    g.scale(2, 2);
    drawFigure(g, s.api.colours, f.kind, f.owner, size, size, size);
    const rect = s.canvas.getBoundingClientRect();
    const { sx, sy } = figurePlace(s.cam, s.geometry, tile, f.zone);  // where draw.mjs puts it, beside the animals
    const to = { left: rect.left + sx - size, top: rect.top + sy - size, width: 2 * size, height: 2 * size };
    flyGhost(ghost, { left: from.left, top: from.top, width: from.height * 1.4, height: from.height * 1.4 }, to);
  }
}
