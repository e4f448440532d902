// Lessons in the menu (docs/lessons.md): each game's guided games, ticked when done,
// resumable, and the learner's progress in this browser. The lesson at the table is a session
// (sessions/lesson.mjs). It knows no game by name: lessons come from the engine's hello.
import { engine } from "../boot.mjs";
import { getLang } from "../i18n.mjs";
import { $, el, nav, showError } from "./shared.mjs";

export const LESSON_WORDS = {
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
  const v = (LESSON_WORDS[getLang()] || LESSON_WORDS.de)[key];
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

export function saveProgress(game, name, value) {
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
    const begin = el("button", { type: "button", class: "primary lesson-start", onclick: () => run(() => nav.startLesson(gameId, l.id, { fresh: !going })) },
      going ? w("resume", p.at + 1, l.steps) : w("start"));
    begin.disabled = engine.status !== "ready";
    buttons.append(begin);
    if (going) {
      const again = el("button", { type: "button", class: "lesson-restart", onclick: () => run(() => nav.startLesson(gameId, l.id, { fresh: true })) }, w("restart"));
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

// The game card's mark once every lesson of the game is done ("✓ Lektion"), else "".
export function lessonsDone(gameId) {
  const info = engine.hello && engine.hello.games.find((g) => g.id === gameId);
  const list = info && Array.isArray(info.lessons) ? info.lessons : [];
  return list.length && list.every((l) => (lessonProgress(gameId, l.id) || {}).done) ? `✓ ${w("lessonLabel")}` : "";
}
