// What the view's board offers, as the renderer's modules ask it: the legal placements and
// figure choices, the tile and the feature at a place. Reads only: s is the renderer's match
// state (renderer.mjs), of which these use the view and the tile geometry.

export function legalPlacements(s) {
  return (s.view && s.view.legal ? s.view.legal : []).filter((a) => a.type === "place_tile");
}

export function figureActions(s) {
  return (s.view && s.view.legal ? s.view.legal : []).filter((a) => a.type === "place_figure");
}

export function isMyTurn(s) {
  const view = s.view;
  return view && view.legal && view.legal.length && view.seat === view.current_seat;
}

// A turn of the tile as the engine names it (a symmetric tile's turns alias one another).
export function alias(s, type, r) {
  const list = s.geometry && s.geometry.rotation_aliases[type];
  return list ? list[r] : r;
}

export function legalAt(s, x, y, r) {
  const want = alias(s, s.view.tile_to_place, r);
  return legalPlacements(s).some((a) => a.x === x && a.y === y && a.rotation === want);
}

export function rotationsAt(s, x, y) {
  const rs = [];
  for (let r = 0; r < 4; r++) if (legalAt(s, x, y, r)) rs.push(r);
  return rs;
}

export function firstLegalRotation(s) {
  const rotations = new Set(legalPlacements(s).map((a) => a.rotation));
  for (let r = 0; r < 4; r++) if (rotations.has(alias(s, s.view.tile_to_place, r))) return r;
  return 0;
}

// The legal spots (any turn of the tile), one a cell.
export function spotCells(s) {
  const seen = new Map();
  for (const a of legalPlacements(s)) seen.set(`${a.x},${a.y}`, [a.x, a.y]);
  return [...seen.values()];
}

// The board's cells and the spots for the tile: [minX, minY, maxX, maxY] in cells.
export function boardBounds(s) {
  const cells = s.view.tiles.map((t) => [t.x, t.y]);
  for (const a of legalPlacements(s)) cells.push([a.x, a.y]);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of cells) {
    minX = Math.min(minX, x); minY = Math.min(minY, y);
    maxX = Math.max(maxX, x + 1); maxY = Math.max(maxY, y + 1);
  }
  return [minX, minY, maxX, maxY];
}

export function tileAt(s, x, y) {
  return s.view.tiles.find((t) => t.x === x && t.y === y);
}

// The feature a zone belongs to (a river's part before the river system it joins).
export function featureIndex(s, x, y, zone) {
  if (!s.view) return -1;
  const at = (f) => f.zones.some(([zx, zy, zid]) => zx === x && zy === y && zid === zone);
  const i = s.view.features.findIndex((f) => f.kind !== "river_system" && at(f));
  return i >= 0 ? i : s.view.features.findIndex(at);
}

export function featureOf(s, x, y, zone) {
  const i = featureIndex(s, x, y, zone);
  return i >= 0 ? s.view.features[i] : null;
}
