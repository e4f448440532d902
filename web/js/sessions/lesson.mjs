// A lesson at the table (docs/lessons.md): the engine plays the script (lesson_* ops); this
// session shows the step's words in a panel under the whose-turn line (it sticks at the top of a
// phone's screen), rings what the step is about (the renderer resolves the lesson's target to a
// rect on the screen), offers "show me" (an arrow first, the move on a second press), pauses
// between chapters and keeps the learner's progress (screens/lesson.mjs). Nothing it shows
// moves under a finger between pointerdown and click.
import { engine } from "../boot.mjs";
import { errorText, getLang, t } from "../i18n.mjs";
import { settings } from "../settings.mjs";
import { motionMs } from "../motion.mjs";
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
    this.showing = null;     // the step "show me" points at (a second press makes its move)
    this.answering = null;   // the learner's move was taken: {say} while the other seats answer
    this.chapterDone = null;  // a chapter just ended: its index, until the learner goes on
    this.offers = { undo: false, hint: false, again: false, replayBar: false, decisionIntoView: true, endInPanel: true };
    this.stats = null;
    this.scope = new Scope();
  }

  static async start(game, name, { fresh = false, chapter = null } = {}) {
    const saved = fresh || chapter !== null ? null : lessonProgress(game, name);
    // the progress of an unfinished run (a lesson done before and begun again resumes too)
    const resume = saved && saved.at > 0 && saved.at < saved.count ? { at: saved.at, moves: saved.moves } : null;
    let r;
    let note = null;
    try {
      r = await engine.request({ op: "lesson_start", game, name, ...(resume ? { resume } : {}), ...(chapter !== null ? { chapter } : {}) });
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

  viewAgain() {  // the table's view (the reply also carries the step)
    return engine.request({ op: "lesson_view", lesson: this.id }).then((r) => r.view);
  }

  record() {
    return engine.request({ op: "save", match: this.matchId });
  }

  relabel() {
    this.renderPanel();
  }

  // The progress kept; `ended`: the chapter the learner just played to its end (its tick).
  keep(r, ended = null) {
    this.progress = r.progress;
    saveProgress(this.game, this.name, { ...r.progress, count: r.step.count, chapters: ended === null ? [] : [ended],
                                          all: r.step.chapter ? r.step.chapter.count : 1 });
  }

  // A reply: the moves one after another (the other seats' with a pause to follow them), then
  // the next step. A move taken is answered at once ("right!", who answers now), before the
  // other seats' moves play: a tap that seems to do nothing gets tapped again.
  async handle(r) {
    const before = this.step;
    if (r.outcome === "undone") {
      setView(r.view);  // the renderer drops what the learner had chosen: back to the step
    } else {
      const other = r.moves.find((m) => m.seat !== this.learner);
      if (other) {
        this.answering = { say: r.say, who: match.names[other.seat] || "" };
        this.renderPanel();
      }
      for (const m of r.moves) {
        if (!this.alive) return;
        // the opponent answers after a moment, so the learner sees each of its moves
        if (m.seat !== this.learner && !TEST_MODE) await sleep(Math.max(600, settings().aiPause));
        logEvents(m.events, m.log);
        setView(m.view);
      }
      if (!this.alive) return;
      this.answering = null;
      setView(r.view);
    }
    this.step = r.step;
    this.say = r.say;
    this.sayKind = r.outcome === "undone" ? "undone" : r.say ? "explained" : null;
    this.targetKey = null;
    if (this.showing !== null && this.showing !== r.step.index) this.showing = null;
    // a chapter played to its end: its tick, and a pause before the next one
    const ended = before && before.chapter && r.step.chapter && before.index !== r.step.index
      && (r.step.kind === "end" || r.step.chapter.index !== before.chapter.index) ? before.chapter.index : null;
    this.keep(r, ended);
    if (ended !== null && r.step.kind !== "end") this.chapterDone = ended;
    this.renderPanel();
    if (r.outcome === "undone") this.forgetUndoneOnNextTouch(r.say);
  }

  // Why a move was undone stays until the learner touches the table again (then it would read
  // as if the new choice were wrong too). It fades in its place at the touch and goes once the
  // tap is over: nothing moves under the finger between pointerdown and click.
  forgetUndoneOnNextTouch(say) {
    const board = $("board");
    if (!board) return;
    this.scope.listen(board, "pointerdown", () => {
      if (this.say !== say || this.sayKind !== "undone") return;
      this.sayKind = "faded";
      const note = $("lesson-say");
      if (note) note.classList.replace("lesson-undone", "lesson-faded");
      this.scope.listen(window, "click", () => requestAnimationFrame(() => {
        if (this.say !== say || this.sayKind !== "faded") return;
        this.say = null;
        this.sayKind = null;
        this.renderPanel();
      }), { once: true, capture: true });
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
  // (auto) is played only where the lesson expects exactly that move. Between two chapters the
  // next step waits for "go on" (its words are not shown yet).
  async act(action, { auto = false } = {}) {
    if (!isHumanTurn(match.view)) return { ok: false, code: "not_your_turn" };
    if (this.chapterDone !== null) {
      setView(match.view);  // what the learner had chosen goes
      return { ok: false, code: "chapter_break" };
    }
    if (auto && !(this.step && this.step.kind === "move" && this.step.expect.some((a) => JSON.stringify(a) === JSON.stringify(action)))) {
      return { ok: false, code: "not_expected" };
    }
    const r = await this.send({ op: "lesson_act", action });
    if (r) autoStep(this);  // once the lesson is free again: a step the renderer plays itself
    return r ? { ok: r.outcome !== "undone", outcome: r.outcome } : { ok: false };
  }

  // "Show me": first an arrow flies to the control the ring shows and the learner makes the move;
  // a second press makes it for them (at once where nothing can be pointed at).
  showMe() {
    const step = this.step;
    if (this.busy || !step || step.kind !== "move" || !step.expect.length) return;
    if (this.showing === step.index || !this.targetOf()) {
      this.act(step.expect[0]);
      return;
    }
    this.showing = step.index;
    this.flight = performance.now();
    this.renderPanel();
  }

  async next() {
    if (this.step && this.step.kind === "read" && await this.send({ op: "lesson_next" })) autoStep(this);
  }

  // On from a chapter's end to the next chapter's first step.
  goOn() {
    this.chapterDone = null;
    this.targetKey = null;
    this.renderPanel();
    match.autoPlayed = null;  // a step with nothing to decide waited for the break's end
    autoStep(this);
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
    const chapter = step.chapter && step.chapter.count > 1 ? step.chapter : null;
    const broke = this.chapterDone !== null && !end;
    const kind = this.answering ? "answer" : broke ? "chapter-end" : step.kind;
    panel.dataset.step = String(step.index);
    panel.dataset.kind = kind;
    // the bar and the count: within the chapter where the lesson has chapters
    const [from, count] = chapter ? [chapter.first, chapter.steps] : [0, step.count];
    const passed = this.answering ? step.index + 1 : step.index;
    const progress = el("div", { class: "lesson-progress", "aria-hidden": "true" });
    const bar = el("span", {});
    bar.style.width = `${Math.round((100 * Math.min(count, end || broke ? count : passed - from)) / count)}%`;
    progress.append(bar);
    const shown = Math.min(step.index - from + 1, count);
    let head;
    if (end) head = `${w("lessonLabel")} ✓`;
    else if (broke) head = w("chapter", this.chapterDone + 1);
    else head = chapter ? w("chapterStep", chapter.index + 1, shown, count) : w("stepOf", shown, count);
    const buttons = el("div", { class: "lesson-actions" });
    let text = tr(step.say);
    if (this.answering) {
      text = w("answers", this.answering.who);
    } else if (broke) {
      text = w("chapterHint");
      buttons.append(el("button", { type: "button", class: "primary", id: "lesson-next-chapter", onclick: () => this.goOn() },
        w("nextChapter", step.chapter.index + 1, tr(step.chapter.titles))),
      el("button", { type: "button", id: "lesson-pause", onclick: () => nav.toMenu({ keepGame: this.game }) }, w("pause")));
    } else {
      if (step.kind === "read") buttons.append(el("button", { type: "button", class: "primary", id: "lesson-next", onclick: () => this.next() }, w("next")));
      if (step.kind === "move") {
        buttons.append(el("button", { type: "button", id: "lesson-show", class: this.showing === step.index ? "showing" : "",
                                      onclick: () => this.showMe() }, this.showing === step.index ? w("doIt") : w("showMe")));
      }
      if (end) {
        buttons.append(el("button", { type: "button", class: "primary", id: "lesson-real-game", onclick: () => this.realGame() }, w("realGame")),
          el("button", { type: "button", id: "lesson-again", onclick: () => nav.startLesson(this.game, this.name, { fresh: true }).catch((err) => showError($("message"), err)) }, w("lessonAgain")));
      }
    }
    let extra = null;
    if (this.answering) extra = el("p", { class: "lesson-say lesson-right", id: "lesson-say" }, this.answering.say ? tr(this.answering.say) : w("right"));
    else if (broke) extra = el("p", { class: "lesson-say lesson-right", id: "lesson-say" }, w("chapterDone", this.chapterDone + 1, this.chapterTitle(this.chapterDone)));
    else if (this.say) extra = el("p", { class: `lesson-say lesson-${this.sayKind}`, id: "lesson-say" }, tr(this.say));
    // "next" and "show me" share the head's row (one row less over the table on a phone); the
    // end's and a chapter's end's long buttons go below its words
    const below = end || broke;
    panel.replaceChildren(...[
      el("div", { class: "lesson-head" }, el("span", { class: "lesson-count", id: "lesson-count" }, head), progress, below ? null : buttons),
      extra,
      el("p", { class: "lesson-text", id: "lesson-text" }, text),
      below ? buttons : null].filter(Boolean));
  }

  // A chapter's title from the lesson's list in hello (the step knows only its own chapter).
  chapterTitle(k) {
    const info = engine.hello && engine.hello.games.find((g) => g.id === this.game);
    const lesson = info && (info.lessons || []).find((l) => l.id === this.name);
    const chapter = lesson && Array.isArray(lesson.chapters) ? lesson.chapters[k] : null;
    return chapter ? tr(chapter.titles) : "";
  }

  async realGame() {
    const game = this.game;
    const info = engine.hello.games.find((g) => g.id === game);
    const n = Math.max(2, info ? info.players[0] : 2);
    const seats = [{ kind: "human", name: t("seatName", 1, true) }];
    for (let i = 2; i <= n; i++) seats.push({ kind: "ai", level: "easy", name: t("seatName", i, false) });
    try {
      await nav.newGame({ game, seats, options: {}, coach: true });  // its first turns show the hint (sessions/local.mjs)
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
    if (!step || step.kind === "end" || !match.view || this.answering || this.chapterDone !== null) return null;
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
    // "show me": an arrow at the ring, flown there from the button (a short animation)
    const arrow = this.scope.element(el("div", { id: "lesson-arrow", class: "lesson-arrow", "aria-hidden": "true", hidden: true }));
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 40 48");
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", "M14 2h12v24h10L20 46 4 26h10z");
    svg.append(path);
    arrow.append(svg);
    document.body.append(ring, arrow);
    let raf = 0;
    this.scope.defer(() => cancelAnimationFrame(raf));
    let fingerDown = false;
    let presses = 0;
    this.scope.listen(window, "pointerdown", () => { fingerDown = true; presses++; }, { capture: true });
    for (const type of ["click", "pointercancel"]) this.scope.listen(window, type, () => { fingerDown = false; }, { capture: true });
    // a press that gives no click (a drag, a press held away) frees the scroll a moment later
    this.scope.listen(window, "pointerup", () => {
      const press = presses;
      this.scope.timeout(() => { if (press === presses) fingerDown = false; }, 350);
    }, { capture: true });
    let last = "";
    const frame = () => {
      if (!this.scope.alive) return;
      raf = requestAnimationFrame(frame);
      if ($("game").hidden) { ring.hidden = true; arrow.hidden = true; return; }
      const found = this.targetOf();
      this.found = found;  // tests check that the ring's middle is this control
      const rect = found && found.rect;
      if (!rect || !rect.width) {
        if (!ring.hidden) ring.hidden = true;
        if (!arrow.hidden) arrow.hidden = true;
        delete ring.dataset.target;
        last = "";
        return;
      }
      this.placeArrow(arrow, rect);
      const key = `${Math.round(rect.left)},${Math.round(rect.top)},${Math.round(rect.width)},${Math.round(rect.height)}`;
      const what = found.element ? (found.element.id || found.element.className || found.element.tagName) : "";
      ring.classList.toggle("showing", this.showing === this.step.index);
      // a new thing to look at comes into sight, below the sticky lines at the top; not while
      // a finger is down (the page would scroll under it before its click lands), then after
      const id = `${this.step.index}|${what}`;
      if (this.targetKey !== id && !fingerDown) {
        this.targetKey = id;
        bringIntoSight(rect);
      }
      if (key === last && ring.dataset.target === what) return;
      last = key;
      ring.hidden = false;
      ring.dataset.target = String(what);
      const pad = 4;
      Object.assign(ring.style, { left: `${rect.left - pad}px`, top: `${rect.top - pad}px`,
                                  width: `${rect.width + 2 * pad}px`, height: `${rect.height + 2 * pad}px` });
    };
    raf = requestAnimationFrame(frame);
  }

  // The arrow of "show me": its tip on the target's edge, from above (from below where the
  // sticky lines leave no room above); the first frames fly it there from the button.
  placeArrow(arrow, rect) {
    if (this.showing !== this.step.index) {
      if (!arrow.hidden) arrow.hidden = true;
      return;
    }
    const w = 40, h = 48, inset = Math.min(8, rect.height / 4);
    const status = $("status-line");
    const top = status && getComputedStyle(status).position === "sticky" ? status.getBoundingClientRect().bottom : 0;
    const above = rect.top - h > top;
    const tipX = rect.left + rect.width / 2;
    const tipY = above ? rect.top + inset : rect.top + rect.height - inset;
    let x = tipX - w / 2, y = above ? tipY - h : tipY;
    const ms = motionMs() ? 600 : 0;
    const t = ms ? Math.min(1, (performance.now() - this.flight) / ms) : 1;
    if (t < 1) {  // from the "show me" button, easing in
      const b = $("lesson-show");
      const from = b ? b.getBoundingClientRect() : null;
      if (from && from.width) {
        const k = 1 - (1 - t) ** 3;
        x = from.left + from.width / 2 - w / 2 + (x - (from.left + from.width / 2 - w / 2)) * k;
        y = from.top + (y - from.top) * k;
      }
    }
    arrow.hidden = false;
    arrow.dataset.dir = above ? "down" : "up";
    arrow.dataset.tipX = String(Math.round(tipX));
    arrow.dataset.tipY = String(Math.round(tipY));
    arrow.classList.toggle("landed", t >= 1);
    arrow.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
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
