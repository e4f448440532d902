// The statistics screen: per game and player (a person by name, the computer by level) the
// games, wins, average and best score and the game's own figures averaged; a chart of the
// last games' scores (SVG, drawn here); the finished games, newest first; export and delete.
// Everything comes from the records the end screen kept (stats-store.mjs); the figures'
// names are stored with each record, so this screen needs no engine.
import { engine } from "../boot.mjs";
import { displayName, getLang, t } from "../i18n.mjs";
import { listSaves } from "../storage.mjs";
import { MAX_STATS, deleteAllStats, deleteStat, exportText, listStats, playerKey, summarize } from "../stats-store.mjs";
import { entryTitle } from "../games.mjs";
import { $, el, nav } from "./shared.mjs";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#b5562b", "#2e6fd1", "#2f9e44", "#8e44ad", "#c79100", "#333333"];
const CHART_GAMES = 20;
const CHART_PLAYERS = 4;
const HISTORY_SHOWN = 20;  // the rest behind a button: a phone's page stays short
const ui = { game: null, allHistory: false };

const fmt = (n) => new Intl.NumberFormat(getLang(), { maximumFractionDigits: 1 }).format(n);

export function playerName(seat) {
  return seat.kind === "ai" ? t("statsComputer", t("levels")[seat.level] || seat.level) : displayName(seat.name, "human");
}

function figureName(records, key) {
  for (const r of records) {  // newest first: the newest wording wins
    const label = r.labels && r.labels[key];
    if (label && typeof label === "object" && typeof (label[getLang()] ?? label.de) === "string") return label[getLang()] ?? label.de;
  }
  return key;
}

export function showStats(game = null) {
  if (game) ui.game = game;
  ui.allHistory = false;
  $("stats").hidden = false;
  renderStats();
  window.scrollTo(0, 0);
}

export function hideStats() {
  $("stats").hidden = true;
  $("stats").replaceChildren();
}

export function relabelStats() {
  if (!$("stats").hidden) renderStats();
}

export function renderStats() {
  const box = $("stats");
  const { records, broken } = listStats();
  const games = [...new Set(records.map((r) => r.game))];
  if (!games.includes(ui.game)) ui.game = games[0] || null;
  const head = el("div", { class: "stats-bar" },
    el("button", { type: "button", class: "ghost", id: "stats-back", onclick: () => nav.toMenu() }, t("menu")),
    el("h2", { id: "stats-title" }, t("statsTitle")));
  const notes = el("p", { class: "hint", id: "stats-notes" }, broken ? t("statsBroken", broken) + " " : "", t("statsKept", MAX_STATS));
  if (!ui.game) {
    box.replaceChildren(head, el("p", { id: "stats-empty" }, t("statsNone")), notes, actions(records, broken));
    return;
  }
  const picker = el("select", { id: "stats-game", "aria-label": t("statsGame") });
  for (const g of games) picker.append(new Option(entryTitle(g), g, false, g === ui.game));
  picker.onchange = () => { ui.game = picker.value; ui.allHistory = false; renderStats(); };
  const mine = records.filter((r) => r.game === ui.game);
  const sum = summarize(mine);
  box.replaceChildren(head,
    el("label", { class: "stats-picker" }, el("span", {}, t("statsGame")), picker),
    el("div", { class: "stats-scroll" }, playersTable(sum)),
    el("h3", {}, t("statsChart", Math.min(CHART_GAMES, mine.length))),
    chart(mine, sum.players.slice(0, CHART_PLAYERS)),
    sum.pointKeys.length ? el("h3", {}, t("statsPointsBy")) : null,
    sum.pointKeys.length ? el("div", { class: "stats-scroll" }, figuresTable("stats-points", mine, sum, "points", sum.pointKeys)) : null,
    sum.countKeys.length ? el("h3", {}, t("statsCounts")) : null,
    sum.countKeys.length ? el("div", { class: "stats-scroll" }, figuresTable("stats-counts", mine, sum, "counts", sum.countKeys)) : null,
    el("h3", {}, t("statsHistory")),
    history(mine),
    notes,
    actions(records, broken));
}

