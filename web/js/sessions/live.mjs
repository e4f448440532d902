// Live play (docs/live-play.md): a fair game's signed messages over WebRTC data channels. The
// host connects each friend (a star) and relays messages it cannot forge (each seat signs its
// own); every message goes through the fair session's `receive`, like one from a link. A room
// belongs to the table it was opened with: closing the table closes its channels; a rematch
// hands the connected room to the next game, with nothing of the last game in it.
import { engine } from "../boot.mjs";
import { t } from "../i18n.mjs";
import { $, app, match, showError } from "../screens/shared.mjs";
import { sayStatus } from "../screens/table.mjs";
import { lastFairName } from "../fair-store.mjs";
import { Peer } from "../net/peer.mjs";
import { FRAME_KINDS } from "../transports/transport.mjs";
import { b64url } from "../net/b64.mjs";
import { RoomRelay } from "./live-relay.mjs";
import { renderPanel } from "../screens/live-panel.mjs";
import { HostedSeats } from "./hosted.mjs";
import { FairSession } from "./fair.mjs";
import { rememberTable } from "./remember.mjs";
import { Queue, Scope } from "./session.mjs";

const SESSION_KEY = "urzeit.live";  // this tab's live table, for a reload
const LEFT_KEY = "urzeit.live.left";  // the live table this tab left for the menu: opened again, it is live again
const MAX_MESSAGES = 400;  // per frame
export const LEVELS = ["random", "easy", "medium", "hard", "expert"];
const CATCH_UP_MS = 1500;  // a peer further on than we are: then we ask for what we lack

let room = null;  // the room of this tab (one live table at a time)
export const currentRoom = () => room;

export class LiveRoom {
  // `inviter(room, seat)`: the invite dialog for a seat (screens/live-invite.mjs)
  // `roomKey`: the game's relay room (the invite carries it), null without relays
  constructor({ host, seat, hostSeat = 0, game, players, gid = null, failMs, inviter, roomKey = null }) {
    if (room) room.close();
    room = this;
    Object.assign(this, { host, seat, hostSeat, game, players, gid, failMs, inviter, roomKey });
    this.relayLink = new RoomRelay(this, roomKey);
    this.session = null;
    this.scope = new Scope();
    this.queue = new Queue();
    this.peers = new Map();    // seat → {peer, have: counts per seat, state, reason, asked}
    this.invites = new Map();  // id → {seat, peer, exp, used}
    this.others = null;        // a friend: which seats the host has connected
    this.here = [];            // a friend: which seats the host's browser plays ({kind, level})
    this.pendingName = null;   // a friend before the game's messages arrive: the name to join with
    this.hostName = "";
    this.hosted = new HostedSeats(this);
    this.resetGame();
  }

  // What belongs to one game only: the state hashes both sides compare, what each peer has of
  // this game's messages (the chat is the game's session's). A rematch starts them afresh.
  resetGame() {
    this.hashes = new Map();
    this.peerHashes = new Map();
    this.shownAt = new Map();  // the benchmark: when each state of this game showed here
    this.stopped = false;
    this.joined = false;
    for (const p of this.peers.values()) p.have = [];  // a peer holds nothing of a new game
    delete app.dataset.liveMismatch;
  }

  get alive() {
    return this.scope.alive;
  }

  // ---- the relays: signalling, and the game's messages before a friend's table opens ----

  get relay() {
    return this.relayLink.channel;
  }

  async joinRelays() {
    const channel = await this.relayLink.join();
    if (channel) channel.onFrame((body) => this.relayFrame(body));
    return channel;
  }

  relayFrame(body) {
    if (!body || typeof body !== "object" || !this.alive) return;
    if (body.t === "m") {  // the mailbox takes a game's messages once the table is open
      if (!this.session && !this.host) this.joinFromRelays([body]);
      return;
    }
    this.relayLink.frame(body);
  }

