// A lesson at the table (docs/lessons.md): the engine plays the script (lesson_* ops); this
// session shows the step's words in a panel under the whose-turn line (it sticks at the top of a
// phone's screen), rings what the step is about (the renderer resolves the lesson's target to a
// rect on the screen), offers "show me" and keeps the learner's progress (screens/lesson.mjs).
import { engine } from "../boot.mjs";
import { errorText, getLang, t } from "../i18n.mjs";
import { settings } from "../settings.mjs";
import { $, TEST_MODE, app, el, match, nav, showError } from "../screens/shared.mjs";
import { aloneWords, autoStep, isHumanTurn, logEvents, openTable, renderer, setView } from "../screens/table.mjs";
import { LESSON_WORDS, lessonProgress, saveProgress } from "../screens/lesson.mjs";
import { rememberTable } from "./remember.mjs";
import { Scope } from "./session.mjs";

const w = (key, ...args) => {
  const v = (LESSON_WORDS[getLang()] || LESSON_WORDS.de)[key];
  return typeof v === "function" ? v(...args) : v;
};
const tr = (o) => (o ? o[getLang()] ?? o.de : "");
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

let current = null;  // the lesson at the table (test hook)

export class LessonSession {
  constructor(r, game, name) {
    this.kind = "lesson";
    this.matchId = r.match;
    this.id = r.lesson;
    this.game = game;
    this.name = name;
    this.learner = r.learner;
    this.step = r.step;
    this.say = null;
    this.sayKind = null;
    this.busy = false;
    this.targetKey = null;
    this.progress = null;
    this.found = null;
    this.offers = { undo: false, hint: false, again: false, replayBar: false, decisionIntoView: true, endInPanel: true };
    this.stats = null;
    this.scope = new Scope();
  }

  static async start(game, name, { fresh = false } = {}) {
    const saved = fresh ? null : lessonProgress(game, name);
    // the progress of an unfinished run (a lesson done before and begun again resumes too)
    const resume = saved && saved.at > 0 && saved.at < saved.count ? { at: saved.at, moves: saved.moves } : null;
    let r;
    let note = null;
    try {
      r = await engine.request({ op: "lesson_start", game, name, ...(resume ? { resume } : {}) });
    } catch (err) {
      if (!resume || err.reason !== "lesson.bad_progress") throw err;
      r = await engine.request({ op: "lesson_start", game, name });  // the lesson changed: from the start
      note = { de: LESSON_WORDS.de.restarted, en: LESSON_WORDS.en.restarted };
    }
    const s = new LessonSession(r, game, name);
    s.say = note;
    s.sayKind = note ? "note" : null;
    current = s;
    openTable(s, r.view);
    rememberTable(`lesson:${game}/${name}`);  // a reload resumes the lesson at this step
    for (const m of r.moves) logEvents([], m.log);  // a resumed lesson's log so far (no animation)
    s.keep(r);
    s.mountPanel();
    s.renderPanel();
    s.startRing();
    await autoStep(s);
    return s;
  }

  get alive() {
    return this.scope.alive && match.session === this;
  }

  // Leaving the table: the progress is kept already; the panel and the ring go.
  dispose() {
    if (current === this) current = null;
    engine.request({ op: "lesson_close", lesson: this.id }).catch(() => { /* gone already */ });
    this.scope.dispose();
    delete app.dataset.lesson;
  }

  decides(view) {
    return !view.over && view.current_seat !== null && match.seats[view.current_seat].kind === "human"
      && view.seat === view.current_seat;
  }

  turnWords(view) {
    return aloneWords(view);
  }

  viewAgain() {
    return engine.request({ op: "lesson_view", lesson: this.id });
  }

  record() {
    return engine.request({ op: "save", match: this.matchId });
  }

  relabel() {
    this.renderPanel();
  }

  keep(r) {
    this.progress = r.progress;
    saveProgress(this.game, this.name, { ...r.progress, count: r.step.count, done: r.step.kind === "end" });
  }

