// The prompt bar: the step's prompt (the engine's words), the take preview with confirm and
// cancel, "end turn" and the discard choices. Built from the view and the renderer's selection.

import { el } from "../common.mjs";
import { names } from "./data.mjs";
import { token } from "./cards.mjs";
import { actionWords } from "./areas.mjs";

/** The prompt for the reader's step (selected: the chosen take, if any; touch: a touch screen). */
export function promptText(view, mine, selected, touch) {
  const p = (view.words && view.words.prompt) || {};
  if (!mine) return view.over ? "" : p.waiting || "";
  const pick = (key) => (touch && p[`${key}_touch`]) || p[key] || "";
  if (view.phase === "take") return selected ? p.skip || "" : pick("take");
  if (view.phase === "play") return p.play || "";
  if (view.phase === "take_visible") return pick("take_visible");
  if (view.phase === "discard") return p.discard || "";
  return "";
}

/** The bar's buttons. takeAction: the legal take_card action of the selection (or null);
 * preview: the tokens it brings; on: {confirm, cancel, act}. */
export function barButtons(view, lang, mine, selected, takeAction, preview, on) {
  const t = names(lang);
  const out = [];
  if (mine && view.phase === "take") {
    if (selected && takeAction) {
      const w = actionWords(view, takeAction).button || {};
      out.push(el("div", { class: "preview" }, el("span", {}, `${w.text || ""} `),
        ...preview.map((k) => token(k, lang)), w.after ? el("span", { class: "extra" }, ` ${w.after}`) : null));
    }
    const confirm = el("button", { type: "button", class: "primary", id: "elawa-confirm", "data-action": takeAction ? JSON.stringify(takeAction) : "", onclick: on.confirm }, t.confirmTake);
    confirm.disabled = !selected;
    const cancel = el("button", { type: "button", id: "elawa-cancel", onclick: on.cancel }, t.cancel);
    cancel.disabled = !selected;
    out.push(el("div", { class: "row-buttons" }, confirm, cancel));
  }
  const legal = mine ? view.legal : [];
  const end = legal.find((a) => a.type === "end_turn");
  if (end && view.phase === "play") {
    // while a card can still be played, the way to the hand comes first and "end turn" is
    // the second choice (a newcomer ended the turn not seeing the hand below the bar)
    const playable = new Set(legal.filter((a) => a.type === "play").map((a) => a.card)).size;
    if (playable) out.push(el("button", { type: "button", class: "primary", id: "elawa-to-hand", onclick: on.toHand }, t.toHand(playable)));
    out.push(el("button", { type: "button", class: playable ? "" : "primary", id: "elawa-end-turn", "data-action": JSON.stringify(end), onclick: () => on.act(end) }, actionWords(view, end).label));
  }
  if (mine && view.phase === "discard") {
    out.push(el("div", { class: "discard-choices" }, ...legal.filter((a) => a.type === "discard").map((a) => {
      const { label, button } = actionWords(view, a);
      return el("button", { type: "button", class: "discard-token", "data-token": a.token, "data-action": JSON.stringify(a), title: label, "aria-label": label, onclick: () => on.act(a) }, token(a.token, lang), ` ${button}`);
    })));
  }
  return out;
}
