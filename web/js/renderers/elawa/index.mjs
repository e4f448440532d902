// Elawa (game id "elawa"): the menu's picture, and the renderer, its styles and rules text,
// all in this folder. Cards have no printed names: players call them by colour and kind
// ("blaue Hütte"), and so does the engine, which words everything (games/elawa/words.py).
// The modules: data (card data, colours, pure names), cards (a card in the DOM and on the
// canvas), circle (the stacks round the fire), areas (players, hand, tribes), bar (the
// prompt bar), legend, summary (the end), renderer (one match), rules (the rules text).

import { el } from "../common.mjs";
import { createElawaRenderer } from "./renderer.mjs";
import { rules, shareNote } from "./rules.mjs";
import { rulesPictures } from "./rules-pictures.mjs";

export { endSummary } from "./summary.mjs";

// ---- the menu's picture and the entry (the registry web/js/games.mjs lists this) ---------

const PICTURE = `<svg viewBox="0 0 240 120" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
<rect width="240" height="120" fill="#3d2c1e"/>
<g transform="translate(120 62)">
${[0, 1, 2, 3, 4, 5].map((i) => {
    const a = (i / 6) * Math.PI * 2 - Math.PI / 2, x = Math.cos(a) * 78, y = Math.sin(a) * 40;
    const c = ["#2e6fd1", "#2f9e44", "#e0b020", "#e67e22", "#c0392b", "#7b2d8e"][i];
    return `<rect x="${(x - 14).toFixed(1)}" y="${(y - 19).toFixed(1)}" width="28" height="38" rx="4" fill="#fffaf0" stroke="${c}" stroke-width="4"/>`;
  }).join("")}
<ellipse cx="0" cy="6" rx="26" ry="10" fill="#6d4a2b"/>
<path d="M-14 4 Q-10 -22 0 -30 Q4 -14 12 -22 Q16 -6 14 4 Z" fill="#e8862a"/>
<path d="M-6 4 Q-4 -12 2 -18 Q6 -6 8 4 Z" fill="#ffd23a"/>
</g></svg>`;

function picture() {
  const box = el("div", { class: "pic-svg", "aria-hidden": "true" });
  box.innerHTML = PICTURE;  // our own static drawing
  return box;
}

// what draws the game (its titles, players and options are the engine's: Game.describe)
export const game = {
  id: "elawa", picture, create: createElawaRenderer,
  css: "js/renderers/elawa/style.css", rules, rulesPictures, shareNote,
};
