// A game at this device: people taking turns (behind the pass screen in a game of hidden
// hands) and computer seats; undo, the hint, autosave after every change and the log again
// after a reload. The real game after a lesson keeps a light coach: its first turns show the
// hint without asking, until one tap turns it off.
import { engine } from "../boot.mjs";
import { reasonText, t } from "../i18n.mjs";
import { pruneSaves, writeSave } from "../storage.mjs";
import { $, TEST_MODE, app, el, match } from "../screens/shared.mjs";
import { lessonWord } from "../screens/lesson.mjs";
import { aloneWords, actionLabel, appendLog, autoActionOf, autoStep, fail, logEvents, openTable, passDevice, resetLog, say,
         setBusy, setView } from "../screens/table.mjs";
import { computers } from "../screens/table-bar.mjs";
import { settings } from "../settings.mjs";
import { Queue, Scope } from "./session.mjs";
import { rememberTable } from "./remember.mjs";

// A pause between two decisions of one computer turn (tile, then figure) so the player can
// follow the move (the settings say how long); none after its last decision: the player may act at once.
const aiPauseMs = () => (TEST_MODE ? 0 : settings().aiPause);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const COACH_TURNS = 3;  // the person's turns the coach shows the hint in

export class LocalSession {
  constructor(matchId, saveId, coach = false) {
    this.kind = "local";
    this.matchId = matchId;
    this.saveId = saveId || null;
    this.savedStateId = null;
    this.offers = { undo: true, hint: true, again: true, replayBar: false, decisionIntoView: true };
    this.stats = { mode: "live", saveId: this.saveId };  // "live": the statistics' old name for a local game
    this.scope = new Scope();
    this.queue = new Queue();
    this.coachOn = coach;
    this.coachTurns = COACH_TURNS;  // the person's turns still to coach
    this.coachThisTurn = false;
    this.newTurn = true;  // the person's next decision begins a turn
    this.coached = null;  // the state the coach last asked a hint for
    this.fingerDown = false;
  }

  // Opens the table; a game opened from a save (resume, reload, link, restart) shows what
  // happened so far, asked before the computer moves on so its lines come first.
  static open(result, { saveId = null, coach = false } = {}) {
    const s = new LocalSession(result.match, saveId, coach);
    openTable(s, result.view);
    rememberTable(saveId);
    if (coach) s.mountCoach();
    if (result.view.state_id > 0) s.loadHistory(s.viewer(result.view));
    s.advance();
    return s;
  }

  dispose() {
    this.scope.dispose();
  }

  get alive() {
    return this.scope.alive && match.session === this;
  }

  decides(view) {
    return !view.over && view.current_seat !== null && match.seats[view.current_seat].kind === "human"
      && view.seat === view.current_seat;
  }

  turnWords(view) {
    return aloneWords(view);
  }

  viewShown(view) {
    if (this.saveId && view.state_id !== this.savedStateId) this.autosave(view.state_id);
  }

  async loadHistory(seat) {
    try {
      const h = await engine.request({ op: "history", match: this.matchId, seat });
      if (!this.alive) return;
      const live = match.log;  // lines that came while the history was asked
      const entries = [];
      for (const step of h.steps) for (const line of step.log) entries.push({ line, group: line.group ?? null });
      resetLog(entries.concat(live));
    } catch { /* the log starts empty: nothing else is lost */ }
  }

  viewer(view) {
    const current = view.current_seat;
    if (current !== null && match.seats[current].kind === "human") return current;
    if (view.seat !== null && match.seats[view.seat].kind === "human") return view.seat;
    const first = match.seats.findIndex((x) => x.kind === "human");
    return first >= 0 ? first : null;
  }

  // The computer seats move, and the device is passed between people, until a person decides.
  advance() {
    return this.settled(this.queue.run(() => this.runBots()).catch(fail));
  }

  // Once the engine is idle and a person decides: a step with nothing to decide is played, else
  // the coach may show the hint.
  settled(promise) {
    promise.then(async () => {
      if (!this.alive) return;
      if (!await autoStep(this)) this.coachStep();
    });
    return promise;
  }

