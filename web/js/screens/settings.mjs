// The settings panel: one dialog, reachable from the top bar on every screen (menu and
// table). Each change is saved at once (settings.mjs) and takes effect without a reload.

import { t } from "../i18n.mjs";
import { SETTINGS, setSetting, settings } from "../settings.mjs";
import { soundStart } from "../sound.mjs";
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
      toggle("sound", t("setSound"))),
    el("p", { class: "hint" }, t("setKept")));
}

export function showSettings() {
  renderSettings();
  $("settings-dialog").showModal();
}

export function bindSettings() {
  $("settings-button").addEventListener("click", showSettings);
}
