// A table's way of play (docs/architecture.md, "Sessions"). Opening a table creates one
// session; closing the table (menu, rematch, another game, a link opened) disposes it. The
// table screen asks its session what it needs and never which kind of session it has; a
// renderer never knows it either.
//
// The kinds: local (screens alone with computers and people at this device, sessions/local.mjs),
// replay (sessions/replay.mjs), lesson (sessions/lesson.mjs) and fair (by link or live, one
// protocol over any transport: sessions/fair.mjs).

/**
 * @typedef {Object} Offers  what the table shows for this session
 * @property {boolean} undo      the undo button
 * @property {boolean} hint      the hint button
 * @property {boolean} again     "play again" on the end screen
 * @property {boolean} replayBar the replay's step buttons
 * @property {boolean} decisionIntoView  a phone scrolls to the first decision of the game
 */

/**
 * @typedef {Object} Session
 * @property {string} kind          "local" | "replay" | "lesson" | "fair": the page's data-mode only
 * @property {string|null} matchId  the engine's id of what the table shows (a match or a fair party)
 * @property {Offers} offers
 * @property {(view: object) => boolean} decides   this page's player decides now
 * @property {(view: object) => (Node|string|null)} [turnWords]  the whose-turn line (null: the table's)
 * @property {(action: object, opts?: {auto?: boolean}) => Promise<{ok: boolean}>} act
 * @property {() => Promise<void>} [undo]
 * @property {() => Promise<void>} [hint]
 * @property {(view: object, before: object|null) => void} [viewShown]  after every view shown
 * @property {() => Promise<object>} viewAgain  the view again (in the page's language now)
 * @property {() => Promise<object>} record    what "export" saves
 * @property {() => Promise<void>} [share]      the bar's "share" (default: the local game's link)
 * @property {() => (object|null)} [endNote]   {text, verified} for the end screen
 * @property {{mode: string, saveId: (string|null)}} [stats]  how the statistics keep a finished game
 * @property {() => void} [relabel]            the language changed
 * @property {() => void} dispose
 */

// Everything a session starts that must stop with it: timers, listeners, elements, peers.
export class Scope {
  constructor() {
    this.alive = true;
    this.cleanups = [];
  }

  // fn runs when the scope ends (at once if it has ended).
  defer(fn) {
    if (!this.alive) {
      fn();
      return;
    }
    this.cleanups.push(fn);
  }

  timeout(fn, ms) {
    const id = setTimeout(() => { if (this.alive) fn(); }, ms);
    this.defer(() => clearTimeout(id));
    return id;
  }

  interval(fn, ms) {
    const id = setInterval(() => { if (this.alive) fn(); }, ms);
    this.defer(() => clearInterval(id));
    return id;
  }

  listen(target, type, fn, opts) {
    target.addEventListener(type, fn, opts);
    this.defer(() => target.removeEventListener(type, fn, opts));
  }

  // An element that belongs to this table only.
  element(e) {
    this.defer(() => e.remove());
    return e;
  }

  // A dialog this table opened: closed with it.
  dialog(d) {
    this.defer(() => { if (d.open) d.close(); });
    return d;
  }

  dispose() {
    if (!this.alive) return;
    this.alive = false;
    const list = this.cleanups.reverse();
    this.cleanups = [];
    for (const fn of list) {
      try { fn(); } catch { /* one cleanup's failure must not keep the others */ }
    }
  }
}

// One engine call after another (a move waits for the messages being taken in). A task's
// failure goes to its caller; the next task runs all the same.
export class Queue {
  constructor() {
    this.tail = Promise.resolve();
  }

  run(task) {
    const next = this.tail.then(task);
    this.tail = next.catch(() => {});
    return next;
  }
}
