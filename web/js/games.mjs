// The games the page knows: one line per game. Nothing else in the page names a game.
//
// A game's entry (its folder's index.mjs exports `game`) holds only what draws: the renderer,
// the menu's picture, the stylesheet, the rules text; renderers/contract.mjs says what each
// member is. What the game is — titles, description, players, playing time, options in words,
// listed — the engine declares once (Game.describe): hello once the engine is up, before that
// the build's copy of it (dist/data/games.json), so the menu paints at once.
import { engine } from "./boot.mjs";
import { getLang } from "./i18n.mjs";
import { game as sammler } from "./renderers/sammler/index.mjs";
import { game as spaeher } from "./renderers/spaeher/index.mjs";
import { game as elawa } from "./renderers/elawa/index.mjs";
import { game as nim } from "./renderers/nim/index.mjs";

export const GAMES = [sammler, spaeher, elawa, nim];

// The build's copy of hello's games, for the first paint (an error here leaves the menu empty
// until the engine is up, nothing worse).
let firstPaint = [];
try {
  const response = await fetch(new URL("../data/games.json", import.meta.url));
  const games = response.ok ? await response.json() : [];
  if (Array.isArray(games)) firstPaint = games.filter((g) => g && typeof g.id === "string");
} catch { /* the engine's hello brings them */ }

// Each game's own stylesheet, linked once at start (the shell has none of a game's styles).
export function linkGameStyles(doc = document) {
  for (const g of GAMES) {
    if (!g.css || doc.querySelector(`link[data-game-css="${g.id}"]`)) continue;
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = g.css;
    link.dataset.gameCss = g.id;
    doc.head.append(link);
  }
}

// A game's entry (what draws it), or null for a game the page has no folder for.
export function gameInfo(id) {
  return GAMES.find((g) => g.id === id) || null;
}

// The games as the engine describes them, in the registry's order (then any the page cannot draw).
export function describedGames() {
  const games = engine.hello ? engine.hello.games : firstPaint;
  const place = (id) => { const i = GAMES.findIndex((g) => g.id === id); return i < 0 ? GAMES.length : i; };
  return [...games].sort((a, b) => place(a.id) - place(b.id));
}

export function described(id) {
  return describedGames().find((g) => g.id === id) || null;
}

// A game's title in the page's language (its id for a game nobody describes).
export function entryTitle(id) {
  const g = described(id);
  return g && g.titles ? g.titles[getLang()] ?? g.titles.de : id;
}
