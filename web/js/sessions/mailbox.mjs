// A fair game's messages through public relays (docs/live-play.md, "Relays"): every message this
// browser's seats make is published sealed and stored; every seat's messages are read back — all
// that is stored since the game began when the table opens (a player who comes back days later
// gets every move since), then as they come. A relay reads nothing and forges nothing: frames are
// sealed with the game's room key (only its links carry it) and every message is checked by the
// fair session as one from any transport. With a direct live channel the mailbox is the slower,
// second way; without one it is the way the game goes on.
import { joinConfigured } from "../net/relay-room.mjs";

const STORE = { store: true };
const RETRY_MS = 4000;  // a publish that no relay took is tried again

export class RelayMailbox {
  // `shared`: a relay room a live room joined already (its signalling goes the same way)
  constructor(session, roomKey, { shared = null } = {}) {
    this.session = session;
    this.roomKey = roomKey;
    this.room = shared;
    this.owns = !shared;        // a room this mailbox joined itself is closed with it
    this.state = "connecting";  // "connecting" | "open" | "failed" | "closed"
    this.unsent = [];           // frames no relay has taken yet
    this.read = false;          // the relays' stored messages are in the game
    this.waiting = [];          // frames whose messages did not fit yet (an earlier one missing)
    this.lines = [];            // chat lines that came before the stored moves were read
    this.listeners = new Set();
    this.published = new Set(); // "seat.n" of messages published in this visit
    this.inflight = 0;          // publishes not answered yet (a page about to close waits for them)
  }

  onState(fn) {
    this.listeners.add(fn);
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    if (this.session.alive) document.getElementById("app").dataset.relays = state;
    for (const fn of this.listeners) fn(state);
  }

  async open(since = 0) {
    const s = this.session;
    try {
      if (!this.room) this.room = await joinConfigured(this.roomKey, { me: `seat${s.seat}` });
    } catch (err) {
      this.setState(err.code === "relays_off" ? "closed" : "failed");
      return;
    }
    if (!s.alive || this.state === "closed") return this.close();
    this.room.onStatus(() => this.refreshState());
    this.room.onFrame((body) => this.frame(body));
    this.refreshState();
    const stored = await this.room.history(since);
    for (const f of stored) if (!f.mine) await this.frame(f.body);
    this.read = true;
    for (const m of this.lines.splice(0)) s.chat.received(null, m);
    // what this seat made while the relays were away (by link, offline): published now
    const theirs = new Set(stored.filter((f) => f.body && Array.isArray(f.body.m)).flatMap((f) => f.body.m.map((m) => `${m.seat}.${m.n}`)));
    this.publish(s.messages.filter((m) => this.ours(m) && !theirs.has(`${m.seat}.${m.n}`)));
    s.scope.interval(() => this.retry(), RETRY_MS);
  }

  refreshState() {
    const all = Object.values(this.room.status());
    this.setState(all.includes("open") ? "open" : all.every((x) => x === "failed" || x === "closed") ? "failed" : "connecting");
  }

  // This browser's seats: the session's own, and a live host's computer and hot-seat seats.
  ours(m) {
    const s = this.session;
    return m.seat === s.seat || Boolean(s.room && s.room.hosted && s.room.hosted.has(m.seat));
  }

  // The session made or took in messages: this browser's seats' ones go to the relays.
  deliver(fresh) {
    this.publish(fresh.filter((m) => this.ours(m)));
  }

  publish(messages) {
    const out = messages.filter((m) => !this.published.has(`${m.seat}.${m.n}`));
    if (!out.length) return;
    for (const m of out) this.published.add(`${m.seat}.${m.n}`);
    this.send({ t: "m", g: this.session.gid, m: out, names: this.session.tableNames() });
  }

  // A chat line of this seat (signed): stored like the moves, for the others' next visit.
  sendChat(message) {
    this.send({ t: "chat", g: this.session.gid, m: message });
  }

  send(frame) {
    if (!this.room || this.state === "closed") {
      this.unsent.push(frame);
      return;
    }
    this.inflight++;
    this.room.send(frame, STORE).then((r) => { if (!r.ok.length) this.unsent.push(frame); })
      .catch(() => this.unsent.push(frame)).finally(() => { this.inflight--; });
  }

  retry() {
    if (this.state !== "open" || !this.unsent.length) return;
    const again = this.unsent.splice(0);
    for (const f of again) this.send(f);
  }

  // A frame from the relays: a game's messages (for this game only), taken in like a link's; what
  // does not fit yet waits for what it needs.
  async frame(body) {
    const s = this.session;
    if (!body || typeof body !== "object" || !s.alive) return;
    // a chat line of a game by turns (a live room reads the others itself)
    if (body.t === "chat" && !s.room && body.g === s.gid) {
      // checked against the seats the game knows: after every stored move is in
      if (!this.read) return void (this.lines.length < 100 && this.lines.push(body.m));
      return s.chat.received(null, body.m);
    }
    if (body.t !== "m") return;
    if (body.g !== s.gid || !Array.isArray(body.m) || !body.m.length || body.m.length > 400) return;
    const names = Array.isArray(body.names) && body.names.length <= 5 ? body.names : undefined;
    this.waiting.push({ m: body.m, names });
    await this.drain();
  }

  async drain() {
    const s = this.session;
    for (let progress = true; progress && this.waiting.length && s.alive;) {
      progress = false;
      for (const w of this.waiting.splice(0)) {
        try {
          await s.receive(w.m, w.names, s.mainParty);
          progress = true;
        } catch (err) {
          if (err.reason === "fair.nothing_new") progress = true;
          else if (this.waiting.length < 200) this.waiting.push(w);  // it may fit once the missing one comes
        }
      }
    }
  }

  close() {
    this.setState("closed");
    if (this.owns && this.room) this.room.close();
    this.room = null;
  }
}
