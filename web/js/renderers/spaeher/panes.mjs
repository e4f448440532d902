// Jäger und Späher on a phone: one screen per turn. The board is as tall as the first screen
// leaves it; below the prompt four tabs show one pane at a time (the places, the display, your
// hand, the other tribe), and a new kind of step shows the pane of its choice. A pane scrolls
// by itself when it is long; the page is never scrolled to a choice. A wide screen shows every
// pane at once (the stylesheet), and none of this applies there.

import { el } from "../common.mjs";

export const PANES = ["places", "display", "mine", "others"];  // the tabs, in their order
const MIN_HEIGHT = 420;  // never shorter (a landscape phone scrolls the page instead)
export const CHOICE = ".choosable, .takeable, [data-action]";
export const paneOf = (e) => e.closest("[data-pane]");

// parts: {root, tabs, table, hand} (the renderer's elements), words() (names.mjs's words),
// view() and myTurn() (the view drawn, whether its viewer decides now).
export function createPanes({ root, tabs, table, hand, words, view, myTurn }) {
  let pane = "mine";
  let paneFor = null;  // the kind of step the pane was chosen for (null: another's turn)
  let fitted = "";

  // the tabs show: a phone
  const phone = () => getComputedStyle(tabs).display !== "none";

  tabs.replaceChildren(...PANES.map((id) => el("button", {
    type: "button", class: "sp-tab", role: "tab", "data-pane": id, "aria-controls": `sp-pane-${id}`, onclick: () => show(id),
  })));

  // The panes that hold a choice of this step.
  function asking() {
    return new Set([...root.querySelectorAll(".sp-pane")].filter((p) => p.querySelector(CHOICE)).map((p) => p.dataset.pane));
  }

  // Where a step's choice is: the hand for a turn (the places when only a recall is left), for
  // the sunset's keep (the items) and loss (the tribe); the display for a column or a take;
  // else the places (a reveal, a place step, a recall).
  function stepPane(asks) {
    const v = view(), op = v.step && v.step.op;
    const want = ["turn", "sunset_lose", "sunset_keep"].includes(v.phase) ? "mine"
      : v.phase === "column" || v.phase === "sunset_take" || op === "take_character" ? "display" : "places";
    return asks.has(want) || !asks.size ? want : PANES.find((p) => asks.has(p));
  }

  // A drawn view: a new kind of step shows its pane; a step of the same kind keeps the pane the
  // player looks at while it holds a choice; another's turn changes nothing. force: the step's
  // pane again.
  function choose(force = false) {
    const v = view();
    if (myTurn()) {
      const asks = asking();
      const key = `${v.seat}|${v.phase}|${v.step ? v.step.op : ""}`;
      if (force || key !== paneFor || !asks.has(pane)) pane = stepPane(asks);
      paneFor = key;
    } else paneFor = null;
    apply();
    if (myTurn()) showChoice();
  }

  function show(id) {
    if (!PANES.includes(id)) return;
    pane = id;
    apply();
  }

  // the tabs say which pane is shown and which hold a choice
  function apply() {
    root.dataset.pane = pane;
    const asks = myTurn() ? asking() : new Set();
    const t = words();
    for (const b of tabs.children) {
      const id = b.dataset.pane, on = id === pane;
      b.setAttribute("aria-selected", String(on));
      b.tabIndex = on ? 0 : -1;
      b.classList.toggle("asks", asks.has(id));
      b.replaceChildren(el("span", { class: "sp-tab-name" }, t.panes[id]), asks.has(id) ? el("span", { class: "sp-tab-dot", "aria-hidden": "true" }) : "");
      b.setAttribute("aria-label", asks.has(id) ? `${t.panes[id]} (${t.asksHere})` : t.panes[id]);
    }
    for (const p of root.querySelectorAll(".sp-pane")) p.classList.toggle("active", p.dataset.pane === pane);
  }

  // The pane's own scroll brings its first choice into view when none is.
  function showChoice() {
    const all = [...stage().querySelectorAll(CHOICE)].filter((e) => paneOf(e) && paneOf(e).dataset.pane === pane);
    if (all.length && !all.some(inStage)) intoStage(all[0]);
  }

  // the scrolling box of the pane shown: the table's or the hand's
  const stage = () => (pane === "mine" ? hand : table);
  function inStage(e) {
    const b = stage().getBoundingClientRect(), r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  }
  function intoStage(e) {
    const box = stage(), b = box.getBoundingClientRect(), r = e.getBoundingClientRect();
    box.scrollTop += r.top < b.top || r.height > b.height ? r.top - b.top - 6 : r.bottom - b.bottom + 6;
  }

  // The element's pane shown and the element in its view (a hint's mark, a lesson's target).
  function reveal(e) {
    if (!paneOf(e)) return;
    if (paneOf(e).dataset.pane !== pane) show(paneOf(e).dataset.pane);
    if (!inStage(e)) intoStage(e);
  }

  // The board as tall as the first screen leaves it below what stands above it (the status
  // line, a hint's or a lesson's words), so a turn is one screen and the page below (the
  // scores, the log) never moves with the step.
  function fitHeight() {
    if (!root.isConnected) return;
    if (!phone()) {
      if (fitted) { root.style.removeProperty("--sp-h"); fitted = ""; }
      return;
    }
    const main = root.firstChild, board = root.parentElement;
    const top = main.getBoundingClientRect().top + window.scrollY;
    const below = board ? Math.max(0, board.getBoundingClientRect().bottom - main.getBoundingClientRect().bottom) : 0;
    const h = `${Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - below))}px`;
    if (h !== fitted) { root.style.setProperty("--sp-h", h); fitted = h; }
  }

  return { phone, choose, show, apply, reveal, inStage, stage, fitHeight, get pane() { return pane; } };
}
