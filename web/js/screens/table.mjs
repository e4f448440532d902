// The game screen: the top bar, the renderer's table, scores, the action list (collapsed:
// for keyboard and screen-reader players), the log (the engine's lines in both languages, shown in the
// current one), undo and hint, pass-and-play, autosave and the replay viewer.
import { engine } from "../boot.mjs";
import { displayName, getLang, reasonText, t } from "../i18n.mjs";
import { entryTitle, gameInfo } from "../games.mjs";
import { pruneSaves, writeSave } from "../storage.mjs";
import { $, SEAT_COLOURS, TEST_MODE, app, match, nav, showError } from "./shared.mjs";
import { hideEnd, showEnd } from "./end.mjs";
import { settings } from "../settings.mjs";
import { motionAfter, motionSnapshot } from "../motion.mjs";
import { seatMark } from "../seats.mjs";
import { soundScore, soundYourTurn } from "../sound.mjs";

// A pause between two decisions of one computer turn (tile, then figure) so the player can
// follow the move (the settings say how long); none after its last decision: the player may act at once.
const aiPauseMs = () => (TEST_MODE ? 0 : settings().aiPause);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Without a renderer the view is shown as it is (only ever for a game the page does not know).
const genericRenderer = {
  render(view, board) {
    const pre = document.createElement("pre");
    pre.textContent = JSON.stringify(view, null, 1).slice(0, 4000);
    board.replaceChildren(pre);
  },
};

export function renderer() {
  return match.renderer || genericRenderer;
}

let noticeWords = null;  // a notice given as a function is worded anew on a language switch

export function say(text) {
  // a neutral notice (hint, restored game); errors go to #message
  noticeWords = typeof text === "function" ? text : null;
  $("notice").textContent = noticeWords ? noticeWords() : text;
}

export function fail(err) {
  // While the engine is being restarted, the restart message stays.
  if (app.dataset.recovering !== "true") showError($("message"), err);
}

function rename() {
  match.seats.forEach((s, i) => { match.names[i] = displayName(s.name, s.kind); });
}

export function openMatch(result, opts = {}) {
  match.id = result.match;
  match.mode = opts.mode || "live";
  match.saveId = opts.saveId || null;
  match.savedStateId = null;
  match.shownSeat = null;
  match.log = [];
  match.logTail = null;
  match.view = null;
  rememberTable(match.mode === "live" ? match.saveId : null);
  match.decisionShown = false;
  $("replay-bar").hidden = match.mode !== "replay";
  $("undo-button").hidden = match.mode !== "live";
  $("pass-screen").hidden = true;
  match.game = result.view.game;
  match.seats = result.view.seats;
  match.names = [];
  rename();
  match.generation++;
  $("log").replaceChildren();
  $("message").textContent = "";
  say("");
  hideEnd();
  $("menu").hidden = true;
  $("game").hidden = false;
  $("game-title").textContent = entryTitle(match.game);
  app.dataset.game = match.game;
  app.dataset.mode = match.mode;
  if (match.renderer && match.renderer.unmount) match.renderer.unmount();
  const info = gameInfo(match.game);
  match.renderer = info ? info.create() : genericRenderer;
  if (match.renderer.mount) {
    match.renderer.mount($("board"), {
      act, names: match.names, seats: match.seats, colours: SEAT_COLOURS, lang: getLang,
      message: (text) => { $("message").textContent = text; },
      // the renderer's data arrived: its words for the action list and the final breakdown
      refreshLegal: () => {
        if (!match.view) return;
        renderLegal(match.view);
        if (match.view.over) showEnd(match.view, { resultText, force: true });
      },
    });
  }
  window.scrollTo(0, 0);  // a new game starts at its top, not where the menu was scrolled
  $("undo-note").textContent = "";
  setView(result.view);
  // a game opened from a save (resume, reload, link, restart) shows what happened so far;
  // asked before the computer moves on, so its lines come first
  if (match.mode === "live" && result.view.state_id > 0) loadHistory(humanViewer(result.view));
  if (match.mode === "live") advance();
}