  // A reply: the moves one after another (the other seats' with a pause to follow them), then
  // the next step.
  async handle(r) {
    if (r.outcome === "undone") {
      setView(r.view);  // the renderer drops what the learner had chosen: back to the step
    } else {
      for (const m of r.moves) {
        if (!this.alive) return;
        // the opponent answers after a moment, so the learner sees each of its moves
        if (m.seat !== this.learner && !TEST_MODE) await sleep(Math.max(600, settings().aiPause));
        logEvents(m.events, m.log);
        setView(m.view);
      }
      if (!this.alive) return;
      setView(r.view);
    }
    this.step = r.step;
    this.say = r.say;
    this.sayKind = r.outcome === "undone" ? "undone" : r.say ? "explained" : null;
    this.targetKey = null;
    this.keep(r);
    this.renderPanel();
    if (r.outcome === "undone") this.forgetUndoneOnNextTouch(r.say);
  }

  // Why a move was undone stays until the learner touches the table again: then it would read as
  // if the new choice were wrong too.
  forgetUndoneOnNextTouch(say) {
    const board = $("board");
    if (!board) return;
    this.scope.listen(board, "pointerdown", () => {
      if (this.say !== say || this.sayKind !== "undone") return;
      this.say = null;
      this.sayKind = null;
      this.renderPanel();
    }, { once: true });
  }

  async send(req) {
    if (this.busy || !this.alive) return null;
    this.busy = true;
    app.dataset.busy = "true";
    $("message").textContent = "";
    try {
      const r = await engine.request({ lesson: this.id, step: this.step.index, ...req });
      if (!this.alive) return null;
      await this.handle(r);
      return r;
    } catch (err) {
      if (!this.alive) return null;
      if (err.code === "unknown_match") {  // the engine forgot the lesson (restarted): again from its progress
        this.busy = false;
        nav.startLesson(this.game, this.name).catch((e) => showError($("message"), e));
        return null;
      }
      // an illegal move: the rules' words, in the panel where the eye is; nothing changed
      showError($("message"), err);
      const words = errorText(err);
      this.say = { de: words, en: words };
      this.sayKind = "undone";
      this.renderPanel();
      return null;
    } finally {
      this.busy = false;
      if (this.alive) app.dataset.busy = "false";
    }
  }

  // The table's move: the lesson takes it or says why not. A step the renderer plays by itself
  // (auto) is played only where the lesson expects exactly that move.
  async act(action, { auto = false } = {}) {
    if (!isHumanTurn(match.view)) return { ok: false, code: "not_your_turn" };
    if (auto && !(this.step && this.step.kind === "move" && this.step.expect.some((a) => JSON.stringify(a) === JSON.stringify(action)))) {
      return { ok: false, code: "not_expected" };
    }
    const r = await this.send({ op: "lesson_act", action });
    if (r) autoStep(this);  // once the lesson is free again: a step the renderer plays itself
    return r ? { ok: r.outcome !== "undone", outcome: r.outcome } : { ok: false };
  }

  showMe() {
    const step = this.step;
    if (step && step.kind === "move" && step.expect.length) this.act(step.expect[0]);
  }

  async next() {
    if (this.step && this.step.kind === "read" && await this.send({ op: "lesson_next" })) autoStep(this);
  }

  // ---- the panel: the step's words, progress, the ways on ----

  mountPanel() {
    const panel = this.scope.element(el("div", { id: "lesson-panel", class: "lesson-panel", role: "region", "aria-live": "polite" }));
    $("status-line").append(panel);
    app.dataset.lesson = this.name;
  }

  renderPanel() {
    const panel = $("lesson-panel");
    if (!panel || !this.alive) return;
    const step = this.step;
    const end = step.kind === "end";
    const shown = Math.min(step.index + 1, step.count);
    panel.dataset.step = String(step.index);
    panel.dataset.kind = step.kind;
    const progress = el("div", { class: "lesson-progress", "aria-hidden": "true" });
    const bar = el("span", {});
    bar.style.width = `${Math.round((100 * (end ? step.count : step.index)) / step.count)}%`;
    progress.append(bar);
    const buttons = el("div", { class: "lesson-actions" });
    if (step.kind === "read") buttons.append(el("button", { type: "button", class: "primary", id: "lesson-next", onclick: () => this.next() }, w("next")));
    if (step.kind === "move") buttons.append(el("button", { type: "button", id: "lesson-show", onclick: () => this.showMe() }, w("showMe")));
    if (end) {
      buttons.append(el("button", { type: "button", class: "primary", id: "lesson-real-game", onclick: () => this.realGame() }, w("realGame")),
        el("button", { type: "button", id: "lesson-again", onclick: () => nav.startLesson(this.game, this.name, { fresh: true }).catch((err) => showError($("message"), err)) }, w("again")));
    }
    const extra = this.say ? el("p", { class: `lesson-say lesson-${this.sayKind}`, id: "lesson-say" }, tr(this.say)) : null;
    // "next" and "show me" share the head's row (one row less over the table on a phone); the
    // end's two long buttons go below its words
    panel.replaceChildren(...[
      el("div", { class: "lesson-head" }, el("span", { class: "lesson-count", id: "lesson-count" },
        end ? `${w("lessonLabel")} ✓` : w("stepOf", shown, step.count)), progress, end ? null : buttons),
      extra,
      el("p", { class: "lesson-text", id: "lesson-text" }, tr(step.say)),
      end ? buttons : null].filter(Boolean));
  }

