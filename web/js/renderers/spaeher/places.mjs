// Jäger und Späher: the table's places: the point track, the open locations with their
// consumption stones and members, the sacred sites, the decks and cave camp, the three character
// columns, a tribe card, and the legend. Each a pure function of a drawing context:
//   ctx = {view, lang, t (names.mjs words), colours, names, legal(type) -> the legal actions of
//          that type (none unless it is the viewer's turn), glowing(key) -> " glow" or "",
//          hinted(pred) -> " hinted" or ""}

import { el, seatMark } from "../common.mjs";
import { RES_ORDER } from "./names.mjs";
import { cardName, data, locName, siteName } from "./data.mjs";
import { charCard, icon, pawn, steps, token } from "./pieces.mjs";

export function trackBox(ctx) {
  const { view, t, colours, names } = ctx;
  const cells = [];
  for (let i = 0; i <= 30; i++) {
    const here = view.players.map((p, k) => (Math.min(30, p.vp) === i ? k : -1)).filter((k) => k >= 0);
    cells.push(el("span", { class: `sp-cell${i === 24 ? " goal" : ""}${i % 5 === 0 ? " five" : ""}` },
      el("span", { class: "sp-cell-n" }, String(i)), here.length ? el("span", { class: "sp-marks" }, ...here.map((k) => seatMark(k, { className: "sp-mark" }))) : null));
  }
  return el("div", { class: "sp-trackbox" }, el("div", { class: "sp-track", "aria-label": t.legendRows.track }, ...cells),
    el("div", { class: "sp-track-names" }, ...view.players.map((p, k) => el("span", {}, seatMark(k, { className: "sp-mark" }), ` ${names[k]}: ${t.pts(p.vp)}`))));
}

// Where the legal actions of this view let the viewer act: places, decks, columns.
export function marksOf(ctx) {
  const { view, legal } = ctx;
  return {
    place: new Set(legal("place").map((a) => a.where)), recall: new Set(legal("recall").map((a) => a.where)),
    lose: new Set(legal("lose_member").map((a) => a.where)), reveal: new Set(legal("reveal").map((a) => a.deck)),
    columns: new Set([...legal("take"), ...legal("column")].map((a) => a.column)),
    choosable(id) { return this.place.has(id) || this.recall.has(id) || this.lose.has(id); },
    view,
  };
}

export function locationBox(ctx, loc, marks) {
  const { view, t, lang, colours } = ctx;
  const choosable = marks.choosable(loc.id);
  const recallRes = new Set(ctx.legal("recall").filter((a) => a.where === loc.id && a.resource).map((a) => a.resource));
  const toks = loc.resources.map((r, i) => {
    const tok = token(r, lang, { "data-i": String(i) });
    if (loc.covered[i]) { tok.classList.add("covered"); tok.append(el("span", { class: "sp-stone", title: t.covered })); }
    else if (recallRes.has(r)) tok.classList.add("takeable");
    return tok;
  });
  const slots = [];
  for (let k = 0; k < 3; k++) slots.push(k < loc.members.length ? pawn(colours[loc.members[k]]) : el("span", { class: "sp-slot", "aria-hidden": "true" }));
  return el("div", {
    class: `sp-loc ${loc.kind}${loc.id === view.revealed ? " revealed" : ""}${choosable ? " choosable" : ""}${ctx.glowing(loc.id)}${ctx.hinted((a) => a.where === loc.id)}`,
    "data-where": loc.id, "data-detail": `loc:${loc.id}`, role: choosable ? "button" : undefined, tabindex: choosable ? "0" : undefined,
    "aria-label": locName(loc.id, lang, view),
  }, el("span", { class: "sp-loc-name" }, t.kind[loc.kind]), el("span", { class: "sp-res" }, ...toks), el("span", { class: "sp-slots" }, ...slots));
}

