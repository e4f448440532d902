// A lesson (docs/lessons.md): a guided first game at the normal table, drawn by the game's own
// renderer. The engine plays the script (lesson_* ops); this screen shows the step's words in a
// panel under whose-turn line (it sticks at the top of a phone's screen), rings what the step is
// about (the renderer resolves the lesson's target to a rect on the screen), offers "show me"
// and keeps the learner's progress (a lesson can be left and resumed; lessons done are ticked).
// It knows no game by name: lessons come from the engine's hello.
import { engine } from "../boot.mjs";
import { errorText, getLang, t } from "../i18n.mjs";
import { settings } from "../settings.mjs";
import { $, TEST_MODE, app, el, match, nav, showError } from "./shared.mjs";
import { isHumanTurn, logEvents, rememberTable, renderer, setView } from "./table.mjs";

const WORDS = {
  de: {
    learn: "Lernen", learnTitle: "Neu hier? Lerne das Spiel in einer geführten Partie.",
    steps: (n) => `${n} Schritte`, stepOf: (k, n) => `Schritt ${k} von ${n}`, done: "geschafft",
    start: "Lernen ▸", resume: (k, n) => `Fortsetzen (Schritt ${k} von ${n})`, restart: "Von vorn",
    showMe: "Zeig's mir", next: "Weiter ▸", realGame: "Echtes Spiel gegen den leichten Computer",
    again: "Lektion nochmal", lessonLabel: "Lektion", restarted: "Der gespeicherte Stand passte nicht mehr; die Lektion beginnt von vorn.",
  },
  en: {
    learn: "Learn", learnTitle: "New here? Learn the game in a guided game.",
    steps: (n) => `${n} steps`, stepOf: (k, n) => `Step ${k} of ${n}`, done: "done",
    start: "Learn ▸", resume: (k, n) => `Resume (step ${k} of ${n})`, restart: "From the start",
    showMe: "Show me", next: "Next ▸", realGame: "Real game vs the easy computer",
    again: "Lesson again", lessonLabel: "Lesson", restarted: "The saved progress no longer fitted; the lesson starts again.",
  },
};
const w = (key, ...args) => {
  const v = (WORDS[getLang()] || WORDS.de)[key];
  return typeof v === "function" ? v(...args) : v;
};
const tr = (o) => (o ? o[getLang()] ?? o.de : "");

// ---- progress: {"<game>/<lesson>": {at, moves, count, done}} in the browser's storage ----

const KEY = "urzeit.lessons";

function allProgress() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || "{}");
    return p && typeof p === "object" && !Array.isArray(p) ? p : {};
  } catch {
    return {};
  }
}

export function lessonProgress(game, name) {
  const p = allProgress()[`${game}/${name}`];
  const ok = p && typeof p === "object" && Number.isInteger(p.at) && p.at >= 0 && Array.isArray(p.moves);
  return ok ? { at: p.at, moves: p.moves, count: Number(p.count) || 0, done: p.done === true } : null;
}

function saveProgress(game, name, value) {
  const all = allProgress();
  const old = all[`${game}/${name}`];
  // a lesson once done stays ticked, even while it is played again
  all[`${game}/${name}`] = { ...value, done: Boolean(value.done || (old && old.done)) };
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* storage blocked: nothing kept */ }
}

// ---- the menu's entry: the game's lessons, ticked when done, resumable ----

export function lessonEntry(gameId) {
  const info = engine.hello && engine.hello.games.find((g) => g.id === gameId);
  const list = info && Array.isArray(info.lessons) ? info.lessons : [];
  if (!list.length) return null;
  const box = el("div", { class: "lesson-entry", id: "lesson-entry" }, el("h3", {}, w("learn")), el("p", { class: "hint" }, w("learnTitle")));
  for (const l of list) {
    const p = lessonProgress(gameId, l.id);
    const going = p && p.at > 0 && p.at < l.steps;
    const item = el("div", { class: "lesson-item", "data-lesson": l.id, "data-done": String(Boolean(p && p.done)) },
      el("span", { class: "lesson-name" }, p && p.done ? el("span", { class: "lesson-tick", "aria-label": w("done") }, "✓ ") : null,
        el("strong", {}, tr(l.titles)), " · ", el("span", { class: "hint" }, w("steps", l.steps))),
      el("span", { class: "lesson-summary" }, tr(l.summary)));
    const buttons = el("span", { class: "lesson-buttons" });
    const begin = el("button", { type: "button", class: "primary lesson-start", onclick: () => run(() => startLesson(gameId, l.id, { fresh: !going })) },
      going ? w("resume", p.at + 1, l.steps) : w("start"));
    begin.disabled = engine.status !== "ready";
    buttons.append(begin);
    if (going) {
      const again = el("button", { type: "button", class: "lesson-restart", onclick: () => run(() => startLesson(gameId, l.id, { fresh: true })) }, w("restart"));
      again.disabled = engine.status !== "ready";
      buttons.append(again);
    }
    item.append(buttons);
    box.append(item);
  }
  return box;
}

