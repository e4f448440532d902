// The game screen: the top bar, the renderer's table, scores, the action list (collapsed:
// for keyboard and screen-reader players), the log (the engine's lines in both languages, shown
// in the current one), the pass screen and the end screen. How the game is played (alone with
// computers, a lesson, a replay, fair by link or live) is the table's session
// (sessions/session.mjs): the table asks it and never which kind it is.
import { displayName, getLang, t } from "../i18n.mjs";
import { gameInfo, entryTitle } from "../games.mjs";
import { $, SEAT_COLOURS, app, match, nav, showError } from "./shared.mjs";
import { hideEnd, showEnd } from "./end.mjs";
import { motionAfter, motionSnapshot } from "../motion.mjs";
import { seatMark } from "../seats.mjs";
import { soundScore, soundYourTurn } from "../sound.mjs";
import { bindBar, renderBar } from "./table-bar.mjs";

// Without a renderer the view is shown as it is (only ever for a game the page does not know).
const genericRenderer = {
  mount() {},
  update(view) {
    const pre = document.createElement("pre");
    pre.textContent = JSON.stringify(view, null, 1).slice(0, 4000);
    $("board").replaceChildren(pre);
  },
  breakdown: () => null,
};

export function renderer() {
  return match.renderer || genericRenderer;
}

export const session = () => match.session;

let noticeWords = null;  // a notice given as a function is worded anew on a language switch
let noteKept = false;    // a step the page played for the player said why: kept till the player acts

// A neutral notice (hint, restored game); errors go to #message.
export function say(text) {
  noticeWords = typeof text === "function" ? text : null;
  noteKept = false;
  $("notice").textContent = noticeWords ? noticeWords() : text;
}

// A passing status (whom a fair game waits for): not over a note the player has yet to read.
export function sayStatus(text) {
  if (!noteKept) say(text);
}

export function fail(err) {
  // While the engine is being restarted, the restart message stays.
  if (app.dataset.recovering !== "true") showError($("message"), err);
}

function rename() {
  match.seats.forEach((s, i) => { match.names[i] = displayName(s.name, s.kind); });
}

// The seats' names changed (a fair game: the others named themselves).
export function setSeats(seats) {
  match.seats = seats;
  rename();
}

// ---- opening and closing the table ----

// Opens the table for `s` (a Session) showing `view`; the session before it is disposed.
export function openTable(s, view) {
  closeSession();
  nav.tableOpened(s);
  match.session = s;
  match.id = s.matchId;
  match.shownSeat = null;
  match.log = [];
  match.logTail = null;
  match.view = null;
  match.decisionShown = false;
  match.autoPlayed = null;
  match.searches = [];
  match.game = view.game;
  match.seats = view.seats;
  match.names = [];
  rename();
  match.generation++;
  $("log").replaceChildren();
  $("message").textContent = "";
  $("undo-note").textContent = "";
  $("pass-screen").hidden = true;
  $("board").style.visibility = "";
  say("");
  hideEnd();
  $("menu").hidden = true;
  $("game").hidden = false;
  $("game-title").textContent = entryTitle(match.game);
  app.dataset.game = match.game;
  app.dataset.mode = s.kind;
  app.dataset.passing = "false";
  app.dataset.busy = "false";
  if (match.renderer && match.renderer.unmount) match.renderer.unmount();
  const info = gameInfo(match.game);
  match.renderer = info ? info.create() : genericRenderer;
  match.renderer.mount($("board"), {
    act: (action) => act(action), names: match.names, seats: match.seats, colours: SEAT_COLOURS, lang: getLang,
    message: (text) => { $("message").textContent = text; },
    // the renderer's data arrived: its words for the action list and the final breakdown
    refreshLegal: () => {
      if (!match.view) return;
      renderLegal(match.view);
      if (match.view.over) showEnd(match.view, { resultText, force: true });
    },
  });
  window.scrollTo(0, 0);  // a new game starts at its top, not where the menu was scrolled
  renderBar();
  setView(view);
}

function closeSession() {
  const s = match.session;
  match.session = null;
  if (s) s.dispose();
}

