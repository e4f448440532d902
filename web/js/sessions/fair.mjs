// A fair game (docs/fair-play.md): this seat's party lives in this browser's engine; what
// travels is public, signed messages, over any transport — a link (transports/link.mjs) or a
// live data channel (sessions/live.mjs) — and the session neither knows nor cares which. The
// party's private part (signing key, chain seed) stays in this browser's storage with the
// messages the party accepted, appended as they come (fair-store.mjs).
import { engine } from "../boot.mjs";
import { errorText, getLang, t } from "../i18n.mjs";
import { appendFair, writeFair } from "../fair-store.mjs";
import { $, app, el, match, showError } from "../screens/shared.mjs";
import { autoStep, logEvents, openTable, resultText, sayStatus, setSeats, setView } from "../screens/table.mjs";
import { showEnd } from "../screens/end.mjs";
import { LinkTransport } from "../transports/link.mjs";
import { Chat } from "./chat.mjs";
import { renderTurnsChat } from "../screens/live-panel.mjs";
import { RelayMailbox } from "./mailbox.mjs";
import { isRoomKey, newRoomKey } from "../net/seal.mjs";
import { alertTurn, clearTurnAlert } from "../turn-alert.mjs";
import { entryTitle } from "../games.mjs";
import { rememberTable } from "./remember.mjs";
import { Queue, Scope } from "./session.mjs";

export class FairSession {
  // `autoShare`: a link to the next player opens by itself when this seat has sent something
  // (by link); a live table passes its messages on by itself and offers links per seat.
  constructor(r, { autoShare = true, roomKey = null } = {}) {
    this.kind = "fair";
    this.matchId = r.party;
    this.mainParty = r.party;  // this seat's own party (a live host may show another of its seats)
    this.gid = r.view.fair.gid;
    this.seat = r.view.seat;
    this.game = r.view.game;
    this.players = r.view.seats.length;
    this.autoShare = autoShare;
    this.count = 0;       // messages in the store
    this.private = null;  // this seat's secrets, written once
    this.since = null;
    this.checked = null;  // the record checked at the end: {key, text, verified}
    this.waiting = r.waiting;
    this.to = null;
    this.room = null;     // a live table's room, while it plays live (sessions/live.mjs)
    this.links = new LinkTransport(this);
    this.sawAct = false;  // a move was made (the first draw is behind us)
    this.sawKeys = false; // private cards were dealt
    this.check = null;    // the record's check at the end, kept with the game for the menu
    this.messages = [];   // every message the party took in, in that order (the store's copy)
    this.chat = new Chat(this);
    // the key of this game's relay room: made by whoever opens the game, carried by its links
    this.roomKey = isRoomKey(roomKey) ? roomKey : null;
    this.mailbox = null;  // the relays (sessions/mailbox.mjs), while this table is open
    this.offers = { undo: false, hint: false, again: false, replayBar: false, decisionIntoView: false };
    this.stats = { mode: "fair", saveId: null };
    this.scope = new Scope();
    this.queue = new Queue();
  }

  // ---- opening: a new game, an invitation taken, a game from storage ----

  static async start({ game, players, options, name }, opts = {}) {
    const r = await engine.request({ op: "fair_new", game, players, seat: 0, options, name: name || undefined });
    return FairSession.open(r, [], { roomKey: newRoomKey(), ...opts });
  }

  static async join({ messages, seat, name, names }, opts) {
    const r = await engine.request({ op: "fair_join", messages, seat, name, names });
    return FairSession.open(r, [], opts);
  }

  static async restore(saved, opts = {}) {
    const r = await engine.request({ op: "fair_restore", private: saved.private, messages: saved.messages, names: saved.names });
    return FairSession.open(r, saved.messages, { roomKey: saved.room, ...opts, saved });
  }

  // The table opens with this party; `held`: the messages the store has already.
  static async open(r, held, opts = {}) {
    const s = new FairSession(r, opts);
    s.room = opts.room || null;  // before the table opens: the room belongs to this table
    openTable(s, r.view);
    rememberTable(null);
    s.private = await engine.request({ op: "fair_private", party: r.party });
    const old = opts.saved || null;
    s.since = old ? old.date : null;
    s.check = old ? old.check || null : null;
    if (old && old.chat) s.chat = new Chat(s, old.chat);
    s.messages = held.slice();
    s.notice(held);
    // written once in full (the store may be of version 1), appended from then on
    s.lastMine = held.length > 0 && held[held.length - 1].seat === s.seat;
    s.lastView = r.view;
    if (!s.persist(r, { full: held })) $("message").textContent = t("fairStorageFailed");
    if (opts.room) opts.room.attach(s);
    s.openMailbox();  // before the first messages: a link opens only if the relays cannot carry them
    await s.absorb(r, { opened: true });
    return s;
  }