// The game at the table, so a reload returns to it (menu.mjs knows nothing of this): a
// save's id, or what another screen names (a lesson: "lesson:<game>/<name>").
const TABLE_KEY = "urzeit.table";
export function rememberTable(saveId) {
  try {
    if (saveId) sessionStorage.setItem(TABLE_KEY, saveId);
    else sessionStorage.removeItem(TABLE_KEY);
  } catch { /* storage blocked: a reload lands in the menu */ }
}
export function tableAfterReload() {
  try {
    const nav = performance.getEntriesByType("navigation")[0];
    return nav && nav.type === "reload" ? sessionStorage.getItem(TABLE_KEY) : null;
  } catch {
    return null;
  }
}

async function loadHistory(seat) {
  const { id, generation } = match;
  try {
    const h = await engine.request({ op: "history", match: id, seat });
    if (match.generation !== generation || match.id !== id) return;
    const live = match.log;  // lines that came while the history was asked
    match.log = [];
    match.logTail = null;
    $("log").replaceChildren();
    for (const step of h.steps) for (const line of step.log) appendLog({ line, group: line.group ?? null });
    for (const entry of live) appendLog(entry);
    $("log").scrollTop = $("log").scrollHeight;
  } catch { /* the log starts empty: nothing else is lost */ }
}

export function setView(view) {
  const wasMyTurn = match.view && isHumanTurn(match.view);
  match.view = view;
  if (view.seat !== null && match.seats[view.seat] && match.seats[view.seat].kind === "human") match.shownSeat = view.seat;
  app.dataset.stateId = String(view.state_id);
  app.dataset.currentSeat = view.current_seat === null ? "" : String(view.current_seat);
  app.dataset.over = String(view.over);
  statusHeight();  // the line unsticks at the end (style.css)
  app.dataset.viewSeat = view.seat === null ? "" : String(view.seat);
  // what moved on the table flies from where it was (motion.mjs); nothing waits for it
  const before = motionSnapshot($("board"));
  if (renderer().update) renderer().update(view);
  else renderer().render(view, $("board"), { names: match.names, lang: getLang() });
  motionAfter($("board"), before, (key, elem) => (renderer().motionSource ? renderer().motionSource(key, elem) : null));
  renderScores(view);
  renderLegal(view);
  renderTurn(view);
  // disabled, not hidden, while the computer moves: the buttons beside it do not move
  $("hint-button").hidden = match.mode !== "live" || view.over;  // none in a replay or a fair game
  $("hint-button").disabled = !isHumanTurn(view);
  renderUndo();
  if (view.over) {
    say("");  // an old note ("no figures left") would outlive the game
    showEnd(view, { resultText });
  } else hideEnd();
  // only a game's first decision: later the page stays where the player left it (a tap
  // must not land on something that moved under the finger)
  if (!wasMyTurn && isHumanTurn(view) && match.mode === "live" && !match.decisionShown) {
    match.decisionShown = true;
    bringDecisionIntoView();
  }
  if (!wasMyTurn && isHumanTurn(view) && match.mode !== "replay") soundYourTurn();
  if (match.mode === "live" && match.saveId && view.state_id !== match.savedStateId) autosave(view.state_id);
}

function bringDecisionIntoView() {
  // On a narrow screen the table is below the bar: show the table's top when a decision waits.
  if (window.innerWidth >= 800 || renderer().scrollsToDecisions) return;
  const target = (renderer().decisionElement && renderer().decisionElement()) || $("board");
  const r = target.getBoundingClientRect();
  if (r.top < 0 || r.top > window.innerHeight * 0.6) target.scrollIntoView({ block: "start" });
}

function renderUndo() {
  const view = match.view;
  const undo = $("undo-button");
  if (!view) return;
  // not `disabled`: a tap on a greyed-out undo says why (a title alone never shows on a phone)
  const off = !view.undo || match.busy || view.over;
  undo.setAttribute("aria-disabled", String(off));
  undo.classList.toggle("is-disabled", off);
  undo.hidden = match.mode !== "live" || view.over;  // no undo once the game is over, none in a fair game
  undo.title = view.undo ? (view.undo_computer_moves ? undoTakes(view.undo_computer_moves) : "")
    : reasonText(view.undo_reason_key) || "";
}