  async runBots() {
    setBusy(true);
    // A computer turn's decisions share one search budget (ai.TURN_BUDGET): the engine is told
    // how long this turn has taken so far, its pauses not counted.
    let turnSeat = null, turnStart = 0, paused = 0;
    let turnNumber = match.searches.length ? match.searches[match.searches.length - 1].turn : 0;
    try {
      while (this.alive) {
        const view = match.view;
        if (view.over) break;
        const seat = view.current_seat;
        if (match.seats[seat].kind === "ai") {
          if (seat !== turnSeat) [turnSeat, turnStart, paused, turnNumber] = [seat, performance.now(), 0, turnNumber + 1];
          const turnMs = Math.round(performance.now() - turnStart - paused);
          const r = await engine.request({ op: "ai", match: this.matchId, seat, viewer: this.viewer(view), slice_ms: 40,
                                           turn_ms: turnMs });
          if (!this.alive) return;
          if (TEST_MODE) match.searches.push({ seat, turn: turnNumber, turnMs, doneMs: Math.round(performance.now() - turnStart - paused), ...(r.search || {}) });
          logEvents(r.events, r.log);
          setView(r.view);
          this.newTurn = true;
          const next = r.view.current_seat;
          const pause = aiPauseMs();
          if (pause && !r.view.over && next !== null && match.seats[next].kind === "ai") {
            const t0 = performance.now();
            await sleep(pause);
            paused += performance.now() - t0;
          }
          continue;
        }
        turnSeat = null;
        if (view.seat === seat) break;  // the person at the table decides
        if (this.needsPassScreen(seat)) {
          // the page waits for a person, not for the engine: the move that led here is done
          // (its act resolves), the hand-over goes on as a step of its own
          passDevice(seat).then(() => this.settled(this.queue.run(() => this.showSeat(seat)).catch(fail)));
          return;
        }
        if (!this.alive) return;
        setView(await engine.request({ op: "view", match: this.matchId, seat }));
      }
    } finally {
      if (this.alive) setBusy(false);
    }
  }

  // The device was handed to `seat`: its view, then on as before.
  async showSeat(seat) {
    if (!this.alive) return;
    setView(await engine.request({ op: "view", match: this.matchId, seat }));
    await this.runBots();
  }

  needsPassScreen(seat) {
    const info = engine.hello && engine.hello.games.find((g) => g.id === match.game);
    const humans = match.seats.filter((x) => x.kind === "human").length;
    return Boolean(info && info.private_hands) && humans >= 2 && match.shownSeat !== null && match.shownSeat !== seat;
  }

  act(action) {
    return this.settled(this.queue.run(async () => {
      const view = match.view;
      if (!this.alive || !this.decides(view)) return { ok: false, code: "not_your_turn" };
      this.hideCoach();
      setBusy(true);
      try {
        const r = await engine.request({ op: "act", match: this.matchId, seat: view.current_seat, state_id: view.state_id, action });
        if (!this.alive) return { ok: false, code: "closed" };
        logEvents(r.events, r.log);
        setView(r.view);
      } catch (err) {
        fail(err);
        setBusy(false);
        return { ok: false, code: err.code, reason: err.reason, message: err.message };
      }
      await this.runBots().catch(fail);
      return { ok: true };
    }));
  }

  hint() {
    return this.queue.run(async () => {
      const view = match.view;
      if (!this.decides(view)) return;
      setBusy(true);
      try {
        const r = await engine.request({ op: "ai", match: this.matchId, seat: view.current_seat, level: "expert", slice_ms: 40,
                                         viewer: view.current_seat, apply: false });
        if (!this.alive) return;
        this.showHint(view, r);
      } finally {
        if (this.alive) setBusy(false);
      }
    });
  }

  showHint(view, r) {
    const key = JSON.stringify(r.action);
    for (const b of $("legal-actions").querySelectorAll("button")) b.classList.toggle("hinted", b.dataset.action === key);
    const label = r.label || actionLabel(view, r.action);
    say(r.why ? t("hintWhy", label, r.why) : t("hintIs", label));  // the why: from the bot's own judgement
    if (match.renderer && match.renderer.showHint) match.renderer.showHint(r.action);
    app.dataset.hint = key;
  }

  // ---- the coach: the hint of the first turns, without asking ----

