// The contract between the page's shell and a game's folder, written down once. The shell
// (screens/) calls nothing else on a game entry or a renderer; checkGame and checkRenderer say
// what an entry or a renderer lacks (tests/test_renderer_contract.py runs them on every game).
//
// What a game is — titles, description, player counts, playing time, options and their words,
// whether the menu lists it — the engine declares (Game.describe, hello; dist/data/games.json
// for the first paint, read through games.mjs). A game entry keeps only what draws.

/**
 * A game's entry: its folder's index.mjs exports it as `game`; web/js/games.mjs lists it.
 * @typedef {object} GameEntry
 * @property {string} id                 the engine's game id
 * @property {() => Renderer} create     a new renderer for one match
 * @property {() => Element} [picture]   the menu card's picture, drawn from our own art
 * @property {string} [css]              the game's stylesheet, relative to the page (linked at start)
 * @property {{de: string, en: string}} [rules]      the rules dialog's text (our own static HTML)
 * @property {(lang: string, request: (req: object) => Promise<object>) => RulesPicture[]} [rulesPictures]
 *   the rules dialog's pictures: components drawn by the renderer, a worked example the engine
 *   builds (request asks the engine, e.g. op rules_example)
 * @property {{de: string, en: string}} [shareNote]  a note for the share dialog
 */

/**
 * @typedef {object} RulesPicture
 * @property {string} title
 * @property {Element} node      fills itself in when its data is there
 * @property {"start"|"end"} at
 */

/**
 * What the shell hands a renderer at mount.
 * @typedef {object} Host
 * @property {(action: object) => Promise<object>} act   play a move for the seat at the table
 * @property {string[]} names      the seats' names (reworded in place on a language switch)
 * @property {object[]} seats      the seats as the engine has them
 * @property {string[]} colours    the seats' colours (one live array: high contrast swaps it)
 * @property {() => "de"|"en"} lang
 * @property {(text: string) => void} message   an error line under the table
 * @property {() => void} refreshLegal          the renderer's data arrived: word the action list and end again
 */

/**
 * A renderer draws one match. The engine words the game (view.words, the log lines): a
 * renderer only draws and offers the view's legal actions.
 * @typedef {object} Renderer
 * @property {(board: Element, host: Host) => void} mount   build the table into the board
 * @property {(view: object) => void} update                 draw a view (any order, undo included)
 * @property {(view: object, lang: string) => Element} breakdown
 *   the final scoring for the shared end screen (one [data-player] element per player)
 * @property {() => void} [unmount]            stop timers, listeners and loops: the table is left
 * @property {(action: object) => void} [showHint]   show the hinted move
 * @property {(events: object[]) => void} [onEvents] a move's events (before its view), to animate
 * @property {() => Element|null} [decisionElement]  scrolled to on a phone when a decision waits (default: the board)
 * @property {boolean} [scrollsToDecisions]    true: the renderer scrolls its own decision areas into view
 * @property {(view: object) => ({action: object, note: {de: string, en: string}}|null)} [autoAction]
 *   a step of the player's with nothing to decide, which the page plays at once (the note for
 *   the status line); an undo goes back past it
 * @property {(target: object|null, expect: object|null) => ({rect: DOMRect|object, element: Element}|null)} [lessonTarget]
 *   where a lesson's ring goes: the lesson's target, or the control that comes next for the expected move
 * @property {(key: string, elem: Element) => (DOMRect|object|null)} [motionSource]
 *   where an element with data-motion=key flies from when nothing on the page had that key (a card from a canvas)
 * @property {object} [hook]                   for tests: where to click, what is shown
 */

// member -> [type, required]
export const GAME_MEMBERS = {
  id: ["string", true], create: ["function", true], picture: ["function", false], css: ["string", false],
  rules: ["object", false], rulesPictures: ["function", false], shareNote: ["object", false],
};
export const RENDERER_MEMBERS = {
  mount: ["function", true], update: ["function", true], breakdown: ["function", true],
  unmount: ["function", false], showHint: ["function", false], onEvents: ["function", false],
  decisionElement: ["function", false], scrollsToDecisions: ["boolean", false], autoAction: ["function", false],
  lessonTarget: ["function", false], motionSource: ["function", false], hook: ["object", false],
};
// what the engine declares: a game entry that says it too says it twice
export const ENGINE_DECLARES = ["titles", "descriptions", "players", "minutes", "options", "listed"];

function check(thing, members, what) {
  if (!thing || typeof thing !== "object") return [`${what} is not an object`];
  const problems = [];
  for (const [name, [type, required]] of Object.entries(members)) {
    const value = thing[name];
    if (value === undefined) {
      if (required) problems.push(`${what}: ${name} is missing`);
    } else if (typeof value !== type || value === null) {
      problems.push(`${what}: ${name} is ${value === null ? "null" : typeof value}, not ${type}`);
    }
  }
  return problems;
}

// Every member the contract does not know is never called: a misspelt optional member
// (lessonTargets) would be silently ignored.
function unknown(thing, members, what, also = []) {
  return Object.keys(thing).filter((name) => !(name in members) && !also.includes(name))
    .map((name) => `${what}: ${name} is not in the contract`);
}

/** What a game entry lacks or has of the wrong type, or declares that the engine declares. @returns {string[]} */
export function checkGame(entry) {
  const what = `game ${entry && typeof entry.id === "string" ? entry.id : "?"}`;
  const problems = check(entry, GAME_MEMBERS, what);
  if (!entry || typeof entry !== "object") return problems;
  for (const name of ENGINE_DECLARES) {
    if (name in entry) problems.push(`${what}: ${name} is the engine's (Game.describe), not the page's`);
  }
  return [...problems, ...unknown(entry, GAME_MEMBERS, what, ENGINE_DECLARES)];
}

/** What a renderer lacks or has of the wrong type. @returns {string[]} */
export function checkRenderer(renderer, what = "renderer") {
  const problems = check(renderer, RENDERER_MEMBERS, what);
  if (!renderer || typeof renderer !== "object") return problems;
  return [...problems, ...unknown(renderer, RENDERER_MEMBERS, what)];
}