  // The relays, if the settings allow them: every move since the game began, then as they come.
  openMailbox() {
    if (!this.roomKey || !this.alive) return;
    this.mailbox = new RelayMailbox(this, this.roomKey, { shared: this.room ? this.room.relay : null });
    this.mailbox.onState((state) => {
      if (!this.alive) return;
      if (this.lastView) this.renderWaiting();
      this.renderChat();
      // the relays did not answer: the link this seat's messages were waiting for
      if (this.shareIfRelaysFail && (state === "failed" || state === "closed")) this.links.share().catch((err) => showError($("message"), err));
      if (state !== "connecting") this.shareIfRelaysFail = false;
    });
    this.scope.defer(() => this.mailbox.close());
    this.mailbox.open();
  }

  // A table played by turns: the chat drawer while the relays carry the game (a live table's
  // panel has its own).
  renderChat() {
    if (!this.room && this.alive && !$("game").hidden) renderTurnsChat(this);
  }

  // The seats that have joined the game (the others still hold an invitation).
  joinedSeats() {
    const all = Array.from({ length: this.players }, (_, s) => s);
    return this.waiting && this.waiting.for === "join" ? all.filter((s) => !this.waiting.seats.includes(s)) : all;
  }

  // The seats' names as this table says them (a live host names its own computer seats).
  tableNames() {
    return this.room && this.room.hosted ? this.room.hosted.tableNames() : match.seats.map((x) => x.name);
  }

  // The relays carry this seat's messages now (an invitation still goes by link: the one who
  // takes it has no key to the room before).
  byRelays() {
    return Boolean(this.mailbox && this.mailbox.state === "open") && this.waiting.for !== "join";
  }

  // A link to the next player, unless the relays carry this seat's messages; while they are
  // still connecting (a page just opened), the link waits for them to fail.
  shareUnlessRelays() {
    if (this.byRelays()) return;
    if (this.mailbox && this.mailbox.state === "connecting" && this.waiting.for !== "join") {
      this.shareIfRelaysFail = true;
      return;
    }
    this.links.share().catch((err) => showError($("message"), err));
  }

  get alive() {
    return this.scope.alive && match.session === this;
  }

  dispose() {
    clearTurnAlert();
    delete app.dataset.relays;
    if (this.room) this.room.detach(this);
    this.scope.dispose();
    delete app.dataset.fairWaiting;
    delete app.dataset.fairVerified;
  }

  decides(view) {
    return !view.over && view.current_seat !== null && view.seat === view.current_seat
      && Boolean(match.seats[view.current_seat]) && match.seats[view.current_seat].kind === "human";
  }

  viewAgain() {
    return engine.request({ op: "fair_view", party: this.matchId }).then((r) => r.view);
  }

  record() {
    return engine.request({ op: "fair_record", party: this.mainParty });
  }

  share() {
    return this.links.share();
  }

  endNote() {
    return this.checked;
  }

  relabel() {
    if (this.waiting && match.view) this.renderWaiting();
  }

  // ---- moving and taking in ----

  act(action) {
    return this.queue.run(async () => {
      if (!this.alive) return { ok: false, code: "closed" };
      if (this.room && this.room.stopped) return { ok: false, code: "stopped" };
      $("message").textContent = "";
      this.clearNote();
      clearTurnAlert();
      app.dataset.busy = "true";
      try {
        await this.absorb(await engine.request({ op: "fair_act", party: this.matchId, action }));
        return { ok: true };
      } catch (err) {
        showError($("message"), err);
        return { ok: false, code: err.code, reason: err.reason, message: err.message };
      } finally {
        app.dataset.busy = "false";
      }
    }).then((result) => {
      if (result && result.ok && this.alive) autoStep(this);
      return result;
    });
  }

  // Messages from any transport: checked and applied all or none (a refusal throws and
  // changes nothing). Returns the engine's reply.
  receive(messages, names, party = this.matchId) {
    return this.queue.run(async () => {
      const r = await engine.request({ op: "fair_receive", party, messages, names });
      if (this.alive) await this.absorb(r);
      return r;
    }).then((r) => {
      if (this.alive) autoStep(this);
      return r;
    });
  }