  // A friend whose direct channel does not open: the host's messages, stored on the relays, make
  // its table all the same (the game then goes on through the relays).
  joinFromRelays(frames) {
    const messages = frames.filter((f) => f && f.t === "m" && Array.isArray(f.m) && f.m.length <= 400).flatMap((f) => f.m);
    if (!messages.length || this.session) return;
    this.run(async () => {
      if (this.session) return;
      const join = messages.filter((m) => m && m.kind === "join");
      if (!join.length) return;
      try {
        await FairSession.join({ messages: join.concat(messages.filter((m) => m && m.kind !== "join")), seat: this.seat,
                                 name: this.pendingName || lastFairName(), names: frames.find((f) => Array.isArray(f.names))?.names },
                               { room: this, autoShare: false, roomKey: this.roomKey });
      } catch { /* not all there yet: the next frame tries again */ }
    });
  }

  newInviteId() {
    return b64url(crypto.getRandomValues(new Uint8Array(9)));
  }

  // An answer to an invite or an offer (a link's or the relays'): "accepted", or why not.
  async acceptAnswer(a) {
    const inv = this.invites.get(a.id);
    if (!inv) return "unknown";
    if (inv.used) return "spent";
    if (Date.now() > inv.exp) return "expired";
    inv.used = true;
    try {
      await inv.peer.accept(a.o);
    } catch {
      inv.peer.close("bad_answer");
      return "bad";
    }
    app.dataset.liveAnswer = "accepted";
    this.renderPanel();
    return "accepted";
  }

  // ---- the fair session this room plays ----

  attach(session) {
    if (this.session && this.session !== session && this.session.gid !== session.gid) this.resetGame();
    this.session = session;
    session.room = this;
    session.autoShare = false;
    this.gid = session.gid;
    this.joined = true;
    if (!this.hosted.has(session.seat)) this.seat = session.seat;
    this.remember();
    rememberTable("live");
  }

  // The table closed: its room closes with it, unless a rematch takes it over.
  detach(session) {
    if (this.session !== session) return;
    this.session = null;
    if (!this.handingOver) this.close();
  }

  close() {
    if (room === this) room = null;
    if (!this.scope.alive) return;  // closed already (a new room replaced it)
    this.keepLeft();
    for (const p of this.peers.values()) p.peer.close("left");
    this.peers.clear();
    this.invites.clear();
    this.hosted.clear();
    this.scope.dispose();
    try { sessionStorage.removeItem(SESSION_KEY); } catch { /* nothing to forget */ }
    for (const key of ["live", "liveRefused", "liveMismatch", "liveAsked", "liveAnswer", "liveAnswerTimeout", "liveWay", "liveAnswerBy"]) delete app.dataset[key];
  }

  remember() {  // (rememberedRoom reads it)
    try {
      // the host's own other seats go with it: their secrets never leave this browser
      sessionStorage.setItem(SESSION_KEY, JSON.stringify({ gid: this.gid, seat: this.seat, host: this.host, hostSeat: this.hostSeat,
                                                          game: this.game, players: this.players, local: this.hosted.saved(),
                                                          roomKey: this.roomKey }));
    } catch { /* a reload then shows the menu; the game is still in storage */ }
  }

  // Leaving a running game (for the menu, another table): what opens it live again from the
  // menu (its computer seats' secrets among it, this tab only), as after a reload.
  keepLeft() {
    const v = match.view;
    const over = Boolean(v && v.over && v.fair && v.fair.gid === this.gid);
    try {
      const kept = sessionStorage.getItem(SESSION_KEY);
      if (this.joined && !over && kept) sessionStorage.setItem(LEFT_KEY, kept);
      else if (over) sessionStorage.removeItem(LEFT_KEY);
    } catch { /* the game still opens from the menu, by the relays or by link */ }
  }

  nameOf(seat) {
    return match.names[seat] || t("seatName", seat + 1, true);
  }

  run(task) {
    return this.queue.run(task).catch((err) => showError($("message"), err));
  }

