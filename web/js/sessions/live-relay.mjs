// A live room's signalling through the relays (docs/live-play.md, "Relays"): the friend's WebRTC
// answer goes back by itself (one link to join), and pages that lost each other — a reload, a
// locked phone, a lost network, the host back from the menu — find each other again: whoever
// misses a peer knocks; the host answers a knock with a fresh offer, the friend the offer with
// its answer. Knocks go only while someone is missing, a few seconds apart, then slower: relays
// are shared by many. The frames are sealed with the game's room key (net/relay-room.mjs).
import { joinConfigured } from "../net/relay-room.mjs";
import { validTrimmed } from "../net/peer.mjs";

const KNOCK_MS = 3000, KNOCK_SLOW_MS = 20_000, SLOW_AFTER_MS = 120_000;
const OFFER_AGAIN_MS = 8000;  // a seat's unanswered offer is made anew after this long
const ANSWERING_MS = 15_000;  // a friend's answer still on its way: no knock meanwhile
const KNOCKED_OFFER_MS = 1500;  // … or this long when the seat's page knocks (it is listening now)
const SIGNAL = { store: false };

export class RoomRelay {
  constructor(room, roomKey) {
    this.room = room;
    this.roomKey = roomKey;
    this.channel = null;     // the relay room (net/relay-room.mjs)
    this.state = "off";      // "off" | "connecting" | "open" | "failed"
    this.missingSince = null;
    this.lastKnock = 0;
    this.offered = new Map();  // seat → {id, at} of the host's last offer to it
    this.away = new Map();     // seat → ms since when its page is not connected here
    this.answeredAt = 0;       // when this friend last answered an offer
    this.trail = [];           // the last signalling steps, for a test that fails to say why
  }

  note(what) {
    this.trail.push(`${Date.now() % 100000} ${what}`);
    if (this.trail.length > 60) this.trail.shift();
  }

  async join() {
    if (!this.roomKey) return null;
    this.state = "connecting";
    try {
      this.channel = await joinConfigured(this.roomKey, { me: `seat${this.room.seat}` });
    } catch (err) {
      this.state = err.code === "relays_off" ? "off" : "failed";
      return null;
    }
    if (!this.room.alive) {
      this.channel.close();
      return null;
    }
    this.room.scope.defer(() => this.channel.close());
    this.channel.onStatus(() => this.status());
    this.status();
    this.room.scope.interval(() => this.tick(), 1000);
    return this.channel;
  }

  status() {
    const all = Object.values(this.channel.status());
    this.state = all.includes("open") ? "open" : all.every((x) => x === "failed" || x === "closed") ? "failed" : "connecting";
    this.room.renderPanel();
  }

  send(frame) {
    if (!this.channel || this.state !== "open") {
      this.note(`unsent ${frame.t}`);
      return false;
    }
    this.note(`send ${frame.t}${frame.to !== undefined ? " to " + frame.to : ""}`);
    this.channel.send(frame, SIGNAL).catch(() => this.note(`lost ${frame.t}`));
    return true;
  }

  // A friend whose answer to an offer is on its way (its channel being made) does not knock: a
  // knock asks the host for a fresh offer, which would replace the one being answered (on a slow
  // machine or relay, again and again). Only for a while: an answer lost on the way is given up.
  answering() {
    const st = (this.room.peers.get(this.room.hostSeat) || {}).state;
    return !this.room.host && (st === "new" || st === "connecting") && Date.now() - this.answeredAt < ANSWERING_MS;
  }

  // The seats this page should be connected with and is not (a friend: its host; the host: every
  // friend who has joined the game).
  missing() {
    const room = this.room;
    if (!room.session || !room.joined) return [];
    const joined = room.session.lastView ? room.session.joinedSeats() : [];
    const want = room.host ? joined.filter((s) => s !== room.seat && !room.hosted.has(s)) : [room.hostSeat];
    return want.filter((s) => !room.connected(s));
  }

