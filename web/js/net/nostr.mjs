// A Nostr relay pool (NIP-01 over WebSocket): publish to every relay of a list, subscribe across
// all of them, reconnect a dropped relay while someone listens. Relays are untrusted: every event
// is checked (id = sha256 of its serialization, a BIP-340 signature, the subscription's filter)
// before anyone sees it; malformed or oversized frames are dropped. docs/live-play.md "Relays".
//
//   const pool = new RelayPool(["wss://nos.lol", …], {onStatus(url, state, all) {…}});
//   const key = newSecretKey();
//   await pool.publish(signEvent({kind, tags, content}, key))  -> {ok: [url…], failed: [{url, reason}…]}
//   const sub = pool.subscribe([filter…], {onEvent(ev, url), onEose(url), onClosed(url, reason)});
//   sub.close(); pool.status() -> {url: state}; pool.close();
//
// States of a relay: "connecting", "open", "failed" (a connection failed or dropped; retried with
// backoff while a subscription is open, at once when something is published), "closed" (not yet
// needed, or ended by pool.close()).

import { schnorr, sha256 } from "../vendor/noble-secp256k1.mjs";  // bundled by build.py from npm @noble/curves
import { relayUrl } from "./relay-url.mjs";

export { relayUrl };

export const MAX_MESSAGE = 256 * 1024;  // chars of one relay message we read; larger ones are dropped
export const MAX_CONTENT = 64 * 1024;   // chars of an event's content we publish or accept
const MAX_TAGS = 20, MAX_TAG_CHARS = 1024;
const MAX_SEEN = 4096;                  // event ids a subscription remembers to drop duplicates
const HEX64 = /^[0-9a-f]{64}$/, HEX128 = /^[0-9a-f]{128}$/;
const utf8 = new TextEncoder();

