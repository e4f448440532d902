// Cards and tokens, as DOM elements (hand, tribes, detail, bar) and drawn on the canvas (the
// circle). Pure: each takes what it draws (the card's data, the engine's words for it).

import { el, roundRect } from "../common.mjs";
import { COLOURS, TOKEN_STYLE, names } from "./data.mjs";

export function token(kind, lang) {
  const st = TOKEN_STYLE[kind];
  const name = names(lang).tokens[kind];
  return el("span", { class: `token token-${kind}`, title: name, "data-token": kind, role: "img", "aria-label": name }, st.glyph);
}

export function sacrificeIcon(lang) {
  return el("span", { class: "sacrifice-icon", title: names(lang).sacrificeTitle }, "✕");
}

export function takeBadge(n) { return el("span", { class: "take-badge" }, String(n)); }

/** A card as players see it: colour and kind, points, effect, cost, and its take number.
 * words: the engine's {name, points} for it; extra: {large, stored, scored (its points at the end)}. */
export function cardEl(card, words, lang, extra = {}) {
  const t = names(lang);
  const col = COLOURS[card.colour];
  const cost = el("div", { class: "cost" }, ...card.cost.resources.map((k) => token(k, lang)));
  if (card.cost.sacrifice) cost.append(sacrificeIcon(lang));
  if (!card.cost.resources.length && !card.cost.sacrifice) cost.append(el("span", { class: "free" }, t.free));
  const effect = card.immediate_effect ? el("div", { class: "effect" }, card.immediate_effect === "take_visible_card" ? t.cardShort : t.resShort) : null;
  return el("div", { class: `ecard colour-${card.colour}${extra.large ? " large" : ""}`, "data-card": card.id },
    el("div", { class: "ecard-head", style: `background:${col.fill}` },
      el("span", { class: "ecard-name" }, `${col.symbol} ${words.name}`), takeBadge(card.take)),
    el("div", { class: "ecard-points" }, words.points), effect,
    el("div", { class: "ecard-cost" }, el("span", { class: "cost-label" }, `${t.cost}:`), cost),
    extra.stored && extra.stored.length ? el("div", { class: "stored" }, ...extra.stored.map((k) => token(k, lang))) : null,
    extra.scored ? el("div", { class: "pts" }, extra.scored) : null);
}

/** What a screen reader says for a card: "Blaue Hütte: 3 je blaue Karte". */
export function cardLabel(words) {
  return words.name ? `${words.name}: ${words.points}` : "";
}

// ---- on the canvas ------------------------------------------------------------------------

/** The largest font size up to `size` at which the text fits maxW (ctx.font is left set). */
export function fitFont(ctx, text, weight, size, maxW, min = 7) {
  let s = size;
  ctx.font = `${weight} ${s}px system-ui, sans-serif`;
  while (s > min && ctx.measureText(text).width > maxW) {
    s -= 0.5;
    ctx.font = `${weight} ${s}px system-ui, sans-serif`;
  }
  return s;
}

