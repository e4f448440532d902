// The legend: every symbol of the table explained (static help, like the rules text).

import { el } from "../common.mjs";
import { COLOURS, TOKENS, names } from "./data.mjs";
import { sacrificeIcon, takeBadge, token } from "./cards.mjs";

export function legendEl(lang) {
  const de = lang === "de";
  const t = names(lang);
  const item = (...c) => el("li", {}, ...c);
  return el("details", { class: "elawa-legend" },
    el("summary", {}, t.legend),
    el("ul", {},
      item(el("b", {}, de ? "Rohstoffe: " : "Resources: "), ...TOKENS.flatMap((k) => [token(k, lang), ` ${t.tokens[k]}${k === "bone" ? (de ? " (ersetzt jeden Rohstoff)" : " (replaces any resource)") : ""}  `])),
      item(el("b", {}, de ? "Kartenfarben: " : "Card colours: "), ...Object.entries(COLOURS).map(([c, v]) => el("span", { class: "colour-chip", style: `background:${v.fill}` }, `${v.symbol} ${t.colours[c]}`)),
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
