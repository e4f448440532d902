// Jäger und Späher's rules in pictures (the rules dialog): a character card and a location as
// the table draws them, their parts numbered and named, and a sunset worked through by the
// engine (op rules_example): the point track before and after, and the sum that moved it.

import { el } from "../common.mjs";
import { SEAT_COLOURS } from "../../seats.mjs";
import { loadData } from "./data.mjs";
import { T } from "./names.mjs";
import { charCard } from "./pieces.mjs";
import { locationBox, trackBox } from "./places.mjs";

const TEXT = {
  de: {
    cardsTitle: "Charakterkarte und Ort", exampleTitle: "Beispiel, vom Spiel gerechnet: ein Sonnenuntergang",
    charParts: ["Name des Charakters", "Art: Charakter oder besonderer Charakter",
      "Seine Anweisungen, der Reihe nach, jede „bis zu“ ihrer Zahl"],
    locParts: ["Art des Ortes: Jagdgebiet (Fleisch, Felle) oder Wildnis (Stein, Holz, Lehm, Früchte)",
      "Die Rohstoffe: ein heimkehrendes Mitglied bringt einen freien mit; ein Verbrauchsstein deckt ihn ab",
      "Platz für höchstens 3 Mitglieder (beide Stämme zusammen)"],
    players: ["Spieler 1", "Spieler 2"],
    sum: (s) => `${s.members} ${s.members === 1 ? "Mitglied" : "Mitglieder"} im Spiel − ${s.hunger} Hunger − `
      + `${s.hand_penalty} ${s.hand_penalty === 1 ? "Handkarte" : "Handkarten"} = ${s.delta >= 0 ? "+" : "−"}${Math.abs(s.delta)}`,
    move: (a, b) => `Punkte: ${a} → ${b}.`,
    after: (h) => `Danach bekommt der Stamm 1 Hunger je Mitglied: jetzt ${h} Hunger.`,
    loading: "Das Beispiel wird gerechnet …",
  },
  en: {
    cardsTitle: "Character card and location", exampleTitle: "Example, worked out by the game: a sunset",
    charParts: ["The character's name", "Kind: character or special character",
      "Its instructions, in order, each “up to” its number"],
    locParts: ["The location's kind: hunting ground (meat, skins) or wilderness (stone, wood, clay, fruit)",
      "Its resources: a member coming home brings one free resource; a consumption stone covers it",
      "Room for at most 3 members (both tribes together)"],
    players: ["Player 1", "Player 2"],
    sum: (s) => `${s.members} ${s.members === 1 ? "member" : "members"} in play − ${s.hunger} hunger − `
      + `${s.hand_penalty} ${s.hand_penalty === 1 ? "card" : "cards"} in hand = ${s.delta >= 0 ? "+" : "−"}${Math.abs(s.delta)}`,
    move: (a, b) => `Points: ${a} → ${b}.`,
    after: (h) => `Then the tribe gets 1 hunger per member: now ${h} hunger.`,
    loading: "Working out the example …",
  },
};

const badge = (n) => el("span", { class: "rules-badge", "aria-hidden": "true" }, String(n));
const parts = (list) => el("ol", { class: "rules-parts" }, ...list.map((p) => el("li", {}, p)));

function tableContext(view, lang) {
  return { view, lang, t: T(lang), colours: SEAT_COLOURS, names: (TEXT[lang] || TEXT.de).players,
    legal: () => [], glowing: () => "", hinted: () => "" };
}

function cardsPicture(lang, pending) {
  const t = TEXT[lang] || TEXT.de;
  const holder = el("div", { class: "spaeher rules-figure" });
  pending.then(([{ view }]) => {
    const card = charCard("jaeger", lang);
    card.querySelector(".sp-card-head strong").prepend(badge(1));
    card.querySelector(".sp-kind").prepend(badge(2));
    card.querySelector(".sp-steps li").prepend(badge(3));
    const loc = locationBox(tableContext(view, lang), view.locations[0], { choosable: () => false });
    loc.querySelector(".sp-loc-name").prepend(badge(1));
    loc.querySelector(".sp-res").prepend(badge(2));
    loc.querySelector(".sp-slots").prepend(badge(3));
    holder.replaceChildren(el("div", { class: "rules-part" }, card, parts(t.charParts)),
      el("div", { class: "rules-part" }, loc, parts(t.locParts)));
  }).catch(() => {});
  return holder;
}

function examplePicture(lang, pending) {
  const t = TEXT[lang] || TEXT.de;
  const holder = el("div", { class: "spaeher rules-example", "data-example": "spaeher" }, el("p", {}, t.loading));
  pending.then(([{ view, facts }]) => {
    const s = facts.sunset;
    holder.replaceChildren(trackBox(tableContext(view, lang)), el("p", {}, t.sum(s)),
      el("p", { class: "rules-sum", "data-points": String(facts.vp_after) }, t.move(facts.vp_before, facts.vp_after)),
      el("p", {}, t.after(facts.hunger_after)));
  }).catch(() => holder.replaceChildren());
  return holder;
}

export function rulesPictures(lang, request) {
  const t = TEXT[lang] || TEXT.de;
  const pending = Promise.all([request({ op: "rules_example", game: "spaeher", lang }), loadData()]);
  return [{ title: t.cardsTitle, node: cardsPicture(lang, pending), at: "start" },
    { title: t.exampleTitle, node: examplePicture(lang, pending), at: "end" }];
}
