// The circle: six card stacks round the fire, each with its resource stack between card and
// fire. Its geometry (pure, from the sizes), which stacks a take draws from, and its drawing.

import { glowAlpha, roundRect } from "../common.mjs";
import { drawCard, drawToken, fitFont } from "./cards.mjs";

/** The largest cards that fit the width w (and on a wide screen the height maxH), the
 * resource stacks between the cards and the fire, never on a card. */
export function computeLayout(w, maxH) {
  let best = null;
  for (let cw = 124; cw >= 60; cw -= 2) {
    const ch = Math.round(cw * 1.36);
    const tokenR = Math.max(10, Math.min(16, cw * 0.14));
    const fireR = Math.max(26, Math.min(44, cw * 0.4));
    // the fire and a token fit between a card and the centre; neighbours and their labels never touch
    const rMin = Math.max(ch / 2 + 2 * tokenR + fireR + 19, ch + 22, (cw + 14) / Math.cos(Math.PI / 6));
    const rW = (w - cw - 14) / Math.sqrt(3);  // the stack's shadow cards reach 6 px right
    const rH = (maxH - ch - 38) / 2;
    if (rMin <= Math.min(rW, rH)) { best = { cw, ch, tokenR, fireR, radius: Math.min(rW, rH, rMin * 1.08) }; break; }
  }
  if (!best) {
    const cw = 60, ch = 82;
    best = { cw, ch, tokenR: 10, fireR: 26, radius: ch + 18 };
  }
  const { cw, ch, tokenR, fireR, radius } = best;
  const h = Math.round(2 * radius + ch + 38);
  const cx = w / 2 - 3, cy = radius + ch / 2 + 17;
  const stacks = [];
  for (let i = 0; i < 6; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 3;
    const cos = Math.cos(a), sin = Math.sin(a);
    const x = cx + cos * radius, y = cy + sin * radius;
    const half = Math.min(Math.abs(cos) > 1e-6 ? cw / 2 / Math.abs(cos) : Infinity, Math.abs(sin) > 1e-6 ? ch / 2 / Math.abs(sin) : Infinity);
    const inner = radius - half - 12 - tokenR;
    stacks.push({ x, y, rx: cx + cos * inner, ry: cy + sin * inner, cw, ch, tx: -sin, ty: cos });
  }
  return { w, h, cx, cy, stacks, tokenR, fireR };
}

/** The resource stacks taking the card of `stack` draws from (clockwise, without the skipped one). */
export function takeOrder(view, cards, stack, skip) {
  const card = cards && view.stacks[stack].top && cards[view.stacks[stack].top];
  if (!card) return [];
  const order = [];
  for (let j = 1; j <= card.take + (skip !== null && skip !== undefined ? 1 : 0); j++) order.push((stack + j) % 6);
  return order.filter((i) => i !== skip);
}

export function hitStack(L, x, y) {
  return L.stacks.findIndex((s) => Math.abs(x - s.x) <= s.cw / 2 && Math.abs(y - s.y) <= s.ch / 2);
}

export function hitResource(L, x, y) {
  return L.stacks.findIndex((s) => Math.hypot(x - s.rx, y - s.ry) <= L.tokenR + 5);
}

/** The whole circle. marks: {selected (stack or null), preview (stacks the take draws from),
 * skippable (stacks chief 1 may skip), takeable (a Set of stacks), takeVisible (bool)}. */
