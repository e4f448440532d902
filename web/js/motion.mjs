// Moves you can follow: a thing that moved flies from where it was to where it is now (FLIP:
// the element is already in its new place, a transform animates it from the old rect). Never
// longer than 400 ms, none with prefers-reduced-motion or the setting "off", and nothing
// waits for it: the element is where it belongs at once (taps land on it), and the next move
// finishes every running flight first.
//
// Elements to follow carry data-motion="<identity>" or "<identity>@<place>" (a card is its
// identity; a token or pawn is one of many alike, at a place). After a redraw an element with
// the same key as before flies from its old rect; a new one takes the rect of a vanished one
// of the same identity (a pawn went from the camp to a site), else the rect the renderer says
// it came from (a card taken from a canvas), else it stays still.

import { settings } from "./settings.mjs";

const DURATION = { normal: 260, slow: 400 };
const running = new Set();
// the last flights (what flew, for how long): tests and the bench read it
export const motionLog = [];
function logged(animation, what) {
  motionLog.push({ what, ms: animation.effect.getTiming().duration });
  if (motionLog.length > 50) motionLog.shift();
  return animation;
}

const reduced = () => Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

/** How long a flight lasts now, 0 when moves are not animated. */
export function motionMs() {
  if (reduced()) return 0;
  return DURATION[settings().motion] || 0;
}

/** How many flights are in the air now (tests wait for 0 before they measure a moved element). */
export function flightsRunning() {
  return running.size;
}

/** Ends every running flight at once (its element is where it belongs). */
export function finishMotion() {
  for (const a of [...running]) {
    try { a.finish(); } catch { /* already gone */ }
  }
  running.clear();
}

function track(animation, cleanup) {
  running.add(animation);
  const done = () => { running.delete(animation); if (cleanup) cleanup(); };
  animation.addEventListener("finish", done);
  animation.addEventListener("cancel", done);
  return animation;
}

/** elem (in its new place) flies from the rect `from`; returns the Animation or null. */
export function flipFrom(elem, from) {
  const ms = motionMs();
  if (!ms || !from || !elem.animate || !elem.isConnected) return null;
  const to = elem.getBoundingClientRect();
  if (!to.width || !to.height) return null;
  const dx = from.left - to.left, dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(from.width - to.width) < 1) return null;
  const sx = from.width / to.width || 1, sy = from.height / to.height || 1;
  return logged(track(elem.animate([
    { transformOrigin: "0 0", transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` },
    { transformOrigin: "0 0", transform: "none" },
  ], { duration: ms, easing: "cubic-bezier(.2, .7, .3, 1)" })), elem.dataset.motion || elem.className);
}

/** A ghost (an element drawn for it, e.g. a canvas tile) flies over the page from one rect to
 * another and is removed; it never catches a tap. Returns the Animation or null. */
export function flyGhost(ghost, from, to) {
  const ms = motionMs();
  if (!ms || !from || !to || !ghost.animate) return null;
  Object.assign(ghost.style, {
    position: "fixed", left: `${to.left}px`, top: `${to.top}px`, width: `${to.width}px`, height: `${to.height}px`,
    pointerEvents: "none", zIndex: "40", margin: "0",
  });
  ghost.classList.add("motion-ghost");
  ghost.setAttribute("aria-hidden", "true");
  document.body.append(ghost);
  const sx = from.width / to.width || 1, sy = from.height / to.height || 1;
  return logged(track(ghost.animate([
    { transformOrigin: "0 0", transform: `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${sx}, ${sy})`, opacity: 0.9 },
    { transformOrigin: "0 0", transform: "none", opacity: 1 },
  ], { duration: ms, easing: "cubic-bezier(.2, .7, .3, 1)" }), () => ghost.remove()), ghost.dataset.motion || "ghost");
}

const identity = (key) => key.split("@")[0];

/** Where every followed element under root is now (running flights finished first). */
export function motionSnapshot(root) {
  finishMotion();
  const rects = new Map();
  if (!root || !motionMs()) return rects;
  for (const e of root.querySelectorAll("[data-motion]")) {
    if (e.getClientRects().length) rects.set(e.dataset.motion, e.getBoundingClientRect());
  }
  return rects;
}

/** After a redraw: each followed element flies from where it (or one like it) was before;
 * source(key) may give the rect a new one came from. Returns the number of flights. */
export function motionAfter(root, before, source = () => null) {
  if (!root || !motionMs()) return 0;
  const now = [...root.querySelectorAll("[data-motion]")];
  const keys = new Set(now.map((e) => e.dataset.motion));
  // the rects of what vanished, by identity, in the page's order
  const vanished = new Map();
  for (const [key, rect] of before) {
    if (keys.has(key)) continue;
    if (!vanished.has(identity(key))) vanished.set(identity(key), []);
    vanished.get(identity(key)).push(rect);
  }
  let flights = 0;
  for (const e of now) {
    const key = e.dataset.motion;
    let from = before.get(key);
    if (!from) {
      const pool = vanished.get(identity(key));
      from = pool && pool.length ? pool.shift() : source(key, e);
    }
    if (from && flipFrom(e, from)) flights++;
  }
  return flights;
}

/** Numbers the keys of alike elements: key(e) + "#n" for the n-th with the same key. */
export function keyMotion(root, selector, key) {
  const seen = new Map();
  for (const e of root.querySelectorAll(selector)) {
    const k = key(e);
    if (!k) continue;
    const n = (seen.get(k) || 0) + 1;
    seen.set(k, n);
    e.dataset.motion = `${k}#${n}`;
  }
}
