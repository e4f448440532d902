// Small helpers the game renderers share.

// The seats' colours and shapes, moves that fly, the player's settings: one definition for
// every renderer (seats.mjs, motion.mjs, settings.mjs).
export { SEAT_SHAPES, seatMark, seatOfColour, seatShape, shapePath, highContrast } from "../seats.mjs";
export { flipFrom, flyGhost, keyMotion, motionMs } from "../motion.mjs";
export { settings } from "../settings.mjs";

// A DOM element: attributes (on* are listeners; null, undefined and false are left out) and
// children (null and undefined are left out).
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// A wide screen brings a decision into view: the page scrolls only when too little of it shows
// to tap it (less than `enough` of it, or of the screen), by the least that shows it, and not
// past the top of the game's bar (menu, hint) when it fits below the bar. `last` ends the span.
export function revealInPage(target, { enough = 0.6, last = target } = {}) {
  const top = target.getBoundingClientRect().top, bottom = last.getBoundingClientRect().bottom;
  const h = window.innerHeight, height = bottom - top;
  const shown = Math.min(bottom, h) - Math.max(top, 0);
  if (height <= 0 || shown >= Math.min(height, h) * enough) return;
  let dy = top < 0 || height > h ? top - 4 : bottom - h + 4;
  const bar = document.getElementById("game-bar");
  if (bar && dy > 0) {
    const barTop = bar.getBoundingClientRect().top;
    if (bottom - barTop <= h) dy = Math.min(dy, barTop);
  }
  if (dy) window.scrollBy({ top: dy, behavior: "instant" });
}

// A rounded rectangle as the current path of a 2D context.
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

// The last move glows on the table and fades out: the opacity now, or 0 once it is over.
const GLOW_MS = 1400;
export function glowAlpha(start) {
  return Math.max(0, 1 - (performance.now() - start) / GLOW_MS);
}

// ---- card details for the keyboard --------------------------------------------------------
// A card that shows its details on hover (mouse) or long-press (touch) shows them for the
// keyboard too: it can be reached with Tab, is named for screen readers, opens its details
// when it gets the keyboard focus or on Enter/Space, and Escape closes them.

/** Makes a card focusable and named: a native button keeps its role. */
export function focusableCard(elem, name) {
  if (elem.tagName !== "BUTTON") {
    if (!elem.hasAttribute("tabindex")) elem.tabIndex = 0;
    if (!elem.hasAttribute("role")) elem.setAttribute("role", "button");
  }
  if (name) elem.setAttribute("aria-label", name);
  elem.setAttribute("aria-haspopup", "dialog");
  return elem;
}

/** One set of listeners on `root` for every card in it matching `selector`: show(card) when a
 * card gets the keyboard focus (not a click or a tap: :focus-visible) or Enter/Space on a card
 * that does nothing else (acts(card) false), hide() when the focus leaves it or on Escape
 * (anywhere on the page: a detail opened by a long press closes too). Returns the cleanup. */
export function keyboardDetails(root, { selector, show, hide, acts = () => false }) {
  let shownFor = null;
  const open = (card) => { shownFor = card; show(card); };
  root.addEventListener("focusin", (ev) => {
    const card = ev.target.closest && ev.target.closest(selector);
    if (card && card === ev.target && card.matches(":focus-visible")) open(card);
  });
  root.addEventListener("focusout", (ev) => {
    if (shownFor && ev.target === shownFor && !shownFor.contains(ev.relatedTarget)) { shownFor = null; hide(); }
  });
  const escape = (ev) => {
    if (ev.key !== "Escape") return;
    shownFor = null;
    hide();
  };
  document.addEventListener("keydown", escape);
  root.addEventListener("keydown", (ev) => {
    const card = ev.target.closest && ev.target.closest(selector);
    if (!card || card !== ev.target || (ev.key !== "Enter" && ev.key !== " ")) return;
    if (card.tagName === "BUTTON" || acts(card)) return;  // its own action
    ev.preventDefault();
    open(card);
  });
  return () => document.removeEventListener("keydown", escape);
}

/** Redraws a part of the page that is built anew (draw()) and gives the keyboard focus back to
 * the element with the same data-focus-key, so a keyboard player does not start over. */
export function keepFocus(root, draw) {
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.dataset.focusKey : undefined;
  draw();
  if (key === undefined || root.contains(active)) return;
  const again = [...root.querySelectorAll("[data-focus-key]")].find((e) => e.dataset.focusKey === key);
  if (again) again.focus({ preventScroll: true });
}

// A canvas drawn only when something changed (`request`) and while `moving()` says something
// still moves: an idle table costs no CPU (a loop at the screen's rate kept some 10 % of a core
// busy; on a phone, its battery). `start` on mount, `stop` on unmount.
export function framesOnDemand(draw, moving) {
  let raf = 0, live = false;
  const request = () => { if (!raf && live) raf = requestAnimationFrame(frame); };
  function frame() {
    raf = 0;
    draw();
    if (moving()) request();
  }
  return {
    request,
    start() { live = true; request(); },
    stop() { live = false; cancelAnimationFrame(raf); raf = 0; },
  };
}
