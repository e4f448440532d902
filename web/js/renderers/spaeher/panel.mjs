// Jäger und Späher: the panel beside the table: the prompt (the engine's words, with the notices
// of a final turn or the hunt's end), the choices of the step as buttons (its "Stop" too)
// labelled with the engine's words, the sunset button with its preview, and your tribe and hand.
// ctx is places.mjs's drawing context plus words (view.words), say(action) (its engine label)
// and act(action).

import { el } from "../common.mjs";
import { charCard, itemCard, token } from "./pieces.mjs";
import { tribeBox } from "./places.mjs";

// The words of an action: the engine's label, parallel to view.legal.
export function actionWords(view, action) {
  const key = JSON.stringify(action);
  const i = (view.legal || []).findIndex((a) => JSON.stringify(a) === key);
  return i >= 0 && view.words && view.words.legal ? view.words.legal[i] : "";
}

function button(ctx, text, action, cls = "") {
  return el("button", { type: "button", class: `sp-action ${cls}${ctx.hinted((a) => JSON.stringify(a) === JSON.stringify(action))}`,
    "data-action": JSON.stringify(action), onclick: () => ctx.act(action) }, text);
}

export function promptParts(ctx) {
  const { view, words } = ctx;
  return [
    ...(words.notices || []).map((text, i) => el("strong", { class: i === 0 && view.final_turn !== null && view.final_turn !== undefined ? "final-round" : "hunt-over" }, text)),
    el("span", {}, words.prompt || ""),
  ];
}

// The choices of a recall or a sunset, in the side panel.
export function sideParts(ctx, mine) {
  const { view, t, lang, words } = ctx;
  const parts = [];
  if (view.pool.length || view.phase === "recall") {
    parts.push(el("div", { class: "sp-pool" }, `${t.brought} `, ...(view.pool.length ? view.pool.map((r) => token(r, lang)) : [t.nothing])));
  }
  if (view.phase === "column" && view.playing) parts.push(charCard(view.playing, lang, {}, true));
  for (const a of ctx.legal("cure")) parts.push(button(ctx, ctx.say(a), a));
  for (const a of ctx.legal("grow")) parts.push(button(ctx, ctx.say(a), a));
  for (const a of ctx.legal("create")) parts.push(button(ctx, ctx.say(a), a, "primary"));
  for (const a of ctx.legal("finish")) parts.push(button(ctx, ctx.say(a), a, view.pool.length ? "" : "primary"));
  // "Stop" with the step's other buttons (a phone keeps them in view below the pane); in a
  // card's steps the word its prompt offers ("oder „Stopp“")
  for (const a of ctx.legal("stop")) parts.push(button(ctx, view.phase === "steps" ? words.stop || ctx.say(a) : ctx.say(a), a, "sp-stop"));
  for (const a of ctx.legal("keep_item")) parts.push(button(ctx, ctx.say(a), a));
  const sunset = ctx.legal("sunset")[0];
  if (sunset && mine) {
    // the big button only when the sunset gains points; a losing one stays a plain choice
    const gains = mine.sunset_preview.vp_after > mine.vp;
    // on a phone one line: the sum behind "Wie?" (the bar stays small over the table)
    const box = el("div", { class: "sp-sunset" }, button(ctx, `☀ ${ctx.say(sunset)}`, sunset, gains ? "primary sunset-button" : "sunset-button"));
    const why = el("button", { type: "button", class: "sp-sunset-why", "aria-expanded": "false", "aria-controls": "sunset-preview", "aria-label": t.sunsetWhyLabel,
      onclick: () => { const open = !box.classList.contains("open"); box.classList.toggle("open", open); why.setAttribute("aria-expanded", String(open)); } }, t.sunsetWhy);
    box.append(why, el("div", { class: "sp-preview", id: "sunset-preview" }, words.preview || ""));
    parts.push(box);
  }
  return parts;
}

// Your tribe, your characters (those you may play are buttons) and your face-down items.
export function handParts(ctx) {
  const { view, t, lang } = ctx;
  const me = view.seat;
  const mine = me !== null && me !== undefined ? view.players[me] : null;
  if (!mine) return [];  // a spectator sees every tribe on the table
  const plays = ctx.legal("play");
  const parts = [tribeBox(ctx, me), el("h3", { class: "sp-chars-title" }, t.hand), mine.hand.length ? "" : el("p", { class: "sp-muted sp-no-chars" }, t.noHand),
    el("div", { class: "sp-cards sp-chars" }, ...mine.hand.map((id) => {
      const action = plays.find((a) => a.card === id);
      return charCard(id, lang, action ? { "data-action": JSON.stringify(action), onclick: () => ctx.act(action) } : {});
    }))];
  if (mine.items) {
    const creatable = new Map([...ctx.legal("create"), ...ctx.legal("keep_item")].map((a) => [a.item, a]));
    parts.push(el("h3", { class: "sp-items-title" }, t.items), el("div", { class: "sp-cards sp-items" }, ...mine.items.map((id) => {
      const action = creatable.get(id);
      return itemCard(id, lang, action ? { "data-action": JSON.stringify(action), onclick: () => ctx.act(action) } : {});
    })));
  }
  return parts;
}
