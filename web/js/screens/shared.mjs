// What the screens share: the DOM root, the test switch, seat colours and the open match.
import { errorText, t } from "../i18n.mjs";
import { SEAT_COLOURS } from "../seats.mjs";

export const $ = (id) => document.getElementById(id);
export const app = document.getElementById("app");
export const TEST_MODE = new URLSearchParams(location.search).get("test") === "1";
export { SEAT_COLOURS };  // seats.mjs: one live palette (high contrast swaps it in place)

// The match on the table. names is one array for the whole match, reworded in place when
// the language changes (the renderer holds the same array).
// The table: its session (sessions/session.mjs: how it is played) and what it shows.
export const match = {
  session: null, id: null, game: null, view: null, seats: [], generation: 0, busy: false, names: [], renderer: null,
  shownSeat: null, decisionShown: false, autoPlayed: null,
  log: [],  // what happened, kept as events so it can be reworded: {event, group} or {undo: true}
  logTail: null,  // the last line of the log: {group, entries, li} (a turn may still add to it)
  searches: [],  // test mode: what each computer decision's search did (bench/page_turns.py)
};

// Navigation between screens; main.mjs fills it in (screens do not import each other in a circle).
export const nav = { toMenu: () => {}, openMatch: () => {}, openReplay: async () => {}, newGame: async () => {},
                     newFairGame: async () => {}, newLiveGame: async () => {}, openFair: async () => {},
                     toStats: () => {}, startLesson: async () => {}, tableOpened: () => {},
                     showTableError: () => {} };

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

// Show a failed request in a message element: the player's words, and the engine's exact
// (English) words folded away under "Details" for a bug report.
export function showError(target, err, prefix = "") {
  target.replaceChildren(prefix + errorText(err));
  if (err && err.message) {
    target.append(" ", el("details", { class: "error-details" }, el("summary", {}, t("errorDetails")), el("code", {}, err.message)));
  }
}
