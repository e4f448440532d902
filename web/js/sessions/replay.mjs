// The replay viewer: a finished (or exported) game turn by turn. It opens at the first turn (or
// where the player last was in this game), steps by turn (a seat's moves until another seat
// decides) or, on request, by decision; it tells the turn shown in the engine's words
// (`history`, a spectator's) and lists every turn in the log, each a jump to its end. Its bar sits
// right above the board; the game's end shows below the table (style.css), so the bar never moves.
import { engine } from "../boot.mjs";
import { getLang, t } from "../i18n.mjs";
import { $, app, match } from "../screens/shared.mjs";
import { fail, openTable, resultText, setView } from "../screens/table.mjs";
import { rememberTable } from "./remember.mjs";
import { Queue, Scope } from "./session.mjs";

export class ReplaySession {
  constructor(replay, matchId, turns, atEnd = false) {
    this.kind = "replay";
    this.matchId = matchId;
    this.replay = replay;
    this.turns = turns;
    this.key = replayKey(replay);
    this.step = lastStep(this.key, replay.actions.length, atEnd ? replay.actions.length : 0);
    this.offers = { undo: false, hint: false, again: true, replayBar: true, decisionIntoView: false };
    this.stats = null;  // the statistics keep games where they were played
    this.scope = new Scope();
    this.queue = new Queue();
    this.byDecision = $("replay-by-decision").checked;
  }

  // Validates the whole replay once (a bad one is refused before anything changes). A finished
  // game sent by link opens at its end (how it ended), any other at the first turn; both where
  // the player last was if they saw this game before.
  static async open(replay, { atEnd = false } = {}) {
    const full = await engine.request({ op: "load", save: replay });
    const history = await engine.request({ op: "history", match: full.match, seat: null });
    const view = await engine.request({ op: "view", match: full.match, seat: null });
    const s = new ReplaySession(replay, full.match, turnsOf(history.steps), atEnd);
    openTable(s, view);
    rememberTable(null);
    s.bind();
    s.renderTurnList();
    await s.showStep(s.step);
    return s;
  }

  bind() {
    const on = (id, type, fn) => this.scope.listen($(id), type, (ev) => Promise.resolve(fn(ev)).catch(fail));
    on("replay-first", "click", () => this.showStep(0));
    on("replay-prev", "click", () => this.stepBy(-1));
    on("replay-next", "click", () => this.stepBy(1));
    on("replay-last", "click", () => this.showStep(this.replay.actions.length));
    on("replay-by-decision", "change", (ev) => {
      this.byDecision = ev.target.checked;
      this.renderPos();
    });
  }

  dispose() {
    this.scope.dispose();
  }

  decides() {
    return false;
  }

  turnWords(view) {
    if (view.over) return `${t("replayOver")}: ${resultText(view)}`;
    if (view.current_seat === null) return "";
    return t("replayTurn", match.names[view.current_seat]);
  }

  act() {
    return Promise.resolve({ ok: false, code: "not_your_turn" });
  }

  viewAgain() {
    return engine.request({ op: "view", match: this.matchId, seat: null });
  }

  record() {
    return Promise.resolve(this.replay);
  }

  replayRecord() {
    return Promise.resolve(this.replay);
  }

  relabel() {
    this.renderTurnList();
    this.renderPos();
    return "log";  // the list of turns is this session's own log
  }

  // A turn in words (its decisions up to `upto` steps of the game), in the page's language.
  turnText(turn, upto = turn.end) {
    const lines = turn.steps.slice(0, upto - turn.start).flatMap((st) => st.log.map((l) => l[getLang()]));
    const text = lines.filter(Boolean).join(" ");
    const who = match.names[turn.seat];
    return text || (who ? t("replayNoWords", who) : "");
  }

  renderTurnList() {
    const log = $("log");
    log.replaceChildren();
    this.turns.forEach((turn, k) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "replay-turn";
      b.dataset.turn = String(k + 1);
      b.textContent = `${k + 1}. ${this.turnText(turn)}`;
      b.addEventListener("click", () => this.showStep(turn.end));
      const li = document.createElement("li");
      li.append(b);
      log.append(li);
    });
  }

  // where stepping stops: every decision, or the end of every turn
  stops() {
    return this.byDecision ? [...Array(this.replay.actions.length + 1).keys()] : [0, ...this.turns.map((x) => x.end)];
  }

  stepBy(dir) {
    const stops = this.stops();
    const s = this.step;
    const next = dir > 0 ? stops.find((x) => x > s) : [...stops].reverse().find((x) => x < s);
    return this.showStep(next === undefined ? s : next);
  }

  renderPos() {
    const n = this.replay.actions.length;
    const s = this.step;
    const done = this.turns.filter((x) => x.end <= s).length;
    const current = this.turns.find((x) => x.start < s && s <= x.end);
    $("replay-pos").textContent = this.byDecision ? t("step", s, n) : t("turnPos", done, this.turns.length);
    $("replay-text").textContent = current ? this.turnText(current, s) : t("replayStart");
    app.dataset.replayTurn = String(done);
    $("log").querySelectorAll("button.replay-turn").forEach((b, k) => {
      const here = this.turns[k] === current;
      b.classList.toggle("current", here);
      if (here) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    });
    // the turn shown stays in sight inside the log (the page itself does not scroll)
    const log = $("log");
    const cur = log.querySelector("button.replay-turn.current");
    if (cur) log.scrollTop += cur.getBoundingClientRect().top - log.getBoundingClientRect().top - log.clientHeight / 2;
  }

  showStep(k) {
    return this.queue.run(async () => {
      const n = this.replay.actions.length;
      this.step = Math.max(0, Math.min(n, k));
      const loaded = await engine.request({ op: "load", save: { ...this.replay, actions: this.replay.actions.slice(0, this.step) } });
      if (!this.scope.alive) return;
      this.matchId = match.id = loaded.match;
      setView(await engine.request({ op: "view", match: loaded.match, seat: null }));
      this.renderPos();
      app.dataset.replayStep = String(this.step);
      keepStep(this.key, this.step);
    });
  }
}

// ---- where the player last was in a replay: {key: step} in the browser's storage ----

const AT_KEY = "urzeit.replayAt";
const KEPT = 30;  // replays remembered; the oldest is forgotten first

// A replay's identity: a hash of its game, seed, seats and moves (FNV-1a, 32 bits).
function replayKey(replay) {
  const text = JSON.stringify([replay.game, replay.seed, replay.options, (replay.seats || []).map((x) => x.name), replay.actions]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${replay.game}:${h.toString(36)}:${replay.actions.length}`;
}

function keptSteps() {
  try {
    const v = JSON.parse(localStorage.getItem(AT_KEY) || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

function lastStep(key, n, otherwise) {
  const k = keptSteps()[key];
  return Number.isInteger(k) && k >= 0 && k <= n ? k : otherwise;
}

function keepStep(key, step) {
  const all = keptSteps();
  delete all[key];  // newest last
  all[key] = step;
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) delete all[old];
  try { localStorage.setItem(AT_KEY, JSON.stringify(all)); } catch { /* storage blocked: opens at the start */ }
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