  async realGame() {
    const game = this.game;
    const info = engine.hello.games.find((g) => g.id === game);
    const n = Math.max(2, info ? info.players[0] : 2);
    const seats = [{ kind: "human", name: t("seatName", 1, true) }];
    for (let i = 2; i <= n; i++) seats.push({ kind: "ai", level: "easy", name: t("seatName", i, false) });
    try {
      await nav.newGame({ game, seats, options: {} });
    } catch (err) {
      showError($("message"), err);
    }
  }

  // ---- the ring around what the step is about ----
  // The renderer resolves the lesson's target (and, for a move, the expected move: it knows
  // which of its controls comes next, e.g. the spot, then "rotate", then "place") to
  // {rect, element}; shell targets ({"shell": id}) are the page's own elements.

  targetOf() {
    const step = this.step;
    if (!step || step.kind === "end" || !match.view) return null;
    const target = step.target || null;
    if (target && target.shell) {
      const e = $(String(target.shell));
      return e ? { element: e, rect: e.getBoundingClientRect() } : null;
    }
    const r = renderer();
    if (!r.lessonTarget) return null;
    if (step.kind === "move" && (!isHumanTurn(match.view) || this.busy)) return null;
    return r.lessonTarget(target, step.kind === "move" ? step.expect[0] : null);
  }

  startRing() {
    const ring = this.scope.element(el("div", { id: "lesson-ring", class: "lesson-ring", "aria-hidden": "true" }));
    document.body.append(ring);
    let raf = 0;
    this.scope.defer(() => cancelAnimationFrame(raf));
    let last = "";
    const frame = () => {
      if (!this.scope.alive) return;
      raf = requestAnimationFrame(frame);
      if ($("game").hidden) { ring.hidden = true; return; }
      const found = this.targetOf();
      this.found = found;  // tests check that the ring's middle is this control
      const rect = found && found.rect;
      if (!rect || !rect.width) {
        if (!ring.hidden) ring.hidden = true;
        delete ring.dataset.target;
        last = "";
        return;
      }
      const key = `${Math.round(rect.left)},${Math.round(rect.top)},${Math.round(rect.width)},${Math.round(rect.height)}`;
      const what = found.element ? (found.element.id || found.element.className || found.element.tagName) : "";
      if (key === last && ring.dataset.target === what) return;
      last = key;
      ring.hidden = false;
      ring.dataset.target = String(what);
      const pad = 4;
      Object.assign(ring.style, { left: `${rect.left - pad}px`, top: `${rect.top - pad}px`,
                                  width: `${rect.width + 2 * pad}px`, height: `${rect.height + 2 * pad}px` });
      // a new thing to look at comes into sight, below the sticky lines at the top
      const id = `${this.step.index}|${what}`;
      if (this.targetKey !== id) {
        this.targetKey = id;
        bringIntoSight(rect);
      }
    };
    raf = requestAnimationFrame(frame);
  }
}

function bringIntoSight(rect) {
  const line = $("status-line").getBoundingClientRect();
  const top = getComputedStyle($("status-line")).position === "sticky" ? line.bottom : 0;
  const margin = 12;
  if (rect.top < top + margin) window.scrollBy(0, rect.top - top - margin);
  else if (rect.bottom > window.innerHeight - margin) {
    window.scrollBy(0, Math.min(rect.bottom - window.innerHeight + margin, rect.top - top - margin));
  }
}

// test hook: what the lesson shows now
export const lessonState = () => (current
  ? { id: current.id, step: current.step, say: current.say, progress: current.progress, busy: current.busy, found: current.found || null }
  : { id: null, step: null, say: null, progress: null, busy: false, found: null });