export function siteBox(ctx, s, marks) {
  const { view, t, lang, colours } = ctx;
  const face = data().sites[s.id].sides[s.side];
  const choosable = marks.choosable(s.id);
  const pawns = [];
  s.members.forEach((n, p) => { for (let k = 0; k < n; k++) pawns.push(pawn(colours[p])); });
  return el("div", {
    class: `sp-site${choosable ? " choosable" : ""}${ctx.glowing(s.id)}${ctx.hinted((a) => a.where === s.id)}`, "data-where": s.id, "data-detail": `site:${s.id}`,
    role: choosable ? "button" : undefined, tabindex: choosable ? "0" : undefined,
  }, el("span", { class: "sp-card-head" }, icon("site"), el("strong", {}, siteName(s.id, lang, view))),
  el("span", { class: "sp-trigger" }, t.trigger[face.trigger]), steps([face.effect], lang), el("span", { class: "sp-slots" }, ...pawns));
}

export function deckBox(ctx, k, reveal) {
  const { view, t } = ctx;
  return el("div", {
    class: `sp-deck deck-${k}${reveal.has(k) ? " choosable" : ""}${ctx.hinted((a) => a.deck === k)}`, "data-deck": k,
    role: reveal.has(k) ? "button" : undefined, tabindex: reveal.has(k) ? "0" : undefined,
  }, el("span", { class: "sp-deck-name" }, t.decks[k]), el("strong", {}, String(view.decks[k])));
}

export function columnBox(ctx, i, choosable) {
  const { view, t, lang } = ctx;
  const cards = view.display[i];
  const col = el("div", {
    class: `sp-col${choosable ? " choosable" : ""}${ctx.glowing(`column${i}`)}${ctx.hinted((a) => a.column === i)}`, "data-column": String(i),
    role: choosable ? "button" : undefined, tabindex: choosable ? "0" : undefined, "aria-label": `${t.column} ${i + 1}`,
  }, el("span", { class: "sp-col-name" }, `${t.column} ${i + 1}`));
  // the top card (the one to take), then, labelled, the cards beneath it, nearest first
  if (cards.length) col.append(charCard(cards.at(-1), lang));
  const under = cards.slice(0, -1).reverse();
  if (under.length) {
    col.append(el("div", { class: "sp-unders" }, el("span", { class: "sp-under-label" }, t.beneath),
      ...under.map((id) => el("div", {
        class: `sp-under${data().chars[id].kind === "special" ? " special" : ""}`, "data-detail": `char:${id}`,
        title: `${cardName("chars", id, lang)} – ${t.legendRows.under}`,
      }, cardName("chars", id, lang)))));
  }
  if (!cards.length) col.append(el("div", { class: "sp-empty" }, "–"));
  return col;
}

// A tribe's members standing on locations and sacred sites.
const away = (view, i) => view.locations.reduce((n, l) => n + l.members.filter((m) => m === i).length, 0)
  + view.sites.reduce((n, s) => n + (s.members[i] || 0), 0);

export function tribeBox(ctx, i) {
  const { view, t, lang, colours, names } = ctx;
  const p = view.players[i];
  const choosable = i === view.seat && ctx.legal("lose_member").some((a) => a.where === "tribe");
  const pawns = [];
  for (let k = 0; k < p.tribe; k++) pawns.push(pawn(colours[i]));
  const hungerTiles = [];
  for (let k = 0; k < p.hunger; k++) hungerTiles.push(icon("hunger"));
  const created = p.created.map((id) => el("span", { class: "sp-chip", "data-detail": `item:${id}` }, cardName("items", id, lang)));
  const other = i !== view.seat ? el("div", { class: "sp-tribe-hand" }, `${t.inHand(p.hand.length)}${p.hand.length ? ":" : ""} `,
    ...p.hand.map((id) => el("span", { class: "sp-chip", "data-detail": `char:${id}` }, cardName("chars", id, lang)))) : null;
  return el("div", {
    class: `sp-tribe${i === view.current_seat ? " current" : ""}${choosable ? " choosable" : ""}${ctx.hinted((a) => a.where === "tribe" && i === view.seat)}`,
    "data-player": String(i), style: `--seat:${colours[i]}`, role: choosable ? "button" : undefined, tabindex: choosable ? "0" : undefined,
    "data-where": i === view.seat ? "tribe" : undefined,
  }, el("div", { class: "sp-tribe-head" }, el("strong", {}, `${t.tribe} ${names[i]}`), el("span", {}, `${t.pts(p.vp)}`)),
  el("div", { class: "sp-tribe-row" }, el("span", { class: "sp-slots" }, ...pawns, pawns.length ? null : el("span", { class: "sp-slot" })),
    el("span", { "data-count": "tribe" }, t.members.tribe(p.tribe))),
  el("ul", { class: "sp-members" }, ...[["away", away(view, i)], ["camp", p.camp], ["supply", p.supply]]
    .map(([k, n]) => el("li", { class: n ? "" : "sp-muted" }, icon(k === "camp" ? "camp" : "member"), el("span", { "data-count": k }, t.members[k](n))))),
  el("div", { class: "sp-tribe-row" }, el("span", { class: "sp-hunger-row", title: t.legendRows.hunger }, ...hungerTiles), el("span", { class: "sp-hungry" }, `${p.hunger} ${t.hunger}`)),
  el("div", { class: "sp-tribe-row sp-muted" }, `${t.hiddenItems(p.item_count)}${created.length ? ` · ${t.created}: ` : ""}`, ...created),
  other);
}

