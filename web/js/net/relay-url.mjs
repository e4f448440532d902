// Which relays a page may use: checked where a list is typed (the settings) and where a pool is
// made (nostr.mjs). No dependency, so the settings load without the relay code.

// Well-known public Nostr relays, each run by someone else (docs/live-play.md "Relays").
export const DEFAULT_RELAYS = ["wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net", "wss://nostr.mom"];
export const MAX_RELAYS = 8;

/** A relay URL we connect to: wss:// anywhere, ws:// only to this machine (tests, a relay of
 * one's own). Returns the normalised URL or null. */
export function relayUrl(text) {
  if (typeof text !== "string" || text.length > 200) return null;
  let u;
  try { u = new URL(text.trim()); } catch { return null; }
  if (u.username || u.password || u.hash) return null;
  const local = ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname);
  if (!(u.protocol === "wss:" || (u.protocol === "ws:" && local))) return null;
  return u.href.replace(/\/$/, "");
}
