// Carcassonne – Jäger und Sammler: the menu's picture, the renderer, its stylesheet and its
// rules text (the registry web/js/games.mjs lists this).

import { el } from "../common.mjs";
import { createSammlerRenderer } from "./renderer.mjs";
import { rules, shareNote } from "./rules.mjs";
import { rulesPictures } from "./rules-pictures.mjs";

function picture() {
  // a little landscape from our own tiles (web/tiles, drawn by build.py)
  const box = el("div", { class: "pic-tiles", "aria-hidden": "true" });
  for (const id of ["L07", "S01", "L21", "L33", "L12", "L45"]) {
    box.append(el("img", { src: new URL(`../../../tiles/${id}.svg`, import.meta.url).href, alt: "", loading: "lazy" }));
  }
  return box;
}

// what draws the game (its titles, players and options are the engine's: Game.describe)
export const game = {
  id: "sammler", picture, create: createSammlerRenderer,
  css: "js/renderers/sammler/style.css", rules, rulesPictures, shareNote,
};
