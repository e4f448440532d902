// The end of the game: each player's cards with their points, resources left, total; the
// shell's end screen shows it. Its words are the engine's (view.words).

import { el, seatMark } from "../common.mjs";
import { COLOURS, cardWords, data } from "./data.mjs";

export function endSummary(view, lang, names) {
  const words = view.words || {};
  const box = el("div", { class: "elawa-summary" });
  view.breakdown.forEach((b, i) => {
    const won = view.winners && view.winners.includes(i);
    const said = (words.summary && words.summary[i]) || { total: String(b.total), left: "" };
    const cards = [...b.cards].sort((x, y) => y.points - x.points);
    box.append(el("section", { class: "elawa-summary-player" + (won ? " won" : ""), "data-player": i, "data-total": b.total },
      el("h4", {}, seatMark(i, { className: "swatch" }), won ? ` ★ ${names[i]}` : ` ${names[i]}`, " – ", el("span", { class: "total" }, said.total)),
      el("ul", { class: "summary-cards" }, ...cards.map((c) => el("li", { "data-card": c.card },
        data.cards ? `${COLOURS[data.cards[c.card].colour].symbol} ${cardWords(view, c.card).name}` : "?", el("b", {}, ` ${c.points}`)))),
      el("div", { class: "summary-res" }, said.left, won && words.winner ? ` · ${words.winner}` : "")));
  });
  return box;
}
