// Elawa's rules in pictures (the rules dialog): a card as the table draws it, its parts
// numbered and named, the resources, and the rules' scoring example as the engine builds it
// (op rules_example): a tribe of five cards, each card's points and the sum.

import { el } from "../common.mjs";
import { cardEl, token } from "./cards.mjs";
import { cardWords, cardsLoaded, data, names, TOKENS } from "./data.mjs";

const TEXT = {
  de: {
    cardTitle: "Eine Karte und ihre Teile", exampleTitle: "Beispiel, vom Spiel gerechnet: ein Stamm am Ende",
    parts: ["Farbe und Art der Karte (Urmensch, Hütte, Werkzeug oder Vorratskarte)",
      "Zahl im dunklen Kreis: so viele Rohstoffe nimmst du mit der Karte",
      "Punkte: was die Karte in deinem Stamm am Ende zählt",
      "Kosten: diese Rohstoffe zahlst du beim Ausspielen; ✕ heißt: eine andere Handkarte opfern"],
    tokens: "Die Rohstoffe: Beere, Fleisch, Feuerstein, Fell und Knochen (ersetzt jeden anderen).",
    example: "Diese fünf Karten liegen in einem Stamm. Jede zählt für sich:",
    card: (n) => `= ${n === 1 ? "1 Punkt" : `${n} Punkte`}`,
    sum: (parts, total) => `${parts.join(" + ")} = ${total} Punkte`,
    loading: "Das Beispiel wird gerechnet …",
  },
  en: {
    cardTitle: "A card and its parts", exampleTitle: "Example, worked out by the game: a tribe at the end",
    parts: ["The card's colour and kind (caveman, hut, tool or storage card)",
      "Number in the dark circle: this many resources come with the card",
      "Points: what the card scores in your tribe at the end",
      "Cost: pay these resources to play it; ✕ means: sacrifice another hand card"],
    tokens: "The resources: berry, meat, flint, fur and bone (it replaces any other).",
    example: "These five cards lie in one tribe. Each scores on its own:",
    card: (n) => `= ${n === 1 ? "1 point" : `${n} points`}`,
    sum: (parts, total) => `${parts.join(" + ")} = ${total} points`,
    loading: "Working out the example …",
  },
};

const badge = (n) => el("span", { class: "rules-badge", "aria-hidden": "true" }, String(n));

// The example's tribe comes from the engine; the card shown with its parts is one of it.
function example(lang, request) {
  return Promise.all([request({ op: "rules_example", game: "elawa", lang }), cardsLoaded]);
}

function cardPicture(lang, pending) {
  const t = TEXT[lang] || TEXT.de;
  const holder = el("div", { class: "elawa rules-figure" });
  pending.then(([{ view }]) => {
    const id = "R11";  // a caveman that takes 2 and costs a sacrifice: every part shows
    const card = cardEl(data.cards[id], cardWords(view, id), lang, { large: true });
    card.querySelector(".ecard-name").prepend(badge(1));
    card.querySelector(".take-badge").before(badge(2));
    card.querySelector(".ecard-points").prepend(badge(3));
    card.querySelector(".ecard-cost").prepend(badge(4));
    card.classList.add("rules-card");
    holder.replaceChildren(card, el("div", {},
      el("ol", { class: "rules-parts" }, ...t.parts.map((p) => el("li", {}, p))),
      el("p", { class: "token-words" }, ...TOKENS.map((k) => el("span", {}, token(k, lang), " ")), t.tokens)));
  }).catch(() => {});
  return holder;
}

function examplePicture(lang, pending) {
  const t = TEXT[lang] || TEXT.de;
  const holder = el("div", { class: "elawa rules-example", "data-example": "elawa" }, el("p", {}, t.loading));
  pending.then(([{ view, facts }]) => {
    const tribe = view.players[facts.seat].tribe;
    const cards = facts.cards.map(({ card, points }) => {
      const words = cardWords(view, card);
      const stored = (tribe.find((e) => e.card === card) || {}).stored || [];
      return cardEl(data.cards[card], words, lang, { stored, scored: t.card(points) });
    });
    holder.replaceChildren(el("p", {}, t.example), el("div", { class: "rules-tribe" }, ...cards),
      el("p", { class: "rules-sum", "data-points": String(facts.total) },
        t.sum(facts.cards.map((c) => String(c.points)), facts.total)));
  }).catch(() => holder.replaceChildren());
  return holder;
}

export function rulesPictures(lang, request) {
  const t = TEXT[lang] || TEXT.de;
  const pending = example(lang, request);
  return [{ title: t.cardTitle, node: cardPicture(lang, pending), at: "start" },
    { title: t.exampleTitle, node: examplePicture(lang, pending), at: "end" }];
}