export function legend(ctx) {
  const { view, t, lang, colours, names } = ctx;
  const rows = RES_ORDER.map((r) => [token(r, lang), t.res1[r]]);  // one token: one resource
  const covered = token("stone", lang);
  covered.classList.add("covered");
  covered.append(el("span", { class: "sp-stone" }));
  rows.push([covered, t.legendRows.stone_], [icon("hunger"), t.legendRows.hunger],
    [el("span", {}, ...view.players.map((_, k) => pawn(colours[k]))), `${t.legendRows.member} (${view.players.map((_, k) => names[k]).join(", ")})`],
    [el("span", { class: "sp-slot" }), t.legendRows.slot], [icon("site"), t.legendRows.site], [icon("camp"), t.legendRows.camp],
    [el("span", { class: "sp-cell goal mini" }, "24"), t.legendRows.track], [icon("vp"), t.legendRows.vp], [icon("item"), t.legendRows.item],
    [icon("char"), t.legendRows.char], [el("span", { class: "sp-under" }, cardName("chars", "kundschafter", lang)), t.legendRows.under], [icon("reveal", "deck-hunt"), t.legendRows.reveal],
    [icon("hunger", "minus"), t.step.cure({ n: 1 })], [icon("member", "plus"), t.step.offspring({ n: 1 })]);
  return el("details", { class: "sp-legend" }, el("summary", {}, t.legend),
    el("ul", {}, ...rows.map(([i, s]) => el("li", {}, el("span", { class: "sp-legend-ic" }, i), el("span", {}, s)))));
}

// The whole table in three panes (a phone shows one at a time, beside the hand; a wide screen
// all of them, in the order the stylesheet gives: track, decks and camp, open locations, the
// display, sacred sites, the other tribes, the legend): the places (decks and camp, locations,
// sites), the display, and the others (the track, the other tribes, the legend).
export function tableParts(ctx, others) {
  const { view, t, colours } = ctx;
  const marks = marksOf(ctx);
  const camp = el("div", { class: "sp-camp" }, el("span", { class: "sp-deck-name" }, icon("camp"), ` ${t.camp}`),
    el("span", { class: "sp-slots" }, ...view.players.flatMap((p, i) => Array.from({ length: p.camp }, () => pawn(colours[i])))));
  const pane = (id, ...parts) => el("div", { class: "sp-pane", "data-pane": id, id: `sp-pane-${id}`, role: "tabpanel" }, ...parts);
  return [
    pane("places",
      el("div", { class: "sp-decks" }, deckBox(ctx, "hunt", marks.reveal), deckBox(ctx, "wild", marks.reveal), deckBox(ctx, "items", new Set()), camp),
      el("section", { class: "sp-area sp-places" }, el("h3", {}, t.locations),
        el("div", { class: "sp-locs" }, ...view.locations.map((loc) => locationBox(ctx, loc, marks)))),
      view.sites.length ? el("section", { class: "sp-area sp-sites-area" }, el("h3", {}, t.sites), el("div", { class: "sp-sites" }, ...view.sites.map((s) => siteBox(ctx, s, marks)))) : ""),
    pane("display", el("section", { class: "sp-area sp-display-area" }, el("h3", {}, t.display), el("div", { class: "sp-display" }, ...[0, 1, 2].map((i) => columnBox(ctx, i, marks.columns.has(i)))))),
    pane("others", trackBox(ctx), ...others.map((i) => tribeBox(ctx, i)), legend(ctx)),
  ];
}
