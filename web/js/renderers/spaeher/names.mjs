// Jäger und Späher: the names and panel words the table draws (resources, kinds of cards,
// the card faces' texts, headings, the legend). Sentences about moves, actions, the prompt,
// the sunset preview and the end are the engine's (view.words, py/urzeit/games/spaeher/words.py).

export const RES = {
  meat: { fill: "#b8322a", glyph: "◗" }, skin: { fill: "#8a5a2b", glyph: "■" }, stone: { fill: "#6f7b7c", glyph: "▲" },
  wood: { fill: "#4d7a2e", glyph: "♣" }, clay: { fill: "#c4703a", glyph: "●" }, fruit: { fill: "#8e3b8e", glyph: "✿" },
};
export const RES_ORDER = Object.keys(RES);

const n1 = (n, one, many) => `${n} ${n === 1 ? one : many}`;

const TEXT = {
  de: {
    res1: { meat: "Fleisch", skin: "Fell", stone: "Stein", wood: "Holz", clay: "Lehm", fruit: "Frucht" },
    resN: { meat: "Fleisch", skin: "Felle", stone: "Steine", wood: "Holz", clay: "Lehm", fruit: "Früchte" },
    kind: { wild: "Wildnis", hunt: "Jagdgebiet" },
    quote: (s) => `„${s}“`,
    pts: (n) => n1(n, "Punkt", "Punkte"), signed: (n) => `${n >= 0 ? "+" : "−"}${n1(Math.abs(n), "Punkt", "Punkte")}`,
    step: {
      reveal: (s) => (s.deck === "choice" ? "Jagdgebiet oder Wildnis aufdecken" : s.deck === "hunt" ? "Jagdgebiet aufdecken" : "Wildnis aufdecken"),
      place: (s) => `${s.max === 1 ? "1 Mitglied" : `bis zu ${s.max} Mitglieder`} ${{ revealed: "dorthin", hunt: "auf Jagdgebiete", wild: "in die Wildnis", any: "auf beliebige Orte" }[s.where]}`,
      draw_items: (s) => `${n1(s.n, "Gegenstand", "Gegenstände")} ziehen`,
      offspring: (s) => `${s.n === 1 ? "1 neues Mitglied" : `${s.n} neue Mitglieder`} auf die Stammeskarte`,
      cure: (s) => `${s.n} Hunger ablegen`, take_character: (s) => `${n1(s.n, "Charakter", "Charaktere")} aus der Auslage nehmen`,
      vp: (s) => `+${n1(s.n, "Punkt", "Punkte")}`,
    },
    full: {
      place: (s) => {
        const who = s.max === 1 ? "1 Mitglied" : `Bis zu ${s.max} Mitglieder`;
        if (s.where === "revealed") return `${who} von deiner Stammeskarte auf den eben aufgedeckten Ort. Ist der Stapel leer: auf ${s.else === "hunt" ? "ein offenes Jagdgebiet" : s.else === "wild" ? "eine offene Wildnis" : "einen beliebigen offenen Ort"}.`;
        return `${who} von deiner Stammeskarte ${{ hunt: "auf offene Jagdgebiete", wild: "in offene Wildnis-Karten", any: "auf beliebige Orte: Wildnis, Jagdgebiete, heilige Orte" }[s.where]}.`;
      },
      offspring: (s) => `${s.n === 1 ? "1 Mitglied" : `${s.n} Mitglieder`} aus dem Höhlenlager auf deine Stammeskarte; ist das Höhlenlager leer, aus dem Vorrat.`,
    },
    charKind: { normal: "Charakter", special: "Besonderer Charakter" }, item: "Gegenstand", site: "Heiliger Ort",
    trigger: { sunset: "Bei deinem Sonnenuntergang", place: "Beim Einsetzen hier", create: "Beim Erschaffen" },
    triggerFull: {
      sunset: "Bei deinem Sonnenuntergang, wenn du hier stehst:",
      place: "Sobald du ein Mitglied hierher schickst (und es bleibt):",
      create: "Wenn du einen Gegenstand erschaffst, während du hier stehst:",
    },
    siteRule: "Beliebig viele Mitglieder, aber nur von einer Seite: Hat eine Seite mehr Mitglieder hier, gehen die der anderen sofort auf ihre Stammeskarte zurück.",
    charRule: "Die Schritte gelten der Reihe nach, jeder „bis zu“. Danach kommt die Karte in die Spalte der Auslage mit den wenigsten Karten.",
    itemRule: "Erschaffen beim Zurückholen, bezahlt mit den mitgebrachten Rohstoffen. Die Punkte gibt es sofort.",
    itemEffect: "Danach einmalig:",
    locRule: "Höchstens 3 Mitglieder (beide Stämme zusammen). Wer ein Mitglied zurückholt, darf einen freien Rohstoff nehmen; ein Verbrauchsstein deckt ihn ab. Sind alle abgedeckt, verlässt die Karte das Spiel.",
    covered: "abgedeckt", free: "frei", cost: "Kosten", onCreate: "beim Erschaffen",
    more: "… mehr", sunsetWhy: "Wie?", sunsetWhyLabel: "Wie? Die Rechnung des Sonnenuntergangs", hand: "Deine Charaktere", noHand: "Keine Charaktere auf der Hand – beim Sonnenuntergang nimmst du neue.", items: "Deine Gegenstände (verdeckt)", brought: "Mitgebracht:", nothing: "nichts",
    camp: "Höhlenlager", supply: "Vorrat", hunger: "Hunger", tribe: "Stamm", created: "Erschaffen", display: "Auslage", column: "Spalte",
    // where a tribe's five members are (they add up to 5): said in words, not only counted
    members: {
      tribe: (n) => `${n1(n, "Mitglied", "Mitglieder")} auf der Stammeskarte`,
      away: (n) => `${n} unterwegs auf Orten`,
      camp: (n) => `${n} im Höhlenlager – ${n === 1 ? "kommt" : "kommen"} mit „Nachwuchs“ auf die Stammeskarte`,
      supply: (n) => `${n} im Vorrat – für 2 Felle kommt eins ins Höhlenlager`,
    },
    decks: { hunt: "Jagdgebiete", wild: "Wildnis", items: "Gegen\u00adstände" }, locations: "Offene Orte", sites: "Heilige Orte",
    hiddenItems: (n) => n1(n, "Gegenstand", "Gegenstände") + " verdeckt", inHand: (n) => n1(n, "Charakter", "Charaktere") + " auf der Hand",
    wrong: { column: "Diese Spalte ist jetzt nicht wählbar.", deck: "Jetzt wird kein Ort aufgedeckt.", place: "Hier ist jetzt nichts zu tun.", card: "Diese Karte ist jetzt nicht spielbar." },
    legend: "Symbole", close: "Schließen",
    panes: { places: "Orte", display: "Auslage", mine: "Hand", others: "Gegner" }, asksHere: "hier wählen",
    legendRows: {
      stone_: "Verbrauchsstein: dieser Rohstoff ist genommen", hunger: "Hunger (bei 8 muss ein Mitglied gehen)", member: "Stammesmitglied",
      slot: "freier Platz auf einem Ort (höchstens 3)", site: "Heiliger Ort", camp: "Höhlenlager: neue Mitglieder warten hier",
      track: "Punkteleiste: das Ziel ist 24", item: "Gegenstand", char: "Charakter", reveal: "Ort aufdecken", vp: "Punkte",
      under: "Charakter unter der obersten Karte einer Spalte: erst nehmbar, wenn er oben liegt",
    },
    beneath: "darunter:",
  },
  en: {
    res1: { meat: "meat", skin: "skin", stone: "stone", wood: "wood", clay: "clay", fruit: "fruit" },
    resN: { meat: "meat", skin: "skins", stone: "stones", wood: "wood", clay: "clay", fruit: "fruit" },
    kind: { wild: "Wilderness", hunt: "Hunting ground" },
    quote: (s) => `“${s}”`,
    pts: (n) => n1(n, "point", "points"), signed: (n) => `${n >= 0 ? "+" : "−"}${n1(Math.abs(n), "point", "points")}`,
    step: {
      reveal: (s) => (s.deck === "choice" ? "Reveal a hunting ground or wilderness" : s.deck === "hunt" ? "Reveal a hunting ground" : "Reveal a wilderness"),
      place: (s) => `${s.max === 1 ? "1 member" : `Up to ${s.max} members`} ${{ revealed: "there", hunt: "to hunting grounds", wild: "to the wilderness", any: "to any places" }[s.where]}`,
      draw_items: (s) => `Draw ${n1(s.n, "item", "items")}`,
      offspring: (s) => `${s.n === 1 ? "1 new member" : `${s.n} new members`} to the tribe card`,
      cure: (s) => `Discard ${s.n} hunger`, take_character: (s) => `Take ${n1(s.n, "character", "characters")} from the display`,
      vp: (s) => `+${n1(s.n, "point", "points")}`,
    },
    full: {
      place: (s) => {
        const who = s.max === 1 ? "1 member" : `Up to ${s.max} members`;
        if (s.where === "revealed") return `${who} from your tribe card to the location just revealed. If the deck is empty: to ${s.else === "hunt" ? "an open hunting ground" : s.else === "wild" ? "an open wilderness" : "any open location"}.`;
        return `${who} from your tribe card ${{ hunt: "to open hunting grounds", wild: "to open wilderness cards", any: "to any places: wilderness, hunting grounds, sacred sites" }[s.where]}.`;
      },
      offspring: (s) => `${s.n === 1 ? "1 member" : `${s.n} members`} from the cave camp to your tribe card; if the camp is empty, from the supply.`,
    },
    charKind: { normal: "Character", special: "Special character" }, item: "Item", site: "Sacred site",
    trigger: { sunset: "At your sunset", place: "On placing here", create: "On creating" },
    triggerFull: {
      sunset: "At your sunset, if you stand here:",
      place: "As soon as you send a member here (and it stays):",
      create: "When you create an item while you stand here:",
    },
    siteRule: "Any number of members, but of one side only: as soon as one side has more members here, the other side's go home to their tribe card.",
    charRule: "The steps apply in order, each “up to”. Then the card goes to the display column with the fewest cards.",
    itemRule: "Created during a recall, paid with the resources brought back. The points come at once.",
    itemEffect: "Then, once:",
    locRule: "At most 3 members (both tribes together). A member coming home may take one free resource; a consumption stone covers it. When all are covered, the card leaves the game.",
    covered: "covered", free: "free", cost: "Cost", onCreate: "on creating",
    more: "… more", sunsetWhy: "How?", sunsetWhyLabel: "How? The sunset’s sum", hand: "Your characters", noHand: "No characters in hand – you take new ones at your sunset.", items: "Your items (face down)", brought: "Brought back:", nothing: "nothing",
    camp: "Cave camp", supply: "Supply", hunger: "Hunger", tribe: "Tribe", created: "Created", display: "Display", column: "Column",
    members: {
      tribe: (n) => `${n1(n, "member", "members")} on the tribe card`,
      away: (n) => `${n} away on locations`,
      camp: (n) => `${n} in the cave camp – ${n === 1 ? "joins" : "join"} the tribe card with “Offspring”`,
      supply: (n) => `${n} in the supply – one goes to the cave camp for 2 skins`,
    },
    decks: { hunt: "Hunting grounds", wild: "Wilderness", items: "Items" }, locations: "Open locations", sites: "Sacred sites",
    hiddenItems: (n) => n1(n, "hidden item", "hidden items"), inHand: (n) => n1(n, "character", "characters") + " in hand",
    wrong: { column: "That column cannot be chosen now.", deck: "No location is revealed now.", place: "Nothing to do here now.", card: "That card cannot be played now." },
    legend: "Symbols", close: "Close",
    panes: { places: "Places", display: "Display", mine: "Hand", others: "Opponent" }, asksHere: "choose here",
    legendRows: {
      stone_: "Consumption stone: this resource has been taken", hunger: "Hunger (at 8 a member must go)", member: "Tribe member",
      slot: "free place on a location (at most 3)", site: "Sacred site", camp: "Cave camp: new members wait here",
      track: "Point track: the goal is 24", item: "Item", char: "Character", reveal: "Reveal a location", vp: "Points",
      under: "A character beneath a column's top card: it can be taken once it is on top",
    },
    beneath: "beneath:",
  },
};
export const T = (lang) => TEXT[lang] || TEXT.de;
