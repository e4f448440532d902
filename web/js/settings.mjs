// The player's settings, remembered per device (localStorage): animation speed, the computer's
// pause, confirming irreversible moves, high-contrast seats, sound, the relays for remote play.
// Anything stored that is not a known value falls back to its default, so a damaged entry never
// breaks the page.

import { DEFAULT_RELAYS, MAX_RELAYS, relayUrl } from "./net/relay-url.mjs";

const KEY = "urzeit.settings";

// Each setting: its default and the values it may take (the panel offers them in this order).
export const SETTINGS = {
  motion: { default: "normal", choices: ["off", "normal", "slow"] },
  aiPause: { default: 250, choices: [0, 250, 700, 1500] },  // ms between two decisions of one computer turn
  confirm: { default: true, choices: [true, false] },
  contrast: { default: false, choices: [false, true] },
  sound: { default: false, choices: [false, true] },
  turnAlert: { default: true, choices: [true, false] },  // a friend elsewhere moved: title, badge, a short sound (turn-alert.mjs)
  relays: { default: true, choices: [true, false] },  // false: the page asks no relay (no other origin) at all
};

const events = new EventTarget();
let current = read();

function stored() {
  let entry = {};
  try { entry = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { /* blocked or damaged: defaults */ }
  return entry && typeof entry === "object" && !Array.isArray(entry) ? entry : {};
}

function read() {
  const entry = stored();
  const out = {};
  for (const [name, spec] of Object.entries(SETTINGS)) {
    out[name] = spec.choices.includes(entry[name]) ? entry[name] : spec.default;
  }
  out.relayUrls = checkedRelays(entry.relayUrls) || [...DEFAULT_RELAYS];
  return out;
}

// A relay list as kept: 1–MAX_RELAYS valid, distinct URLs, or null.
function checkedRelays(list) {
  if (!Array.isArray(list) || !list.length || list.length > MAX_RELAYS) return null;
  const urls = list.map(relayUrl);
  return urls.every(Boolean) && new Set(urls).size === urls.length ? urls : null;
}

function save(changes) {
  try {
    // other parts of the entry (live play's STUN/TURN servers, net/peer.mjs) are kept
    localStorage.setItem(KEY, JSON.stringify({ ...stored(), ...changes }));
  } catch { /* storage blocked: kept for this visit */ }
}

/** A copy of the settings now. */
export function settings() {
  return { ...current, relayUrls: [...current.relayUrls] };
}

/** Changes one setting; an unknown name or value is refused with an error and changes nothing. */
export function setSetting(name, value) {
  const spec = SETTINGS[name];
  if (!spec) throw new Error(`unknown setting: ${name}`);
  if (!spec.choices.includes(value)) throw new Error(`bad value for ${name}: ${JSON.stringify(value)}`);
  if (current[name] === value) return;
  current = { ...current, [name]: value };
  save({ [name]: value });
  events.dispatchEvent(new CustomEvent("change", { detail: { name, value, settings: settings() } }));
}

/** The relays for remote play: {on, urls}; urls is [] while the player has turned relays off. */
export function relaySettings() {
  // a test names its relays (a real relay on localhost) or none: `globalThis.urzeitTestRelays`
  const test = new URLSearchParams(location.search).get("test") === "1" ? globalThis.urzeitTestRelays : undefined;
  if (Array.isArray(test)) return test.length ? { on: true, urls: [...test] } : { on: false, urls: [] };
  return current.relays ? { on: true, urls: [...current.relayUrls] } : { on: false, urls: [] };
}

/** Sets the relay list (texts, blank lines and repeats left out; an empty list means the
 * defaults). A URL that is not wss:// (ws:// only to this machine) or more than MAX_RELAYS is
 * refused with an error naming it, and nothing changes. */
export function setRelayUrls(list) {
  if (!Array.isArray(list)) throw new Error("relays: a list of URLs");
  const texts = list.map((u) => (typeof u === "string" ? u.trim() : u)).filter((u) => u !== "");
  const bad = texts.filter((u) => !relayUrl(u));
  if (bad.length) throw Object.assign(new Error(`not a relay URL: ${bad.join(", ")}`), { code: "bad_relay", bad });
  const urls = [...new Set(texts.map(relayUrl))];
  if (urls.length > MAX_RELAYS) throw Object.assign(new Error(`at most ${MAX_RELAYS} relays`), { code: "too_many_relays" });
  const value = urls.length ? urls : [...DEFAULT_RELAYS];
  if (JSON.stringify(value) === JSON.stringify(current.relayUrls)) return;
  current = { ...current, relayUrls: value };
  save({ relayUrls: value });
  events.dispatchEvent(new CustomEvent("change", { detail: { name: "relayUrls", value: [...value], settings: settings() } }));
}

/** fn({name, value, settings}) after every change; returns the unsubscribe. */
export function onSettingsChange(fn) {
  const listener = (ev) => fn(ev.detail);
  events.addEventListener("change", listener);
  return () => events.removeEventListener("change", listener);
}
