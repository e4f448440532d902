// "Your turn" when a friend elsewhere has moved (live, by link, over relays): the tab's title
// and icon carry a mark, the app's badge (where installed), a short sound and a vibration; a
// system notification only where the player allowed it and the page is not in sight. All of it
// goes when the player moves or leaves the table; the settings turn it off (`turnAlert`).
import { onSettingsChange, settings } from "./settings.mjs";
import { soundRemoteTurn } from "./sound.mjs";

let shown = null;  // {title} while an alert shows
export const alertLog = [];  // tests: what each alert did

function icon(href) {
  const link = document.querySelector("link[rel='icon']");
  if (link) link.setAttribute("href", href);
}

/** `words`: {title, body} in the player's language. */
export function alertTurn(words) {
  if (!settings().turnAlert || shown) return false;
  shown = { title: document.title };
  document.title = `● ${words.title}`;
  icon("favicon-turn.svg");
  if (navigator.setAppBadge) navigator.setAppBadge(1).catch(() => {});
  const sound = soundRemoteTurn();
  const buzz = typeof navigator.vibrate === "function" && navigator.vibrate(160);
  let note = false;
  if (document.hidden && typeof Notification === "function" && Notification.permission === "granted") {
    try {
      new Notification(words.title, { body: words.body, tag: "urzeit-turn", icon: "icons/icon-192.png" });
      note = true;
    } catch { /* some browsers allow notifications only from a service worker: the title says it */ }
  }
  alertLog.push({ title: document.title, sound, buzz: Boolean(buzz), note });
  return true;
}

export function clearTurnAlert() {
  if (!shown) return;
  document.title = shown.title;
  shown = null;
  icon("favicon.svg");
  if (navigator.clearAppBadge) navigator.clearAppBadge().catch(() => {});
}

export const turnAlertShown = () => Boolean(shown);

// A system notification needs the player's yes, asked in a click (the settings' button).
export async function askNotifications() {
  if (typeof Notification !== "function") return "unsupported";
  try { return await Notification.requestPermission(); } catch { return Notification.permission; }
}

onSettingsChange(({ name, value }) => { if (name === "turnAlert" && !value) clearTurnAlert(); });
