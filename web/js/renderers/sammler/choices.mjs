// The figure choice: where the circles for the legal place_figure actions go on the canvas.
// Each sits at its zone's anchor, choices of one zone side by side; where they would touch they
// push apart inside the tile, and when that leaves any two touching, they take places of a
// honeycomb over the tile and around it, each the free place nearest its zone. They never overlap.
// Pure: screen positions in, circles out.

// byZone: [[[ax, ay] (the zone's anchor on the screen), [actions]], ...]; tile: [x0, y0, size]
// its square on the screen; canvas: [w, h]; underButtons(x, y, r): a circle there is under the
// zoom buttons.
// around: a phone's layout, the circles spread around the tile (never over it) with a line
// to their zone, so that the tile stays in sight.
export function layoutChoices(byZone, r, gap, tile, canvas, underButtons, around = false) {
  const result = [];
  for (const [[ax, ay], actions] of byZone) {
    actions.forEach((action, i) => {
      const off = (i - (actions.length - 1) / 2) * gap;
      result.push({ action, sx: ax + off, sy: ay, ax, ay, r });
    });
  }
  const [x0, y0, size] = tile;
  pushApart(result, gap, [x0 + r + 2, y0 + r + 2, x0 + size - r - 2, y0 + size - r - 2]);
  if (around && result.length) honeycomb(result, gap + 6, tile, canvas, underButtons, true);
  else if (touching(result, gap)) honeycomb(result, gap + 6, tile, canvas, underButtons);
  return result;
}

function touching(list, gap) {
  return list.some((a, i) => list.slice(i + 1).some((b) => Math.hypot(a.sx - b.sx, a.sy - b.sy) < gap - 0.5));
}

// Choices closer than gap push each other apart, kept inside the box [left, top, right, bottom].
function pushApart(list, gap, [left, top, right, bottom]) {
  for (let round = 0; round < 40; round++) {
    let moved = false;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i], b = list[j];
        let dx = b.sx - a.sx, dy = b.sy - a.sy;
        let d = Math.hypot(dx, dy);
        if (d >= gap) continue;
        if (d < 0.01) { dx = Math.cos(j * 2.4); dy = Math.sin(j * 2.4); d = 1; }
        const push = (gap - d) / 2 + 0.5;
        a.sx -= (dx / d) * push; a.sy -= (dy / d) * push;
        b.sx += (dx / d) * push; b.sy += (dy / d) * push;
        moved = true;
      }
    }
    for (const m of list) {
      m.sx = Math.min(right, Math.max(left, m.sx));
      m.sy = Math.min(bottom, Math.max(top, m.sy));
    }
    if (!moved) break;
  }
}

// Places gap apart in rows (a honeycomb) centred on the tile, over it and as far around it as
// the choices need, on the canvas and clear of the zoom buttons; the nearest pairs of a choice's
// anchor and a free place are taken first.
function honeycomb(list, gap, [x0, y0, size], [w, h], underButtons, outside = false) {
  const r = list[0].r;
  const cx = x0 + size / 2, cy = y0 + size / 2, dy = gap * Math.sqrt(3) / 2;
  const far = Math.max(w, h);  // at the most the whole canvas
  for (let spill = 0; size / 2 + spill <= far + size; spill += Math.max(size, gap) / 4) {
    const places = [];
    const half = size / 2 + spill;
    for (let row = -Math.ceil(half / dy); row <= Math.ceil(half / dy); row++) {
      const shift = Math.abs(row) % 2 ? gap / 2 : 0;
      for (let col = -Math.ceil(half / gap) - 1; col <= Math.ceil(half / gap) + 1; col++) {
        const x = cx + col * gap + shift, y = cy + row * dy;
        if (Math.abs(x - cx) > half || Math.abs(y - cy) > half) continue;
        if (x < r + 2 || y < r + 2 || x > w - r - 2 || y > h - r - 2 || underButtons(x, y, r)) continue;
        if (outside && x > x0 - r - 2 && x < x0 + size + r + 2 && y > y0 - r - 2 && y < y0 + size + r + 2) continue;
        places.push([x, y]);
      }
    }
    if (places.length < list.length) continue;
    const pairs = [];
    list.forEach((m, i) => places.forEach(([x, y], j) => pairs.push([Math.hypot(x - m.ax, y - m.ay), i, j])));
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    const placed = new Set(), taken = new Set();
    for (const [, i, j] of pairs) {
      if (placed.has(i) || taken.has(j)) continue;
      [list[i].sx, list[i].sy] = places[j];
      placed.add(i); taken.add(j);
    }
    return;
  }
}
