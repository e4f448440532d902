// The end screen: who won, the game's own breakdown (drawn by its renderer), and the ways on:
// play again (same seats, new shuffle), a new game, the menu. It sits above the table, so the
// final position stays visible below it.
import { engine } from "../boot.mjs";
import { t } from "../i18n.mjs";
import { finishedRecord, recordGame } from "../stats-store.mjs";
import { $, el, match, nav, showError } from "./shared.mjs";

let shownFor = null;  // the state the end screen was built for

export function hideEnd() {
  $("end-screen").hidden = true;
  $("end-screen").replaceChildren();
  shownFor = null;
}

function scoreTable(view) {
  // for a renderer without a breakdown of its own
  const table = el("table", { class: "breakdown" }, el("tr", {}, el("th", {}, ""), el("th", {}, t("points"))));
  view.scores.forEach((s, i) => table.append(el("tr", { "data-player": i }, el("td", {}, match.names[i]), el("th", {}, String(s)))));
  return table;
}

export function showEnd(view, { resultText, force = false }) {
  const key = `${match.id}:${view.state_id}:${document.documentElement.lang}`;
  if (shownFor === key && !force) return;
  const first = shownFor === null;
  shownFor = key;
  // the statistics keep a game that ended here once (a reload or a replay adds nothing)
  const session = match.session;
  const stats = session.stats || null;
  if (stats) recordGame(finishedRecord(view, { mode: stats.mode, saveId: stats.saveId, seats: match.seats }));
  const box = $("end-screen");
  const r = match.renderer;
  const body = r && r.breakdown ? r.breakdown(view, document.documentElement.lang) : scoreTable(view);
  const note = session.endNote ? session.endNote() : null;  // a fair game: its record checked
  const again = !session.offers.again ? null : el("button", { type: "button", class: "primary", id: "again-button", onclick: playAgain }, t("again"));
  if (again) again.disabled = engine.status !== "ready";
  box.replaceChildren(...[  // without the parts a game does not have (replaceChildren would write "null")
    el("h2", { id: "end-title" }, t("gameOver")),
    el("p", { class: "end-result" }, resultText(view)),
    note ? el("p", { class: "end-fair", id: "end-fair", "data-verified": String(note.verified) }, note.text) : null,
    // the ways on right below the result: a phone need not scroll past the long breakdown
    el("div", { class: "end-buttons" }, again,
      el("button", { type: "button", id: "new-game-button", onclick: () => nav.toMenu({ keepGame: match.game }) }, t("newGame")),
      el("button", { type: "button", id: "end-stats-button", class: "ghost", onclick: () => nav.toStats(match.game) }, t("statistics")),
      el("button", { type: "button", id: "end-menu-button", class: "ghost", onclick: () => nav.toMenu() }, t("menu"))),
    el("p", { class: "message", id: "end-message", role: "alert" }),
    el("div", { class: "end-breakdown", "data-owner": "renderer" }, body)].filter(Boolean));
  box.hidden = false;
  // a lesson's last words (the score explained, the real game) are in its panel above the card;
  // a replay's bar stays where the player's finger is (its end shows below the table)
  if (first && !session.offers.replayBar) (session.offers.endInPanel ? $("status-line") : box).scrollIntoView({ block: "start" });
}

async function playAgain() {
  try {
    const replay = await match.session.replayRecord();
    const seats = replay.seats.map((s) => ({ ...s }));
    await nav.newGame({ game: replay.game, seats, options: replay.options || {} });
  } catch (err) {
    showError($("end-message"), err);
  }
}