  // The session took in or made messages: they go to the peers, the host's own seats hear of
  // them, and both sides compare the state.
  changed(r, fresh) {
    this.changedAt = Date.now();  // the benchmark: when a move showed here
    if (r.view.fair.state) {
      const key = `${r.view.fair.gid}:${r.view.state_id}`;
      if (!this.shownAt.has(key)) this.shownAt.set(key, this.changedAt);
      this.hashes.set(key, r.view.fair.state);
      this.compare(key);
    }
    this.renderPanel();
    const v = r.view;
    const w = r.waiting || v.fair.waiting || {};
    const other = v.current_seat !== null ? v.current_seat : (w.seats || []).find((s) => s !== v.seat);
    if (!v.over && other !== undefined && other !== v.seat) sayStatus(t("liveWaitFor", this.nameOf(other)));
    if (r.party !== this.session.mainParty) {  // one of the host's other seats moved (or is shown)
      this.hosted.keep(r.new);
      if (!(r.new || []).length) return;
    } else if (!fresh.length) return;
    this.run(async () => {
      await this.hosted.sync();
      this.push();
    });
  }

  // Every message this table holds (the main party's, in the order it took them).
  known() {
    return this.session ? this.session.messages : [];
  }

  push() {
    if (!this.joined || !this.session) return;
    const all = this.known();
    const names = this.hosted.tableNames();
    const v = this.session.alive && match.session === this.session ? match.view : null;
    const hash = v && v.fair && v.fair.state;
    for (const [seat, p] of this.peers) {
      if (p.state !== "open" || !p.have) continue;
      const out = all.filter((m) => m.seat !== seat && m.n >= (p.have[m.seat] || 0));
      if (out.length) {
        if (this.loseNext === seat) this.loseNext = null;  // a test: as if this frame were lost on the way
        else p.peer.send({ t: "m", m: out, names });
        for (const m of out) p.have[m.seat] = Math.max(p.have[m.seat] || 0, m.n + 1);
      }
      if (hash) p.peer.send({ t: "h", k: `${v.fair.gid}:${v.state_id}`, h: hash });
    }
  }

  // A chat line of this seat: to the peers, and stored on the relays for whoever is not here now.
  sendChat(message) {
    this.sendAll({ t: "chat", m: message });
    if (this.relay) this.relay.send({ t: "chat", m: message }, { store: true }).catch(() => {});
  }

  // A frame to every peer whose channel is open (but `except`).
  sendAll(frame, except = null) {
    for (const [seat, p] of this.peers) if (seat !== except) p.peer.send(frame);
  }

  counts() {
    const have = [];
    for (const m of this.known()) have[m.seat] = Math.max(have[m.seat] || 0, m.n + 1);
    return Array.from({ length: this.players }, (_, i) => have[i] || 0);
  }

  // Both sides hash the engine state after every change; a difference stops the game.
  compare(key) {
    const mine = this.hashes.get(key);
    for (const [seat, hashes] of this.peerHashes) {
      const theirs = hashes.get(key);
      if (mine && theirs && mine !== theirs) this.stop(seat);
    }
  }

  stop(seat) {
    if (this.stopped) return;
    this.stopped = true;
    app.dataset.liveMismatch = String(seat);
    for (const p of this.peers.values()) p.peer.close("mismatch");
    $("message").textContent = t("liveMismatch");
  }

  // ---- frames from a peer ----

  refuse(reason, err) {
    app.dataset.liveRefused = reason;
    const words = t("liveReasons");
    if (err) showError($("message"), err, t("liveRefused"));
    else $("message").textContent = t("liveRefused") + (words[reason] || words.unknown);
  }

