// The board's camera: which world point (in tiles) is in the canvas's middle and how many
// pixels a tile is. It knows the canvas's size through size() and nothing else of the page.

export function createCamera(size) {
  const cam = { x: 0.5, y: 0.5, scale: 96 };

  const toScreen = (wx, wy, c = cam) => {
    const [w, h] = size();
    return [(wx - c.x) * c.scale + w / 2, (wy - c.y) * c.scale + h / 2];
  };
  const toWorld = (sx, sy) => {
    const [w, h] = size();
    return [(sx - w / 2) / cam.scale + cam.x, (sy - h / 2) / cam.scale + cam.y];
  };

  // The cell (x, y) lies wholly on the canvas, clear of the zoom buttons' column.
  function cellInView(x, y, c = cam) {
    const [w, h] = size();
    const [left, top] = toScreen(x, y, c);
    return left >= 0 && top >= 0 && left + c.scale <= w - 50 && top + c.scale <= h;
  }

  // The whole board [minX, minY, maxX, maxY], its tiles at least `least` px large. When it does
  // not fit, `centre()` says where to look; along a side where the board is longer than the
  // canvas no empty margin beyond its edge, along a side where it fits the board in the middle.
  function fit([minX, minY, maxX, maxY], least, centre) {
    const [w, h] = size();
    // a margin on both sides as wide as the zoom buttons, so they cover no spot
    const whole = Math.min(140, (w - 100) / (maxX - minX), w / (maxX - minX + 0.6), h / (maxY - minY + 0.6));
    cam.scale = Math.max(least, whole);
    [cam.x, cam.y] = whole >= least ? [(minX + maxX) / 2, (minY + maxY) / 2] : centre();
    if (whole < least) {
      const halfW = w / 2 / cam.scale, halfH = h / 2 / cam.scale, edge = 0.3;
      cam.x = maxX - minX + 2 * edge > 2 * halfW ? Math.min(maxX + edge - halfW, Math.max(minX - edge + halfW, cam.x)) : (minX + maxX) / 2;
      cam.y = maxY - minY + 2 * edge > 2 * halfH ? Math.min(maxY + edge - halfH, Math.max(minY - edge + halfH, cam.y)) : (minY + maxY) / 2;
    }
  }

  // Zoom by factor around the screen point (sx, sy) (default the middle).
  function zoomBy(factor, sx, sy) {
    const [w, h] = size();
    sx = sx ?? w / 2; sy = sy ?? h / 2;
    const [wx, wy] = toWorld(sx, sy);
    cam.scale = Math.max(12, Math.min(320, cam.scale * factor));
    const [nx, ny] = toWorld(sx, sy);
    cam.x += wx - nx;
    cam.y += wy - ny;
  }

  // Dragging keeps some of the board on the canvas.
  function clamp([minX, minY, maxX, maxY]) {
    cam.x = Math.min(maxX, Math.max(minX, cam.x));
    cam.y = Math.min(maxY, Math.max(minY, cam.y));
  }

  return { state: cam, toScreen, toWorld, cellInView, fit, zoomBy, clamp, size };
}