  tick() {
    const now = Date.now();
    const missing = this.missing();
    const before = this.away.size;
    for (const s of missing) if (!this.away.has(s)) this.away.set(s, now);
    for (const s of [...this.away.keys()]) if (!missing.includes(s)) this.away.delete(s);
    if (this.away.size !== before) this.room.renderPanel();  // "away since …" said as soon as it is so
    if (!missing.length) {
      this.missingSince = null;
      return;
    }
    if (this.missingSince === null) this.missingSince = now;
    const every = now - this.missingSince > SLOW_AFTER_MS ? KNOCK_SLOW_MS : KNOCK_MS;
    if (now - this.lastKnock < every) return;
    this.lastKnock = now;
    if (!this.answering()) this.send({ t: "knock", seat: this.room.seat, g: this.room.gid });
    if (this.room.host) for (const s of missing) this.offer(s);
  }

  // ---- frames from the relays (sealed: only holders of the room key can make one) ----

  frame(body) {
    const room = this.room;
    this.note(`got ${body.t}${body.seat !== undefined ? " from " + body.seat : ""}${body.to !== undefined ? " to " + body.to : ""}`);
    if (body.t === "knock") {
      if (!Number.isInteger(body.seat) || body.seat === room.seat) return;
      // a knock is a page that listens now: an offer made before it was up never reached it
      if (room.host) this.offer(body.seat, { knocked: true });
      else if (body.seat === room.hostSeat && this.missing().length && !this.answering()) {  // the host is back: knock back at once
        this.lastKnock = 0;
        this.tick();
      }
      return;
    }
    if (body.t === "offer" && !room.host) return this.answerOffer(body);
    if (body.t === "answer" && room.host) return this.takeAnswer(body);
    if (body.t === "chat" && room.session) room.session.chat.received(null, body.m);
  }

  // The host: a fresh offer for a seat that is not connected (a knock, or its own tick).
  offer(seat, { knocked = false } = {}) {
    const room = this.room;
    if (!Number.isInteger(seat) || seat < 0 || seat >= room.players || seat === room.seat || room.hosted.has(seat)) return;
    const state = (room.peers.get(seat) || {}).state;
    if (state === "open") return;
    const last = this.offered.get(seat);
    // unanswered offers are made anew now and then; after a knock at once, unless the seat is
    // answering one (its channel is being made) or one went out a moment ago
    const again = knocked && state !== "connecting" ? KNOCKED_OFFER_MS : OFFER_AGAIN_MS;
    if (last && Date.now() - last.at < again) return;
    const id = room.newInviteId();
    this.offered.set(seat, { id, at: Date.now() });
    room.run(async () => {
      // queued behind other work: the seat's answer to an earlier offer may have come meanwhile
      if (room.connected(seat) || !room.alive) return this.note(`no offer to ${seat}: connected`);
      const peer = room.newPeer(seat);
      const o = await peer.offer();
      room.invites.set(id, { seat, peer, exp: Date.now() + 10 * 60 * 1000, used: false });
      this.send({ t: "offer", to: seat, id, o, g: room.gid });
    });
  }

  // A friend: the host's offer for this seat, answered through the relays.
  answerOffer(body) {
    const room = this.room;
    if (body.to !== room.seat || typeof body.id !== "string" || body.id.length > 40 || !validTrimmed(body.o)) return;
    if (room.connected(room.hostSeat)) return;
    this.answeredAt = Date.now();
    room.run(async () => {
      if (room.connected(room.hostSeat) || !room.alive) return this.note("no answer: connected");
      const peer = room.newPeer(room.hostSeat);
      const answer = await peer.answer(body.o);
      peer.connecting();
      this.send({ t: "answer", id: body.id, seat: room.seat, o: answer });
    });
  }

  // The host: a friend's answer to an invite or an offer (the same checks as an answer link's).
  takeAnswer(body) {
    const room = this.room;
    if (typeof body.id !== "string" || body.id.length > 40 || !Number.isInteger(body.seat) || !validTrimmed(body.o)) return;
    const inv = room.invites.get(body.id);
    if (!inv || inv.seat !== body.seat) return;
    room.acceptAnswer({ v: 1, k: "a", id: body.id, seat: body.seat, o: body.o });
  }
}