  onFrame(seat, frame, problem) {
    if (problem) return this.refuse(problem);
    const p = this.peers.get(seat);
    if (!p || !this.alive) return;
    if (!FRAME_KINDS.includes(frame.t)) return this.refuse("unknown");
    if (frame.t === "have") {
      if (!Array.isArray(frame.have) || frame.have.length > 5 || !frame.have.every((x) => Number.isInteger(x) && x >= 0)) return this.refuse("malformed");
      p.have = frame.have.slice();
      return this.run(() => this.push());
    }
    if (frame.t === "m") return this.onMessages(seat, p, frame);
    if (frame.t === "h") {
      if (typeof frame.k !== "string" || typeof frame.h !== "string" || frame.h.length > 100 || frame.k.length > 100) return this.refuse("malformed");
      if (!this.peerHashes.has(seat)) this.peerHashes.set(seat, new Map());
      this.peerHashes.get(seat).set(frame.k, frame.h);
      // the peer is further on than we are: if we have not caught up soon, a frame went missing
      const m = /^[A-Za-z0-9_-]{1,64}:(\d{1,6})$/.exec(frame.k);
      const v = match.view;
      if (this.joined && m && v && v.fair && frame.k.startsWith(v.fair.gid + ":") && Number(m[1]) > v.state_id) {
        this.scope.timeout(() => { if (match.view && Number(m[1]) > match.view.state_id) this.askMissing(seat); }, CATCH_UP_MS);
      }
      return this.compare(frame.k);
    }
    if (frame.t === "rematch") return this.rematchJoined(seat);
    if (frame.t === "seats") {
      const here = frame.here === undefined ? [] : frame.here;
      if (this.host || !Array.isArray(frame.on) || frame.on.length > 5 || !Array.isArray(here) || here.length > 5
          || !here.every((h) => h === null || (h && (h.kind === "human" || (h.kind === "ai" && LEVELS.includes(h.level)))))) return this.refuse("malformed");
      this.others = frame.on.map(Boolean);
      this.here = here.map((h) => (h ? { kind: h.kind, level: h.level } : null));  // words only, from our own texts
      return this.renderPanel();
    }
    if (this.session) this.session.chat.received(seat, frame.m);  // "chat"
  }

  onMessages(seat, p, frame) {
    if (!validMessages(frame.m)) return this.refuse("malformed");
    let names = Array.isArray(frame.names) && frame.names.length <= 5 ? frame.names : undefined;
    // the host's computer seats in our own words ("Computer (Leicht)"), not the host's language
    if (names && this.host) names = names.map((n, i) => (this.hosted.has(i) ? this.hosted.get(i).name : n));  // ours are named here
    if (names && !this.host) names = names.map((n, i) => (this.here[i] && this.here[i].kind === "ai" ? t("liveComputer", t("levels")[this.here[i].level]) : n));
    return this.run(async () => {
      try {
        if (!this.session) {
          await FairSession.join({ messages: frame.m, seat: this.seat, name: this.pendingName || lastFairName(), names },
                                 { room: this, autoShare: false, roomKey: this.roomKey });
        } else {
          await this.session.receive(frame.m, names, this.session.mainParty);
        }
        this.hosted.heard(frame.m);
        delete app.dataset.liveRefused;
      } catch (err) {
        this.refuse(err.reason || err.code || "refused", err);
        // e.g. a batch that needs one we never got: say what we hold, the peer sends the rest
        if (err.reason !== "fair.nothing_new" && err.reason !== "fair.bad_signature") this.askMissing(seat);
        return;
      }
      if (!p.have) p.have = [];
      for (const m of frame.m) p.have[m.seat] = Math.max(p.have[m.seat] || 0, m.n + 1);  // they hold these
    });
  }

  // Our counts of each seat's messages to a peer (at most once a second): it sends what we lack,
  // over the same channel, with no reconnect.
  askMissing(seat) {
    const p = this.peers.get(seat);
    const now = Date.now();
    if (!p || p.state !== "open" || now - (p.asked || 0) < 1000) return;
    p.asked = now;
    app.dataset.liveAsked = String(Number(app.dataset.liveAsked || 0) + 1);
    this.run(async () => p.peer.send({ t: "have", have: this.counts() }));
  }

  // ---- a rematch keeps the seats ----
  // The host opens a new fair game with the same table and tells the connected friends, whose
  // browsers join it under the same names when its joins arrive.

  async rematch() {
    const old = this.session;
    const rec = await engine.request({ op: "fair_record", party: old.mainParty });
    const names = old.players ? match.seats.map((s) => s.name) : [];
    for (const p of this.peers.values()) p.peer.send({ t: "rematch" });
    const own = this.hosted.has(this.seat) ? null : names[this.seat];
    this.handingOver = true;
    try {
      this.resetGame();
      this.hosted.forgetParties();
      await FairSession.start({ game: rec.table.game, players: rec.table.players, options: rec.table.options,
                                name: own || names[this.seat] }, { room: this, autoShare: false });
    } finally {
      this.handingOver = false;
    }
    if (this.hosted.size) await this.hosted.make();
  }

