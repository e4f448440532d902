// Hidden-hand Nim (test game): the pile, your hand, the other hand face down. The engine
// words its moves (py/urzeit/games/nim/words.py); the renderer keeps the same contract as the
// others (renderers/contract.mjs).
import { el } from "../common.mjs";
import { RULES } from "./rules.mjs";

const WORDS = {
  de: { others: (hidden, deck) => `Verdeckte Karten der anderen: ${hidden} · Stapel: ${deck}`, lastStone: "Letzter Stein" },
  en: { others: (hidden, deck) => `Others' hidden cards: ${hidden} · deck: ${deck}`, lastStone: "Last stone" },
};

export function createNimRenderer() {
  let board = null;
  let host = null;
  const words = () => WORDS[host.lang()] || WORDS.de;

  function update(view) {
    const pile = el("div", { class: "nim-pile", "aria-label": `pile ${view.pile}`, "data-pile": String(view.pile) });
    for (let i = 0; i < view.pile; i++) pile.append(el("span", { class: "nim-stone" }));
    const hand = el("div", { class: "nim-hand" }, ...(view.hand || []).map((v) => el("span", { class: "nim-card" }, String(v))));
    const hidden = view.hand_counts.filter((_, i) => i !== view.seat).reduce((a, b) => a + b, 0);
    board.replaceChildren(pile, hand, el("p", { class: "hint" }, words().others(hidden, view.deck_count)));
  }

  // the one source of points: who took the last stone
  function breakdown(view, lang) {
    const w = WORDS[lang] || WORDS.de;
    return el("table", { class: "breakdown" },
      ...view.scores.map((s, i) => el("tr", { "data-player": String(i) },
        el("td", {}, host.names[i]), el("td", {}, w.lastStone), el("th", {}, String(s)))));
  }

  return {
    mount(container, hostApi) { board = container; host = hostApi; board.replaceChildren(); },
    update, breakdown,
    unmount() { board = null; host = null; },
  };
}

// what draws the game (its titles, players and options are the engine's: Game.describe)
export const game = {
  id: "nim", create: createNimRenderer,
  css: "js/renderers/nim/style.css",
  rules: RULES,
};
