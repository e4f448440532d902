// Lessons in the menu (docs/lessons.md): each game's guided games and their chapters, each
// ticked when done and each one to start by itself, resumable, and the learner's progress in
// this browser. The lesson at the table is a session
// (sessions/lesson.mjs). It knows no game by name: lessons come from the engine's hello.
import { engine } from "../boot.mjs";
import { getLang } from "../i18n.mjs";
import { $, el, nav, showError } from "./shared.mjs";

export const LESSON_WORDS = {
  de: {
    learn: "Lernen", learnTitle: "Neu hier? Lerne das Spiel in einer geführten Partie – in kurzen Kapiteln.",
    steps: (n) => `${n} Schritte`, stepOf: (k, n) => `Schritt ${k} von ${n}`, done: "geschafft",
    chapterStep: (c, k, n) => `Kapitel ${c} · Schritt ${k} von ${n}`, chapter: (c) => `Kapitel ${c}`,
    start: "Lernen ▸", resume: (k, n) => `Fortsetzen (Schritt ${k} von ${n})`, restart: "Von vorn",
    resumeChapter: (c, k, n) => `Fortsetzen (Kapitel ${c}, Schritt ${k} von ${n})`,
    play: "Spielen", goOn: "Fortsetzen", again: "Nochmal",
    showMe: "Zeig's mir", doIt: "Mach du es", next: "Weiter ▸", realGame: "Echtes Spiel gegen den leichten Computer",
    lessonAgain: "Lektion nochmal", lessonLabel: "Lektion", restarted: "Der gespeicherte Stand passte nicht mehr; die Lektion beginnt von vorn.",
    chapterDone: (c, title) => `✓ Kapitel ${c} geschafft: ${title}`, nextChapter: (c, title) => `Weiter mit Kapitel ${c}: ${title} ▸`,
    pause: "Pause – zum Menü", chapterHint: "Du kannst hier aufhören: im Menü geht es mit diesem Kapitel weiter.",
    right: "✓ Richtig!", answers: (name) => `${name} ist dran …`,
    coachOff: "Tipps aus", coachOffTitle: "Keine Tipps mehr von selbst (der Tipp-Knopf bleibt)",
  },
  en: {
    learn: "Learn", learnTitle: "New here? Learn the game in a guided game – in short chapters.",
    steps: (n) => `${n} steps`, stepOf: (k, n) => `Step ${k} of ${n}`, done: "done",
    chapterStep: (c, k, n) => `Chapter ${c} · step ${k} of ${n}`, chapter: (c) => `Chapter ${c}`,
    start: "Learn ▸", resume: (k, n) => `Resume (step ${k} of ${n})`, restart: "From the start",
    resumeChapter: (c, k, n) => `Resume (chapter ${c}, step ${k} of ${n})`,
    play: "Play", goOn: "Resume", again: "Again",
    showMe: "Show me", doIt: "Do it for me", next: "Next ▸", realGame: "Real game vs the easy computer",
    lessonAgain: "Lesson again", lessonLabel: "Lesson", restarted: "The saved progress no longer fitted; the lesson starts again.",
    chapterDone: (c, title) => `✓ Chapter ${c} done: ${title}`, nextChapter: (c, title) => `On to chapter ${c}: ${title} ▸`,
    pause: "Pause – to the menu", chapterHint: "You can stop here: the menu goes on with the next chapter.",
    right: "✓ Right!", answers: (name) => `${name}'s turn …`,
    coachOff: "Hints off", coachOffTitle: "No more hints by themselves (the hint button stays)",
  },
};
const w = (key, ...args) => {
  const v = (LESSON_WORDS[getLang()] || LESSON_WORDS.de)[key];
  return typeof v === "function" ? v(...args) : v;
};
export const lessonWord = w;  // the coach after a lesson (sessions/local.mjs) words its button here
const tr = (o) => (o ? o[getLang()] ?? o.de : "");

// ---- progress: {"<game>/<lesson>": {at, moves, count, done, chapters}} in the browser's storage ----
// at/moves: where the learner is (the steps passed, the moves made); chapters: the indexes of
// the chapters played to their end (each its own tick); done: every chapter ticked.

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
  if (!ok) return null;
  const chapters = Array.isArray(p.chapters) ? p.chapters.filter((k) => Number.isInteger(k) && k >= 0) : [];
  return { at: p.at, moves: p.moves, count: Number(p.count) || 0, done: p.done === true, chapters };
}