// Leaving the table (to the menu, the statistics, another table): its session ends.
export function leaveTable() {
  closeSession();
  match.generation++;
  match.id = null;
  match.view = null;
  if (match.renderer && match.renderer.unmount) match.renderer.unmount();
  match.renderer = null;
  delete app.dataset.game;
  delete app.dataset.over;
  delete app.dataset.mode;
  $("pass-screen").hidden = true;
  $("board").style.visibility = "";
  hideEnd();
  say("");
  $("message").textContent = "";
  $("undo-note").textContent = "";
  $("game").hidden = true;
}

// ---- the view ----

export function setView(view) {
  const s = match.session;
  if (!s) return;
  const before = match.view;
  const wasMyTurn = before && s.decides(before);
  match.view = view;
  if (view.seat !== null && match.seats[view.seat] && match.seats[view.seat].kind === "human") match.shownSeat = view.seat;
  app.dataset.stateId = String(view.state_id);
  app.dataset.currentSeat = view.current_seat === null ? "" : String(view.current_seat);
  app.dataset.over = String(view.over);
  statusHeight();  // the line unsticks at the end (style.css)
  app.dataset.viewSeat = view.seat === null ? "" : String(view.seat);
  // what moved on the table flies from where it was (motion.mjs); nothing waits for it
  const shot = motionSnapshot($("board"));
  renderer().update(view);
  motionAfter($("board"), shot, (key, elem) => (renderer().motionSource ? renderer().motionSource(key, elem) : null));
  renderScores(view);
  renderLegal(view);
  renderTurn(view);
  renderBar();
  if (view.over) {
    say("");  // an old note ("no figures left") would outlive the game
    showEnd(view, { resultText });
  } else hideEnd();
  const mine = s.decides(view);
  // only a game's first decision: later the page stays where the player left it (a tap
  // must not land on something that moved under the finger)
  if (!wasMyTurn && mine && s.offers.decisionIntoView && !match.decisionShown) {
    match.decisionShown = true;
    bringDecisionIntoView();
  }
  if (!wasMyTurn && mine) soundYourTurn();
  if (s.viewShown) s.viewShown(view, before);
}

// A step with nothing to decide (e.g. "no figure" when none is left) is played at once, in
// every way of play, its note in the status line; undo goes back past it. A session calls this
// when it is idle and its player decides.
export async function autoStep(s) {
  const view = match.view;
  if (match.session !== s || !view || !s.decides(view)) return false;
  const r = renderer();
  const auto = r.autoAction && r.autoAction(view);
  const key = `${match.id}|${view.state_id}`;
  if (!auto || match.autoPlayed === key) return false;
  match.autoPlayed = key;
  const result = await s.act(auto.action, { auto: true });
  if (result && result.ok && match.session === s && !(match.view && match.view.over) && auto.note) {
    say(() => auto.note[getLang()] || "");
    noteKept = true;
  }
  return Boolean(result && result.ok);
}

export const autoActionOf = (view) => (renderer().autoAction ? renderer().autoAction(view) : null);

function bringDecisionIntoView() {
  // On a narrow screen the table is below the bar: show the table's top when a decision waits.
  if (window.innerWidth >= 800 || renderer().scrollsToDecisions) return;
  const target = (renderer().decisionElement && renderer().decisionElement()) || $("board");
  const r = target.getBoundingClientRect();
  if (r.top < 0 || r.top > window.innerHeight * 0.6) target.scrollIntoView({ block: "start" });
}

