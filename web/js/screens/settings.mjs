// The settings panel: one dialog, reachable from the top bar on every screen (menu and
// table). Each change is saved at once (settings.mjs) and takes effect without a reload.

import { t } from "../i18n.mjs";
import { SETTINGS, setRelayUrls, setSetting, settings } from "../settings.mjs";
import { MAX_RELAYS } from "../net/relay-url.mjs";
import { soundStart } from "../sound.mjs";
import { askNotifications } from "../turn-alert.mjs";
import { DEFAULT_STUN, iceSettings, saveIceSettings } from "../net/peer.mjs";
import { $, el } from "./shared.mjs";

const reducedBySystem = () => Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

function choiceGroup(name, legend, label, help) {
  const now = settings()[name];
  const set = el("fieldset", { class: "option setting", "data-setting": name }, el("legend", {}, legend));
  for (const value of SETTINGS[name].choices) {
    const radio = el("input", { type: "radio", name: `setting-${name}`, value: String(value), id: `setting-${name}-${value}` });
    radio.checked = now === value;
    radio.onchange = () => setSetting(name, value);
    set.append(el("label", { class: "option-choice", for: radio.id }, radio, el("span", {}, label(value))));
  }
  if (help) set.append(el("p", { class: "hint option-help" }, help));
  return set;
}

function toggle(name, label) {
  const box = el("input", { type: "checkbox", id: `setting-${name}`, "data-setting": name });
  box.checked = settings()[name] === true;
  box.onchange = () => {
    setSetting(name, box.checked);
    if (name === "sound" && box.checked) soundStart();  // inside the click: the browser lets the audio start
  };
  return el("label", { class: "setting-toggle", for: box.id }, box, el("span", {}, label));
}

export function renderSettings() {
  const body = $("settings-body");
  if (!body) return;
  const motionHelp = reducedBySystem() ? t("setMotionReduced") : t("setMotionHelp");
  body.replaceChildren(
    choiceGroup("motion", t("setMotion"), (v) => t("setMotionChoices")[v], motionHelp),
    choiceGroup("aiPause", t("setPause"), (v) => t("setPauseChoices")[v]),
    el("div", { class: "setting-toggles" },
      toggle("confirm", t("setConfirm")),
      toggle("contrast", t("setContrast")),
      toggle("sound", t("setSound")),
      toggle("turnAlert", t("setTurnAlert"))),
    notifyButton(),
    iceGroup(),
    relayGroup(),
    el("p", { class: "hint" }, t("setKept")));
}

// A system notification of a friend's move, only if the player says yes (in this click).
function notifyButton() {
  const state = typeof Notification === "function" ? Notification.permission : "unsupported";
  const line = el("p", { class: "hint", id: "setting-notify-state" }, t("setNotifyState")[state] || "");
  const button = el("button", { type: "button", id: "setting-notify", class: "ghost" }, t("setNotify"));
  button.hidden = state !== "default";
  button.onclick = async () => {
    const now = await askNotifications();
    line.textContent = t("setNotifyState")[now] || "";
    button.hidden = now !== "default";
  };
  return el("div", { class: "setting-notify" }, button, line);
}

// Live play's servers: the one request to another origin the page makes, and only while a
// live game connects; the player may name their own or none.
function iceGroup() {
  const { stun, turn } = iceSettings();
  const field = (id, label, value, attrs = {}) => {
    const input = el("input", { id, value: value || "", autocomplete: "off", spellcheck: "false", maxlength: "200", ...attrs });
    return el("label", { class: "setting-field", for: id }, el("span", {}, label), input);
  };
  const message = el("p", { class: "message", id: "setting-ice-message", role: "status" });
  const save = el("button", { type: "button", id: "setting-ice-save" }, t("setIceSave"));
  save.onclick = () => {
    const value = (id) => $(id).value.trim();
    const stunUrl = value("setting-stun"), turnUrl = value("setting-turn-urls");
    if (stunUrl && !/^stuns?:\S+$/.test(stunUrl)) { message.textContent = t("setIceBad", "STUN"); return; }
    if (turnUrl && !/^turns?:\S+$/.test(turnUrl)) { message.textContent = t("setIceBad", "TURN"); return; }
    saveIceSettings({ stun: stunUrl,
                      turn: turnUrl ? { urls: turnUrl, username: value("setting-turn-user"), credential: $("setting-turn-pass").value } : null });
    message.textContent = t("setIceSaved");
  };
  return el("fieldset", { class: "option setting setting-ice", "data-setting": "ice" },
    el("legend", {}, t("setIce")),
    el("p", { class: "hint option-help" }, t("setIceHelp")),
    field("setting-stun", t("setStun"), stun, { placeholder: DEFAULT_STUN }),
    field("setting-turn-urls", t("setTurn"), turn && turn.urls, { placeholder: "turn:…" }),
    field("setting-turn-user", t("setTurnUser"), turn && turn.username),
    field("setting-turn-pass", t("setTurnPass"), turn && turn.credential, { type: "password" }),
    save, message);
}

// The relays (net/relay-room.mjs): on or off, and which; what they see, said plainly.
function relayGroup() {
  const message = el("p", { class: "message", id: "setting-relays-message", role: "status" });
  const list = el("textarea", { id: "setting-relay-urls", rows: "4", autocomplete: "off", spellcheck: "false", maxlength: "2000" });
  list.value = settings().relayUrls.join("\n");
  const save = el("button", { type: "button", id: "setting-relays-save" }, t("setRelaysSave"));
  save.onclick = () => {
    try {
      setRelayUrls(list.value.split(/\s+/));
    } catch (err) {
      message.textContent = err.code === "bad_relay" ? t("setRelaysBad", err.bad.join(" ")) : t("setRelaysTooMany", MAX_RELAYS);
      return;
    }
    list.value = settings().relayUrls.join("\n");
    message.textContent = t("setRelaysSaved");
  };
  return el("fieldset", { class: "option setting setting-relays", "data-setting": "relays" },
    el("legend", {}, t("setRelays")),
    el("p", { class: "hint option-help", id: "setting-relays-help" }, t("setRelaysHelp")),
    toggle("relays", t("setRelaysOn")),
    el("label", { class: "setting-field", for: list.id }, el("span", {}, t("setRelaysList")), list),
    save, message);
}

export function showSettings() {
  renderSettings();
  $("settings-dialog").showModal();
}

export function bindSettings() {
  $("settings-button").addEventListener("click", showSettings);
}