// `value`: {at, moves, count, chapters (ticked now), all (how many chapters)}; ticks are kept, a
// lesson once done stays ticked, even while it is played again
export function saveProgress(game, name, value) {
  const all = allProgress();
  const old = lessonProgress(game, name);
  const chapters = [...new Set([...(old ? old.chapters : []), ...(value.chapters || [])])].sort((a, b) => a - b);
  const done = Boolean((old && old.done) || (value.all && chapters.length >= value.all));
  all[`${game}/${name}`] = { at: value.at, moves: value.moves, count: value.count, chapters, done };
  try { localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* storage blocked: nothing kept */ }
}

// ---- the menu's entry: the game's lessons, each with its chapters (ticked when done) ----

// A lesson's chapters from hello (one chapter of all its steps where the engine names none).
function chaptersOf(l) {
  return Array.isArray(l.chapters) && l.chapters.length ? l.chapters : [{ titles: l.titles, first: 0, steps: l.steps }];
}

const chapterAt = (chapters, at) => chapters.reduce((k, c, i) => (c.first <= at ? i : k), 0);

export function lessonEntry(gameId) {
  const info = engine.hello && engine.hello.games.find((g) => g.id === gameId);
  const list = info && Array.isArray(info.lessons) ? info.lessons : [];
  if (!list.length) return null;
  const box = el("div", { class: "lesson-entry", id: "lesson-entry" }, el("h3", {}, w("learn")), el("p", { class: "hint" }, w("learnTitle")));
  const ready = engine.status === "ready";
  for (const l of list) {
    const p = lessonProgress(gameId, l.id);
    const going = p && p.at > 0 && p.at < l.steps;
    const chapters = chaptersOf(l);
    const here = going ? chapterAt(chapters, p.at) : -1;
    const item = el("div", { class: "lesson-item", "data-lesson": l.id, "data-done": String(Boolean(p && p.done)) },
      el("span", { class: "lesson-name" }, p && p.done ? el("span", { class: "lesson-tick", "aria-label": w("done") }, "✓ ") : null,
        el("strong", {}, tr(l.titles)), " · ", el("span", { class: "hint" }, w("steps", l.steps))),
      el("span", { class: "lesson-summary" }, tr(l.summary)));
    const buttons = el("span", { class: "lesson-buttons" });
    const c = chapters[Math.max(here, 0)];
    const begin = el("button", { type: "button", class: "primary lesson-start", onclick: () => run(() => nav.startLesson(gameId, l.id, { fresh: !going })) },
      !going ? w("start") : chapters.length > 1 ? w("resumeChapter", here + 1, p.at - c.first + 1, c.steps) : w("resume", p.at + 1, l.steps));
    begin.disabled = !ready;
    buttons.append(begin);
    if (going) {
      const again = el("button", { type: "button", class: "lesson-restart", onclick: () => run(() => nav.startLesson(gameId, l.id, { fresh: true })) }, w("restart"));
      again.disabled = !ready;
      buttons.append(again);
    }
    item.append(buttons);
    if (chapters.length > 1) {  // each chapter by itself: a learner stops and picks one up
      const ticked = new Set(p ? (p.done ? chapters.map((_, k) => k) : p.chapters) : []);
      const ol = el("ol", { class: "lesson-chapters" });
      chapters.forEach((ch, k) => {
        const done = ticked.has(k);
        const label = k === here ? w("goOn") : done ? w("again") : w("play");
        const go = el("button", { type: "button", class: `lesson-chapter-start${k === here ? " primary" : ""}`,
                                  "aria-label": `${w("chapter", k + 1)}: ${tr(ch.titles)} – ${label}`,
                                  onclick: () => run(() => nav.startLesson(gameId, l.id, k === here ? {} : { chapter: k })) }, label);
        go.disabled = !ready;
        ol.append(el("li", { class: "lesson-chapter", "data-chapter": String(k), "data-done": String(done) },
          el("span", { class: "lesson-chapter-mark", "aria-label": done ? w("done") : "" }, done ? "✓" : String(k + 1)),
          el("span", { class: "lesson-chapter-name" }, tr(ch.titles), " ", el("span", { class: "hint" }, `· ${w("steps", ch.steps)}`)),
          go));
      });
      item.append(ol);
    }
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
