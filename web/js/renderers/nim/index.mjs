// Hidden-hand Nim (test game): the pile, your hand, the other hand face down. The engine
// words its moves (py/urzeit/games/nim/words.py).
import { RULES } from "./rules.mjs";

export const nimRenderer = {
  titles: { de: "Nim mit verdeckten Karten (Test)", en: "Hidden-hand Nim (test)" },
  render(view, board, { lang }) {
    board.replaceChildren();
    const pile = document.createElement("div");
    pile.className = "nim-pile";
    pile.setAttribute("aria-label", `pile ${view.pile}`);
    pile.dataset.pile = view.pile;
    for (let i = 0; i < view.pile; i++) {
      const stone = document.createElement("span");
      stone.className = "nim-stone";
      pile.append(stone);
    }
    board.append(pile);
    const hand = document.createElement("div");
    hand.className = "nim-hand";
    for (const v of view.hand || []) {
      const card = document.createElement("span");
      card.className = "nim-card";
      card.textContent = v;
      hand.append(card);
    }
    board.append(hand);
    const others = document.createElement("p");
    others.className = "hint";
    const hidden = view.hand_counts.filter((_, i) => i !== view.seat).reduce((a, b) => a + b, 0);
    others.textContent = lang === "de" ? `Verdeckte Karten der anderen: ${hidden} · Stapel: ${view.deck_count}`
      : `Others' hidden cards: ${hidden} · deck: ${view.deck_count}`;
    board.append(others);
  },
};

export const game = {
  id: "nim", listed: false,
  titles: nimRenderer.titles,
  descriptions: { de: "Testspiel", en: "Test game" },
  players: [2, 2], minutes: [2, 2], create: () => nimRenderer,
  css: "js/renderers/nim/style.css",
  rules: RULES,
};