function run(fn) {
  fn().catch((err) => showError($("start-hint"), err));
}

// ---- the lesson at the table ----

const lesson = { id: null, game: null, name: null, step: null, learner: 0, say: null, sayKind: null, busy: false,
                 ring: null, raf: 0, targetKey: null, progress: null, found: null };

export function inLesson() {
  return match.mode === "lesson" && lesson.id !== null;
}

export async function startLesson(game, name, { fresh = false } = {}) {
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
    note = { de: WORDS.de.restarted, en: WORDS.en.restarted };
  }
  nav.openMatch({ match: r.match, view: r.view }, { mode: "lesson" });
  rememberTable(`lesson:${game}/${name}`);  // a reload resumes the lesson at this step
  Object.assign(lesson, { id: r.lesson, game, name, learner: r.learner, step: r.step, say: note, sayKind: note ? "note" : null,
                          busy: false, targetKey: null });
  for (const m of r.moves) logEvents([], m.log);  // a resumed lesson's log so far (no animation)
  keep(r);
  mountPanel();
  renderPanel();
  startRing();
  await autoStep();
}

function keep(r) {
  lesson.progress = r.progress;
  saveProgress(lesson.game, lesson.name, { ...r.progress, count: r.step.count, done: r.step.kind === "end" });
}

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

// A reply: the moves one after another (the other seats' with a pause to follow them), then
// the next step.
async function handle(r) {
  const generation = match.generation;
  if (r.outcome === "undone") {
    setView(r.view);  // the renderer drops what the learner had chosen: back to the step
  } else {
    for (const m of r.moves) {
      if (match.generation !== generation) return;
      // the opponent answers after a moment, so the learner sees each of its moves
      if (m.seat !== lesson.learner && !TEST_MODE) await sleep(Math.max(600, settings().aiPause));
      logEvents(m.events, m.log);
      setView(m.view);
    }
    if (match.generation !== generation) return;
    setView(r.view);
  }
  lesson.step = r.step;
  lesson.say = r.say;
  lesson.sayKind = r.outcome === "undone" ? "undone" : r.say ? "explained" : null;
  lesson.targetKey = null;
  keep(r);
  renderPanel();
  if (r.outcome === "undone") forgetUndoneOnNextTouch(r.say);
}

// Why a move was undone stays until the learner touches the table again: then it would read as
// if the new choice were wrong too.
function forgetUndoneOnNextTouch(say) {
  const board = $("board");
  if (!board) return;
  board.addEventListener("pointerdown", () => {
    if (lesson.say !== say || lesson.sayKind !== "undone") return;
    lesson.say = null;
    lesson.sayKind = null;
    renderPanel();
  }, { once: true });
}

// A step with nothing to decide that the renderer plays itself (autoAction), when the lesson
// expects exactly that move.
async function autoStep() {
  const view = match.view;
  const step = lesson.step;
  const auto = step && step.kind === "move" && renderer().autoAction && renderer().autoAction(view);
  if (auto && step.expect.some((a) => JSON.stringify(a) === JSON.stringify(auto.action))) await lessonAct(auto.action);
}

async function request(req) {
  const r = await send(req);
  if (r) await autoStep();  // once the lesson is free again: a step the renderer plays itself
  return r;
}

async function send(req) {
  if (lesson.busy || !inLesson()) return null;
  lesson.busy = true;
  app.dataset.busy = "true";
  $("message").textContent = "";
  try {
    const r = await engine.request({ lesson: lesson.id, step: lesson.step.index, ...req });
    await handle(r);
    return r;
  } catch (err) {
    if (err.code === "unknown_match") {  // the engine forgot the lesson (restarted): again from its progress
      lesson.busy = false;
      startLesson(lesson.game, lesson.name).catch((e) => showError($("message"), e));
      return null;
    }
    // an illegal move: the rules' words, in the panel where the eye is; nothing changed
    showError($("message"), err);
    const words = errorText(err);
    lesson.say = { de: words, en: words };
    lesson.sayKind = "undone";
    renderPanel();
    return null;
  } finally {
    lesson.busy = false;
    app.dataset.busy = "false";
  }
}

// The table's act() in a lesson: the move goes to the lesson, which takes it or says why not.
export async function lessonAct(action) {
  if (!isHumanTurn(match.view)) return { ok: false, code: "not_your_turn" };
  const r = await request({ op: "lesson_act", action });
  return r ? { ok: r.outcome !== "undone", outcome: r.outcome } : { ok: false };
}

function showMe() {
  const step = lesson.step;
  if (step && step.kind === "move" && step.expect.length) lessonAct(step.expect[0]);
}

function next() {
  if (lesson.step && lesson.step.kind === "read") request({ op: "lesson_next" });
}

