// The player's settings, remembered per device (localStorage): animation speed, the computer's
// pause, confirming irreversible moves, high-contrast seats, sound. Anything stored that is not
// a known value falls back to its default, so a damaged entry never breaks the page.

const KEY = "urzeit.settings";

// Each setting: its default and the values it may take (the panel offers them in this order).
export const SETTINGS = {
  motion: { default: "normal", choices: ["off", "normal", "slow"] },
  aiPause: { default: 250, choices: [0, 250, 700, 1500] },  // ms between two decisions of one computer turn
  confirm: { default: true, choices: [true, false] },
  contrast: { default: false, choices: [false, true] },
  sound: { default: false, choices: [false, true] },
  turnAlert: { default: true, choices: [true, false] },  // a friend elsewhere moved: title, badge, a short sound (turn-alert.mjs)
};

const events = new EventTarget();
let current = read();

function read() {
  let stored = {};
  try { stored = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { /* blocked or damaged: defaults */ }
  const out = {};
  for (const [name, spec] of Object.entries(SETTINGS)) {
    out[name] = stored && typeof stored === "object" && spec.choices.includes(stored[name]) ? stored[name] : spec.default;
  }
  return out;
}

/** A copy of the settings now. */
export function settings() {
  return { ...current };
}

/** Changes one setting; an unknown name or value is refused with an error and changes nothing. */
export function setSetting(name, value) {
  const spec = SETTINGS[name];
  if (!spec) throw new Error(`unknown setting: ${name}`);
  if (!spec.choices.includes(value)) throw new Error(`bad value for ${name}: ${JSON.stringify(value)}`);
  if (current[name] === value) return;
  current = { ...current, [name]: value };
  try {
    // other parts of the entry (live play's STUN/TURN servers, net/peer.mjs) are kept
    let stored = {};
    try { stored = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { /* damaged: replaced */ }
    if (typeof stored !== "object" || Array.isArray(stored)) stored = {};
    localStorage.setItem(KEY, JSON.stringify({ ...stored, ...current }));
  } catch { /* storage blocked: kept for this visit */ }
  events.dispatchEvent(new CustomEvent("change", { detail: { name, value, settings: settings() } }));
}

/** fn({name, value, settings}) after every change; returns the unsubscribe. */
export function onSettingsChange(fn) {
  const listener = (ev) => fn(ev.detail);
  events.addEventListener("change", listener);
  return () => events.removeEventListener("change", listener);
}
