// Elawa: the fire with the six card stacks and their resource stacks in a circle (canvas),
// the hand, the tribes, and prompts for each step. It offers exactly the view's legal actions.
// Cards have no printed names: players call them by colour and kind ("blaue Hütte"), so do we.
// The rules use "Vorrat" twice: for the hidden token pool and for a card kind ("14 Vorräte").
// We call the card by its name from step 3 of the turn, "Vorratskarte" (BGA: "Storage"), and
// keep "Vorrat"/"supply" for the pool only, so the two are never confused.

import { el, roundRect, glowAlpha, focusableCard, keyboardDetails, keepFocus } from "./common.mjs";

const COLOURS = {
  blue: { fill: "#3b6fd8", symbol: "◆" }, yellow: { fill: "#c99a06", symbol: "●" },
  green: { fill: "#3c9a4a", symbol: "■" }, red: { fill: "#d2453a", symbol: "▲" },
  purple: { fill: "#8a4fbf", symbol: "★" },
};
const TOKEN_STYLE = {
  berry: { fill: "#7b2d8e", glyph: "●" }, meat: { fill: "#c0392b", glyph: "◗" },
  flint: { fill: "#7f8c8d", glyph: "▲" }, fur: { fill: "#9c6b30", glyph: "■" }, bone: { fill: "#f1ead8", glyph: "✚" },
};
const TOKENS = ["berry", "meat", "flint", "fur", "bone"];
const TYPE_ORDER = ["caveman", "hut", "tool", "supply"];

// German adjective endings by the kind's gender: no article (a heading), "der/die/das", "den/die/das".
const DE_TYPES = {
  caveman: { nom: "Urmensch", acc: "Urmenschen", pl: "Urmenschen", g: "m" },
  hut: { nom: "Hütte", acc: "Hütte", pl: "Hütten", g: "f" },
  supply: { nom: "Vorratskarte", acc: "Vorratskarte", pl: "Vorratskarten", g: "f" },
  tool: { nom: "Werkzeug", acc: "Werkzeug", pl: "Werkzeuge", g: "n" },
};
const DE_ART = { m: { nom: "der", acc: "den" }, f: { nom: "die", acc: "die" }, n: { nom: "das", acc: "das" } };
const DE_END = { bare: { m: "er", f: "e", n: "es" }, nom: { m: "e", f: "e", n: "e" }, acc: { m: "en", f: "e", n: "e" } };
const DE_COLOUR = { blue: "blau", yellow: "gelb", green: "grün", red: "rot", purple: "violett" };

const TEXT = {
  de: {
    take: (touch) => `Wähle eine Karte auf dem Kreis: ${touch ? "tippe" : "klicke"} sie an.`, confirmTake: "Nehmen ✓", cancel: "Abbrechen",
    skip: "Häuptling 1: wähle einen blau umrandeten Rohstoff, um ihn zu überspringen.",
    play: "Spiele Karten aus (Knöpfe unter deinen Handkarten), lagere Rohstoffe, dann „Zug beenden“.", endTurn: "Zug beenden",
    nothingToPlay: "Du kannst gerade nichts ausspielen oder lagern: beende den Zug.",
    takeVisible: (touch) => `Nimm eine sichtbare Karte vom Kreis (ohne Rohstoffe): ${touch ? "tippe" : "klicke"} sie an.`,
    discard: (n) => `Du hast zu viele Rohstoffe: lege ab, bis du höchstens ${n} hast.`, finalRound: "Letzte Runde!",
    hand: "Deine Hand", emptyHand: "Noch keine Karten. Nimm eine vom Kreis.", tribe: (name) => `Stamm von ${name}`,
    emptyTribe: "noch keine Karten", fire: "Feuer", supplyPool: "Vorrat", cardsLeft: (n) => `${n} ${n === 1 ? "Karte" : "Karten"}`,
    free: "kostenlos", cost: "Kosten", store: "Lagern", play_: "Ausspielen", sacrifice: "opfere", cantPay: "noch nicht bezahlbar",
    end: "Spielende", total: "Summe", resourcesLeft: (n) => `${n} ${n === 1 ? "Rohstoff" : "Rohstoffe"} übrig`, winner: "Sieg",
    points: (n) => `${n} ${n === 1 ? "Punkt" : "Punkte"}`, handCount: (n) => `${n} ${n === 1 ? "Handkarte" : "Handkarten"}`,
    chief: (n) => `Häuptling ${n}`, places: (free, all) => `${free} von ${all} Plätzen frei`,
    seen: "gesehen", waiting: "Warte auf die anderen …", youGet: "Du bekommst", fromFire: "+1 vom Feuer", bonus: "+1 zufällig",
    emptyStack: "Dieser Stapel ist leer.", legend: "Zeichen erklärt", closeDetail: "Schließen",
    types: { caveman: "Urmensch", hut: "Hütte", supply: "Vorratskarte", tool: "Werkzeug" },
    // the kind on a card's head in the circle; a long one in two lines where it is narrow
    heads: { caveman: ["Urmensch"], hut: ["Hütte"], supply: ["Vorratskarte", "Vorrats-", "karte"], tool: ["Werkzeug"] },
    tokens: { berry: ["Beere", "Beeren"], meat: ["Fleisch", "Fleisch"], flint: ["Feuerstein", "Feuersteine"], fur: ["Fell", "Felle"], bone: ["Knochen", "Knochen"] },
    colourAdj: DE_COLOUR,
    per: "je", pointsWord: "Punkte", perKind: "je Sorte", cardShort: "+1 Karte", resShort: "+1 Rohstoff",
    and: "und",
    powers: {
      skip_one_pile: "darf beim Nehmen einen Rohstoffstapel überspringen",
      second_card_one_less: "die zweite ausgespielte Karte im Zug kostet 1 Rohstoff oder das Opfer weniger",
      empty_pile_take_card: "leert er einen Rohstoffstapel, nimmt er zusätzlich eine sichtbare Karte",
      one_resource_card_bonus: "nimmt er eine Karte mit der Zahl 1, bekommt er 1 zufälligen Rohstoff dazu",
    },
  },
  en: {
    take: (touch) => `Choose a card on the circle: ${touch ? "tap" : "click"} it.`, confirmTake: "Take ✓", cancel: "Cancel",
    skip: "Chief 1: choose a resource ringed in blue to skip it.",
    play: "Play cards (buttons below your hand cards), store resources, then “End turn”.", endTurn: "End turn",
    nothingToPlay: "You cannot play or store anything now: end your turn.",
    takeVisible: (touch) => `Take a visible card from the circle (no resources): ${touch ? "tap" : "click"} it.`,
    discard: (n) => `You hold too many resources: discard until you hold at most ${n}.`, finalRound: "Final round!",
    hand: "Your hand", emptyHand: "No cards yet. Take one from the circle.", tribe: (name) => `${name}'s tribe`,
    emptyTribe: "no cards yet", fire: "Fire", supplyPool: "Supply", cardsLeft: (n) => `${n} ${n === 1 ? "card" : "cards"}`,
    free: "free", cost: "Cost", store: "Store", play_: "Play", sacrifice: "sacrifice", cantPay: "cannot pay yet",
    end: "Game over", total: "Total", resourcesLeft: (n) => `${n} ${n === 1 ? "resource" : "resources"} left`, winner: "Winner",
    points: (n) => `${n} ${n === 1 ? "point" : "points"}`, handCount: (n) => `${n} ${n === 1 ? "hand card" : "hand cards"}`,
    chief: (n) => `Chief ${n}`, places: (free, all) => `${free} of ${all} places free`,
    seen: "seen", waiting: "Waiting for the others …", youGet: "You get", fromFire: "+1 from the fire", bonus: "+1 random",
    emptyStack: "That stack is empty.", legend: "Symbols explained", closeDetail: "Close",
    types: { caveman: "Caveman", hut: "Hut", supply: "Storage card", tool: "Tool" },
    heads: { caveman: ["Caveman"], hut: ["Hut"], supply: ["Storage card", "Storage", "card"], tool: ["Tool"] },
    tokens: { berry: ["berry", "berries"], meat: ["meat", "meat"], flint: ["flint", "flint"], fur: ["fur", "furs"], bone: ["bone", "bones"] },
    colourAdj: { blue: "blue", yellow: "yellow", green: "green", red: "red", purple: "purple" },
    per: "per", pointsWord: "points", perKind: "per kind", cardShort: "+1 card", resShort: "+1 resource",
    and: "and",
    powers: {
      skip_one_pile: "may skip one resource stack when taking",
      second_card_one_less: "the second card played in a turn costs 1 resource or the sacrifice less",
      empty_pile_take_card: "on emptying a resource stack, also takes a visible card",
      one_resource_card_bonus: "on taking a card numbered 1, gets 1 random resource more",
    },
  },
};
const EN_TYPES = { caveman: ["caveman", "cavemen"], hut: ["hut", "huts"], supply: ["storage card", "storage cards"], tool: ["tool", "tools"] };