function renderScores(view) {
  const board = $("scoreboard");
  // points gained since the last view of this match (not of the match before)
  const same = board.dataset.match === `${match.id}|${match.generation}`;
  const before = same ? [...board.querySelectorAll("[data-score]")].map((e) => Number(e.textContent)) : [];
  board.dataset.match = `${match.id}|${match.generation}`;
  board.replaceChildren();
  if (before.length === view.scores.length && view.scores.some((score, i) => score > before[i])) soundScore();
  view.scores.forEach((score, i) => {
    const li = document.createElement("li");
    if (i === view.current_seat && !view.over) li.className = "current";
    li.style.borderLeft = `6px solid ${SEAT_COLOURS[i]}`;
    const name = document.createElement("span");
    name.className = "name";
    name.append(seatMark(i), match.names[i]);
    if (match.seats[i].kind === "ai") {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = t("levels")[match.seats[i].level] || t("computer");
      name.append(" ", tag);
    }
    const pts = document.createElement("strong");
    pts.textContent = score;
    pts.dataset.score = i;
    if (before.length && score > before[i]) li.classList.add("gained");  // the points arrive
    li.append(name, pts);
    board.append(li);
  });
  // a phone's status line: each seat's mark and points (the scoreboard above says it in words)
  $("score-strip").dataset.seats = String(view.scores.length);
  $("score-strip").replaceChildren(...view.scores.map((score, i) => {
    const li = document.createElement("li");
    li.dataset.seat = String(i);
    li.append(seatMark(i, { size: 13 }), String(score));
    return li;
  }));
}

// A legal action in words: the engine's (view.words.legal, parallel to view.legal).
export function actionLabel(view, action) {
  const i = view.words && view.words.legal ? (view.legal || []).indexOf(action) : -1;
  if (i >= 0) return view.words.legal[i];
  return action.type;  // a view without words (never asked for without a language)
}

export function renderLegal(view) {
  const list = $("legal-actions");
  list.replaceChildren();
  const legal = isHumanTurn(view) ? view.legal || [] : [];
  $("legal-count").textContent = legal.length ? `(${legal.length})` : "";
  for (const action of legal) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "legal-action";
    button.dataset.action = JSON.stringify(action);
    button.textContent = actionLabel(view, action);
    button.addEventListener("click", () => act(action));
    li.append(button);
    list.append(li);
  }
}

export function resultText(view) {
  const w = view.winners || [];  // the engine's verdict, by the game's own tie rules
  if (w.length === 1) return t("winner", match.names[w[0]]);
  if (w.length === view.scores.length) return t("draw");
  return t("winners", w.map((i) => match.names[i]).join(" & "));
}

function renderTurn(view) {
  const info = $("turn-info");
  const own = match.session.turnWords ? match.session.turnWords(view) : null;
  if (own !== null && own !== undefined) {
    info.replaceChildren(...(view.current_seat !== null && !view.over ? [seatMark(view.current_seat)] : []), own);
    return;
  }
  if (view.over) {
    info.textContent = t("gameOver") + ": " + resultText(view);
    return;
  }
  if (view.current_seat === null) {  // a draw is still due (a fair game waits for the players' random values)
    info.textContent = "";
    return;
  }
  const name = match.names[view.current_seat];
  const text = match.seats[view.current_seat].kind === "ai" ? t("thinking", name) : t("turnOf", name);
  info.replaceChildren(seatMark(view.current_seat), text);
}

// The page's player decides now (the session says when; never in a replay).
export function isHumanTurn(view) {
  return Boolean(view && match.session && match.session.decides(view));
}

// The one person at a table of computers (a lesson too) is spoken to: "Du bist am Zug".
export function aloneWords(view) {
  if (view.over || view.current_seat === null) return null;
  const alone = match.seats.filter((s) => s.kind === "human").length === 1;
  return alone && match.seats[view.current_seat].kind === "human" ? t("yourTurn") : null;
}

// ---- the log: the engine's lines, kept in both languages ----
// A move's lines come worded by the engine ({group, de, en}); a line with the same group as the
// last one (e.g. one turn of several moves) continues it. An undo always ends a line.

function lineText(line) {
  const first = line.entries[0];
  if (first.undo) return "↶ " + (first.others ? t("undoneWith", first.others, first.computers) : t("undone"));
  return line.entries.map((x) => x.line[getLang()]).filter(Boolean).join(" ");
}

// Writes a line of the log anew (it may have grown); a line without words is left out.
function showLine(line) {
  const text = lineText(line);
  if (!text) {
    if (line.li) line.li.remove();
    line.li = null;
    return;
  }
  if (!line.li) {
    line.li = document.createElement("li");
    $("log").append(line.li);
  }
  line.li.textContent = text;
}

