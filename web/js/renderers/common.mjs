// Small helpers the game renderers share.

// A DOM element: attributes (on* are listeners; null, undefined and false are left out) and
// children (null and undefined are left out).
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// A rounded rectangle as the current path of a 2D context.
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

// The last move glows on the table and fades out: the opacity now, or 0 once it is over.
const GLOW_MS = 1400;
export function glowAlpha(start) {
  return Math.max(0, 1 - (performance.now() - start) / GLOW_MS);
}