  mountCoach() {
    app.dataset.coach = "on";
    this.scope.defer(() => { delete app.dataset.coach; });
    const off = this.scope.element(el("button", { type: "button", id: "coach-off", class: "ghost coach-off", hidden: true,
                                                  title: lessonWord("coachOffTitle") }, lessonWord("coachOff")));
    off.addEventListener("click", () => this.coachOff());
    $("status-line").append(off);
    // a hint that arrives while a finger is on the screen waits: nothing moves under it
    this.scope.listen(document, "pointerdown", () => { this.fingerDown = true; }, { capture: true });
    for (const type of ["click", "pointercancel"]) {
      this.scope.listen(document, type, () => { this.fingerDown = false; }, { capture: true });
    }
    this.scope.listen(document, "pointerup", () => { this.scope.timeout(() => { this.fingerDown = false; }, 350); }, { capture: true });
  }

  // The person decides: in a coached turn the hint comes by itself. The search runs in slices
  // outside the session's queue, so a move made meanwhile is not kept waiting (the hint is then
  // stale and dropped).
  async coachStep() {
    const view = match.view;
    if (!this.coachOn || !this.alive || !view || !this.decides(view) || this.coached === view.state_id) return;
    if (this.newTurn) {
      this.newTurn = false;
      this.coachThisTurn = this.coachTurns > 0;
      if (!this.coachThisTurn) {  // its turns are over: the hint button stays
        this.coachOn = false;
        app.dataset.coach = "done";
        return;
      }
      this.coachTurns--;
    }
    if (!this.coachThisTurn) return;
    this.coached = view.state_id;
    let r;
    try {
      r = await engine.request({ op: "ai", match: this.matchId, seat: view.current_seat, level: "expert", slice_ms: 40,
                                 viewer: view.current_seat, apply: false });
    } catch {
      return;  // the person moved meanwhile: the search went stale
    }
    while (this.fingerDown && this.alive) await sleep(50);
    const now = match.view;
    if (!this.alive || !this.coachOn || !now || now.state_id !== view.state_id || match.busy) return;
    this.showHint(view, r);
    $("coach-off").hidden = false;
  }

  hideCoach() {
    const off = $("coach-off");
    if (off) off.hidden = true;
    delete app.dataset.hint;
  }

  coachOff() {
    this.coachOn = false;
    app.dataset.coach = "off";
    this.hideCoach();
    say("");
    for (const b of $("legal-actions").querySelectorAll("button.hinted")) b.classList.remove("hinted");
  }

  undo() {
    return this.queue.run(async () => {
      const view = match.view;
      if (!view || view.seat === null || view.over) return;
      const note = $("undo-note");
      if (!view.undo) {
        note.textContent = reasonText(view.undo_reason_key) || "";
        return;
      }
      const others = view.undo_computer_moves || 0;
      let back = await engine.request({ op: "undo", match: this.matchId, seat: view.seat });
      // past a step the page played by itself: to the player's own decision before it
      while (back.undo && autoActionOf(back)) back = await engine.request({ op: "undo", match: this.matchId, seat: view.seat });
      if (!this.alive) return;
      match.autoPlayed = `${this.matchId}|${back.state_id}`;  // not played again at once
      setView(back);
      $("message").textContent = "";
      say("");
      // the documented rule, said where the player looks: the computer's moves went back too
      note.textContent = others ? t("undoneWith", others, computers()) : "";
      appendLog({ undo: true, others, computers: computers() });
    });
  }

  async autosave(stateId) {
    this.savedStateId = stateId;
    try {
      const replay = await engine.request({ op: "save", match: this.matchId });
      const view = match.view;
      const record = {
        version: 1, id: this.saveId, game: replay.game, date: new Date().toISOString(), replay,
        seats: replay.seats.map((x) => ({ kind: x.kind, name: x.name })), scores: view.scores, over: view.over,
      };
      if (!writeSave(this.saveId, record)) $("message").textContent = t("storageFull");
      else pruneSaves(this.saveId);
    } catch (err) {
      fail(err);
    }
  }

  viewAgain() {
    return engine.request({ op: "view", match: this.matchId, seat: match.view.seat });
  }

  record() {
    return engine.request({ op: "save", match: this.matchId });
  }

  // "play again": the same seats and options, a new shuffle
  async replayRecord() {
    return engine.request({ op: "save", match: this.matchId });
  }
}