// ---- the card data, shared by the renderer and endSummary --------------------------------

let CARDS = null;
let CHIEFS = null;
const cardsLoaded = fetch(new URL("../../data/elawa-cards.json", import.meta.url))
  .then((r) => r.json())
  .then((data) => {
    CARDS = Object.fromEntries(data.tribe_cards.map((c) => [c.id, c]));
    CHIEFS = Object.fromEntries(data.chiefs.map((c) => [c.id, c]));
  });

const T = (lang) => TEXT[lang] || TEXT.de;

// ---- words -----------------------------------------------------------------------------

/** "1 Beere", "2 Beeren"; "1 berry", "2 berries". */
export function tokenWords(kind, n, lang) {
  const w = T(lang).tokens[kind];
  return `${n} ${n === 1 ? w[0] : w[1]}`;
}

function joinList(parts, lang) {
  if (parts.length <= 1) return parts.join("");
  return parts.slice(0, -1).join(", ") + ` ${T(lang).and} ` + parts[parts.length - 1];
}

/** A list of tokens in words, counted by kind: "2 Beeren und 1 Fell". */
export function tokensWords(list, lang) {
  const counts = {};
  for (const k of list) counts[k] = (counts[k] || 0) + 1;
  return joinList(TOKENS.filter((k) => counts[k]).map((k) => tokenWords(k, counts[k], lang)), lang);
}

/** A card by colour and kind: form "bare" ("blaue Hütte"), "nom" ("die blaue Hütte"),
 * "acc" ("den blauen Urmenschen"); English "blue hut" / "the blue hut". */
export function cardName(card, lang, form = "bare") {
  if (typeof card === "string") card = CARDS && CARDS[card];
  if (!card) return lang === "de" ? "eine Karte" : "a card";
  if (lang === "de") {
    const t = DE_TYPES[card.type];
    const adj = DE_COLOUR[card.colour] + DE_END[form][t.g];
    const noun = form === "acc" ? t.acc : t.nom;
    return form === "bare" ? `${adj} ${noun}` : `${DE_ART[t.g][form]} ${adj} ${noun}`;
  }
  const name = `${TEXT.en.colourAdj[card.colour]} ${EN_TYPES[card.type][0]}`;
  return form === "bare" ? name : `the ${name}`;
}