function playersTable(sum) {
  const table = el("table", { class: "stats-table", id: "stats-table" },
    el("thead", {}, el("tr", {}, ...[t("statsPlayers"), t("statsGames"), t("statsWins"), t("statsAverage"), t("statsBest")]
      .map((h, i) => el("th", { scope: "col", class: i ? "num" : "" }, h)))));
  const body = el("tbody");
  for (const p of sum.players) {
    body.append(el("tr", { "data-player": p.key },
      el("th", { scope: "row" }, playerName(p.seat)),
      el("td", { class: "num", "data-col": "games" }, String(p.games)),
      el("td", { class: "num", "data-col": "wins" }, String(p.wins)),
      el("td", { class: "num", "data-col": "average" }, fmt(p.total / p.games)),
      el("td", { class: "num", "data-col": "best" }, fmt(p.best))));
  }
  table.append(body);
  return table;
}

function figuresTable(id, records, sum, group, keys) {
  const players = sum.players;
  const table = el("table", { class: "stats-table stats-figures", id },
    el("thead", {}, el("tr", {}, el("th", {}, ""), ...players.map((p) => el("th", { scope: "col", class: "num" }, playerName(p.seat))))));
  const body = el("tbody");
  for (const key of keys) {
    body.append(el("tr", { "data-figure": key }, el("th", { scope: "row" }, figureName(records, key)),
      ...players.map((p) => el("td", { class: "num", "data-player": p.key }, fmt((p[group][key] || 0) / p.games)))));
  }
  table.append(body);
  return table;
}

function svg(tag, attrs = {}, text = null) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = text;
  return e;
}

