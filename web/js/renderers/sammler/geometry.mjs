// The tiles' shapes (tiles/geometry.json, drawn by art/sammler_tiles.py): turning points, which
// zone a point of a tile lies in, where a zone's figure stands, a zone's outline. Pure functions.

export const TILE = 100; // tile units (the art's viewBox)

// Rotating a catalogue point clockwise by r quarter turns inside the 100-unit square.
export function rotatePoint(x, y, r) {
  for (let i = 0; i < r; i++) [x, y] = [TILE - y, x];
  return [x, y];
}

export function unrotatePoint(x, y, r) {
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

// The zone of a placed tile (geometry g) under the tile point (lx, ly), or null.
export function zoneAt(g, tile, lx, ly) {
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

// Where a figure on the zone stands, in tile units of the turned tile.
export function anchorOf(g, tile, zone) {
  const [ax, ay] = g.anchors[zone] || [50, 50];
  return rotatePoint(ax, ay, tile.rotation);
}

// Where a figure on the zone is drawn and how large, [x, y, size] in tile units of the turned
// tile: beside the tile's animals and other symbols (art/sammler_tiles.py chose the place).
export function spotOf(g, tile, zone) {
  const spot = g.spots && g.spots[zone];
  if (!spot) return [...anchorOf(g, tile, zone), 30];
  return [...rotatePoint(spot[0], spot[1], tile.rotation), spot[2]];
}

// The box a figure drawn `size` large covers around its point, as a share of the size either
// way (draw.mjs: a standing figure 0.9 wide and 1.0 high, a lying one or a hut within the same).
export const FIGURE_HALF = 0.5;

// The tile's symbols (animals, fish, fire, ...) with their boxes [x0, y0, x1, y1] in tile
// units of the turned tile.
export function symbolsOf(g, tile) {
  return (g.symbols || []).map(({ kind, box: [x0, y0, x1, y1] }) => {
    const [ax, ay] = rotatePoint(x0, y0, tile.rotation), [bx, by] = rotatePoint(x1, y1, tile.rotation);
    return { kind, box: [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)] };
  });
}

// A zone's outline on the screen: toScreen maps a tile point to the canvas; a river is a line
// of width `stroke`, everything else a filled area.
export function zonePath(g, tileView, zone, toWorld, scale) {
  const toScreen = (px, py) => {
    const [rx, ry] = rotatePoint(px, py, tileView.rotation);
    return toWorld(tileView.x + rx / TILE, tileView.y + ry / TILE);
  };
  const kind = g.zones.find((z) => z.id === zone)?.kind;
  const path = new Path2D();
  let stroke = 0;
  const poly = (pts) => pts.forEach(([px, py], i) => { const [a, b] = toScreen(px, py); i ? path.lineTo(a, b) : path.moveTo(a, b); });
  if (kind === "forest") {
    poly(g.forests.find((f) => f.zone === zone).points);
    path.closePath();
  } else if (kind === "river") {
    poly(g.rivers.find((r) => r.zone === zone).points);
    stroke = scale * 0.14;
  } else if (kind === "lake") {
    const lake = g.lakes.find((l) => l.zone === zone);
    const [a, b] = toScreen(lake.x, lake.y);
    path.arc(a, b, (lake.r / TILE) * scale, 0, Math.PI * 2);
  } else {
    g.seg_zone.forEach((zid, seg) => {
      if (zid !== zone) return;
      poly(wedge(seg));
      path.closePath();
    });
    if (!g.seg_zone.includes(zone)) {
      const [a, b] = toScreen(...g.anchors[zone]);
      path.arc(a, b, scale * 0.16, 0, Math.PI * 2);
    }
  }
  return { path, stroke };
}
