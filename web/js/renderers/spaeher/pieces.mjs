// Jäger und Späher: small drawn pieces (resource tokens, pawns, icons) and the cards as cards
// (characters with their steps, items with cost and points). Pure: data and language in, elements out.

import { el, seatMark, seatOfColour } from "../common.mjs";
import { RES, T } from "./names.mjs";
import { cardName, data } from "./data.mjs";

export function token(kind, lang, attrs = {}) {
  return el("span", { class: "sp-tok", style: `background:${RES[kind].fill}`, title: T(lang).res1[kind], "data-res": kind, ...attrs }, RES[kind].glyph);
}

// a member in its seat's shape and colour (the two tribes differ by more than red and blue)
export function pawn(colour, attrs = {}) {
  const seat = seatOfColour(colour);
  if (seat < 0) return el("span", { class: "sp-pawn", style: `color:${colour}`, "aria-hidden": "true", ...attrs }, "♟");
  return el("span", { class: "sp-pawn", "aria-hidden": "true", "data-seat": String(seat), ...attrs }, seatMark(seat));
}

export function icon(kind, extra = "") {
  const glyph = { member: "♟", hunger: "", stone_: "", site: "✦", camp: "⌂", item: "◆", char: "☺", vp: "★", slot: "", reveal: "↑" }[kind] ?? "";
  return el("span", { class: `sp-ic sp-ic-${kind} ${extra}`, "aria-hidden": "true" }, glyph);
}

function stepIcon(s) {
  if (s.op === "reveal") return icon("reveal", `deck-${s.deck}`);
  return icon({ place: "member", draw_items: "item", offspring: "member", cure: "hunger", take_character: "char", vp: "vp" }[s.op] || "char",
    s.op === "offspring" ? "plus" : s.op === "cure" ? "minus" : "");
}

// A card's steps as printed on it (short) or as its large view explains them (full).
export function steps(list, lang, full = false) {
  const t = T(lang);
  return el("ul", { class: "sp-steps" }, ...list.map((s) => el("li", {}, stepIcon(s),
    el("span", {}, full && t.full[s.op] ? t.full[s.op](s) : t.step[s.op](s)))));
}

export function charCard(id, lang, attrs = {}, compact = false) {
  const c = data().chars[id];
  const t = T(lang);
  return el(attrs.onclick ? "button" : "div", {
    class: `sp-card${c.kind === "special" ? " special" : ""}${compact ? " compact" : ""}`, type: attrs.onclick ? "button" : undefined,
    "data-card": id, "data-detail": `char:${id}`, ...attrs,
  }, el("span", { class: "sp-card-head" }, el("strong", {}, cardName("chars", id, lang)), el("span", { class: "sp-kind" }, t.charKind[c.kind])),
  compact ? null : steps(c.steps, lang));
}

export function itemCard(id, lang, attrs = {}) {
  const item = data().items[id];
  const t = T(lang);
  return el(attrs.onclick ? "button" : "div", { class: "sp-item", type: attrs.onclick ? "button" : undefined, "data-item": id, "data-detail": `item:${id}`, ...attrs },
    el("span", { class: "sp-card-head" }, el("strong", {}, cardName("items", id, lang)), el("span", { class: "sp-vp" }, `+${t.pts(item.vp)}`)),
    el("span", { class: "sp-cost" }, ...item.cost.map((r) => token(r, lang))),
    item.effect ? steps([item.effect], lang) : null);
}