function niceStep(span) {
  const raw = Math.max(span, 1) / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

// The last games' scores, oldest left, one line per player (the players with most games).
function chart(records, players) {
  const games = records.slice(0, CHART_GAMES).reverse();
  const W = 320, H = 160, L = 30, R = 8, T = 8, B = 22;
  const scores = games.flatMap((r) => r.stats.map((s) => s.score));
  const step = niceStep(Math.max(...scores, 0) - Math.min(...scores, 0));
  const lo = Math.floor(Math.min(...scores, 0) / step) * step;
  const hi = Math.max(Math.ceil(Math.max(...scores, 1) / step) * step, lo + step);
  const x = (i) => L + (games.length === 1 ? (W - L - R) / 2 : i * (W - L - R) / (games.length - 1));
  const y = (v) => T + (hi - v) * (H - T - B) / (hi - lo);
  const names = players.map((p) => playerName(p.seat));
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "stats-chart", id: "stats-chart", role: "img",
                            "aria-label": `${t("statsChart", games.length)}: ${names.join(", ")}` });
  for (let v = lo; v <= hi + 1e-9; v += step) {
    root.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }),
      svg("text", { x: L - 4, y: y(v) + 3, "text-anchor": "end", class: "tick" }, fmt(v)));
  }
  root.append(svg("text", { x: x(0), y: H - 6, "text-anchor": games.length === 1 ? "middle" : "start", class: "tick" }, `${t("statsGameNo")} 1`));
  if (games.length > 1) root.append(svg("text", { x: x(games.length - 1), y: H - 6, "text-anchor": "end", class: "tick" }, String(games.length)));
  players.forEach((p, k) => {
    const colour = COLOURS[k % COLOURS.length];
    const pts = [];
    games.forEach((r, i) => {
      const seat = r.seats.findIndex((s) => playerKey(s) === p.key);
      if (seat >= 0) pts.push([x(i), y(r.stats[seat].score), r.stats[seat].score]);
    });
    const series = svg("g", { class: "series", "data-player": p.key });
    if (pts.length > 1) series.append(svg("polyline", { points: pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "), stroke: colour }));
    for (const [a, b, v] of pts) {
      const dot = svg("circle", { cx: a.toFixed(1), cy: b.toFixed(1), r: 3.2, fill: colour });
      dot.append(svg("title", {}, `${names[k]}: ${fmt(v)}`));
      series.append(dot);
    }
    root.append(series);
  });
  const legend = el("ul", { class: "stats-legend" }, ...players.map((p, k) =>
    el("li", {}, el("span", { class: "swatch", style: `background:${COLOURS[k % COLOURS.length]}` }), names[k])));
  return el("figure", { class: "stats-figure" }, root, legend);
}

function history(records) {
  const saves = new Map(listSaves().filter((s) => s.ok).map((s) => [s.id, s.record]));
  const list = el("ul", { class: "stats-history", id: "stats-history" });
  for (const r of ui.allHistory ? records : records.slice(0, HISTORY_SHOWN)) {
    const date = new Date(r.date).toLocaleString(getLang(), { dateStyle: "short", timeStyle: "short" });
    const players = el("span", { class: "stats-result" });
    r.seats.forEach((seat, i) => {
      const st = r.stats[i];
      if (i) players.append(" · ");
      const who = `${playerName(seat)} ${fmt(st.score)}`;
      players.append(st.won ? el("strong", { class: "won" }, `${who} (${t("statsWon")})`) : who);
    });
    const li = el("li", { class: "stats-game", "data-stat-id": r.id },
      el("span", { class: "stats-when" }, date, r.mode === "fair" ? el("span", { class: "tag" }, t("statsFair")) : null),
      players);
    const buttons = el("span", { class: "stats-buttons" });
    const save = r.saveId && saves.get(r.saveId);
    if (save && save.over) {  // its save is still kept: watch the game again
      const watch = el("button", { type: "button", class: "stats-watch", onclick: () => { hideStats(); nav.openReplay(save.replay).catch(() => {}); } }, t("watch"));
      watch.disabled = engine.status !== "ready";
      buttons.append(watch);
    }
    buttons.append(el("button", { type: "button", class: "stats-delete", onclick: () => ask(buttons, t("statsDeleteAsk"), () => deleteStat(r.id)) }, t("remove")));
    li.append(buttons);
    list.append(li);
  }
  if (records.length <= HISTORY_SHOWN || ui.allHistory) return list;
  const more = el("button", { type: "button", id: "stats-more", class: "ghost",
                              onclick: () => { ui.allHistory = true; renderStats(); } }, t("statsShowAll", records.length));
  return el("div", {}, list, more);
}

function actions(records, broken) {
  const row = el("div", { class: "stats-actions" });
  const download = el("button", { type: "button", id: "stats-export", onclick: () => exportStats(records) }, t("statsExport"));
  download.disabled = records.length === 0;
  const all = el("button", { type: "button", id: "stats-delete-all", class: "ghost",
                             onclick: () => ask(row, t("statsDeleteAllAsk", records.length + broken), deleteAllStats) }, t("statsDeleteAll"));
  all.disabled = records.length + broken === 0;
  row.append(download, all);
  return row;
}

// A question in place of the buttons that asked it: yes does it, cancel puts them back.
function ask(container, question, yes) {
  const before = [...container.childNodes];
  const box = el("span", { class: "stats-confirm", role: "alertdialog", "aria-label": question },
    el("span", { class: "stats-question" }, question),
    el("button", { type: "button", class: "danger stats-yes", onclick: () => { yes(); renderStats(); } }, t("statsYesDelete")),
    el("button", { type: "button", class: "stats-cancel", onclick: () => { container.replaceChildren(...before); } }, t("statsCancel")));
  container.replaceChildren(box);
  box.querySelector(".stats-cancel").focus();
}

function exportStats(records) {
  const blob = new Blob([exportText(records)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `urzeit-statistik-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
