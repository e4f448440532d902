// Sealed frames: what a table sends through public relays, readable only by whoever holds the
// room key (32 random bytes that travel only in a link's fragment, never to a server).
// From the key, HKDF-SHA256 (WebCrypto) derives
//   - the topic: 32 bytes as hex, what relays index (the tag below); it does not reveal the key;
//   - an AES-256-GCM key: every frame is encrypted and authenticated with it, so a relay (or
//     anyone without the key) can neither read a frame nor make or alter one that opens.
// A frame's plain text is JSON {f: sender, i: sender's instance, n: counter, t: ms, s: stored,
// b: body}, padded to a multiple of PAD bytes so sizes say less. Receivers drop a frame seen
// before by (instance, counter); an instance is one page's sealer (a reload makes a new one).
//
// On the wire (docs/live-play.md "Relays"): the sealed text is a Nostr event's content, tagged
// [TOPIC_TAG, topic]. KIND_SIGNAL is ephemeral (20000–29999: relays forward it to whoever is
// subscribed and do not store it) for signalling, reconnects and live moves; KIND_STORED is a
// regular kind (1000–9999: relays store it) for what a player coming back days later must find.
// Neither number is taken in the NIPs' list of kinds; a single-letter tag is indexed by every
// relay (NIP-01, NIP-12), so a filter {"#z": [topic]} finds a table's events and nothing else.

import { b64url, unb64url } from "./b64.mjs";

export const KIND_SIGNAL = 24717;
export const KIND_STORED = 4717;
export const TOPIC_TAG = "z";
export const MAX_PLAIN = 32 * 1024;  // bytes of a frame's padded plain text
const PAD = 128;
const VERSION = "u1.";
const IV_BYTES = 12;
const INFO_TOPIC = "urzeit relay topic v1", INFO_KEY = "urzeit relay frame key v1";
const AAD = new TextEncoder().encode("urzeit relay frame v1");
const utf8 = new TextEncoder(), fromUtf8 = new TextDecoder("utf-8", { fatal: true });
const KEY_TEXT = /^[A-Za-z0-9_-]{43}$/;  // 32 bytes in base64url without padding

/** A fresh room key: 32 bytes from crypto.getRandomValues, base64url. */
export function newRoomKey() {
  return b64url(crypto.getRandomValues(new Uint8Array(32)));
}

export function isRoomKey(text) {
  return typeof text === "string" && KEY_TEXT.test(text) && unb64url(text).length === 32;
}

async function derive(roomKey) {
  if (!isRoomKey(roomKey)) throw new Error("not a room key (32 bytes, base64url)");
  const base = await crypto.subtle.importKey("raw", unb64url(roomKey), "HKDF", false, ["deriveBits", "deriveKey"]);
  const hkdf = (info) => ({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: utf8.encode(info) });
  const topicBits = new Uint8Array(await crypto.subtle.deriveBits(hkdf(INFO_TOPIC), base, 256));
  const key = await crypto.subtle.deriveKey(hkdf(INFO_KEY), base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  return { topic: Array.from(topicBits, (b) => b.toString(16).padStart(2, "0")).join(""), key };
}

/** The topic (hex) of a room key, what relays see and index. */
export async function roomTopic(roomKey) {
  return (await derive(roomKey)).topic;
}

/** A sealer for one room and one sender: {topic, instance, seal(body, {stored}) -> text,
 * open(text) -> {from, instance, n, at, stored, body} | null}. `me` is the sender id written in
 * every frame (a short text); a frame that does not decrypt, parse or fit is null. */
export async function sealer(roomKey, { me }) {
  if (typeof me !== "string" || !me || me.length > 64) throw new Error("me: the sender's id, 1–64 characters");
  const { topic, key } = await derive(roomKey);
  const instance = b64url(crypto.getRandomValues(new Uint8Array(9)));
  let counter = 0;

  async function seal(body, { stored = false } = {}) {
    const json = JSON.stringify({ f: me, i: instance, n: counter, t: Date.now(), s: Boolean(stored), b: body });
    if (json === undefined) throw new Error("a frame's body must be JSON");
    const bytes = utf8.encode(json);
    const padded = new Uint8Array(Math.ceil((bytes.length + 1) / PAD) * PAD).fill(0x20);  // spaces: JSON allows them
    if (padded.length > MAX_PLAIN) throw new Error(`a frame of ${bytes.length} bytes is too large (at most ${MAX_PLAIN - 1})`);
    padded.set(bytes);
    counter += 1;  // before the await: frames sealed at once get different counters
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: AAD }, key, padded));
    const out = new Uint8Array(IV_BYTES + ct.length);
    out.set(iv);
    out.set(ct, IV_BYTES);
    return VERSION + b64url(out);
  }

  async function open(text) {
    try {
      if (typeof text !== "string" || !text.startsWith(VERSION) || text.length > 2 * MAX_PLAIN) return null;
      const raw = unb64url(text.slice(VERSION.length));
      if (raw.length < IV_BYTES + 16 + PAD) return null;
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: raw.slice(0, IV_BYTES), additionalData: AAD },
        key, raw.slice(IV_BYTES));
      const f = JSON.parse(fromUtf8.decode(plain));
      if (!f || typeof f !== "object" || Array.isArray(f)) return null;
      if (typeof f.f !== "string" || !f.f || f.f.length > 64 || typeof f.i !== "string" || f.i.length > 24) return null;
      if (!Number.isSafeInteger(f.n) || f.n < 0 || !Number.isSafeInteger(f.t) || typeof f.s !== "boolean" || !("b" in f)) return null;
      return { from: f.f, instance: f.i, n: f.n, at: f.t, stored: f.s, body: f.b };
    } catch {
      return null;  // not base64url, not ours (wrong key, altered), not JSON
    }
  }

  return { topic, instance, seal, open };
}