export function drawToken(ctx, kind, x, y, r, highlight) {
  const st = TOKEN_STYLE[kind];
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = st.fill;
  ctx.fill();
  ctx.lineWidth = highlight ? 4 : 1.2;
  ctx.strokeStyle = highlight ? "#1f5fbf" : "#2b2118";
  ctx.stroke();
  ctx.fillStyle = kind === "bone" ? "#2b2118" : "#fff";
  ctx.font = `bold ${Math.round(r * 1.1)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(st.glyph, x, y + 1);
}

function drawSacrifice(ctx, x, y, r) {
  roundRect(ctx, x - r * 0.75, y - r, r * 1.5, r * 2, 2);
  ctx.fillStyle = "#a32f2f";
  ctx.fill();
  ctx.fillStyle = "#fff";
  ctx.font = `bold ${Math.round(r * 1.3)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText("✕", x, y + 1);
}

/** A card of the circle, centred on x, y. */
export function drawCard(ctx, card, x, y, w, h, highlight, lang) {
  const col = COLOURS[card.colour];
  const t = names(lang);
  const left = x - w / 2, top = y - h / 2;
  roundRect(ctx, left, top, w, h, 7);
  ctx.fillStyle = "#fffaf0";
  ctx.fill();
  ctx.lineWidth = highlight ? 4 : 2;
  ctx.strokeStyle = highlight ? "#1f5fbf" : col.fill;
  ctx.stroke();
  // head: colour sign and kind, take number in the black circle
  const hh = h * 0.21;
  ctx.fillStyle = col.fill;
  roundRect(ctx, left + 3, top + 3, w - 6, hh, 5);
  ctx.fill();
  const br = hh * 0.36;
  ctx.beginPath();
  ctx.arc(left + w - 5 - br, top + 3 + hh / 2, br, 0, Math.PI * 2);
  ctx.fillStyle = "#2b2118";
  ctx.fill();
  ctx.strokeStyle = "#fff";
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = "#fff";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = `bold ${Math.round(br * 1.35)}px system-ui, sans-serif`;
  ctx.fillText(String(card.take), left + w - 5 - br, top + 3 + hh / 2 + 1);
  // the kind; a long one ("Vorratskarte") breaks into two lines rather than shrinking unread
  const [one, a, b] = t.heads[card.type];
  const headW = w - 17 - 2 * br, size = Math.round(w * 0.14);
  ctx.textAlign = "left";
  if (!a || fitFont(ctx, one, "bold", size, headW) >= size * 0.85) {
    fitFont(ctx, one, "bold", size, headW);
    ctx.fillText(one, left + 6, top + 3 + hh / 2 + 1);
  } else {
    const s2 = Math.min(fitFont(ctx, a, "bold", size, headW), fitFont(ctx, b, "bold", size, headW), (hh - 2) / 2.1);
    ctx.font = `bold ${s2}px system-ui, sans-serif`;
    ctx.fillText(a, left + 6, top + 3 + hh / 2 - s2 * 0.5);
    ctx.fillText(b, left + 6, top + 3 + hh / 2 + s2 * 0.6);
  }
  // the colour's sign (for colour-blind players) in the top left of the body
  ctx.fillStyle = col.fill;
  ctx.font = `bold ${Math.round(w * 0.17)}px system-ui, sans-serif`;
  ctx.fillText(col.symbol, left + 5, top + hh + h * 0.12);
  // points: the big number, then what it counts
  const sc = card.scoring;
  ctx.textAlign = "center";
  ctx.fillStyle = "#2b2118";
  ctx.font = `bold ${Math.round(w * 0.24)}px system-ui, sans-serif`;
  const py = top + hh + h * 0.16;
  ctx.fillText(String(sc.points), x, py);
  const ly = py + h * 0.15;
  let extraLine = 0;
  const small = Math.round(w * 0.125);
  if (sc.kind === "per_card_of_colour_in_tribe" || sc.kind === "per_resource_on_card") {
    ctx.font = `${small}px system-ui, sans-serif`;
    const word = `${t.per} `;
    const ww = ctx.measureText(word).width;
    const r = small * 0.62;
    const x0 = x - (ww + 2 * r) / 2;
    ctx.textAlign = "left";
    ctx.fillText(word, x0, ly);
    if (sc.kind === "per_resource_on_card") drawToken(ctx, sc.resource, x0 + ww + r, ly, r);
    else {
      const c = COLOURS[sc.colour];
      roundRect(ctx, x0 + ww, ly - r, 2 * r, 2 * r, 3);
      ctx.fillStyle = c.fill;
      ctx.fill();
      ctx.fillStyle = "#fff";
      ctx.textAlign = "center";
      ctx.font = `bold ${Math.round(r * 1.2)}px system-ui, sans-serif`;
      ctx.fillText(c.symbol, x0 + ww + r, ly + 1);
    }
    ctx.textAlign = "center";
  } else {
    const kind = sc.kind === "per_card_of_type_in_tribe" ? t.kinds[sc.card_type] : "";
    const words = sc.kind === "fixed" ? t.pointsWord : kind ? `${t.per} ${kind}` : t.perKind;
    // too small on one line ("je Vorratskarte" on a phone): two lines
    let cut = -1;  // the space nearest the middle
    for (let i = 0; i < words.length; i++) if (words[i] === " " && (cut < 0 || Math.abs(i - words.length / 2) < Math.abs(cut - words.length / 2))) cut = i;
    if (fitFont(ctx, words, "normal", small, w - 8) >= small * 0.85 || cut < 0) ctx.fillText(words, x, ly);
    else {
      const a2 = words.slice(0, cut), b2 = words.slice(cut + 1);
      const s2 = Math.min(fitFont(ctx, a2, "normal", small, w - 8), fitFont(ctx, b2, "normal", small, w - 8));
      ctx.font = `normal ${s2}px system-ui, sans-serif`;
      ctx.fillText(a2, x, ly - s2 * 0.15);
      ctx.fillText(b2, x, ly + s2 * 0.95);
      extraLine = s2 * 0.8;
    }
  }
  if (card.immediate_effect) {
    const words = card.immediate_effect === "take_visible_card" ? t.cardShort : t.resShort;
    ctx.fillStyle = "#8a3b12";
    fitFont(ctx, words, "bold", Math.round(w * 0.115), w - 8);
    ctx.fillText(words, x, ly + h * 0.13 + extraLine);
  }
  // cost along the foot
  const cost = card.cost.resources;
  const r = Math.max(4.5, w * 0.075);
  const n = cost.length + (card.cost.sacrifice ? 1 : 0);
  const fy = top + h - r - 6;
  if (!n) {
    ctx.fillStyle = "#6d5d4b";
    fitFont(ctx, t.free, "italic", Math.round(w * 0.12), w - 8);
    ctx.fillText(t.free, x, fy);
  }
  const step = r * 2.25;
  cost.forEach((k, i) => drawToken(ctx, k, x - ((n - 1) * step) / 2 + i * step, fy, r));
  if (card.cost.sacrifice) drawSacrifice(ctx, x - ((n - 1) * step) / 2 + cost.length * step, fy, r);
}