export function drawCircle(ctx, L, view, cards, words, marks, lang) {
  // the fire
  const grd = ctx.createRadialGradient(L.cx, L.cy, 4, L.cx, L.cy, L.fireR);
  grd.addColorStop(0, "#ffd23a");
  grd.addColorStop(0.65, "#f07a2a");
  grd.addColorStop(1, "#f05a1a00");
  ctx.fillStyle = grd;
  ctx.beginPath();
  ctx.arc(L.cx, L.cy, L.fireR, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = "#2b2118";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  fitFont(ctx, words.fire, "bold", 14, L.fireR * 1.8);
  ctx.fillText(words.fire, L.cx, L.cy - 7);
  fitFont(ctx, words.supply, "normal", 11, L.fireR * 1.8);
  ctx.fillText(words.supply, L.cx, L.cy + 9);
  L.stacks.forEach((s, i) => {
    const st = view.stacks[i];
    if (st.top) {
      for (let k = Math.min(3, st.count - 1); k > 0; k--) {
        roundRect(ctx, s.x - s.cw / 2 + k * 2, s.y - s.ch / 2 + k * 2, s.cw, s.ch, 7);
        ctx.fillStyle = "#d9c8ad";
        ctx.fill();
      }
      drawCard(ctx, cards[st.top], s.x, s.y, s.cw, s.ch, marks.selected === i || (marks.takeVisible && marks.takeable.has(i)), lang);
    } else {
      roundRect(ctx, s.x - s.cw / 2, s.y - s.ch / 2, s.cw, s.ch, 7);
      ctx.setLineDash([5, 4]);
      ctx.strokeStyle = "#b5a58c";
      ctx.lineWidth = 1.5;
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.fillStyle = "#6d5d4b";
    ctx.font = "11px system-ui, sans-serif";
    ctx.textAlign = "center";
    // the number of cards outside the circle: above the upper stacks, below the lower ones
    ctx.fillText(words.stacks[i], s.x, s.y < L.cy ? s.y - s.ch / 2 - 8 : s.y + s.ch / 2 + 11);
    const res = view.resources[i];
    const inPreview = marks.preview.includes(i);
    if (res.top) drawToken(ctx, res.top, s.rx, s.ry, L.tokenR, inPreview);
    else {
      ctx.beginPath();
      ctx.arc(s.rx, s.ry, L.tokenR, 0, Math.PI * 2);
      ctx.strokeStyle = "#b5a58c";
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    if (marks.skippable.includes(i) && !inPreview) {
      ctx.setLineDash([3, 3]);
      ctx.strokeStyle = "#1f5fbf";
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(s.rx, s.ry, L.tokenR + 5, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    // how many tokens the stack holds: a small badge on the token's lower right
    const bx = s.rx + L.tokenR * 0.8, by = s.ry + L.tokenR * 0.8;
    ctx.beginPath();
    ctx.arc(bx, by, 7, 0, Math.PI * 2);
    ctx.fillStyle = "#fffaf0";
    ctx.fill();
    ctx.strokeStyle = "#6d5d4b";
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.fillStyle = "#2b2118";
    ctx.font = "bold 9px system-ui, sans-serif";
    ctx.fillText(String(res.count), bx, by + 0.5);
  });
}

/** The hinted card of the circle: an amber frame (the hint button's colour). */
export function drawHint(ctx, s) {
  ctx.save();
  ctx.lineWidth = 4;
  ctx.strokeStyle = "#ffb300";
  roundRect(ctx, s.x - s.cw / 2 - 5, s.y - s.ch / 2 - 5, s.cw + 10, s.ch + 10, 10);
  ctx.stroke();
  ctx.restore();
}

/** Where the last move took from glows for a moment; false once the glow is over. */
export function drawFlash(ctx, L, flash) {
  const alpha = glowAlpha(flash.start);
  if (!alpha) return false;
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.lineWidth = 5;
  ctx.strokeStyle = "#f0a020";
  for (const i of flash.stacks) {
    const s = L.stacks[i];
    roundRect(ctx, s.x - s.cw / 2 - 4, s.y - s.ch / 2 - 4, s.cw + 8, s.ch + 8, 9);
    ctx.stroke();
  }
  for (const i of flash.tokens) {
    const s = L.stacks[i];
    ctx.beginPath();
    ctx.arc(s.rx, s.ry, L.tokenR + 6, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
  return true;
}

/** Where a move took from (to glow): {stacks, tokens}, or null. */
export function flashOf(events) {
  const stacks = new Set(), tokens = new Set();
  for (const e of events) {
    if ((e.type === "take_card" || e.type === "take_visible") && e.stack !== undefined) stacks.add(e.stack);
    if (e.type === "gain" && typeof e.from === "string" && e.from.startsWith("stack ")) tokens.add(Number(e.from.slice(6)));
  }
  return stacks.size || tokens.size ? { stacks, tokens } : null;
}
