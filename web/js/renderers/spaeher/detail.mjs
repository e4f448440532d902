// Jäger und Späher: a card large, with its full text (hover, long-press or the keyboard's focus),
// and what a screen reader says for a card. Pure: the card's spec ("char:jaeger") and the view in.

import { el } from "../common.mjs";
import { cardName, data, locName, resourceList, siteName } from "./data.mjs";
import { icon, pawn, steps, token } from "./pieces.mjs";

export function detailContent(spec, ctx) {
  const { view, t, lang, colours, names } = ctx;
  const DATA = data();
  const [kind, id] = spec.split(":");
  if (kind === "char") {
    const c = DATA.chars[id];
    return [el("div", { class: "sp-detail-kind" }, t.charKind[c.kind]), el("h3", {}, cardName("chars", id, lang)), steps(c.steps, lang, true), el("p", {}, t.charRule)];
  }
  if (kind === "item") {
    const item = DATA.items[id];
    return [el("div", { class: "sp-detail-kind" }, t.item), el("h3", {}, cardName("items", id, lang)),
      el("p", {}, `${t.cost}: `, ...item.cost.map((r) => token(r, lang)), ` (${resourceList(item.cost, lang)})`),
      el("p", {}, icon("vp"), ` +${t.pts(item.vp)} ${t.onCreate}`),
      item.effect ? el("div", {}, t.itemEffect, steps([item.effect], lang, true)) : null, el("p", {}, t.itemRule)];
  }
  if (kind === "loc") {
    const loc = DATA.locs[id];
    const open = view.locations.find((x) => x.id === id);
    const res = loc.resources.map((r, i) => el("li", {}, token(r, lang), ` ${t.res1[r]} – ${open && open.covered[i] ? t.covered : t.free}`));
    return [el("div", { class: "sp-detail-kind" }, t.kind[loc.kind]), el("h3", {}, locName(id, lang, view)), el("ul", { class: "sp-res-list" }, ...res),
      open && open.members.length ? el("p", {}, ...open.members.map((p) => pawn(colours[p])), " ", open.members.map((p) => names[p]).join(", ")) : null,
      el("p", {}, t.locRule)];
  }
  if (kind === "site") {
    const s = view.sites.find((x) => x.id === id);
    const face = DATA.sites[id].sides[s.side];
    return [el("div", { class: "sp-detail-kind" }, t.site), el("h3", {}, siteName(id, lang, view)), el("p", {}, t.triggerFull[face.trigger]),
      steps([face.effect], lang, true), el("p", {}, t.siteRule)];
  }
  return [];
}

// What a screen reader says for a card: what choosing it does (the engine's label) when it
// does something, else its name.
export function cardLabel(card, ctx) {
  const { view, t, lang } = ctx;
  if (card.dataset.action) return ctx.say(JSON.parse(card.dataset.action));
  const [kind, id] = card.dataset.detail.split(":");
  if (kind === "char") return `${cardName("chars", id, lang)} (${t.charKind[data().chars[id].kind]})`;
  if (kind === "item") return `${cardName("items", id, lang)} (${t.item}, +${t.pts(data().items[id].vp)})`;
  if (kind === "loc") return locName(id, lang, view);
  if (kind === "site") return `${t.site} ${t.quote(siteName(id, lang, view))}`;
  return "";
}
