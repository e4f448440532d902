// The games the page knows: one line per game. Each game's renderer module exports `game`:
// {id, titles, descriptions, players, minutes, picture(), options?, create(), listed?}.
// Nothing else in the page names a game.
import { game as sammler } from "./renderers/sammler.mjs";
import { game as spaeher } from "./renderers/spaeher.mjs";
import { game as elawa } from "./renderers/elawa.mjs";
import { game as nim } from "./renderers/nim.mjs";

export const GAMES = [sammler, spaeher, elawa, nim];

export function gameInfo(id) {
  return GAMES.find((g) => g.id === id) || null;
}