export function appendLog(entry) {
  match.log.push(entry);
  const tail = match.logTail;
  if (!entry.undo && entry.group != null && tail && tail.group === entry.group) {
    tail.entries.push(entry);
    showLine(tail);
    return;
  }
  match.logTail = { group: entry.undo ? null : entry.group ?? null, entries: [entry], li: null };
  showLine(match.logTail);
}

// A reply's log: the engine's lines; the renderer may animate the events.
export function logEvents(events, lines) {
  const r = renderer();
  if (r.onEvents) r.onEvents(events || []);
  for (const line of Array.isArray(lines) ? lines : []) appendLog({ line, group: line.group ?? null });
  $("log").scrollTop = $("log").scrollHeight;
}

// The log anew from `entries` (a game's history arrived, or the language changed).
export function resetLog(entries) {
  $("log").replaceChildren();
  match.log = [];
  match.logTail = null;
  for (const entry of entries) appendLog(entry);
  $("log").scrollTop = $("log").scrollHeight;
}

// The language changed: names, log, bar and table in the new language.
export function relabel() {
  const s = match.session;
  if (!s || !match.view || $("game").hidden) return;
  if (noticeWords) $("notice").textContent = noticeWords();
  rename();
  $("game-title").textContent = entryTitle(match.game);
  if (!(s.relabel && s.relabel() === "log")) resetLog(match.log);  // a replay words its own list
  const over = match.view.over;
  setView(match.view);
  if (over) showEnd(match.view, { resultText });
  // the view's words anew in the new language (the engine words them)
  const { id, generation } = match;
  const seen = match.view.state_id;
  app.dataset.worded = "";  // until the engine's words are in (tests wait for the table drawn anew)
  s.viewAgain().then((v) => {
    if (match.session === s && match.generation === generation && match.id === id && match.view && match.view.state_id === seen) {
      setView(v);
      if (v.over) showEnd(v, { resultText, force: true });  // the breakdown in the new words
    }
  }).catch(() => { /* the old words stay: nothing lost */ })
    .finally(() => { app.dataset.worded = getLang(); });
}

// ---- moving ----

export function passDevice(seat) {
  // Between two human seats of a card game nobody may see the other's hand.
  $("board").style.visibility = "hidden";
  $("legal-actions").replaceChildren();
  $("pass-text").textContent = t("passTo", match.names[seat]);
  $("pass-ready").textContent = t("passReady", match.names[seat]);
  $("pass-screen").hidden = false;
  app.dataset.passing = "true";
  return new Promise((resolve) => {
    $("pass-ready").onclick = () => {
      $("pass-screen").hidden = true;
      $("board").style.visibility = "";
      app.dataset.passing = "false";
      resolve();
    };
  });
}

export function setBusy(busy) {
  match.busy = busy;
  app.dataset.busy = String(busy);
  renderBar();
}

// The player's move (from the renderer or the action list): the session plays it.
export async function act(action) {
  const s = match.session;
  const view = match.view;
  if (!s || !isHumanTurn(view)) return { ok: false, code: "not_your_turn" };
  $("message").textContent = "";
  $("undo-note").textContent = "";
  say("");
  return s.act(action);
}

// The renderers' sticky bars keep below the sticky status line (0 where it scrolls away).
function statusHeight() {
  const status = $("status-line");
  const h = getComputedStyle(status).position === "sticky" ? status.getBoundingClientRect().height : 0;
  document.documentElement.style.setProperty("--status-h", `${Math.ceil(h)}px`);
}

export function bindTable() {
  // The action list is folded away; who opens it (keyboard, screen reader) finds it open again.
  const box = $("legal-box");
  try { box.open = localStorage.getItem("urzeit.actions-open") === "1"; } catch { /* storage blocked */ }
  box.addEventListener("toggle", () => { try { localStorage.setItem("urzeit.actions-open", box.open ? "1" : "0"); } catch { /* ignore */ } });
  new ResizeObserver(statusHeight).observe($("status-line"));
  window.addEventListener("resize", statusHeight);
  bindBar();
}
