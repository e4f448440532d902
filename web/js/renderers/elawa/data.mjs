// Elawa's card data (fetched once, shared by every module) and what is drawn, not said:
// colours, signs, token glyphs, and the pure names painted on cards and panels.
// Every sentence about a card, a move or an action comes from the engine (view.words).

export const COLOURS = {
  blue: { fill: "#3b6fd8", symbol: "◆" }, yellow: { fill: "#c99a06", symbol: "●" },
  green: { fill: "#3c9a4a", symbol: "■" }, red: { fill: "#d2453a", symbol: "▲" },
  purple: { fill: "#8a4fbf", symbol: "★" },
};
export const TOKEN_STYLE = {
  berry: { fill: "#7b2d8e", glyph: "●" }, meat: { fill: "#c0392b", glyph: "◗" },
  flint: { fill: "#7f8c8d", glyph: "▲" }, fur: { fill: "#9c6b30", glyph: "■" }, bone: { fill: "#f1ead8", glyph: "✚" },
};
export const TOKENS = ["berry", "meat", "flint", "fur", "bone"];
export const TYPE_ORDER = ["caveman", "hut", "tool", "supply"];

// Names only: a kind on a card's head, a token's name on its icon, the little words of a card's face.
const NAMES = {
  de: {
    // the kind on a card's head in the circle; a long one in two lines where it is narrow
    heads: { caveman: ["Urmensch"], hut: ["Hütte"], supply: ["Vorratskarte", "Vorrats-", "karte"], tool: ["Werkzeug"] },
    kinds: { caveman: "Urmensch", hut: "Hütte", supply: "Vorratskarte", tool: "Werkzeug" },
    tokens: { berry: "Beere", meat: "Fleisch", flint: "Feuerstein", fur: "Fell", bone: "Knochen" },
    toHand: (n) => `Ausspielen ↓ (${n}\u00a0spielbar)`,
    colours: { blue: "blau", yellow: "gelb", green: "grün", red: "rot", purple: "violett" },
    per: "je", pointsWord: "Punkte", perKind: "je Sorte", cardShort: "+1 Karte", resShort: "+1 Rohstoff",
    free: "kostenlos", cost: "Kosten", fire: "Feuer", supplyPool: "Vorrat",
    confirmTake: "Nehmen ✓", cancel: "Abbrechen", cantPay: "noch nicht bezahlbar", emptyStack: "Dieser Stapel ist leer.", emptyTribe: "noch keine Karten",
    legend: "Zeichen erklärt", closeDetail: "Schließen", sacrificeTitle: "Opfer: 1 andere Handkarte ablegen",
  },
  en: {
    heads: { caveman: ["Caveman"], hut: ["Hut"], supply: ["Storage card", "Storage", "card"], tool: ["Tool"] },
    kinds: { caveman: "caveman", hut: "hut", supply: "storage card", tool: "tool" },
    tokens: { berry: "berry", meat: "meat", flint: "flint", fur: "fur", bone: "bone" },
    toHand: (n) => `Play ↓ (${n}\u00a0playable)`,
    colours: { blue: "blue", yellow: "yellow", green: "green", red: "red", purple: "purple" },
    per: "per", pointsWord: "points", perKind: "per kind", cardShort: "+1 card", resShort: "+1 resource",
    free: "free", cost: "Cost", fire: "Fire", supplyPool: "Supply",
    confirmTake: "Take ✓", cancel: "Cancel", cantPay: "cannot pay yet", emptyStack: "That stack is empty.", emptyTribe: "no cards yet",
    legend: "Symbols explained", closeDetail: "Close", sacrificeTitle: "Sacrifice: discard 1 other hand card",
  },
};

export const names = (lang) => NAMES[lang] || NAMES.de;

// The card data file build.py copies into dist/data/.
export const data = { cards: null, chiefs: null };
export const cardsLoaded = fetch(new URL("../../../data/elawa-cards.json", import.meta.url))
  .then((r) => r.json())
  .then((d) => {
    data.cards = Object.fromEntries(d.tribe_cards.map((c) => [c.id, c]));
    data.chiefs = Object.fromEntries(d.chiefs.map((c) => [c.id, c]));
  });

/** The engine's words for a card the view shows: {name, points, explain, scored?}. */
export function cardWords(view, id) {
  const w = view && view.words && view.words.cards && view.words.cards[id];
  return w || { name: "", points: "", explain: [] };
}