  // A reply of the engine (fair_new/join/receive/act/restore/view): the table, the log, the
  // store, whom the game waits for, and the transports told.
  async absorb(r, { opened = false } = {}) {
    if (!this.alive) return;
    const own = r.party === this.mainParty;
    const shown = r.party === this.matchId;
    if (shown) {
      setSeats(r.view.seats);
      setView(r.view);
      logEvents([], r.log);
    }
    if (!own) {  // another of this browser's parties shown (a live host's hot-seat seat)
      if (shown) app.dataset.fairWaiting = r.waiting.for === "move" && r.waiting.seats[0] === r.view.seat ? "me" : "";
      if (this.room) this.room.changed(r, []);
      return;
    }
    const fresh = r.new || [];
    this.lastView = r.view;  // this seat's own view (what the store keeps: scores, names, the end)
    this.messages.push(...fresh);
    this.notice(fresh);
    this.waiting = r.waiting;
    this.to = this.nextSeat(r.view);
    if (shown) app.dataset.fairWaiting = r.waiting.for === "move" && r.waiting.seats[0] === this.seat ? "me" : this.to === null ? "" : String(this.to);
    if (fresh.length) this.since = new Date().toISOString();
    // who sent the last message: this reply says so; a game just opened, its store
    if (!opened || r.send.length) this.lastMine = r.send.length > 0;
    if (!this.persist(r, { fresh })) {
      $("message").textContent = t("fairStorageFailed");
      return;
    }
    if (shown) this.renderWaiting();
    if (shown) this.renderChat();
    // a friend elsewhere moved and now it is this player's move: said where the player looks
    const mine = shown && this.decides(r.view);
    if (mine && !this.wasMine && !opened && fresh.some((m) => m.seat !== this.seat)) {
      alertTurn({ title: t("turnAlertTitle", entryTitle(this.game)), body: t("turnAlertBody", match.names[this.seat] || "") });
    }
    if (shown) this.wasMine = mine;
    if (this.mailbox) this.mailbox.deliver(fresh);
    if (this.room) this.room.changed(r, fresh);
    else if (this.autoShare && this.to !== null && r.send.length > 0) this.shareUnlessRelays();
    if (r.view.over && shown) this.verify();
  }

  // Another party of this browser at the table (a live host's hot-seat or own seat).
  show(r) {
    this.matchId = match.id = r.party;
    return this.absorb(r);
  }

  nextSeat(view) {
    const w = this.waiting;
    const others = w.seats.filter((s) => s !== this.seat);
    if (others.length) return others[0];
    if (w.for === null) return (this.seat + 1) % view.seats.length;  // the end reaches the others too
    return null;
  }

  // The chat's lines changed: kept with the game (only the entry's metadata is written).
  keepChat() {
    if (this.lastView && this.alive) this.persist({ view: this.lastView }, {});
  }

  // The store: once in full (a new game, an old store), then each reply's new messages appended.
  persist(r, { full = null, fresh = [] }) {
    const v = r.view;
    const meta = {
      game: this.game, gid: this.gid, seat: this.seat, date: this.since || new Date().toISOString(),
      private: this.private, names: v.seats.map((x) => x.name), over: v.over,
      turn: this.waiting.for === "move" && this.waiting.seats[0] === this.seat ? "me" : this.to, waiting: this.waiting.for,
      waitingSeats: this.waiting.seats.filter((x) => x !== this.seat),
      scores: v.scores, winners: v.winners || null, check: this.check, count: this.count, chat: this.chat.lines,
      room: this.roomKey,
    };
    if (full) {
      const ok = writeFair({ ...meta, messages: full });
      if (ok) this.count = full.length;
      return ok;
    }
    const ok = appendFair(meta, fresh);
    if (ok) this.count += fresh.length;
    return ok;
  }

  notice(messages) {
    for (const m of messages) {
      if (m.kind === "act") this.sawAct = true;
      if (m.kind === "keys") this.sawKeys = true;
    }
  }

  // ---- the line above the table: whose turn, whom the game waits for, since when ----

  statusBox() {
    let box = $("fair-status");
    if (!box) {
      box = this.scope.element(el("div", { id: "fair-status", class: "fair-status" },
        el("p", { id: "fair-note", class: "message", role: "alert" }),  // what became of a link just opened
        el("span", { id: "fair-status-text", role: "status" }),
        el("button", { type: "button", id: "fair-send", class: "primary", onclick: () => this.links.share().catch((err) => showError($("message"), err)) })));
      $("status-line").after(box);
    }
    return box;
  }

