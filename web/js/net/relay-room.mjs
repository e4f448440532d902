// A room channel through public Nostr relays: sealed frames (seal.mjs) published to every relay
// of a list (nostr.mjs) and read back from all of them, for everyone who holds the room key.
//
//   const room = await join(roomKey, ["wss://nos.lol", …], {me: "seat1"});
//   room.onFrame((body, from, meta) => …);      // each frame once, per sender in order; not our own
//   await room.send({type: "answer", sdp}, {store: false})  -> {ok: [urls], failed: [{url, reason}]}
//   await room.send(move, {store: true})        // kept by relays: found by history() days later
//   const since = await room.history(Date.now() - 7 * 864e5)  -> [{body, from, at, …}] oldest first
//   room.status() -> {url: "connecting" | "open" | "failed" | "closed"}; room.onStatus(fn); room.close();
//
// What a frame says is not trusted either: anyone with the room key can send one, under any `from`.
// The games' messages are signed and checked by the fair protocol; the room only keeps relays
// (and everyone without the key) out, drops duplicates and puts each sender's frames in order.

import { RelayPool, newSecretKey, signEvent } from "./nostr.mjs";
import { KIND_SIGNAL, KIND_STORED, TOPIC_TAG, sealer } from "./seal.mjs";
import { relaySettings } from "../settings.mjs";

export const STORE_DAYS = 30;       // NIP-40 expiration asked of relays for stored frames
export const HOLD_MS = 1500;        // how long a frame after a gap waits for the missing one
export const HISTORY_LIMIT = 2000;  // stored frames asked of each relay by history()
const LIVE_SKEW = 600;              // s: the live subscription asks for events this much older (clocks differ)
const MAX_SEEN = 8192, MAX_BUFFER = 200;

/** Joins the room of `roomKey` through `relays` (URLs, see nostr.mjs relayUrl) as `me`.
 * options: onStatus(all, url, state), holdMs (0: deliver as received), pool (RelayPool options),
 * historyTimeout ms. Throws on a bad key, sender id or relay list (nothing starts then). */
