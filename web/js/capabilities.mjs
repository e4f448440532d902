// What a screen depends on that some browsers lack: WebRTC data channels (live play; Safari in
// Lockdown Mode and some WebKit builds have none), storage (saves; blocked or full in some
// private modes) and a service worker (offline play). Checked before the screen needs it, and
// said in a plain sentence at the top of the screen with a way on, never as an error.
import { t } from "./i18n.mjs";

export function canPlayLive(g = globalThis) {
  const Peer = g.RTCPeerConnection;
  return typeof Peer === "function" && typeof Peer.prototype.createDataChannel === "function";
}

// "ok", "denied" (access throws) or "full" (a small write is refused).
export function storageState(g = globalThis) {
  let store;
  try {
    store = g.localStorage;
    if (!store) return "denied";
  } catch {
    return "denied";
  }
  try {
    store.setItem("urzeit.probe", "1");
    store.removeItem("urzeit.probe");
    return "ok";
  } catch (err) {
    return err && (err.name === "QuotaExceededError" || err.code === 22) ? "full" : "denied";
  }
}

export function canWorkOffline(g = globalThis) {
  return Boolean(g.isSecureContext && g.navigator && "serviceWorker" in g.navigator);
}

// The notes on show, so a change of language rewords them: id -> {words, actions}.
const shown = new Map();

function render(id) {
  const note = document.getElementById(id);
  const { words, actions } = shown.get(id);
  note.replaceChildren(document.createTextNode(words()));
  for (const { label, run } of actions) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "primary";
    b.dataset.way = "on";
    b.textContent = label();
    b.addEventListener("click", run);
    note.append(" ", b);
  }
}

// A note as the first thing of `screen` (an element), scrolled into view. words and each
// action's label are functions, so they follow the language.
export function showNote(screen, id, words, actions = []) {
  let note = document.getElementById(id);
  if (!note) {
    note = document.createElement("p");
    note.id = id;
    note.className = "notice capability-note";
    note.setAttribute("role", "status");
  }
  screen.prepend(note);
  shown.set(id, { words, actions });
  render(id);
  note.scrollIntoView({ block: "nearest" });
  return note;
}

export function dropNote(id) {
  shown.delete(id);
  const note = document.getElementById(id);
  if (note) note.remove();
}

export function relabelNotes() {
  for (const id of shown.keys()) if (document.getElementById(id)) render(id);
}

// At start: what the whole page depends on (saves and offline play), said once on the menu.
export function notePageCapabilities(menu) {
  const storage = storageState();
  if (storage !== "ok") showNote(menu, "capability-storage", () => t(storage === "full" ? "capStorageFull" : "capStorageDenied"));
  else if (!canWorkOffline()) showNote(menu, "capability-offline", () => t("capNoOffline"));
}