function capital(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

/** What a screen reader says for a card: "Blaue Hütte: 3 je blaue Karte". */
function cardLabel(id, lang) {
  const c = CARDS && CARDS[id];
  return c ? `${capital(cardName(c, lang))}: ${scoringText(c, lang)}` : "";
}

function typePlural(type, lang) { return lang === "de" ? DE_TYPES[type].pl : EN_TYPES[type][1]; }

/** The card's points in a few words: "5 Punkte", "3 je blaue Karte", "2 je Hütte". */
export function scoringText(card, lang) {
  const t = T(lang);
  const sc = card.scoring;
  if (sc.kind === "fixed") return t.points(sc.points);
  if (sc.kind === "per_card_of_colour_in_tribe") {
    return lang === "de" ? `${sc.points} je ${DE_COLOUR[sc.colour]}e Karte` : `${sc.points} per ${t.colourAdj[sc.colour]} card`;
  }
  if (sc.kind === "per_card_of_type_in_tribe") return `${sc.points} ${t.per} ${lang === "de" ? DE_TYPES[sc.card_type].nom : EN_TYPES[sc.card_type][0]}`;
  if (sc.kind === "per_resource_on_card") return `${sc.points} ${t.per} ${t.tokens[sc.resource][0]}`;
  return `${sc.points} ${t.perKind}`;
}

/** The full explanation of a card, as sentences. */
export function cardExplanation(card, lang) {
  const t = T(lang);
  const de = lang === "de";
  const sc = card.scoring;
  const lines = [];
  lines.push(de ? `Nimmst du sie vom Kreis, bekommst du ${card.take} ${card.take === 1 ? "Rohstoff" : "Rohstoffe"}: den obersten der ${card.take === 1 ? "nächsten Rohstoffstapel" : `nächsten ${card.take} Rohstoffstapel`} im Uhrzeigersinn.`
    : `Taking it from the circle brings ${card.take} ${card.take === 1 ? "resource" : "resources"}: the top one of the next ${card.take === 1 ? "resource stack" : `${card.take} resource stacks`} clockwise.`);
  const cost = card.cost.resources.length ? tokensWords(card.cost.resources, lang) : t.free;
  lines.push(de ? `Ausspielen kostet: ${cost}${card.cost.sacrifice ? ", dazu opferst du 1 andere Handkarte (sie kommt aus dem Spiel)" : ""}. Knochen ersetzen jeden Rohstoff.`
    : `Playing it costs: ${cost}${card.cost.sacrifice ? ", and you sacrifice 1 other hand card (it leaves the game)" : ""}. Bones replace any resource.`);
  if (card.immediate_effect === "take_visible_card") lines.push(de ? "Sofort beim Ausspielen: nimm 1 sichtbare Karte vom Kreis (ohne Rohstoffe)." : "At once when played: take 1 visible card from the circle (no resources).");
  if (card.immediate_effect === "take_random_resource") lines.push(de ? "Sofort beim Ausspielen: du bekommst 1 zufälligen Rohstoff aus dem Vorrat." : "At once when played: you get 1 random resource from the supply.");
  if (sc.kind === "fixed") lines.push(de ? `Am Ende: ${t.points(sc.points)}.` : `At the end: ${t.points(sc.points)}.`);
  else if (sc.kind === "per_card_of_colour_in_tribe") lines.push(de ? `Am Ende: ${sc.points} Punkte je ${DE_COLOUR[sc.colour]}e Karte in deinem Stamm (sie selbst zählt mit).`
    : `At the end: ${sc.points} points per ${t.colourAdj[sc.colour]} card in your tribe (itself included).`);
  else if (sc.kind === "per_card_of_type_in_tribe") {
    const self = sc.counts_itself ? (de ? " (es selbst zählt mit)" : " (itself included)") : "";
    lines.push(de ? `Am Ende: ${sc.points} Punkte je ${DE_TYPES[sc.card_type].nom} in deinem Stamm${self}.` : `At the end: ${sc.points} points per ${EN_TYPES[sc.card_type][0]} in your tribe${self}.`);
  } else if (sc.kind === "per_resource_on_card") lines.push(de ? `Lagere in jedem Zug 1 ${t.tokens[sc.resource][0]} (oder 1 Knochen) darauf. Am Ende: ${sc.points} Punkte je Rohstoff darauf.`
    : `Store 1 ${t.tokens[sc.resource][0]} (or 1 bone) on it each turn. At the end: ${sc.points} points per resource on it.`);
  else lines.push(de ? `Lagere in jedem Zug 1 Rohstoff darauf, jede Sorte nur einmal (höchstens 4; 1 Knochen ersetzt eine fehlende Sorte). Am Ende: ${sc.points} Punkte je Sorte darauf.`
    : `Store 1 resource on it each turn, each kind only once (at most 4; 1 bone stands in for a missing kind). At the end: ${sc.points} points per kind on it.`);
  return lines;
}

// ---- small DOM pieces ----------------------------------------------------------------------

function token(kind, lang) {
  const st = TOKEN_STYLE[kind];
  return el("span", { class: `token token-${kind}`, title: T(lang).tokens[kind][0], "data-token": kind, role: "img", "aria-label": T(lang).tokens[kind][0] }, st.glyph);
}

function sacrificeIcon(lang) {
  return el("span", { class: "sacrifice-icon", title: lang === "de" ? "Opfer: 1 andere Handkarte ablegen" : "Sacrifice: discard 1 other hand card" }, "✕");
}

function takeBadge(n) { return el("span", { class: "take-badge" }, String(n)); }

/** A card as players see it: colour and kind, points, effect, cost, and its take number. */
function cardEl(id, lang, extra = {}) {
  const card = CARDS[id];
  const t = T(lang);
  const col = COLOURS[card.colour];
  const cost = el("div", { class: "cost" }, ...card.cost.resources.map((k) => token(k, lang)));
  if (card.cost.sacrifice) cost.append(sacrificeIcon(lang));
  if (!card.cost.resources.length && !card.cost.sacrifice) cost.append(el("span", { class: "free" }, t.free));
  const effect = card.immediate_effect ? el("div", { class: "effect" }, card.immediate_effect === "take_visible_card" ? t.cardShort : t.resShort) : null;
  return el("div", { class: `ecard colour-${card.colour}${extra.large ? " large" : ""}`, "data-card": id },
    el("div", { class: "ecard-head", style: `background:${col.fill}` },
      el("span", { class: "ecard-name" }, `${col.symbol} ${capital(cardName(card, lang))}`), takeBadge(card.take)),
    el("div", { class: "ecard-points" }, scoringText(card, lang)), effect,
    el("div", { class: "ecard-cost" }, el("span", { class: "cost-label" }, `${t.cost}:`), cost),
    extra.stored && extra.stored.length ? el("div", { class: "stored" }, ...extra.stored.map((k) => token(k, lang))) : null,
    extra.points !== undefined ? el("div", { class: "pts" }, t.points(extra.points)) : null);
}

/** Every symbol the table uses, explained. */
function legendEl(lang) {
  const de = lang === "de";
  const t = T(lang);
  const item = (...c) => el("li", {}, ...c);
  return el("details", { class: "elawa-legend" },
    el("summary", {}, t.legend),
    el("ul", {},
      item(el("b", {}, de ? "Rohstoffe: " : "Resources: "), ...TOKENS.flatMap((k) => [token(k, lang), ` ${t.tokens[k][0]}${k === "bone" ? (de ? " (ersetzt jeden Rohstoff)" : " (replaces any resource)") : ""}  `])),
      item(el("b", {}, de ? "Kartenfarben: " : "Card colours: "), ...Object.entries(COLOURS).map(([c, v]) => el("span", { class: "colour-chip", style: `background:${v.fill}` }, `${v.symbol} ${t.colourAdj[c]}`)),
        de ? " – jede Farbe hat ihr eigenes Zeichen." : " – each colour has its own sign."),
      item(takeBadge(2), de ? " Zahl im schwarzen Kreis: so viele Rohstoffe bekommst du, wenn du die Karte vom Kreis nimmst."
        : " Number in the black circle: how many resources you get when you take the card from the circle."),
      item(el("b", {}, de ? "Mitte der Karte: " : "Middle of the card: "), de ? "ihre Punkte am Ende, z. B. „3 je blaue Karte“ = 3 Punkte für jede blaue Karte in deinem Stamm."
        : "its points at the end, e.g. “3 per blue card” = 3 points for each blue card in your tribe."),
      item(el("b", {}, `${t.cost}: `), token("berry", lang), token("fur", lang), de ? " das zahlst du, um sie auszuspielen; „kostenlos“ = nichts. " : " what you pay to play it; “free” = nothing. ",
        sacrificeIcon(lang), de ? " Opfer: lege zusätzlich 1 andere Handkarte ab." : " Sacrifice: also discard 1 other hand card."),
      item(el("b", {}, `${t.cardShort} / ${t.resShort}: `), de ? "Sofort-Effekt beim Ausspielen (eine sichtbare Karte ohne Rohstoffe / ein zufälliger Rohstoff)."
        : "effect at once when played (a visible card without resources / a random resource)."),
      item(el("b", {}, de ? "Arten: " : "Kinds: "), de ? "Urmensch: feste Punkte. Hütte: Punkte je Karte einer Farbe. Werkzeug: Punkte je Karte einer Art. Vorratskarte: lagere Rohstoffe darauf, Punkte je Rohstoff."
        : "Caveman: fixed points. Hut: points per card of a colour. Tool: points per card of a kind. Storage card: store resources on it, points per resource."),
      item(el("b", {}, de ? "Tisch: " : "Table: "), de ? "Vor jedem Kartenstapel liegt sein Rohstoffstapel (kleine Zahl: Marker darin)."
        : "In front of each card stack lies its resource stack (the small number: tokens in it)."),
      item(el("b", {}, `${t.fire}: `), de ? "die Zahl verdeckter Rohstoffe auf dem Feuer. Leerst du einen Rohstoffstapel, bekommst du 1 davon; ist das Feuer leer, beginnt die letzte Runde."
        : "the number of hidden resources on the fire. When you empty a resource stack you get 1 of them; when the fire is empty the final round begins."),
      item(el("b", {}, `${t.supplyPool}: `), de ? "die Zahl der übrigen Rohstoffe, verdeckt neben dem Feuer (keine Karte). Daraus werden leere Rohstoffstapel neu gebildet und zufällige Rohstoffe gezogen."
        : "the number of the remaining resources, face down beside the fire (not a card). Empty resource stacks are rebuilt from it and random resources are drawn from it."),
      item(de ? "Mit der Maus auf eine Karte zeigen, lange drücken oder mit der Tabulatortaste hingehen: die Karte groß mit Erklärung (Esc schließt)."
        : "Point at a card with the mouse, press it long or move to it with the Tab key: the card large, with its explanation (Esc closes).")));
}

/** The end of the game: each player's cards with their points, resources left, total. */
export function endSummary(view, lang, names) {
  const t = T(lang);
  const box = el("div", { class: "elawa-summary" });
  view.breakdown.forEach((b, i) => {
    const won = view.winners && view.winners.includes(i);
    const cards = [...b.cards].sort((x, y) => y.points - x.points);
    box.append(el("section", { class: "elawa-summary-player" + (won ? " won" : ""), "data-player": i, "data-total": b.total },
      el("h4", {}, won ? `★ ${names[i]}` : names[i], " – ", el("span", { class: "total" }, t.points(b.total))),
      el("ul", { class: "summary-cards" }, ...cards.map((c) => el("li", { "data-card": c.card },
        CARDS ? `${COLOURS[CARDS[c.card].colour].symbol} ${capital(cardName(c.card, lang))}` : "?", el("b", {}, ` ${c.points}`)))),
      el("div", { class: "summary-res" }, t.resourcesLeft(b.resources), won ? ` · ${t.winner}` : "")));
  });
  return box;
}

// ---- the renderer --------------------------------------------------------------------------

export function createElawaRenderer() {
  let api, root, canvas, ctx, bar, promptBox, buttonsBox, legendSlot, circle, stackKeys, handBox, players, tribes, detail;
  let view = null, cards = null;
  let selected = null; // {stack, skip}
  let raf = 0, dirty = true;
  let flash = null;  // {stacks, tokens, start}: where the last move took from glows for a moment
  let geometry = null;
  let press = null, hoverTimer = 0, suppressClick = false, detailCard = null, stopKeys = null;
  const absorbed = new WeakSet(), gainsOf = new WeakMap();
  const lang = () => (api ? api.lang() : "de");
  const tx = () => T(lang());

  function mount(container, hostApi) {
    api = hostApi;
    // the bar: the step's prompt (read out when it changes), its buttons and the legend, which
    // so stays in sight and can never be covered by the bar (at the foot of a phone's screen)
    promptBox = el("div", { class: "prompt", role: "status", "aria-live": "polite" });
    buttonsBox = el("div", { class: "elawa-buttons" });
    legendSlot = el("div", { class: "elawa-legend-slot" });
    bar = el("div", { class: "elawa-bar" }, promptBox, buttonsBox, legendSlot);
    canvas = el("canvas", { class: "elawa-canvas", role: "img" });
    // one focusable place over each card of the circle: the keyboard reaches the cards there
    stackKeys = el("div", { class: "stack-keys" });
    circle = el("div", { class: "elawa-circle" }, canvas, stackKeys);
    handBox = el("div", { class: "elawa-hand" });
    players = el("div", { class: "elawa-players" });
    tribes = el("div", { class: "elawa-tribes" });
    detail = el("div", { class: "elawa-detail", hidden: true, role: "dialog" });
    root = el("div", { class: "elawa" }, bar,
      el("div", { class: "elawa-main" }, circle, el("div", { class: "elawa-right" }, handBox, players)), tribes, detail);
    container.replaceChildren(root);
    ctx = canvas.getContext("2d");
    canvas.addEventListener("click", (ev) => {
      if (suppressClick) { suppressClick = false; return; }
      click(ev.offsetX, ev.offsetY);
    });
    canvas.addEventListener("pointerdown", (ev) => startPress(ev, () => cardAt(ev.offsetX, ev.offsetY)));
    canvas.addEventListener("pointermove", (ev) => {
      if (ev.pointerType === "mouse") hover(cardAt(ev.offsetX, ev.offsetY), ev.clientX, ev.clientY);
      else movePress(ev);
    });
    canvas.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse") hover(null); });
    canvas.addEventListener("contextmenu", (ev) => ev.preventDefault());
    root.addEventListener("pointerdown", (ev) => {
      if (!detail.hidden && !detail.contains(ev.target) && ev.pointerType !== "mouse") hideDetail();
    }, true);
    for (const name of ["pointerup", "pointercancel"]) root.addEventListener(name, endPress);
    // the keyboard: a card with the focus shows its detail, Enter on a card of the circle chooses it
    for (let i = 0; i < 6; i++) {
      const key = el("div", { class: "stack-key", "data-stack": String(i), "data-focus-key": `stack:${i}` });
      focusableCard(key);
      key.addEventListener("keydown", (ev) => {
        if ((ev.key === "Enter" || ev.key === " ") && stackChoosable(i)) {
          ev.preventDefault();
          const st = layout().stacks[i];
          click(st.x, st.y);
        }
      });
      stackKeys.append(key);
    }
    stopKeys = keyboardDetails(root, {
      selector: ".stack-key, .hand-card .ecard, .tribe-card .ecard",
      show: (card) => {
        const id = card.dataset.stack !== undefined ? view && view.stacks[Number(card.dataset.stack)].top : card.dataset.card;
        if (id) showDetail(id, undefined, undefined, card.getBoundingClientRect());
      },
      hide: () => { hideDetail(); closeLegend(); },
      acts: (card) => card.dataset.stack !== undefined && stackChoosable(Number(card.dataset.stack)),
    });
    // the open legend is a panel over the table: a tap or click elsewhere folds it again
    document.addEventListener("pointerdown", foldLegend, true);
    new ResizeObserver(() => { dirty = true; }).observe(circle);
    window.addEventListener("resize", onResize);
    cardsLoaded.then(() => {
      cards = CARDS;
      if (!api) return;
      render();
      if (api.refreshLegal) api.refreshLegal();
    });
    const loop = () => { raf = requestAnimationFrame(loop); if (dirty || flash) draw(); };
    raf = requestAnimationFrame(loop);
  }

  function onResize() { dirty = true; }

  function unmount() {
    cancelAnimationFrame(raf);
    window.removeEventListener("resize", onResize);
    document.removeEventListener("pointerdown", foldLegend, true);
    if (stopKeys) stopKeys();
    api = null;
  }

  function myTurn() {
    return view && view.legal && view.legal.length && view.seat === view.current_seat;
  }

  function legal(type) {
    return myTurn() ? view.legal.filter((a) => a.type === type) : [];
  }

  function update(v) {
    const before = view && view.phase;
    const beforeTurn = view && view.turns;
    view = v;
    if (selected && !legal("take_card").some((a) => a.stack === selected.stack)) selected = null;
    render();
    // bring what needs a decision into sight (the hand may have scrolled the circle away)
    if (myTurn() && (before !== v.phase || beforeTurn !== v.turns)) {
      const target = v.phase === "take" || v.phase === "take_visible" ? circle : v.phase === "play" && legal("play").length ? handBox : bar;
      requestAnimationFrame(() => target.scrollIntoView({ block: "nearest" }));
    }
  }

  // ---- geometry of the circle ------------------------------------------------------

  // The largest cards that fit the width (and on a wide screen the height), the resource
  // stacks between the cards and the fire, never on a card.
  function computeLayout(w) {
    const wide = window.innerWidth >= 800;
    const top = circle.getBoundingClientRect().top + window.scrollY;
    const maxH = wide ? Math.max(460, window.innerHeight - top - 12) : Math.max(420, window.innerHeight * 0.9);
    let best = null;
    for (let cw = 124; cw >= 60; cw -= 2) {
      const ch = Math.round(cw * 1.36);
      const tokenR = Math.max(10, Math.min(16, cw * 0.14));
      const fireR = Math.max(26, Math.min(44, cw * 0.4));
      // the fire and a token fit between a card and the centre; neighbours and their labels never touch
      const rMin = Math.max(ch / 2 + 2 * tokenR + fireR + 19, ch + 22, (cw + 14) / Math.cos(Math.PI / 6));
      const rW = (w - cw - 14) / Math.sqrt(3);  // the stack's shadow cards reach 6 px right
      const rH = (maxH - ch - 38) / 2;
      if (rMin <= Math.min(rW, rH)) { best = { cw, ch, tokenR, fireR, radius: Math.min(rW, rH, rMin * 1.08) }; break; }
    }
    if (!best) {
      const cw = 60, ch = 82;
      best = { cw, ch, tokenR: 10, fireR: 26, radius: ch + 18 };
    }
    const { cw, ch, tokenR, fireR, radius } = best;
    const h = Math.round(2 * radius + ch + 38);
    const cx = w / 2 - 3, cy = radius + ch / 2 + 17;
    const stacks = [];
    for (let i = 0; i < 6; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 3;
      const cos = Math.cos(a), sin = Math.sin(a);
      const x = cx + cos * radius, y = cy + sin * radius;
      const half = Math.min(Math.abs(cos) > 1e-6 ? cw / 2 / Math.abs(cos) : Infinity, Math.abs(sin) > 1e-6 ? ch / 2 / Math.abs(sin) : Infinity);
      const inner = radius - half - 12 - tokenR;
      stacks.push({ x, y, rx: cx + cos * inner, ry: cy + sin * inner, cw, ch, tx: -sin, ty: cos });
    }
    return { w, h, cx, cy, stacks, tokenR, fireR };
  }

  function layout() {
    const w = circle.clientWidth;
    if (!geometry || geometry.w !== w || geometry.innerW !== window.innerWidth || geometry.innerH !== window.innerHeight) {
      geometry = computeLayout(w);
      geometry.innerW = window.innerWidth;
      geometry.innerH = window.innerHeight;
    }
    return geometry;
  }

  function takeOrder(stack, skip) {
    const card = cards && view.stacks[stack].top && cards[view.stacks[stack].top];
    if (!card) return [];
    const order = [];
    for (let j = 1; j <= card.take + (skip !== null && skip !== undefined ? 1 : 0); j++) order.push((stack + j) % 6);
    return order.filter((i) => i !== skip);
  }

  function hitStack(x, y) {
    return layout().stacks.findIndex((s) => Math.abs(x - s.x) <= s.cw / 2 && Math.abs(y - s.y) <= s.ch / 2);
  }

  function cardAt(x, y) {
    const i = hitStack(x, y);
    return i >= 0 && view && view.stacks[i].top ? { id: view.stacks[i].top } : null;
  }

  function click(x, y) {
    if (!view || !myTurn() || !cards) return;
    const L = layout();
    const hs = hitStack(x, y);
    const hitRes = L.stacks.findIndex((s) => Math.hypot(x - s.rx, y - s.ry) <= L.tokenR + 5);
    if (view.phase === "take") {
      if (hs >= 0 && legal("take_card").some((a) => a.stack === hs)) {
        selected = { stack: hs, skip: null };
        api.message("");
      } else if (selected && hitRes >= 0 && legal("take_card").some((a) => a.stack === selected.stack && a.skip === hitRes)) {
        selected.skip = selected.skip === hitRes ? null : hitRes;
      } else if (hs >= 0) {
        api.message(tx().emptyStack);
        return;
      }
      render();
      if (selected) bar.scrollIntoView({ block: "nearest" });
    } else if (view.phase === "take_visible" && hs >= 0) {
      const a = legal("take_visible").find((x) => x.stack === hs);
      if (a) api.act(a);
    }
  }

  // a card of the circle the player may choose now (take it, or take it without resources)
  function stackChoosable(i) {
    if (!view || !myTurn() || !view.stacks[i].top) return false;
    return legal(view.phase === "take_visible" ? "take_visible" : "take_card").some((a) => a.stack === i);
  }

  function closeLegend() {
    const d = legendSlot.querySelector("details");
    if (d) d.open = false;
  }

  function foldLegend(ev) {
    const d = legendSlot.querySelector("details[open]");
    if (d && !d.contains(ev.target)) d.open = false;
  }

  function confirmTake() {
    if (!selected) return;
    const action = { type: "take_card", stack: selected.stack, skip: selected.skip };
    selected = null;
    api.act(action);
  }

  // ---- the card detail: hover with a mouse, long press on touch, focus with the keyboard ----

  // x, y: beside the pointer (a tooltip); anchor: beside that box (the keyboard's card);
  // neither: in the middle of the screen until closed (a long press)
  function showDetail(id, x, y, anchor) {
    if (!cards || !cards[id]) return;
    detailCard = id;
    const card = cards[id];
    detail.replaceChildren(
      el("button", { type: "button", class: "close", "aria-label": tx().closeDetail, onclick: hideDetail }, "×"),
      cardEl(id, lang(), { large: true }),
      el("div", { class: "detail-text" }, el("h4", {}, capital(cardName(card, lang()))),
        ...cardExplanation(card, lang()).map((line) => el("p", {}, line))));
    detail.hidden = false;
    // shown by a hover it is a tooltip that never catches a click; by a long press it stays until closed
    detail.classList.toggle("hovering", x !== undefined || anchor !== undefined);
    const r = detail.getBoundingClientRect();
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    if (anchor && vw >= 640) {
      const left = anchor.right + 10 + r.width < vw ? anchor.right + 10 : Math.max(4, anchor.left - 10 - r.width);
      detail.style.left = `${left}px`;
      detail.style.top = `${Math.min(Math.max(4, anchor.top), vh - r.height - 4)}px`;
    } else if ((x === undefined && !anchor) || vw < 640) {
      detail.style.left = `${Math.max(4, (vw - r.width) / 2)}px`;
      detail.style.top = `${Math.max(4, (vh - r.height) / 2)}px`;
    } else {
      const left = x + 16 + r.width < vw ? x + 16 : Math.max(4, x - 16 - r.width);
      detail.style.left = `${left}px`;
      detail.style.top = `${Math.min(Math.max(4, y - r.height / 2), vh - r.height - 4)}px`;
    }
  }

  function hideDetail() {
    detail.hidden = true;
    detailCard = null;
  }

  function hover(hit, x, y) {
    clearTimeout(hoverTimer);
    if (!hit) { if (detailCard) hideDetail(); return; }
    if (hit.id === detailCard) return;
    hoverTimer = setTimeout(() => showDetail(hit.id, x, y), 250);
  }

  function startPress(ev, find) {
    if (ev.pointerType === "mouse") return;
    const hit = find();
    if (!hit) return;
    clearTimeout(press && press.timer);
    press = { x: ev.clientX, y: ev.clientY, timer: setTimeout(() => { press = null; suppressClick = true; showDetail(hit.id); }, 500) };
  }

  function movePress(ev) {
    if (press && Math.hypot(ev.clientX - press.x, ev.clientY - press.y) > 10) { clearTimeout(press.timer); press = null; }
  }

  function endPress() {
    if (press) { clearTimeout(press.timer); press = null; }
    setTimeout(() => { suppressClick = false; }, 400);
  }

  // DOM cards (hand, tribes) open the same detail; the keyboard reaches them too
  function withDetail(elem, id, focusKey) {
    focusableCard(elem, cardLabel(id, lang()));
    elem.dataset.focusKey = focusKey;
    elem.addEventListener("pointerenter", (ev) => { if (ev.pointerType === "mouse") hover({ id }, ev.clientX, ev.clientY); });
    elem.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse") hover(null); });
    elem.addEventListener("pointerdown", (ev) => startPress(ev, () => ({ id })));
    elem.addEventListener("pointermove", (ev) => { if (ev.pointerType !== "mouse") movePress(ev); });
    elem.addEventListener("contextmenu", (ev) => ev.preventDefault());
    elem.addEventListener("click", (ev) => { if (suppressClick) { ev.stopPropagation(); ev.preventDefault(); suppressClick = false; } }, true);
    return elem;
  }

  // ---- drawing --------------------------------------------------------------------

  function fitFont(text, weight, size, maxW, min = 7) {
    let s = size;
    ctx.font = `${weight} ${s}px system-ui, sans-serif`;
    while (s > min && ctx.measureText(text).width > maxW) {
      s -= 0.5;
      ctx.font = `${weight} ${s}px system-ui, sans-serif`;
    }
    return s;
  }

  function drawCard(id, x, y, w, h, highlight) {
    const card = cards[id];
    const col = COLOURS[card.colour];
    const t = tx();
    const left = x - w / 2, top = y - h / 2;
    roundRect(ctx, left, top, w, h, 7);
    ctx.fillStyle = "#fffaf0";
    ctx.fill();
    ctx.lineWidth = highlight ? 4 : 2;
    ctx.strokeStyle = highlight ? "#1f5fbf" : col.fill;
    ctx.stroke();
    // head: colour sign and kind, take number in the black circle
    const hh = h * 0.21;
    ctx.fillStyle = col.fill;
    roundRect(ctx, left + 3, top + 3, w - 6, hh, 5);
    ctx.fill();
    const br = hh * 0.36;
    ctx.beginPath();
    ctx.arc(left + w - 5 - br, top + 3 + hh / 2, br, 0, Math.PI * 2);
    ctx.fillStyle = "#2b2118";
    ctx.fill();
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.fillStyle = "#fff";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = `bold ${Math.round(br * 1.35)}px system-ui, sans-serif`;
    ctx.fillText(String(card.take), left + w - 5 - br, top + 3 + hh / 2 + 1);
    // the kind; a long one ("Vorratskarte") breaks into two lines rather than shrinking unread
    const [one, a, b] = t.heads[card.type];
    const headW = w - 17 - 2 * br, size = Math.round(w * 0.14);
    ctx.textAlign = "left";
    if (!a || fitFont(one, "bold", size, headW) >= size * 0.85) {
      fitFont(one, "bold", size, headW);
      ctx.fillText(one, left + 6, top + 3 + hh / 2 + 1);
    } else {
      const s2 = Math.min(fitFont(a, "bold", size, headW), fitFont(b, "bold", size, headW), (hh - 2) / 2.1);
      ctx.font = `bold ${s2}px system-ui, sans-serif`;
      ctx.fillText(a, left + 6, top + 3 + hh / 2 - s2 * 0.5);
      ctx.fillText(b, left + 6, top + 3 + hh / 2 + s2 * 0.6);
    }
    // the colour's sign (for colour-blind players) in the top left of the body
    ctx.fillStyle = col.fill;
    ctx.font = `bold ${Math.round(w * 0.17)}px system-ui, sans-serif`;
    ctx.fillText(col.symbol, left + 5, top + hh + h * 0.12);
    // points: the big number, then what it counts
    const sc = card.scoring;
    ctx.textAlign = "center";
    ctx.fillStyle = "#2b2118";
    ctx.font = `bold ${Math.round(w * 0.24)}px system-ui, sans-serif`;
    const py = top + hh + h * 0.16;
    ctx.fillText(String(sc.points), x, py);
    const ly = py + h * 0.15;
    let extraLine = 0;
    const small = Math.round(w * 0.125);
    if (sc.kind === "per_card_of_colour_in_tribe" || sc.kind === "per_resource_on_card") {
      ctx.font = `${small}px system-ui, sans-serif`;
      const word = `${t.per} `;
      const ww = ctx.measureText(word).width;
      const r = small * 0.62;
      const x0 = x - (ww + 2 * r) / 2;
      ctx.textAlign = "left";
      ctx.fillText(word, x0, ly);
      if (sc.kind === "per_resource_on_card") drawToken(sc.resource, x0 + ww + r, ly, r);
      else {
        const c = COLOURS[sc.colour];
        roundRect(ctx, x0 + ww, ly - r, 2 * r, 2 * r, 3);
        ctx.fillStyle = c.fill;
        ctx.fill();
        ctx.fillStyle = "#fff";
        ctx.textAlign = "center";
        ctx.font = `bold ${Math.round(r * 1.2)}px system-ui, sans-serif`;
        ctx.fillText(c.symbol, x0 + ww + r, ly + 1);
      }
      ctx.textAlign = "center";
    } else {
      const kind = sc.kind === "per_card_of_type_in_tribe" ? (lang() === "de" ? DE_TYPES[sc.card_type].nom : EN_TYPES[sc.card_type][0]) : "";
      const words = sc.kind === "fixed" ? t.pointsWord : kind ? `${t.per} ${kind}` : t.perKind;
      // too small on one line ("je Vorratskarte" on a phone): two lines
      let cut = -1;  // the space nearest the middle
      for (let i = 0; i < words.length; i++) if (words[i] === " " && (cut < 0 || Math.abs(i - words.length / 2) < Math.abs(cut - words.length / 2))) cut = i;
      if (fitFont(words, "normal", small, w - 8) >= small * 0.85 || cut < 0) ctx.fillText(words, x, ly);
      else {
        const a = words.slice(0, cut), b = words.slice(cut + 1);
        const s2 = Math.min(fitFont(a, "normal", small, w - 8), fitFont(b, "normal", small, w - 8));
        ctx.font = `normal ${s2}px system-ui, sans-serif`;
        ctx.fillText(a, x, ly - s2 * 0.15);
        ctx.fillText(b, x, ly + s2 * 0.95);
        extraLine = s2 * 0.8;
      }
    }
    if (card.immediate_effect) {
      const words = card.immediate_effect === "take_visible_card" ? t.cardShort : t.resShort;
      ctx.fillStyle = "#8a3b12";
      fitFont(words, "bold", Math.round(w * 0.115), w - 8);
      ctx.fillText(words, x, ly + h * 0.13 + extraLine);
    }
    // cost along the foot
    const cost = card.cost.resources;
    const r = Math.max(4.5, w * 0.075);
    const n = cost.length + (card.cost.sacrifice ? 1 : 0);
    const fy = top + h - r - 6;
    if (!n) {
      ctx.fillStyle = "#6d5d4b";
      fitFont(t.free, "italic", Math.round(w * 0.12), w - 8);
      ctx.fillText(t.free, x, fy);
    }
    const step = r * 2.25;
    cost.forEach((k, i) => drawToken(k, x - ((n - 1) * step) / 2 + i * step, fy, r));
    if (card.cost.sacrifice) drawSacrifice(x - ((n - 1) * step) / 2 + cost.length * step, fy, r);
  }

  function drawSacrifice(x, y, r) {
    roundRect(ctx, x - r * 0.75, y - r, r * 1.5, r * 2, 2);
    ctx.fillStyle = "#a32f2f";
    ctx.fill();
    ctx.fillStyle = "#fff";
    ctx.font = `bold ${Math.round(r * 1.3)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("✕", x, y + 1);
  }

  function drawToken(kind, x, y, r, highlight) {
    const st = TOKEN_STYLE[kind];
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = st.fill;
    ctx.fill();
    ctx.lineWidth = highlight ? 4 : 1.2;
    ctx.strokeStyle = highlight ? "#1f5fbf" : "#2b2118";
    ctx.stroke();
    ctx.fillStyle = kind === "bone" ? "#2b2118" : "#fff";
    ctx.font = `bold ${Math.round(r * 1.1)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(st.glyph, x, y + 1);
  }

  function draw() {
    dirty = false;
    const L = layout();
    if (circle.style.height !== `${L.h}px`) circle.style.height = `${L.h}px`;
    L.stacks.forEach((s, i) => {
      const key = stackKeys.children[i];
      const pos = `left:${s.x - s.cw / 2}px;top:${s.y - s.ch / 2}px;width:${s.cw}px;height:${s.ch}px`;
      if (key && key.dataset.pos !== pos) { key.style.cssText = pos; key.dataset.pos = pos; }
    });
    const dpr = window.devicePixelRatio || 1;
    const w = L.w, h = L.h;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      canvas.style.width = w + "px";
      canvas.style.height = h + "px";
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    if (!view || !cards) return;
    const t = tx();
    // the fire
    const grd = ctx.createRadialGradient(L.cx, L.cy, 4, L.cx, L.cy, L.fireR);
    grd.addColorStop(0, "#ffd23a");
    grd.addColorStop(0.65, "#f07a2a");
    grd.addColorStop(1, "#f05a1a00");
    ctx.fillStyle = grd;
    ctx.beginPath();
    ctx.arc(L.cx, L.cy, L.fireR, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "#2b2118";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const fireText = `${t.fire} ${view.fire}`;
    fitFont(fireText, "bold", 14, L.fireR * 1.8);
    ctx.fillText(fireText, L.cx, L.cy - 7);
    const supplyText = `${t.supplyPool} ${view.supply}`;
    fitFont(supplyText, "normal", 11, L.fireR * 1.8);
    ctx.fillText(supplyText, L.cx, L.cy + 9);
    const preview = selected ? takeOrder(selected.stack, selected.skip) : [];
    const skippable = selected ? legal("take_card").filter((a) => a.stack === selected.stack && a.skip !== null).map((a) => a.skip) : [];
    const takeable = new Set(legal(view.phase === "take_visible" ? "take_visible" : "take_card").map((a) => a.stack));
    L.stacks.forEach((s, i) => {
      const st = view.stacks[i];
      if (st.top) {
        for (let k = Math.min(3, st.count - 1); k > 0; k--) {
          roundRect(ctx, s.x - s.cw / 2 + k * 2, s.y - s.ch / 2 + k * 2, s.cw, s.ch, 7);
          ctx.fillStyle = "#d9c8ad";
          ctx.fill();
        }
        drawCard(st.top, s.x, s.y, s.cw, s.ch, (selected && selected.stack === i) || (view.phase === "take_visible" && takeable.has(i)));
      } else {
        roundRect(ctx, s.x - s.cw / 2, s.y - s.ch / 2, s.cw, s.ch, 7);
        ctx.setLineDash([5, 4]);
        ctx.strokeStyle = "#b5a58c";
        ctx.lineWidth = 1.5;
        ctx.stroke();
        ctx.setLineDash([]);
      }
      ctx.fillStyle = "#6d5d4b";
      ctx.font = "11px system-ui, sans-serif";
      ctx.textAlign = "center";
      // the number of cards outside the circle: above the upper stacks, below the lower ones
      ctx.fillText(t.cardsLeft(st.count), s.x, s.y < L.cy ? s.y - s.ch / 2 - 8 : s.y + s.ch / 2 + 11);
      const res = view.resources[i];
      const inPreview = preview.includes(i);
      if (res.top) drawToken(res.top, s.rx, s.ry, L.tokenR, inPreview);
      else {
        ctx.beginPath();
        ctx.arc(s.rx, s.ry, L.tokenR, 0, Math.PI * 2);
        ctx.strokeStyle = "#b5a58c";
        ctx.lineWidth = 1;
        ctx.stroke();
      }
      if (skippable.includes(i) && !inPreview) {
        ctx.setLineDash([3, 3]);
        ctx.strokeStyle = "#1f5fbf";
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(s.rx, s.ry, L.tokenR + 5, 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      // how many tokens the stack holds, beside the token (clockwise side)
      // how many tokens the stack holds: a small badge on the token's lower right
      const bx = s.rx + L.tokenR * 0.8, by = s.ry + L.tokenR * 0.8;
      ctx.beginPath();
      ctx.arc(bx, by, 7, 0, Math.PI * 2);
      ctx.fillStyle = "#fffaf0";
      ctx.fill();
      ctx.strokeStyle = "#6d5d4b";
      ctx.lineWidth = 1;
      ctx.stroke();
      ctx.fillStyle = "#2b2118";
      ctx.font = "bold 9px system-ui, sans-serif";
      ctx.fillText(String(res.count), bx, by + 0.5);
    });
    if (flash) drawFlash(L);
  }

  function onEvents(events) {
    const stacks = new Set(), tokens = new Set();
    let owner = null;
    for (const e of events) {
      if ((e.type === "take_card" || e.type === "take_visible") && e.stack !== undefined) stacks.add(e.stack);
      if (e.type === "gain" && typeof e.from === "string" && e.from.startsWith("stack ")) tokens.add(Number(e.from.slice(6)));
      // one log line per move: the gains of a take or a card effect join their move
      if (e.type === "take_card" || e.type === "play") { owner = e; gainsOf.set(e, []); }
      else if (e.type === "gain" && owner && owner.player === e.player) { gainsOf.get(owner).push(e); absorbed.add(e); }
      else if (e.type !== "refill" && e.type !== "final_round") owner = null;
    }
    if (stacks.size || tokens.size) flash = { stacks, tokens, start: performance.now() };
  }

  function drawFlash(L) {
    const alpha = glowAlpha(flash.start);
    if (!alpha) { flash = null; dirty = true; return; }
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.lineWidth = 5;
    ctx.strokeStyle = "#f0a020";
    for (const i of flash.stacks) {
      const s = L.stacks[i];
      roundRect(ctx, s.x - s.cw / 2 - 4, s.y - s.ch / 2 - 4, s.cw + 8, s.ch + 8, 9);
      ctx.stroke();
    }
    for (const i of flash.tokens) {
      const s = L.stacks[i];
      ctx.beginPath();
      ctx.arc(s.rx, s.ry, L.tokenR + 6, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.restore();
  }

  // ---- DOM parts ------------------------------------------------------------------

  function takePreview(stack, skip) {
    const order = takeOrder(stack, skip);
    const gets = order.map((i) => view.resources[i].top).filter(Boolean);
    const fire = view.fire ? order.filter((i) => view.resources[i].count === 1).length : 0;
    const card = cards[view.stacks[stack].top];
    const me = view.players[view.seat];
    const bonus = me && me.power === "one_resource_card_bonus" && card && card.take === 1 && view.supply > 0;
    return { gets, fire, bonus };
  }

  function render() {
    if (!view || !cards || !api) return;
    keepFocus(root, drawDom);
  }

  function drawDom() {
    dirty = true;
    const t = tx();
    const lg = lang();
    const me = view.seat;
    // the bar: the step's prompt and its buttons, always in sight
    let prompt = view.over ? "" : t.waiting;
    const touch = window.matchMedia("(pointer: coarse)").matches;
    if (myTurn()) {
      if (view.phase === "take") prompt = selected ? (legal("take_card").some((a) => a.skip !== null) ? t.skip : "") : t.take(touch);
      else if (view.phase === "play") prompt = legal("play").length || legal("store").length ? t.play : t.nothingToPlay;
      else if (view.phase === "take_visible") prompt = t.takeVisible(touch);
      else if (view.phase === "discard") prompt = t.discard(view.players[me].capacity);
    }
    const buttons = buttonsBox;
    buttons.replaceChildren();
    if (myTurn() && view.phase === "take") {
      if (selected) {
        const p = takePreview(selected.stack, selected.skip);
        buttons.append(el("div", { class: "preview" }, el("span", {}, `${capital(cardName(view.stacks[selected.stack].top, lg))} · ${t.youGet}: `),
          ...p.gets.map((k) => token(k, lg)), p.fire ? el("span", { class: "extra" }, ` ${t.fromFire}`) : null,
          p.bonus ? el("span", { class: "extra" }, ` ${t.bonus}`) : null));
      }
      const confirm = el("button", { type: "button", class: "primary", id: "elawa-confirm", onclick: confirmTake }, t.confirmTake);
      confirm.disabled = !selected;
      const cancel = el("button", { type: "button", id: "elawa-cancel", onclick: () => { selected = null; render(); } }, t.cancel);
      cancel.disabled = !selected;
      buttons.append(el("div", { class: "row-buttons" }, confirm, cancel));
    }
    if (myTurn() && view.phase === "play") {
      buttons.append(el("button", { type: "button", class: "primary", id: "elawa-end-turn", onclick: () => api.act({ type: "end_turn" }) }, t.endTurn));
    }
    if (myTurn() && view.phase === "discard") {
      buttons.append(el("div", { class: "discard-choices" }, ...legal("discard").map((a) =>
        el("button", { type: "button", class: "discard-token", "data-token": a.token, onclick: () => api.act(a) }, token(a.token, lg), ` ${t.tokens[a.token][0]}`))));
    }
    const finalRound = view.final_round && !view.over;
    // nothing to say (the game is over): the bar keeps only the legend and stays in its place
    bar.classList.toggle("idle", !prompt && !buttons.childElementCount && !finalRound);
    const said = `${finalRound}|${prompt}`;  // read out only when it changes
    if (promptBox.dataset.said !== said) {
      promptBox.dataset.said = said;
      promptBox.replaceChildren(...[finalRound ? el("strong", { class: "final-round" }, t.finalRound) : null, prompt ? ` ${prompt}` : null].filter(Boolean));
    }
    canvas.setAttribute("aria-label", `${t.fire} ${view.fire} · ${t.supplyPool} ${view.supply}`);
    [...stackKeys.children].forEach((key, i) => {
      const st = view.stacks[i];
      key.hidden = !st.top;
      if (st.top) key.setAttribute("aria-label", `${cardLabel(st.top, lg)} · ${t.cardsLeft(st.count)}`);
      key.classList.toggle("choosable", stackChoosable(i));
    });
    const open = legendSlot.querySelector("details")?.open;
    if (legendSlot.dataset.lang !== lg) {
      legendSlot.replaceChildren(legendEl(lg));
      legendSlot.dataset.lang = lg;
      if (open) legendSlot.querySelector("details").open = true;
    }
    // players: points, resources and free places, chief, hand
    players.replaceChildren();
    view.players.forEach((p, i) => {
      const held = Object.values(p.available).reduce((a, b) => a + b, 0);
      const chief = CHIEFS[p.chief];
      const seen = i !== me && p.seen_hand && p.seen_hand.length
        ? ` (${t.seen}: ${p.seen_hand.map((c) => cardName(c, lg)).join(", ")})` : "";
      players.append(el("div", { class: "elawa-player" + (i === view.current_seat ? " current" : ""), "data-player": i },
        el("div", { class: "who" }, el("span", { class: "swatch", style: `background:${api.colours[i]}` }),
          el("strong", {}, api.names[i]), ` · ${t.points(p.score)}`),
        el("div", { class: "avail" }, ...TOKENS.flatMap((k) => Array.from({ length: p.available[k] || 0 }, () => token(k, lg))),
          el("span", { class: "room" }, ` ${t.places(Math.max(0, p.capacity - held), p.capacity)}`)),
        el("div", { class: "hint" }, `${t.chief(chief.number)}${p.power ? ": " + t.powers[p.power] : ""} · ${t.handCount(p.hand_count)}${seen}`)));
    });
    // hand with play options
    handBox.replaceChildren();
    const mine = me !== null && me !== undefined ? view.players[me] : null;
    if (mine && mine.hand) {
      handBox.append(el("h3", {}, t.hand));
      const row = el("div", { class: "card-row" });
      if (!mine.hand.length) row.append(el("p", { class: "hint" }, t.emptyHand));
      for (const id of mine.hand) {
        const wrap = el("div", { class: "hand-card" }, withDetail(cardEl(id, lg), id, `hand:${id}`));
        const options = legal("play").filter((a) => a.card === id);
        for (const a of options) {
          const pay = a.pay.length ? a.pay.map((k) => token(k, lg)) : [` ${t.free}`];
          wrap.append(el("button", { type: "button", class: "play-option", "data-action": JSON.stringify(a), onclick: () => api.act(a) },
            `${t.play_}: `, ...pay, a.sacrifice ? ` + ${t.sacrifice} ${cardName(a.sacrifice, lg)}` : ""));
        }
        if (myTurn() && view.phase === "play" && !options.length) wrap.append(el("div", { class: "hint small" }, t.cantPay));
        row.append(wrap);
      }
      handBox.append(row);
    }
    // tribes grouped by kind and colour, stored resources, store buttons
    tribes.replaceChildren();
    const colourOrder = Object.keys(COLOURS);
    view.players.forEach((p, i) => {
      const box = el("section", { class: "tribe", "data-player": i }, el("h3", {}, `${t.tribe(api.names[i])} · ${t.points(p.score)}`));
      const sorted = [...p.tribe].sort((a, b) => TYPE_ORDER.indexOf(cards[a.card].type) - TYPE_ORDER.indexOf(cards[b.card].type)
        || colourOrder.indexOf(cards[a.card].colour) - colourOrder.indexOf(cards[b.card].colour));
      const row = el("div", { class: "card-row" });
      if (!sorted.length) row.append(el("span", { class: "hint" }, t.emptyTribe));
      const breakdown = view.breakdown ? view.breakdown[i].cards : null;
      for (const entry of sorted) {
        const pts = breakdown ? breakdown.find((b) => b.card === entry.card).points : undefined;
        const wrap = el("div", { class: "tribe-card" }, withDetail(cardEl(entry.card, lg, { stored: entry.stored, points: pts }), entry.card, `tribe:${i}:${entry.card}`));
        if (i === me) {
          for (const a of legal("store").filter((x) => x.card === entry.card)) {
            wrap.append(el("button", { type: "button", class: "store-option", "data-action": JSON.stringify(a), onclick: () => api.act(a) },
              `${t.store}: `, token(a.token, lg)));
          }
        }
        row.append(wrap);
      }
      box.append(row);
      tribes.append(box);
    });
  }

  // ---- words for the shell: the action list and the log --------------------------------

  // Two cards of one colour and kind in sight: the label adds the points to tell them apart.
  function named(id, lg, form) {
    const name = cardName(id, lg, form);
    if (!cards || !view || !cards[id]) return name;
    const me = view.seat !== null && view.seat !== undefined ? view.players[view.seat] : null;
    const inSight = [...view.stacks.map((s) => s.top), ...(me && me.hand ? me.hand : []), ...(me ? me.tribe.map((e) => e.card) : [])];
    const c = cards[id];
    const twin = inSight.some((o) => o && o !== id && cards[o] && cards[o].type === c.type && cards[o].colour === c.colour);
    return twin ? `${name} (${scoringText(c, lg)})` : name;
  }

  function label(action, lg) {
    const t = T(lg);
    const de = lg === "de";
    const known = cards && view;
    if (action.type === "take_card") {
      if (!known || !view.stacks[action.stack].top) return de ? `Karte ${action.stack + 1} nehmen` : `Take card ${action.stack + 1}`;
      const p = takePreview(action.stack, action.skip);
      const extras = [p.fire ? t.fromFire : null, p.bonus ? t.bonus : null].filter(Boolean);
      const gets = [p.gets.length ? tokensWords(p.gets, lg) : null, ...extras].filter(Boolean).join(", ");
      const skip = action.skip !== null && action.skip !== undefined && view.resources[action.skip].top
        ? (de ? ` (${t.tokens[view.resources[action.skip].top][0]} übersprungen)` : ` (skipping the ${t.tokens[view.resources[action.skip].top][0]})`) : "";
      return de ? `Nimm ${named(view.stacks[action.stack].top, lg, "acc")}: ${gets}${skip}` : `Take ${named(view.stacks[action.stack].top, lg, "acc")}: ${gets}${skip}`;
    }
    if (action.type === "take_visible") {
      const name = known && view.stacks[action.stack].top ? named(view.stacks[action.stack].top, lg, "acc") : (de ? "die Karte" : "the card");
      return de ? `Nimm ${name} (ohne Rohstoffe)` : `Take ${name} (no resources)`;
    }
    if (action.type === "play") {
      const pay = action.pay.length ? tokensWords(action.pay, lg) : null;
      const victim = action.sacrifice ? named(action.sacrifice, lg, "acc") : null;
      if (de) return `Spiele ${named(action.card, lg, "acc")} aus, ${pay ? `zahle ${pay}` : "kostenlos"}${victim ? `, opfere ${victim}` : ""}`;
      return `Play ${named(action.card, lg, "acc")}, ${pay ? `pay ${pay}` : "for free"}${victim ? `, sacrifice ${victim}` : ""}`;
    }
    if (action.type === "store") {
      const on = named(action.card, lg, "acc");
      return de ? `Lege 1 ${t.tokens[action.token][0]} auf ${on}` : `Put 1 ${t.tokens[action.token][0]} on ${on}`;
    }
    if (action.type === "discard") return de ? `Lege 1 ${t.tokens[action.token][0]} ab` : `Discard 1 ${t.tokens[action.token][0]}`;
    if (action.type === "end_turn") return t.endTurn;
    return de ? "Zug" : "Move";
  }

  function event(e, names, lg) {
    const t = T(lg);
    const de = lg === "de";
    const who = names[e.player] ?? "";
    if (absorbed.has(e)) return null;
    const gains = (gainsOf.get(e) || []).map((g) => g.token);
    if (e.type === "take_card") {
      const name = cardName(e.card, lg, "acc");
      const res = gains.length ? (de ? ` mit ${tokensWords(gains, lg)}` : ` with ${tokensWords(gains, lg)}`) : "";
      return de ? `${who} nahm ${name}${res}.` : `${who} took ${name}${res}.`;
    }
    if (e.type === "take_visible") return de ? `${who} nahm ${cardName(e.card, lg, "acc")} (ohne Rohstoffe).` : `${who} took ${cardName(e.card, lg, "acc")} (no resources).`;
    if (e.type === "gain") {
      const from = e.from === "fire" ? (de ? " vom Feuer" : " from the fire") : e.from === "supply" ? (de ? " aus dem Vorrat" : " from the supply") : "";
      return de ? `${who} bekam ${tokensWords([e.token], lg)}${from}.` : `${who} got ${tokensWords([e.token], lg)}${from}.`;
    }
    if (e.type === "play") {
      const paid = e.pay.length ? tokensWords(e.pay, lg) : null;
      const parts = [paid ? (de ? `zahlte ${paid}` : `paid ${paid}`) : (de ? "kostenlos" : "for free")];
      if (e.sacrifice) parts.push(de ? `opferte ${cardName(e.sacrifice, lg, "acc")}` : `sacrificed ${cardName(e.sacrifice, lg, "acc")}`);
      const got = gains.length ? (de ? ` und bekam ${tokensWords(gains, lg)}` : ` and got ${tokensWords(gains, lg)}`) : "";
      return de ? `${who} spielte ${cardName(e.card, lg, "acc")} aus (${parts.join(", ")})${got}.` : `${who} played ${cardName(e.card, lg, "acc")} (${parts.join(", ")})${got}.`;
    }
    if (e.type === "store") return de ? `${who} legte 1 ${t.tokens[e.token][0]} auf ${cardName(e.card, lg, "acc")}.` : `${who} put 1 ${t.tokens[e.token][0]} on ${cardName(e.card, lg, "acc")}.`;
    if (e.type === "discard") return de ? `${who} legte 1 ${t.tokens[e.token][0]} ab.` : `${who} discarded 1 ${t.tokens[e.token][0]}.`;
    if (e.type === "final_round") return de ? "Das Feuer ist leer: letzte Runde!" : "The fire is empty: final round!";
    return null;
  }

  function showHint(action) {
    if (action.type === "take_card") {
      selected = { stack: action.stack, skip: action.skip };
      render();
    }
    for (const b of root.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === JSON.stringify(action));
  }

  return {
    scrollsToDecisions: true,  // it brings its own decision areas into view
    mount, unmount, update, label, event, showHint, onEvents,
    // the shell's end screen shows this (and so do tests and other pages)
    breakdown: (v, lg) => endSummary(v, lg || lang(), api.names),
    endSummary: (v, lg, names) => endSummary(v, lg, names),
    hook: {
      get flashing() { return flash ? [...flash.stacks] : []; },
      stackPoint(i) {
        const r = canvas.getBoundingClientRect();
        const s = layout().stacks[i];
        return { x: r.left + s.x, y: r.top + s.y };
      },
      resourcePoint(i) {
        const r = canvas.getBoundingClientRect();
        const s = layout().stacks[i];
        return { x: r.left + s.rx, y: r.top + s.ry };
      },
      get selected() { return selected; },
      get ready() { return cards !== null; },
      get detail() { return detailCard; },
      layout() { const L = layout(); return { w: L.w, h: L.h, cx: L.cx, cy: L.cy, fireR: L.fireR, stacks: L.stacks.map((s) => ({ ...s })), tokenR: L.tokenR }; },
    },
  };
}

// ---- what the menu shows (the registry web/js/games.mjs lists this) ------------------

const PICTURE = `<svg viewBox="0 0 240 120" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
<rect width="240" height="120" fill="#3d2c1e"/>
<g transform="translate(120 62)">
${[0, 1, 2, 3, 4, 5].map((i) => {
    const a = (i / 6) * Math.PI * 2 - Math.PI / 2, x = Math.cos(a) * 78, y = Math.sin(a) * 40;
    const c = ["#2e6fd1", "#2f9e44", "#e0b020", "#e67e22", "#c0392b", "#7b2d8e"][i];
    return `<rect x="${(x - 14).toFixed(1)}" y="${(y - 19).toFixed(1)}" width="28" height="38" rx="4" fill="#fffaf0" stroke="${c}" stroke-width="4"/>`;
  }).join("")}
<ellipse cx="0" cy="6" rx="26" ry="10" fill="#6d4a2b"/>
<path d="M-14 4 Q-10 -22 0 -30 Q4 -14 12 -22 Q16 -6 14 4 Z" fill="#e8862a"/>
<path d="M-6 4 Q-4 -12 2 -18 Q6 -6 8 4 Z" fill="#ffd23a"/>
</g></svg>`;

function picture() {
  const box = el("div", { class: "pic-svg", "aria-hidden": "true" });
  box.innerHTML = PICTURE;  // our own static drawing
  return box;
}

export const game = {
  id: "elawa",
  titles: { de: "Elawa", en: "Elawa" },
  descriptions: {
    de: "Nimm Karten rund ums Feuer, sammle Beeren, Fleisch und Felle und baue deinen Stamm.",
    en: "Take cards around the fire, gather berries, meat and furs and build your tribe.",
  },
  players: [2, 4], minutes: [20, 40], picture, create: createElawaRenderer,
  options: {
    chief_side: {
      label: { de: "Häuptlinge", en: "Chiefs" },
      choices: { normal: { de: "Normalseite – zum Kennenlernen", en: "Normal side – to learn the game" },
                 advanced: { de: "Fortgeschrittenenseite – jeder Häuptling hat eine Sonderkraft", en: "Advanced side – every chief has a special power" } },
    },
    chief2: {
      label: { de: "Sonderkraft von Häuptling 2", en: "Chief 2's power" },
      help: { de: "Häuptling 2 spielt auf der Fortgeschrittenenseite Karten billiger. Die Regel lässt offen, wie oft.",
              en: "On the advanced side chief 2 plays cards for less. The rules leave open how often." },
      only: { chief_side: "advanced" },
      choices: { second_only: { de: "nur die 2. Karte eines Zuges kostet 1 weniger", en: "only the 2nd card of a turn costs 1 less" },
                 every_second: { de: "jede 2. Karte (2., 4., 6. …) kostet 1 weniger", en: "every 2nd card (2nd, 4th, 6th …) costs 1 less" } },
    },
  },
};