const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
function fromHex(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** A fresh secp256k1 secret key (per table), from crypto.getRandomValues. */
export function newSecretKey() {
  return schnorr.utils.randomSecretKey(crypto.getRandomValues(new Uint8Array(48)));
}

const publicKeys = new WeakMap();  // secret key -> its public key (a point multiplication saved per event)

export function publicKeyHex(secretKey) {
  if (!publicKeys.has(secretKey)) publicKeys.set(secretKey, toHex(schnorr.getPublicKey(secretKey)));
  return publicKeys.get(secretKey);
}

/** NIP-01: the id is the sha256 of this JSON text. */
export function serializeEvent(ev) {
  return JSON.stringify([0, ev.pubkey, ev.created_at, ev.kind, ev.tags, ev.content]);
}

export function eventId(ev) {
  return toHex(sha256(utf8.encode(serializeEvent(ev))));
}

/** A signed event of `kind` with `tags` and `content` (created now unless `created_at`). */
export function signEvent({ kind, tags = [], content = "", created_at }, secretKey) {
  const ev = {
    pubkey: publicKeyHex(secretKey),
    created_at: created_at ?? Math.floor(Date.now() / 1000),
    kind, tags, content,
  };
  if (!wellFormed({ ...ev, id: "0".repeat(64), sig: "0".repeat(128) })) throw new Error("a malformed event");
  ev.id = eventId(ev);
  ev.sig = toHex(schnorr.sign(fromHex(ev.id), secretKey, crypto.getRandomValues(new Uint8Array(32))));
  return ev;
}

function wellFormed(ev) {
  return ev !== null && typeof ev === "object" && !Array.isArray(ev)
    && typeof ev.id === "string" && HEX64.test(ev.id)
    && typeof ev.pubkey === "string" && HEX64.test(ev.pubkey)
    && typeof ev.sig === "string" && HEX128.test(ev.sig)
    && Number.isSafeInteger(ev.created_at) && ev.created_at >= 0
    && Number.isInteger(ev.kind) && ev.kind >= 0 && ev.kind <= 65535
    && typeof ev.content === "string" && ev.content.length <= MAX_CONTENT
    && Array.isArray(ev.tags) && ev.tags.length <= MAX_TAGS
    && ev.tags.every((t) => Array.isArray(t) && t.length >= 1 && t.length <= 4
      && t.every((x) => typeof x === "string" && x.length <= MAX_TAG_CHARS));
}

/** True only for a well-formed event whose id and Schnorr signature are right. */
export function verifyEvent(ev) {
  if (!wellFormed(ev)) return false;
  if (eventId(ev) !== ev.id) return false;
  try {
    return schnorr.verify(fromHex(ev.sig), fromHex(ev.id), fromHex(ev.pubkey));
  } catch {
    return false;
  }
}

/** NIP-01 filter matching (ids, authors, kinds, #x tags, since, until): a relay may send
 * anything, we keep only what was asked for. */
export function matchesFilter(ev, f) {
  if (f.ids && !f.ids.includes(ev.id)) return false;
  if (f.authors && !f.authors.includes(ev.pubkey)) return false;
  if (f.kinds && !f.kinds.includes(ev.kind)) return false;
  if (f.since !== undefined && ev.created_at < f.since) return false;
  if (f.until !== undefined && ev.created_at > f.until) return false;
  for (const [key, values] of Object.entries(f)) {
    if (key.length === 2 && key[0] === "#" && !ev.tags.some((t) => t[0] === key[1] && values.includes(t[1]))) return false;
  }
  return true;
}

let subCounter = 0;

export class RelayPool {
  /** urls: relay URLs (checked by relayUrl; a bad one throws and nothing starts).
   * options: onStatus(url, state, all), backoff [first ms, max ms], connectTimeout ms,
   * publishTimeout ms, WebSocket (for tests under Node). */
  constructor(urls, { onStatus = null, backoff = [500, 30_000], connectTimeout = 8000, publishTimeout = 8000,
                      WebSocket: Socket = globalThis.WebSocket } = {}) {
    if (!Array.isArray(urls)) throw new Error("relay urls: a list");
    const checked = urls.map((u) => relayUrl(u));
    const bad = urls.filter((u, i) => !checked[i]);
    if (bad.length) throw new Error(`not a relay URL (wss://…): ${bad.join(", ")}`);
    this.urls = [...new Set(checked)];
    this.onStatus = onStatus;
    this.backoff = backoff;
    this.connectTimeout = connectTimeout;
    this.publishTimeout = publishTimeout;
    this.Socket = Socket;
    this.closed = false;
    this.subs = new Map();  // subscription id -> {filters, handlers, seen, eose:Set}
    this.relays = new Map(this.urls.map((url) => [url, {
      url, ws: null, state: "closed", tries: 0, timer: null, connectTimer: null, queue: [], pending: new Map(),
    }]));
  }

  status() {
    return Object.fromEntries([...this.relays.values()].map((r) => [r.url, r.state]));
  }

  _setState(r, state) {
    if (r.state === state) return;
    r.state = state;
    if (this.onStatus) {
      try { this.onStatus(r.url, state, this.status()); } catch (err) { console.error(err); }
    }
  }

  _connect(r) {
    if (this.closed || r.ws || r.timer) return;
    this._setState(r, "connecting");
    let ws;
    try {
      ws = new this.Socket(r.url);
    } catch {
      this._dropped(r, "refused");
      return;
    }
    r.ws = ws;
    r.connectTimer = setTimeout(() => { if (r.ws === ws && ws.readyState !== 1) { try { ws.close(); } catch { /* */ } this._dropped(r, "timeout"); } }, this.connectTimeout);
    ws.onopen = () => {
      if (r.ws !== ws) return;
      clearTimeout(r.connectTimer);
      r.tries = 0;
      this._setState(r, "open");
      for (const [id, sub] of this.subs) { sub.reopened(r.url); ws.send(JSON.stringify(["REQ", id, ...sub.filters])); }
      for (const text of r.queue.splice(0)) ws.send(text);
    };
    ws.onmessage = (msg) => { if (r.ws === ws) this._message(r, msg.data); };
    ws.onclose = () => { if (r.ws === ws) this._dropped(r, "closed"); };
    ws.onerror = () => { /* onclose follows */ };
  }

  // A connection failed or dropped: its pending publishes fail; retry later while subscribed.
  _dropped(r, reason) {
    clearTimeout(r.connectTimer);
    if (r.ws) { r.ws.onopen = r.ws.onmessage = r.ws.onclose = r.ws.onerror = null; try { r.ws.close(); } catch { /* */ } }
    r.ws = null;
    r.queue = [];
    for (const [, p] of r.pending) p.done(false, reason);
    for (const sub of this.subs.values()) sub.eoseFrom(r.url, "failed");  // nothing stored comes from it for now
    if (this.closed) return;
    this._setState(r, "failed");
    if (this.subs.size) {
      const [first, max] = this.backoff;
      const jitter = 0.75 + crypto.getRandomValues(new Uint16Array(1))[0] / 131072;  // pages that lost a relay together do not come back together
      const wait = Math.min(max, first * 2 ** r.tries) * jitter;
      r.tries += 1;
      r.timer = setTimeout(() => { r.timer = null; this._connect(r); }, wait);
    }
  }

  // Someone needs this relay now: connect at once (a waiting retry is brought forward).
  _ensure(r) {
    if (r.ws) return;
    if (r.timer) { clearTimeout(r.timer); r.timer = null; }
    this._connect(r);
  }

  // An EVENT goes now or when the socket opens (subscriptions are sent by onopen themselves).
  _publishTo(r, text) {
    if (r.ws && r.ws.readyState === 1) r.ws.send(text);
    else { r.queue.push(text); this._ensure(r); }
  }

  _message(r, data) {
    if (typeof data !== "string" || data.length > MAX_MESSAGE) return;
    let msg;
    try { msg = JSON.parse(data); } catch { return; }
    if (!Array.isArray(msg) || typeof msg[0] !== "string") return;
    const [type, a, b, c] = msg;
    if (type === "EVENT" && typeof a === "string") {
      const sub = this.subs.get(a);
      if (sub) sub.receive(b, r.url);
    } else if (type === "OK" && typeof a === "string") {
      // nostr-relay (PyPI) names no id when it refuses an event: with one publish waiting, it is that one
      const p = r.pending.get(a) || (b === false && a === "" && r.pending.size === 1 ? [...r.pending.values()][0] : null);
      if (p) p.done(b === true, typeof c === "string" ? c.slice(0, 200) : "");
    } else if (type === "EOSE" && typeof a === "string") {
      const sub = this.subs.get(a);
      if (sub) sub.eoseFrom(r.url, "eose");
    } else if (type === "CLOSED" && typeof a === "string") {
      const sub = this.subs.get(a);
      if (sub) sub.closedBy(r.url, typeof b === "string" ? b.slice(0, 200) : "");
    }
  }

  /** Sends a signed event to every relay; resolves (never rejects) when each has answered OK,
   * refused, failed or timed out: {ok: [urls], failed: [{url, reason}]}. */
  publish(ev) {
    if (this.closed) return Promise.reject(new Error("the relay pool is closed"));
    // (noble's sign checks its own signature; a wrong id or a malformed event is refused here)
    if (!wellFormed(ev) || eventId(ev) !== ev.id) return Promise.reject(new Error("not a signed, well-formed event"));
    const text = JSON.stringify(["EVENT", ev]);
    const ok = [], failed = [];
    return new Promise((resolve) => {
      let left = this.relays.size;
      if (!left) resolve({ ok, failed });
      for (const r of this.relays.values()) {
        const timer = setTimeout(() => p.done(false, "timeout"), this.publishTimeout);
        const p = {
          done: (accepted, reason) => {
            if (r.pending.get(ev.id) !== p) return;
            clearTimeout(timer);
            r.pending.delete(ev.id);
            if (accepted) ok.push(r.url); else failed.push({ url: r.url, reason });
            if (--left === 0) resolve({ ok, failed });
          },
        };
        const before = r.pending.get(ev.id);
        r.pending.set(ev.id, p);
        if (before) before.done(false, "sent again");
        this._publishTo(r, text);
      }
    });
  }

  /** Subscribes with NIP-01 filters on every relay. handlers: onEvent(ev, url) once per event id
   * (checked), onEose(url, how) once per relay connection when its stored events are all sent
   * (how "eose") or none will come for now (how "failed": the relay dropped, "closed": it ended
   * the subscription), onClosed(url, reason) when a relay ends the subscription.
   * Returns {id, close()}. */
  subscribe(filters, { onEvent = () => {}, onEose = () => {}, onClosed = () => {} } = {}) {
    if (this.closed) throw new Error("the relay pool is closed");
    if (!Array.isArray(filters) || !filters.length || !filters.every((f) => f && typeof f === "object")) {
      throw new Error("filters: a list of objects");
    }
    const id = `u${++subCounter}`;
    const seen = new Set(), eosed = new Set();
    const sub = {
      filters,
      receive: (ev, url) => {
        if (!wellFormed(ev) || seen.has(ev.id) || !filters.some((f) => matchesFilter(ev, f)) || !verifyEvent(ev)) return;
        seen.add(ev.id);
        if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value);
        try { onEvent(ev, url); } catch (err) { console.error(err); }
      },
      reopened: (url) => eosed.delete(url),  // a new connection: its own end of stored events
      eoseFrom: (url, how) => {
        if (eosed.has(url)) return;
        eosed.add(url);
        try { onEose(url, how); } catch (err) { console.error(err); }
      },
      closedBy: (url, reason) => {
        sub.eoseFrom(url, "closed");
        try { onClosed(url, reason); } catch (err) { console.error(err); }
      },
    };
    this.subs.set(id, sub);
    const req = JSON.stringify(["REQ", id, ...filters]);
    for (const r of this.relays.values()) {
      if (r.ws && r.ws.readyState === 1) r.ws.send(req);
      else this._ensure(r);
    }
    return {
      id,
      close: () => {
        if (!this.subs.delete(id)) return;
        for (const r of this.relays.values()) {
          if (r.ws && r.ws.readyState === 1) r.ws.send(JSON.stringify(["CLOSE", id]));
        }
      },
    };
  }

  /** Ends everything: subscriptions, pending publishes (failed), timers, sockets. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.subs.clear();
    for (const r of this.relays.values()) {
      clearTimeout(r.timer);
      r.timer = null;
      this._dropped(r, "closed");
      this._setState(r, "closed");
    }
  }
}