export async function join(roomKey, relays, { me, onStatus = null, holdMs = HOLD_MS, historyTimeout = 12_000, pool: poolOptions = {} } = {}) {
  if (!Array.isArray(relays) || !relays.length) throw new Error("no relays to join through");
  const s = await sealer(roomKey, { me });
  const secretKey = newSecretKey();  // this page's Nostr identity for this room only
  const statusFns = new Set(onStatus ? [onStatus] : []);
  const pool = new RelayPool(relays, {
    ...poolOptions,
    onStatus: (url, state, all) => statusFns.forEach((fn) => { try { fn(all, url, state); } catch (err) { console.error(err); } }),
  });
  const listeners = new Set();
  const buffer = [];                   // frames that came before anyone listened
  const seen = new Set();              // "instance.n" of frames delivered or returned by history()
  const order = new Map();             // sender instance -> {next, held: Map(n -> frame), timer}
  let closed = false;

  const keyOf = (f) => `${f.instance}.${f.n}`;
  function remember(f) {
    seen.add(keyOf(f));
    if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value);
  }

  function emit(f) {
    const meta = { at: f.at, n: f.n, instance: f.instance, stored: f.stored };
    if (!listeners.size) { if (buffer.length < MAX_BUFFER) buffer.push(f); return; }
    for (const fn of listeners) {
      try { fn(f.body, f.from, meta); } catch (err) { console.error(err); }
    }
  }

  function senderOf(instance) {
    let o = order.get(instance);
    if (!o) order.set(instance, o = { next: 0, held: new Map(), timer: null });
    return o;
  }

  function flush(o) {
    while (o.held.has(o.next)) { const f = o.held.get(o.next); o.held.delete(o.next); o.next += 1; emit(f); }
    if (!o.held.size && o.timer) { clearTimeout(o.timer); o.timer = null; }
  }

  // In order per sender instance; after a gap, wait up to holdMs for the missing frame (a relay
  // may reorder), then go on without it (a relay may have dropped it).
  function deliver(f) {
    const o = senderOf(f.instance);
    if (holdMs <= 0 || f.n < o.next) { o.next = Math.max(o.next, f.n + 1); emit(f); flush(o); return; }
    o.held.set(f.n, f);
    flush(o);
    if (o.held.size && !o.timer) {
      o.timer = setTimeout(() => {
        o.timer = null;
        while (o.held.size) { o.next = Math.min(...o.held.keys()); flush(o); }
      }, holdMs);
    }
  }

  async function unseal(ev) {
    const f = await s.open(ev.content);
    // a stored frame re-sent as ephemeral (or the other way) by someone without the key is refused
    if (!f || f.stored !== (ev.kind === KIND_STORED)) return null;
    return f;
  }

  // The live subscription: what relays held before we joined is history()'s, not onFrame's (a
  // relay's events before its first end of stored events, made before we joined, are left out);
  // after that, everything, also what was stored while a relay was away.
  const joinedAt = Math.floor(Date.now() / 1000);
  const caughtUp = new Set();
  let chain = Promise.resolve();  // frames are opened one after another, in the order they came
  const liveSub = pool.subscribe([{ kinds: [KIND_SIGNAL, KIND_STORED], [`#${TOPIC_TAG}`]: [s.topic], since: joinedAt - LIVE_SKEW }], {
    onEose: (url, how) => { if (how === "eose") caughtUp.add(url); },
    onEvent: (ev, url) => {
      if (!caughtUp.has(url) && ev.created_at < joinedAt) return;
      chain = chain.then(async () => {
        const f = await unseal(ev);
        if (closed || !f || f.instance === s.instance || seen.has(keyOf(f))) return;
        remember(f);
        deliver(f);
      });
    },
  });

  return {
    topic: s.topic,
    me,

    /** Seals and publishes `body` (JSON) to every relay; store: true for what relays must keep. */
    async send(body, { store = false } = {}) {
      if (closed) throw new Error("the room is closed");
      const content = await s.seal(body, { stored: store });
      const tags = [[TOPIC_TAG, s.topic]];
      if (store) tags.push(["expiration", String(Math.floor(Date.now() / 1000) + STORE_DAYS * 86400)]);
      return pool.publish(signEvent({ kind: store ? KIND_STORED : KIND_SIGNAL, tags, content }, secretKey));
    },

    /** fn(body, from, {at, n, instance, stored}) for each new frame of the others; returns the
     * unsubscribe. Frames that came before the first listener are handed to it. */
    onFrame(fn) {
      listeners.add(fn);
      for (const f of buffer.splice(0)) emit(f);
      return () => listeners.delete(fn);
    },

    /** The stored frames since `since` (ms), ours of earlier visits included, oldest first:
     * [{body, from, at, n, instance, mine}]. Waits for every relay's end of stored events (or
     * its failure, or historyTimeout). Frames found here are not delivered to onFrame again. */
    history(since = 0) {
      if (closed) return Promise.reject(new Error("the room is closed"));
      return new Promise((resolve) => {
        const opened = [];
        const waiting = new Set(pool.urls);
        let done = false;
        const finish = async () => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          sub.close();
          const byKey = new Map();
          for (const f of await Promise.all(opened)) if (f) byKey.set(keyOf(f), f);
          const frames = [...byKey.values()].sort((a, b) => a.at - b.at || (a.instance < b.instance ? -1 : a.instance > b.instance ? 1 : a.n - b.n));
          const found = new Set(frames.map(keyOf));
          buffer.splice(0, buffer.length, ...buffer.filter((f) => !found.has(keyOf(f))));  // not twice
          for (const f of frames) {
            if (f.instance === s.instance) continue;
            remember(f);
            const o = senderOf(f.instance);
            o.next = Math.max(o.next, f.n + 1);
          }
          resolve(frames.map((f) => ({ body: f.body, from: f.from, at: f.at, n: f.n, instance: f.instance, mine: f.instance === s.instance })));
        };
        const timer = setTimeout(finish, historyTimeout);
        const filter = { kinds: [KIND_STORED], [`#${TOPIC_TAG}`]: [s.topic], since: Math.max(0, Math.floor(since / 1000)), limit: HISTORY_LIMIT };
        const sub = pool.subscribe([filter], {
          onEvent: (ev) => opened.push(unseal(ev)),
          // (a relay the browser refuses at once fails inside subscribe(): finish after it returns)
          onEose: (url) => { waiting.delete(url); if (!waiting.size) setTimeout(finish, 0); },
        });
      });
    },

    status: () => pool.status(),
    onStatus(fn) { statusFns.add(fn); return () => statusFns.delete(fn); },

    close() {
      if (closed) return;
      closed = true;
      liveSub.close();
      pool.close();
      for (const o of order.values()) clearTimeout(o.timer);
      order.clear();
      listeners.clear();
      statusFns.clear();
    },
  };
}

/** join() through the relays named in the settings; refused (error.code "relays_off") when the
 * player turned relays off, before anything connects. */
export async function joinConfigured(roomKey, options) {
  const { on, urls } = relaySettings();
  if (!on) throw Object.assign(new Error("relays are turned off in the settings"), { code: "relays_off" });
  return join(roomKey, urls, options);
}
