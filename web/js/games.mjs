// The games the page knows: one line per game. Nothing else in the page names a game.
//
// Each game's renderer module exports `game`, what the menu shows:
//   id, titles {de, en}, descriptions {de, en} (one line), players [min, max], minutes [min, max],
//   picture() -> an element drawn from our own art, listed (false: only with ?test=1),
//   options {key: {label {de,en}, help? {de,en}, choices {value: {de,en}}, only? {otherKey: value}}}
//     (the words for the engine's options from hello; `only`: shown only with that choice),
//   create() -> a renderer for one match:
//     mount(board, host)   optional; host = {act(action) -> Promise, names (reworded in place on a
//                          language switch), seats, colours, lang() -> "de"|"en",
//                          message(text) (an error line), refreshLegal()}
//     update(view)         draw the view (or render(view, board, {names, lang}) without mount);
//                          the engine words the game (view.words: the legal actions' labels and
//                          the game's texts; a move's log lines): a renderer only draws
//     breakdown(view, lang) the final scoring as an element for the shared end screen
//                          (one [data-player] element per player)
//   optional on the game: css (a stylesheet of the game's own, relative to the page: linked
//     at start), rules {de, en} (the rules dialog's text), shareNote {de, en},
//     rulesPictures(lang, request) -> [{title, node, at: "start"|"end"}]: the rules dialog's
//       pictures (components drawn by the renderer; request(req) asks the engine, e.g. its
//       rules_example)
//     optional: showHint(action), onEvents(events), decisionElement() (scrolled to on a phone
//                          when a decision waits; default the table), scrollsToDecisions (true: the
//                          renderer scrolls its own decision areas into view), unmount(), hook (tests)
//     optional: autoAction(view) -> {action, note} or null: a step of the player's with nothing
//                          to decide, which the page plays at once (note: {de, en} for the status
//                          line); an undo goes back past it
import { engine } from "./boot.mjs";
import { getLang } from "./i18n.mjs";
import { game as sammler } from "./renderers/sammler/index.mjs";
import { game as spaeher } from "./renderers/spaeher/index.mjs";
import { game as elawa } from "./renderers/elawa/index.mjs";
import { game as nim } from "./renderers/nim/index.mjs";

export const GAMES = [sammler, spaeher, elawa, nim];

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

export function gameInfo(id) {
  return GAMES.find((g) => g.id === id) || null;
}

// A game's title in the page's language (a game the page has no entry for: the engine's).
export function entryTitle(id) {
  const g = gameInfo(id) || (engine.hello && engine.hello.games.find((x) => x.id === id));
  if (!g) return id;
  return g.titles[getLang()] || g.titles.de || id;
}