  rematchJoined(seat) {
    const v = match.view;
    if (this.host || seat !== this.hostSeat || !v || !v.over || !this.session) return this.refuse("unknown");
    this.pendingName = match.seats[this.seat].name;
    const old = this.session;
    this.handingOver = true;
    try {
      // the next game's table opens when its joins arrive; this one stays in sight till then
      this.session = null;
      old.room = null;
      this.resetGame();
    } finally {
      this.handingOver = false;
    }
  }

  // ---- the peers ----

  onState(seat, state, reason) {
    const p = this.peers.get(seat);
    if (!p || !this.alive) return;
    p.state = state;
    p.reason = reason;
    this.relayLink.note(`peer ${seat} ${state}${reason ? " " + reason : ""}`);
    if (state === "open") {
      this.run(async () => {
        p.peer.send({ t: "have", have: this.counts() });
        if (this.joined) this.push();
      });
      for (const id of ["live-invite-dialog", "live-answer-dialog"]) if ($(id) && $(id).open && (this.host || id === "live-answer-dialog")) $(id).close();
      $("message").textContent = "";
    }
    if (state === "failed" && !this.host && !this.joined && reason === "timeout") {
      // the answer was never opened: it is spent now; a new invite, or the same game by link
      if ($("live-answer-dialog") && $("live-answer-dialog").open) $("live-answer-dialog").close();
      $("message").textContent = t("liveAnswerTimeout", this.hostName || this.nameOf(seat), this.answerMinutes);
      app.dataset.liveAnswerTimeout = "true";
    } else if (state === "failed") $("message").textContent = t("liveFailed", this.nameOf(seat));
    if (state === "closed" && reason === "flood") this.refuse("flood");
    else if (state === "closed" && !this.stopped) $("message").textContent = t("liveDropped", this.nameOf(seat));
    if (this.host) this.broadcastSeats();
    this.renderPanel();
  }

  broadcastSeats() {
    const on = Array.from({ length: this.players }, (_, s) => s === this.seat || this.hosted.has(s) || this.connected(s));
    const here = Array.from({ length: this.players }, (_, s) => (this.hosted.has(s) ? { kind: this.hosted.get(s).kind, level: this.hosted.get(s).level } : null));
    for (const p of this.peers.values()) p.peer.send({ t: "seats", on, here });
  }

  // One connection per seat: a new one replaces (and closes) the last, whose late events are
  // then ignored — they would say "closed" of the new one.
  newPeer(seat, failMs) {
    const current = () => (this.peers.get(seat) || {}).peer === peer;
    const peer = new Peer({ onFrame: (f, problem) => { if (current()) this.onFrame(seat, f, problem); },
                            onState: (s, r) => { if (current()) this.onState(seat, s, r); },
                            failMs: failMs ?? this.failMs });
    const old = this.peers.get(seat);
    this.peers.set(seat, { peer, have: null, state: "new", reason: null });
    if (old) old.peer.close("replaced");
    return peer;
  }

  connected(seat) {
    return (this.peers.get(seat) || {}).state === "open";
  }

  renderPanel() {
    if (this.session && this.session.alive && !$("game").hidden) renderPanel(this);
  }
}

function validMessages(list) {
  return Array.isArray(list) && list.length > 0 && list.length <= MAX_MESSAGES
    && list.every((m) => m && typeof m === "object" && !Array.isArray(m) && Number.isInteger(m.seat) && Number.isInteger(m.n));
}

// The live table this tab left for the menu if it is game `gid` at `seat` (taken: once), or null.
export function takeLeftRoom(gid, seat) {
  try {
    const s = JSON.parse(sessionStorage.getItem(LEFT_KEY));
    if (!s || s.gid !== gid || s.seat !== seat) return null;
    sessionStorage.removeItem(LEFT_KEY);
    return s;
  } catch { return null; }
}

// This tab's live table before a reload (remember), or null.
export function rememberedRoom() {
  try { return JSON.parse(sessionStorage.getItem(SESSION_KEY)); } catch { return null; }
}
