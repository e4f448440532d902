// The players' areas: each player's points, resources, chief and hand count; the reader's
// hand with its play buttons; every tribe with its storage buttons. Each builder returns
// elements from the view, the engine's words and the handlers it is given.

import { el, seatMark } from "../common.mjs";
import { COLOURS, TOKENS, TYPE_ORDER, cardWords, names } from "./data.mjs";
import { token } from "./cards.mjs";

/** The engine's words of one legal action: {label, button}. */
export function actionWords(view, action) {
  const i = view.legal ? view.legal.indexOf(action) : -1;
  const w = view.words || {};
  return { label: (w.legal && w.legal[i]) || "", button: (w.buttons && w.buttons[i]) || "" };
}

/** Everyone's points, resources and free places, chief and hand. */
export function playersEl(view, lang, host) {
  const said = (view.words && view.words.players) || [];
  return view.players.map((p, i) => {
    const w = said[i] || { points: "", places: "", info: "" };
    return el("div", { class: "elawa-player" + (i === view.current_seat ? " current" : ""), "data-player": i },
      el("div", { class: "who" }, seatMark(i, { className: "swatch" }),
        el("strong", {}, host.names[i]), ` · ${w.points}`),
      el("div", { class: "avail" }, ...TOKENS.flatMap((k) => Array.from({ length: p.available[k] || 0 }, () => token(k, lang))),
        el("span", { class: "room" }, ` ${w.places}`)),
      el("div", { class: "hint" }, w.info));
  });
}

/** The reader's hand: each card (made by `card`) with a button per way to play it.
 * plays: the legal play actions; act(action) plays one. */
export function handEls(view, lang, { card, plays, act, playing }) {
  const me = view.players[view.seat];
  const words = view.words || {};
  const row = el("div", { class: "card-row" });
  if (!me.hand.length) row.append(el("p", { class: "hint" }, words.empty_hand || ""));
  for (const id of me.hand) {
    const wrap = el("div", { class: "hand-card" }, card(id, `hand:${id}`));
    const options = plays.filter((a) => a.card === id);
    for (const a of options) {
      const { label, button } = actionWords(view, a);
      wrap.append(el("button", { type: "button", class: "play-option", "data-action": JSON.stringify(a), title: label, "aria-label": label, onclick: () => act(a) },
        `${button} `, ...a.pay.map((k) => token(k, lang))));
    }
    if (playing && !options.length) wrap.append(el("div", { class: "hint small" }, names(lang).cantPay));
    row.append(wrap);
  }
  return [el("h3", {}, words.hand || ""), tokenLegend(lang), row];
}

/** The resources' icons named, one line over the hand: the pay buttons show icons only
 * (words in each button made the cards too tall for the phone's steady hand). */
export function tokenLegend(lang) {
  const t = names(lang);
  return el("p", { class: "token-words" }, ...TOKENS.map((k) => el("span", {}, token(k, lang), ` ${t.tokens[k]}`)));
}

/** Every tribe grouped by kind and colour, with stored resources and (for the reader) store buttons. */
export function tribeEls(view, lang, cards, { card, stores, act }) {
  const colourOrder = Object.keys(COLOURS);
  const said = (view.words && view.words.players) || [];
  return view.players.map((p, i) => {
    const box = el("section", { class: "tribe", "data-player": i }, el("h3", {}, seatMark(i, { className: "swatch" }), " ", said[i] ? said[i].tribe : ""));
    const sorted = [...p.tribe].sort((a, b) => TYPE_ORDER.indexOf(cards[a.card].type) - TYPE_ORDER.indexOf(cards[b.card].type)
      || colourOrder.indexOf(cards[a.card].colour) - colourOrder.indexOf(cards[b.card].colour));
    const row = el("div", { class: "card-row" });
    if (!sorted.length) row.append(el("span", { class: "hint" }, names(lang).emptyTribe));
    for (const entry of sorted) {
      const scored = view.breakdown ? cardWords(view, entry.card).scored : undefined;
      const wrap = el("div", { class: "tribe-card" }, card(entry.card, `tribe:${i}:${entry.card}`, { stored: entry.stored, scored }));
      if (i === view.seat) {
        for (const a of stores.filter((x) => x.card === entry.card)) {
          const { label, button } = actionWords(view, a);
          wrap.append(el("button", { type: "button", class: "store-option", "data-action": JSON.stringify(a), title: label, "aria-label": label, onclick: () => act(a) },
            `${button} `, token(a.token, lang)));
        }
      }
      row.append(wrap);
    }
    box.append(row);
    return box;
  });
}