  note(text) {
    this.statusBox();
    $("fair-note").textContent = text;
  }

  clearNote() {
    if ($("fair-note")) $("fair-note").textContent = "";
  }

  waitingNames() {
    const seats = this.waiting.seats.filter((s) => s !== this.seat);
    return (seats.length ? seats : [this.to]).map((s) => match.names[s]);
  }

  renderWaiting() {
    const box = this.statusBox();
    const w = this.waiting;
    const text = $("fair-status-text"), send = $("fair-send");
    sayStatus("");
    box.hidden = false;
    box.dataset.waiting = w.for || "over";
    // a live table has its own panel (invite, "continue by link"): no link words here, the box
    // stays only for a note about a link just opened
    if (this.room) {
      send.hidden = true;
      text.hidden = true;
      box.hidden = !$("fair-note").textContent;
      return;
    }
    text.hidden = false;
    send.hidden = this.to === null;
    if (this.to !== null) send.textContent = t("fairSendTo", match.names[this.to]);
    const names = t("nameList", this.waitingNames()), count = this.waitingNames().length, since = when(this.since);
    if (match.view.over) {  // the end screen says how it ended; the last link may still have to go
      box.hidden = !this.lastMine && w.for !== "unlock";
      text.textContent = w.for === "unlock" && !this.lastMine ? t("fairWaitUnlock", names, count, since) : t("fairOverSend");
      return;
    }
    if (this.to === null) text.textContent = t("fairYourMove");
    else if (w.for === "join") text.textContent = t("fairWaitJoin", names, count, since);
    else if (w.for === "deck") text.textContent = t("fairWaitDeck", names, count, since);
    else if (w.for === "keys") text.textContent = t("fairWaitKeys", names, count, since);
    else if (w.for === "unlock") text.textContent = t("fairWaitUnlock", names, count, since);
    else if (w.for === "reveal" && !this.sawAct && !this.sawKeys) text.textContent = t("fairWaitFirstDraw", names, count, since);
    else if (w.for === "reveal") text.textContent = t("fairWaitReveal", names, count, since);
    else text.textContent = t("fairWaitMove", names, count, since);
    // the relays carry the moves: no link to send, one still offered (a friend without relays)
    if (this.to !== null && this.byRelays()) {
      text.textContent += " " + t("fairByRelays");
      send.textContent = t("fairSendInstead", match.names[this.to]);
      send.classList.remove("primary");
    } else {
      send.classList.add("primary");
      if (this.to !== null && this.mailbox && this.mailbox.state === "failed") text.textContent += " " + t("fairRelaysFailed");
    }
  }

  // ---- the end: the record checked ----

  async verify() {
    const key = `${this.mainParty}:${match.view.state_id}`;
    if (this.checked && this.checked.key === key) return;
    if (this.waiting.for === "unlock") {  // the record is complete only with every seat's deck secret
      this.checked = { key, text: t("fairWaitUnlockEnd", t("nameList", this.waitingNames())), verified: null };
      showEnd(match.view, { resultText, force: true });
      return;
    }
    this.checked = { key, text: t("fairChecking"), verified: null };
    showEnd(match.view, { resultText, force: true });  // the check takes a moment: say so at once
    let check;
    try {
      const record = await engine.request({ op: "fair_record", party: this.mainParty });
      const c = await engine.request({ op: "fair_check", record });
      check = c.verified ? { verified: true } : { verified: false, error: c.error };
    } catch (err) {
      check = { verified: false, error: { code: err.code, reason: err.reason, params: err.params } };
    }
    if (!this.alive) return;
    this.checked = { key, verified: check.verified, text: checkText(check) };
    this.check = check;
    this.persist({ view: this.lastView }, {});  // the menu shows the verdict
    app.dataset.fairVerified = String(check.verified);
    if (match.view && match.view.over) showEnd(match.view, { resultText, force: true });
  }
}

export function checkText(check) {
  if (!check) return "";
  return check.verified ? t("fairVerified") : t("fairFailed") + errorText(check.error);
}

function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const today = new Date().toDateString() === d.toDateString();
  return d.toLocaleString(getLang(), today ? { timeStyle: "short" } : { dateStyle: "short", timeStyle: "short" });
}