function computers() {
  return match.seats.filter((s) => s.kind === "ai").length;
}

function undoTakes(n) {
  return t("undoTakes", n, computers());
}

async function autosave(stateId) {
  match.savedStateId = stateId;
  const id = match.saveId, matchId = match.id;
  try {
    const replay = await engine.request({ op: "save", match: matchId });
    const view = match.view;
    const record = {
      version: 1, id, game: replay.game, date: new Date().toISOString(), replay,
      seats: replay.seats.map((s) => ({ kind: s.kind, name: s.name })), scores: view.scores, over: view.over,
    };
    if (!writeSave(id, record)) $("message").textContent = t("storageFull");
    else pruneSaves(id);
  } catch (err) {
    fail(err);
  }
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
function actionLabel(view, action) {
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

function winnersOf(view) {
  return view.winners || [];  // the engine's verdict, by the game's own tie rules
}

export function resultText(view) {
  const w = winnersOf(view);
  if (w.length === 1) return t("winner", match.names[w[0]]);
  if (w.length === view.scores.length) return t("draw");
  return t("winners", w.map((i) => match.names[i]).join(" & "));
}

function renderTurn(view) {
  const info = $("turn-info");
  if (view.over) {
    info.textContent = (match.mode === "replay" ? t("replayOver") : t("gameOver")) + ": " + resultText(view);
    return;
  }
  if (view.current_seat === null) {  // a draw is still due (a fair game waits for the players' random values)
    info.textContent = "";
    return;
  }
  const name = match.names[view.current_seat];
  // the one person at a table of computers (a lesson too) is spoken to: "Du bist am Zug"
  const alone = match.seats.filter((s) => s.kind === "human").length === 1;
  const text = match.mode === "replay" ? t("replayTurn", name)
    : match.seats[view.current_seat].kind === "ai" ? t("thinking", name)
    : alone && match.mode !== "fair" ? t("yourTurn") : t("turnOf", name);
  info.replaceChildren(seatMark(view.current_seat), text);
}

export function isHumanTurn(view) {
  return !view.over && view.current_seat !== null && match.seats[view.current_seat].kind === "human"
    && view.seat === view.current_seat && (match.mode === "live" || match.mode === "fair" || match.mode === "lesson");
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

function appendLog(entry) {
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
  if (r.onEvents) r.onEvents(events);
  for (const line of Array.isArray(lines) ? lines : []) appendLog({ line, group: line.group ?? null });
  $("log").scrollTop = $("log").scrollHeight;
}

function rewordLog() {
  const log = $("log");
  log.replaceChildren();
  const entries = match.log;
  match.log = [];
  match.logTail = null;
  for (const entry of entries) appendLog(entry);
  log.scrollTop = log.scrollHeight;
}

// The language changed: names, log, bar and table in the new language.
export function relabel() {
  if (!match.view || $("game").hidden) return;
  if (noticeWords) $("notice").textContent = noticeWords();
  rename();
  $("game-title").textContent = entryTitle(match.game);
  if (match.mode === "replay") renderTurnList();
  else rewordLog();
  const over = match.view.over;
  setView(match.view);
  if (over) showEnd(match.view, { resultText });
  if (match.mode === "replay") renderReplayPos();
  // the view's words anew in the new language (the engine words them)
  const { id, generation } = match;
  const seen = match.view.state_id;
  const ask = match.mode === "fair" ? engine.request({ op: "fair_view", party: id }).then((r) => r.view)
    : engine.request({ op: "view", match: id, seat: match.view.seat });
  ask.then((v) => {
    if (match.generation === generation && match.id === id && match.view && match.view.state_id === seen) {
      setView(v);
      if (v.over) showEnd(v, { resultText, force: true });  // the breakdown in the new words
    }
  }).catch(() => { /* the old words stay: nothing lost */ });
}

// ---- moving: the bots, the pass screen, the player's action ----

function humanViewer(view) {
  const current = view.current_seat;
  if (current !== null && match.seats[current].kind === "human") return current;
  if (view.seat !== null && match.seats[view.seat].kind === "human") return view.seat;
  const first = match.seats.findIndex((s) => s.kind === "human");
  return first >= 0 ? first : null;
}

export async function advance() {
  const generation = match.generation;
  setBusy(true);
  // A computer turn's decisions share one search budget (ai.TURN_BUDGET): the engine is told
  // how long this turn has taken so far, its pauses not counted.
  let turnSeat = null;
  let turnStart = 0;
  let paused = 0;
  let turnNumber = match.searches.length ? match.searches[match.searches.length - 1].turn : 0;
  try {
    while (generation === match.generation) {
      const view = match.view;
      if (view.over) break;
      const seat = view.current_seat;
      if (match.seats[seat].kind === "ai") {
        if (seat !== turnSeat) [turnSeat, turnStart, paused, turnNumber] = [seat, performance.now(), 0, turnNumber + 1];
        const turnMs = Math.round(performance.now() - turnStart - paused);
        const r = await engine.request({ op: "ai", match: match.id, seat, viewer: humanViewer(view), slice_ms: 40,
                                         turn_ms: turnMs });
        if (generation !== match.generation) return;
        if (TEST_MODE) match.searches.push({ seat, turn: turnNumber, turnMs, doneMs: Math.round(performance.now() - turnStart - paused), ...(r.search || {}) });
        logEvents(r.events, r.log);
        setView(r.view);
        const next = r.view.current_seat;
        const pause = aiPauseMs();
        if (pause && !r.view.over && next !== null && match.seats[next].kind === "ai") {
          const t0 = performance.now();
          await sleep(pause);
          paused += performance.now() - t0;
        }
        continue;
      }
      turnSeat = null;
      if (view.seat !== seat) {
        if (needsPassScreen(seat)) {
          setBusy(false);  // the page waits for a person, not for the engine
          app.dataset.passing = "true";
          await passDevice(seat);
          app.dataset.passing = "false";
          setBusy(true);
        }
        if (generation !== match.generation) return;
        setView(await engine.request({ op: "view", match: match.id, seat }));
        continue;
      }
      // a step with nothing to decide the renderer plays itself (e.g. "no figure" when none is
      // left), its note in the status line
      const auto = match.mode === "live" && renderer().autoAction && renderer().autoAction(view);
      if (auto) {
        const r = await engine.request({ op: "act", match: match.id, seat, state_id: view.state_id, action: auto.action });
        if (generation !== match.generation) return;
        logEvents(r.events, r.log);
        setView(r.view);
        say(r.view.over || !auto.note ? "" : () => auto.note[getLang()] || "");
        continue;
      }
      break;
    }
  } catch (err) {
    fail(err);
  } finally {
    if (generation === match.generation) setBusy(false);
  }
}

function needsPassScreen(seat) {
  const info = engine.hello && engine.hello.games.find((g) => g.id === match.game);
  const humans = match.seats.filter((s) => s.kind === "human").length;
  return Boolean(info && info.private_hands) && humans >= 2 && match.shownSeat !== null && match.shownSeat !== seat;
}

export function passDevice(seat) {
  // Between two human seats of a card game nobody may see the other's hand.
  $("board").style.visibility = "hidden";
  $("legal-actions").replaceChildren();
  $("pass-text").textContent = t("passTo", match.names[seat]);
  $("pass-ready").textContent = t("passReady", match.names[seat]);
  $("pass-screen").hidden = false;
  return new Promise((resolve) => {
    $("pass-ready").onclick = () => {
      $("pass-screen").hidden = true;
      $("board").style.visibility = "";
      resolve();
    };
  });
}

function setBusy(busy) {
  match.busy = busy;
  app.dataset.busy = String(busy);
  renderUndo();
}

export async function act(action) {
  const view = match.view;
  if (!isHumanTurn(view)) return { ok: false, code: "not_your_turn" };
  if (match.mode === "fair") return nav.fairAct(action);  // signed and sent, not played locally
  if (match.mode === "lesson") return nav.lessonAct(action);  // the lesson takes it or says why not
  $("message").textContent = "";
  $("undo-note").textContent = "";
  say("");
  setBusy(true);
  try {
    const r = await engine.request({ op: "act", match: match.id, seat: view.current_seat, state_id: view.state_id, action });
    logEvents(r.events, r.log);
    setView(r.view);
    advance();
    return { ok: true };
  } catch (err) {
    fail(err);
    setBusy(false);
    return { ok: false, code: err.code, reason: err.reason, message: err.message };
  }
}

async function hint() {
  const view = match.view;
  if (!isHumanTurn(view) || match.busy) return;
  setBusy(true);
  try {
    const r = await engine.request({ op: "ai", match: match.id, seat: view.current_seat, level: "expert", slice_ms: 40,
                                     viewer: view.current_seat, apply: false });
    const key = JSON.stringify(r.action);
    for (const b of $("legal-actions").querySelectorAll("button")) b.classList.toggle("hinted", b.dataset.action === key);
    const label = r.label || actionLabel(view, r.action);
    say(r.why ? t("hintWhy", label, r.why) : t("hintIs", label));  // the why: from the bot's own judgement
    if (renderer().showHint) renderer().showHint(r.action);
    app.dataset.hint = key;
  } catch (err) {
    fail(err);
  } finally {
    setBusy(false);
  }
}

async function undo() {
  const view = match.view;
  if (!view || view.seat === null || match.busy || view.over) return;
  const note = $("undo-note");
  if (!view.undo) {
    note.textContent = reasonText(view.undo_reason_key) || "";
    return;
  }
  const others = view.undo_computer_moves || 0;
  try {
    let back = await engine.request({ op: "undo", match: match.id, seat: view.seat });
    // past a step the page played by itself: to the player's own decision before it
    while (back.undo && renderer().autoAction && renderer().autoAction(back)) {
      back = await engine.request({ op: "undo", match: match.id, seat: view.seat });
    }
    setView(back);
    $("message").textContent = "";
    say("");
    // the documented rule, said where the player looks: the computer's moves went back too
    note.textContent = others ? t("undoneWith", others, computers()) : "";
    appendLog({ undo: true, others, computers: computers() });
  } catch (err) {
    fail(err);
  }
}

async function exportGame() {
  const replay = match.mode === "replay" ? match.replay
    : await engine.request(match.mode === "fair" ? { op: "fair_record", party: match.id } : { op: "save", match: match.id });
  const blob = new Blob([JSON.stringify(replay, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `urzeit-${replay.game || replay.table.game}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---- the replay viewer ----
// It steps by turn (a seat's moves until another seat decides) or, on request, by decision;
// it tells the turn shown in the engine's words (`history`, a spectator's) and lists every
// turn in the log, each a jump to its end.

export async function openReplay(replay) {
  // Validate the whole replay once (a bad one is refused before anything changes).
  const full = await engine.request({ op: "load", save: replay });
  const history = await engine.request({ op: "history", match: full.match, seat: null });
  match.replay = replay;
  match.step = replay.actions.length;
  match.turns = turnsOf(history.steps);
  match.replayByDecision = $("replay-by-decision").checked;
  openMatch({ match: full.match, view: await engine.request({ op: "view", match: full.match, seat: null }) }, { mode: "replay" });
  renderTurnList();
  await showStep(match.step);
}

function turnsOf(steps) {
  const turns = [];
  steps.forEach((step, i) => {
    const last = turns[turns.length - 1];
    if (last && last.seat === step.seat) {
      last.end = i + 1;
      last.steps.push(step);
    } else {
      turns.push({ seat: step.seat, start: i, end: i + 1, steps: [step] });
    }
  });
  return turns;
}

// A turn in words (its decisions up to `upto` steps of the game), in the page's language.
function turnText(turn, upto = turn.end) {
  const lines = turn.steps.slice(0, upto - turn.start).flatMap((st) => st.log.map((l) => l[getLang()]));
  const text = lines.filter(Boolean).join(" ");
  const who = match.names[turn.seat];
  return text || (who ? t("replayNoWords", who) : "");
}

function renderTurnList() {
  const log = $("log");
  log.replaceChildren();
  match.turns.forEach((turn, k) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "replay-turn";
    b.dataset.turn = String(k + 1);
    b.textContent = `${k + 1}. ${turnText(turn)}`;
    b.addEventListener("click", () => showStep(turn.end));
    const li = document.createElement("li");
    li.append(b);
    log.append(li);
  });
}

function replayStops() {
  // where stepping stops: every decision, or the end of every turn
  return match.replayByDecision ? [...Array(match.replay.actions.length + 1).keys()] : [0, ...match.turns.map((x) => x.end)];
}

function stepBy(dir) {
  const stops = replayStops();
  const s = match.step;
  const next = dir > 0 ? stops.find((x) => x > s) : [...stops].reverse().find((x) => x < s);
  showStep(next === undefined ? s : next);
}

function renderReplayPos() {
  const n = match.replay.actions.length;
  const s = match.step;
  const done = match.turns.filter((x) => x.end <= s).length;
  const current = match.turns.find((x) => x.start < s && s <= x.end);
  $("replay-pos").textContent = match.replayByDecision ? t("step", s, n) : t("turnPos", done, match.turns.length);
  $("replay-text").textContent = current ? turnText(current, s) : t("replayStart");
  app.dataset.replayTurn = String(done);
  $("log").querySelectorAll("button.replay-turn").forEach((b, k) => {
    const here = match.turns[k] === current;
    b.classList.toggle("current", here);
    if (here) b.setAttribute("aria-current", "step");
    else b.removeAttribute("aria-current");
  });
  // the turn shown stays in sight inside the log (the page itself does not scroll)
  const log = $("log");
  const cur = log.querySelector("button.replay-turn.current");
  if (cur) log.scrollTop += cur.getBoundingClientRect().top - log.getBoundingClientRect().top - log.clientHeight / 2;
}

async function showStep(k) {
  const n = match.replay.actions.length;
  match.step = Math.max(0, Math.min(n, k));
  const loaded = await engine.request({ op: "load", save: { ...match.replay, actions: match.replay.actions.slice(0, match.step) } });
  match.id = loaded.match;
  setView(await engine.request({ op: "view", match: loaded.match, seat: null }));
  renderReplayPos();
  app.dataset.replayStep = String(match.step);
}

export function leaveTable() {
  match.generation++;
  rememberTable(null);
  match.id = null;
  match.view = null;
  if (match.renderer && match.renderer.unmount) match.renderer.unmount();
  match.renderer = null;
  delete app.dataset.game;
  delete app.dataset.over;
  hideEnd();
  $("game").hidden = true;
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
  $("undo-button").addEventListener("click", undo);
  $("hint-button").addEventListener("click", hint);
  new ResizeObserver(statusHeight).observe($("status-line"));
  window.addEventListener("resize", statusHeight);
  $("export-button").addEventListener("click", () => exportGame().catch(fail));
  $("replay-first").addEventListener("click", () => showStep(0));
  $("replay-prev").addEventListener("click", () => stepBy(-1));
  $("replay-next").addEventListener("click", () => stepBy(1));
  $("replay-by-decision").addEventListener("change", (ev) => {
    match.replayByDecision = ev.target.checked;
    renderReplayPos();
  });
  $("replay-last").addEventListener("click", () => showStep(match.replay.actions.length));
  $("back-button").addEventListener("click", () => nav.toMenu());
  bindMoreMenu();
}

// A phone's bar is one row: "more" folds out the title and the rarer buttons below it (over
// the table, nothing moves); a choice in it, a tap elsewhere or Escape folds it again.
function bindMoreMenu() {
  const bar = $("game-bar"), more = $("more-button");
  const fold = (open) => {
    bar.classList.toggle("open", open);
    more.setAttribute("aria-expanded", String(open));
  };
  more.addEventListener("click", () => fold(!bar.classList.contains("open")));
  $("bar-more").addEventListener("click", (ev) => { if (ev.target.closest("button")) fold(false); });
  document.addEventListener("pointerdown", (ev) => { if (!bar.contains(ev.target)) fold(false); });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && bar.classList.contains("open")) { fold(false); more.focus(); }
  });
}
