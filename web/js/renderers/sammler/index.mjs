// Carcassonne – Jäger und Sammler: what the menu shows, the renderer, its stylesheet and its
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

export const game = {
  id: "sammler",
  titles: { de: "Carcassonne – Jäger und Sammler", en: "Carcassonne – Hunters and Gatherers" },
  descriptions: {
    de: "Lege Landschaftskarten an, setze Sammler in Wälder und Flüsse und Jäger auf die Wiesen.",
    en: "Lay landscape tiles, put gatherers in forests and rivers and hunters on the meadows.",
  },
  players: [2, 5], minutes: [30, 45], picture, create: createSammlerRenderer,
  css: "js/renderers/sammler/style.css", rules, rulesPictures, shareNote,
};