// ---- the panel: the step's words, progress, the ways on ----

function mountPanel() {
  let panel = $("lesson-panel");
  if (!panel) {
    panel = el("div", { id: "lesson-panel", class: "lesson-panel", role: "region", "aria-live": "polite" });
    $("status-line").append(panel);
  }
  panel.hidden = false;
  app.dataset.lesson = lesson.name;
}

function renderPanel() {
  const panel = $("lesson-panel");
  if (!panel || !inLesson()) return;
  const step = lesson.step;
  const end = step.kind === "end";
  const shown = Math.min(step.index + 1, step.count);
  panel.dataset.step = String(step.index);
  panel.dataset.kind = step.kind;
  const progress = el("div", { class: "lesson-progress", "aria-hidden": "true" });
  const bar = el("span", {});
  bar.style.width = `${Math.round((100 * (end ? step.count : step.index)) / step.count)}%`;
  progress.append(bar);
  const buttons = el("div", { class: "lesson-actions" });
  if (step.kind === "read") buttons.append(el("button", { type: "button", class: "primary", id: "lesson-next", onclick: next }, w("next")));
  if (step.kind === "move") buttons.append(el("button", { type: "button", id: "lesson-show", onclick: showMe }, w("showMe")));
  if (end) {
    buttons.append(el("button", { type: "button", class: "primary", id: "lesson-real-game", onclick: realGame }, w("realGame")),
      el("button", { type: "button", id: "lesson-again", onclick: () => startLesson(lesson.game, lesson.name, { fresh: true }).catch((err) => showError($("message"), err)) }, w("again")));
  }
  const extra = lesson.say ? el("p", { class: `lesson-say lesson-${lesson.sayKind}`, id: "lesson-say" }, tr(lesson.say)) : null;
  // "next" and "show me" share the head's row (one row less over the table on a phone); the
  // end's two long buttons go below its words
  panel.replaceChildren(...[
    el("div", { class: "lesson-head" }, el("span", { class: "lesson-count", id: "lesson-count" },
      end ? `${w("lessonLabel")} ✓` : w("stepOf", shown, step.count)), progress, end ? null : buttons),
    extra,
    el("p", { class: "lesson-text", id: "lesson-text" }, tr(step.say)),
    end ? buttons : null].filter(Boolean));
}

export function relabelLesson() {
  if (inLesson()) renderPanel();
}

async function realGame() {
  const game = lesson.game;
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

function targetOf() {
  const step = lesson.step;
  if (!step || step.kind === "end" || !match.view) return null;
  const target = step.target || null;
  if (target && target.shell) {
    const e = $(String(target.shell));
    return e ? { element: e, rect: e.getBoundingClientRect() } : null;
  }
  const r = renderer();
  if (!r.lessonTarget) return null;
  if (step.kind === "move" && (!isHumanTurn(match.view) || lesson.busy)) return null;
  return r.lessonTarget(target, step.kind === "move" ? step.expect[0] : null);
}

function startRing() {
  if (!lesson.ring) {
    lesson.ring = el("div", { id: "lesson-ring", class: "lesson-ring", "aria-hidden": "true" });
    document.body.append(lesson.ring);
  }
  cancelAnimationFrame(lesson.raf);
  let last = "";
  const frame = () => {
    lesson.raf = requestAnimationFrame(frame);
    const ring = lesson.ring;
    if (!inLesson() || $("game").hidden) { ring.hidden = true; return; }
    const found = targetOf();
    lesson.found = found;  // tests check that the ring's middle is this control
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
    const id = `${lesson.step.index}|${what}`;
    if (lesson.targetKey !== id) {
      lesson.targetKey = id;
      bringIntoSight(rect);
    }
  };
  lesson.raf = requestAnimationFrame(frame);
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

// Leaving the table: the progress is kept already; the panel and the ring go.
export function leaveLesson() {
  if (lesson.id) engine.request({ op: "lesson_close", lesson: lesson.id }).catch(() => { /* gone already */ });
  lesson.id = null;
  cancelAnimationFrame(lesson.raf);
  if (lesson.ring) lesson.ring.hidden = true;
  const panel = $("lesson-panel");
  if (panel) { panel.hidden = true; panel.replaceChildren(); }
  delete app.dataset.lesson;
}

// test hook: what the lesson shows now
export const lessonState = () => ({ id: lesson.id, step: lesson.step, say: lesson.say, progress: lesson.progress,
                                    busy: lesson.busy, found: lesson.found || null });

// The game card's mark once every lesson of the game is done ("✓ Lektion"), else "".
export function lessonsDone(gameId) {
  const info = engine.hello && engine.hello.games.find((g) => g.id === gameId);
  const list = info && Array.isArray(info.lessons) ? info.lessons : [];
  return list.length && list.every((l) => (lessonProgress(gameId, l.id) || {}).done) ? `✓ ${w("lessonLabel")}` : "";
}
