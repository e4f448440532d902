// Jäger und Späher: the end table for the shell's end screen: a row per source of points (start,
// sunsets, items, sacred sites), every cell in points with what was counted in small below, the
// total the sum of the rows; then who created which item, and why the game ended. The numbers are
// the view's breakdown, the words the engine's (view.words.end).

import { el } from "../common.mjs";

export function endSummary(view, names) {
  const words = (view.words && view.words.end) || { rows: {}, players: [], why: [] };
  const box = el("div", { class: "sp-summary" });
  const breakdown = view.breakdown || [];
  const winners = view.winners || [];
  const rows = ["start", "sunsets", "items", "sites"].filter((k) => k !== "sites" || view.sites.length || breakdown.some((b) => b.points && b.points.sites));
  const table = el("table", { class: "breakdown" },
    el("tr", {}, el("th", {}, ""), ...breakdown.map((_, i) => el("th", { class: "num who", scope: "col" },
      winners.includes(i) ? el("span", { class: "win", "aria-label": words.winner }, "★ ") : null, names[i] ?? ""))));
  for (const k of rows) {
    table.append(el("tr", { "data-row": k }, el("th", { scope: "row" }, words.rows[k] || ""), ...breakdown.map((b, i) => {
      const w = words.players[i] || { cells: {}, counts: {} };
      const points = b.points ? b.points[k] : 0;
      const count = w.counts[k];
      return el("td", { class: "num", "data-player": String(i), "data-points": String(points) },
        el("span", { class: "pts" }, w.cells[k] || String(points)), count ? el("small", { class: "count" }, count) : null);
    })));
  }
  table.append(el("tr", { class: "total" }, el("th", { scope: "row" }, words.total || ""), ...breakdown.map((b, i) =>
    el("td", { class: "num", "data-player": String(i), "data-total": String(b.total) }, el("strong", {}, (words.players[i] || {}).total || String(b.total))))));
  box.append(table);
  const made = words.players.map((w) => (w.created ? el("li", {}, w.created) : null)).filter(Boolean);
  if (made.length) box.append(el("ul", { class: "sp-summary-items" }, ...made));
  for (const why of words.why) box.append(el("p", { class: "sp-why" }, why));
  return box;
}
