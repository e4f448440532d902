// Jäger und Späher: the table as elements (point track, open locations with consumption
// stones and members, decks, cave camp, sacred sites, the three character columns, the
// other tribe) and, beside it on wide screens, the prompt, the choices of the step, your
// tribe and your hand. Cards are drawn as cards; hover (mouse), long-press (touch) or the
// keyboard's focus shows one large with its full text. It offers exactly the view's legal actions.

import { el, focusableCard, keyboardDetails, keepFocus } from "./common.mjs";

const RES = {
  meat: { fill: "#b8322a", glyph: "◗" }, skin: { fill: "#8a5a2b", glyph: "■" }, stone: { fill: "#6f7b7c", glyph: "▲" },
  wood: { fill: "#4d7a2e", glyph: "♣" }, clay: { fill: "#c4703a", glyph: "●" }, fruit: { fill: "#8e3b8e", glyph: "✿" },
};
const RES_ORDER = Object.keys(RES);
const GLOW_MS = 1400;

// ---- the players' words -----------------------------------------------------------------

const n1 = (n, one, many) => `${n} ${n === 1 ? one : many}`;

const TEXT = {
  de: {
    res1: { meat: "Fleisch", skin: "Fell", stone: "Stein", wood: "Holz", clay: "Lehm", fruit: "Frucht" },
    resN: { meat: "Fleisch", skin: "Felle", stone: "Steine", wood: "Holz", clay: "Lehm", fruit: "Früchte" },
    kind: { wild: "Wildnis", hunt: "Jagdgebiet" },
    to: { hunt: "auf das", wild: "in die", site: "zum heiligen Ort", tribe: "auf die Stammeskarte" },
    from: { hunt: "vom", wild: "aus der", site: "vom heiligen Ort", tribe: "von der Stammeskarte" },
    quote: (s) => `„${s}“`,
    pts: (n) => n1(n, "Punkt", "Punkte"), signed: (n) => `${n >= 0 ? "+" : "−"}${n1(Math.abs(n), "Punkt", "Punkte")}`,
    members: (n) => (n === 1 ? "1 Mitglied" : `${n} Mitglieder`),
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
    prompt: {
      turn: "Du bist dran: spiele einen Charakter aus deiner Hand, hole Mitglieder zurück (einen Rohstoff auf einem Ort wählen) oder mache Sonnenuntergang.",
      recall: "Hole weitere Mitglieder zurück oder nutze die mitgebrachten Rohstoffe, dann „Fertig“.",
      reveal: "Welcher Stapel? Wähle Jagdgebiete oder Wildnis.",
      place: (card, n) => `${card}: Schicke ein Mitglied los (noch bis zu ${n}) – wähle einen markierten Ort oder „Stopp“.`,
      take_character: "Nimm einen Charakter: wähle eine markierte Spalte (die oberste Karte) oder „Stopp“.",
      column: (card) => `In welche Spalte kommt ${card}? Wähle eine markierte Spalte.`,
      sunset_lose: "8 Hunger: gib ein Mitglied ab (markierte Stammeskarte oder markierten Ort wählen), dafür gehen 3 Hunger weg.",
      sunset_keep: "Behalte einen Gegenstand (Karte wählen); die anderen werden abgelegt.",
      sunset_take: (n, lo, hi) => `Nimm Charaktere aus der Auslage: ${n} genommen, ${lo === hi ? lo : `${lo}–${hi}`} erlaubt. Wähle eine markierte Spalte.`,
    },
    sunset: "Sonnenuntergang", finish: "Fertig", stop: "Stopp", cure: "Fleisch essen: 1 Hunger ablegen", grow: "2 Felle: neues Mitglied ins Höhlenlager",
    hand: "Deine Charaktere", noHand: "Keine Charaktere auf der Hand – beim Sonnenuntergang nimmst du neue.", items: "Deine Gegenstände (verdeckt)", brought: "Mitgebracht:", nothing: "nichts",
    preview: (p) => `${p.members} Mitgl. − ${p.hunger} Hunger${p.hand_penalty ? ` − ${n1(p.hand_penalty, "Handkarte", "Handkarten")}` : ""} = ${p.delta >= 0 ? "+" : "−"}${Math.abs(p.delta)} → ${n1(p.vp_after, "Punkt", "Punkte")}`,
    camp: "Höhlenlager", supply: "Vorrat", hunger: "Hunger", tribe: "Stamm", created: "Erschaffen", display: "Auslage", column: "Spalte",
    decks: { hunt: "Jagdgebiete", wild: "Wildnis", items: "Gegenstände" }, locations: "Offene Orte", sites: "Heilige Orte",
    waiting: "Warte auf den Zug …", finalTurn: "Letzter Zug!", huntOver: "Die Jagd ist vorbei: nach dem nächsten Sonnenuntergang beider Spieler endet das Spiel.",
    hiddenItems: (n) => n1(n, "Gegenstand", "Gegenstände") + " verdeckt", inHand: (n) => n1(n, "Charakter", "Charaktere") + " auf der Hand",
    lost: (n) => `${n1(n, "Rohstoff verfällt", "Rohstoffe verfallen")}`, none: "keine",
    wrong: { column: "Diese Spalte ist jetzt nicht wählbar.", deck: "Jetzt wird kein Ort aufgedeckt.", place: "Hier ist jetzt nichts zu tun.", card: "Diese Karte ist jetzt nicht spielbar." },
    legend: "Symbole", close: "Schließen",
    legendRows: {
      stone_: "Verbrauchsstein: dieser Rohstoff ist genommen", hunger: "Hunger (bei 8 muss ein Mitglied gehen)", member: "Stammesmitglied",
      slot: "freier Platz auf einem Ort (höchstens 3)", site: "Heiliger Ort", camp: "Höhlenlager: neue Mitglieder warten hier",
      track: "Punkteleiste: das Ziel ist 24", item: "Gegenstand", char: "Charakter", reveal: "Ort aufdecken", vp: "Punkte",
      under: "Charakter unter der obersten Karte einer Spalte: erst nehmbar, wenn er oben liegt",
    },
    beneath: "darunter:",
    end: "Spielende", winner: "Sieg", total: "Gesamt",
    // the end table: one row per source of points, each cell in points; what was counted below it
    rows: { start: "Start\u00adpunkte", sunsets: "Sonnen\u00aduntergänge", items: "Gegen\u00adstände", sites: "Heilige Orte" },  // soft hyphens for a phone
    counts: {
      sunsets: (n) => (n === 1 ? "einmal" : `${n}-mal`),
      items: (n) => (n === 0 ? "keiner erschaffen" : `${n} erschaffen`),
    },
    createdBy: (who, list) => `${who} hat erschaffen: ${list}.`,
    endWhy: {
      goal: "Ziel erreicht: 24 Punkte.",
      hunt_over: "Die Jagd ist vorbei: kein Jagdgebiet und kein Fleisch mehr, und beide hatten danach noch einen Sonnenuntergang.",
      stalled: "Stillstand: je zwei Sonnenuntergänge, ohne dass jemand Punkte gewann.",
      turn_limit: "Die Zuggrenze (300 Züge) ist erreicht.",
    },
    tie: { goal: "Gleichstand am Ziel: der nachziehende Spieler gewinnt.", other: "Gleichstand: es gewinnt der Stamm, der bei einem Sonnenuntergang jetzt mehr bekäme." },
    log: {
      play: (w, c) => `${w} spielt ${c}.`, reveal: (l) => `Aufgedeckt: ${l}.`, place: (w, to) => `${w} schickt ein Mitglied ${to}.`,
      recall: (w, from, r) => `${w} holt ein Mitglied ${from} zurück${r ? ` und bringt ${r} mit` : ""}.`,
      create: (w, i, v) => `${w} erschafft ${i} (+${n1(v, "Punkt", "Punkte")}).`,
      sunset: (w, p) => `${w}: Sonnenuntergang, ${p.members} Mitglieder − ${p.hunger} Hunger${p.hand_penalty ? ` − ${n1(p.hand_penalty, "Handkarte", "Handkarten")}` : ""} → ${n1(p.vp_after, "Punkt", "Punkte")}.`,
      cure: (w, n) => `${w} legt ${n} Hunger ab.`, grow: (w) => `${w} bekommt für 2 Felle ein neues Mitglied ins Höhlenlager.`,
      take: (w, c) => `${w} nimmt ${c}.`, lose: (w, from) => `${w} gibt bei 8 Hunger ein Mitglied ${from} ab (−3 Hunger).`,
      draw: (w) => `${w} zieht einen Gegenstand.`, offspring: (w, n) => (n ? `${w}: ${n === 1 ? "1 neues Mitglied" : `${n} neue Mitglieder`} auf der Stammeskarte.` : `${w}: kein neues Mitglied (Höhlenlager und Vorrat leer).`),
      vp: (w, n) => `${w}: +${n1(n, "Punkt", "Punkte")}.`, site: (w, s) => `${w} nutzt den heiligen Ort ${s}.`,
      driven: (w, n, s) => `${w}: ${n === 1 ? "1 Mitglied wird" : `${n} Mitglieder werden`} vom heiligen Ort ${s} vertrieben.`,
      keep: (w, n) => `${w} behält einen Gegenstand und legt ${n1(n, "Gegenstand", "Gegenstände")} ab.`,
      lost: (w, n) => `${w}: ${n1(n, "mitgebrachter Rohstoff verfällt", "mitgebrachte Rohstoffe verfallen")}.`,
      exhausted: (l) => `${l} ist aufgebraucht und verlässt das Spiel.`,
      over: (why, s) => `Spielende – ${why} ${s}`,
    },
    // the log tells a turn as one line, "Ada: spielt „Jäger“, …, +2 Punkte.": its parts
    turn: {
      play: (c) => `spielt ${c}`, reveal: (l) => `deckt ${l} auf`,
      place: (n, to) => `schickt ${n === 1 ? "ein Mitglied" : `${n} Mitglieder`} ${to}`,
      recall: (from, r) => `holt ein Mitglied ${from} zurück${r ? ` (mit ${r})` : ""}`,
      create: (i, v) => `erschafft ${i} (+${n1(v, "Punkt", "Punkte")})`,
      sunset: (p) => `Sonnenuntergang (${p.members === 1 ? "1 Mitglied" : `${p.members} Mitglieder`} − ${p.hunger} Hunger${p.hand_penalty ? ` − ${n1(p.hand_penalty, "Handkarte", "Handkarten")}` : ""})`,
      cure: (n) => `legt ${n} Hunger ab`, grow: () => "bekommt für 2 Felle ein neues Mitglied ins Höhlenlager",
      take: (list) => `nimmt ${list}`, lose: (from) => `gibt bei 8 Hunger ein Mitglied ${from} ab (−3 Hunger)`,
      draw: (n) => `zieht ${n === 1 ? "einen Gegenstand" : `${n} Gegenstände`}`,
      offspring: (n) => (n ? `bekommt ${n === 1 ? "1 neues Mitglied" : `${n} neue Mitglieder`} auf die Stammeskarte` : "bekommt kein neues Mitglied (Höhlenlager und Vorrat leer)"),
      vp: (n) => `+${n1(n, "Punkt", "Punkte")}`, site: (s) => `nutzt den heiligen Ort ${s}`,
      driven: (n, who, s) => `${n === 1 ? "1 Mitglied" : `${n} Mitglieder`} von ${who} vom heiligen Ort ${s} vertrieben`,
      keep: (n) => `behält einen Gegenstand und legt ${n1(n, "Gegenstand", "Gegenstände")} ab`,
      lost: (n) => `${n1(n, "mitgebrachter Rohstoff verfällt", "mitgebrachte Rohstoffe verfallen")}`,
      exhausted: (l) => `${l} ist aufgebraucht und verlässt das Spiel`,
      and: "und",
    },
    label: {
      play: (c) => `${c} ausspielen`, recall: (from, r) => `Ein Mitglied ${from} zurückholen${r ? `, mit ${r}` : r === null ? ", ohne Rohstoff" : ""}`,
      place: (to) => `Ein Mitglied ${to} schicken`, reveal: { hunt: "Ein Jagdgebiet aufdecken", wild: "Eine Wildnis aufdecken" },
      take: (c, k) => `${c} nehmen (Spalte ${k})`, column: (c, k) => `${c} in Spalte ${k} legen`,
      create: (i, v) => `${i} erschaffen (+${n1(v, "Punkt", "Punkte")})`, keep: (i) => `${i} behalten`,
      lose: (from) => `Ein Mitglied ${from} abgeben`, stopPlace: "Keine weiteren Mitglieder schicken", stopTake: "Keinen Charakter mehr nehmen",
      finishLost: (n) => `Fertig (${n1(n, "Rohstoff verfällt", "Rohstoffe verfallen")})`, sunset: (d) => `Sonnenuntergang (${d})`,
    },
  },
  en: {
    res1: { meat: "meat", skin: "skin", stone: "stone", wood: "wood", clay: "clay", fruit: "fruit" },
    resN: { meat: "meat", skin: "skins", stone: "stones", wood: "wood", clay: "clay", fruit: "fruit" },
    kind: { wild: "Wilderness", hunt: "Hunting ground" },
    to: { hunt: "to the", wild: "to the", site: "to the sacred site", tribe: "to the tribe card" },
    from: { hunt: "from the", wild: "from the", site: "from the sacred site", tribe: "from the tribe card" },
    quote: (s) => `“${s}”`,
    pts: (n) => n1(n, "point", "points"), signed: (n) => `${n >= 0 ? "+" : "−"}${n1(Math.abs(n), "point", "points")}`,
    members: (n) => n1(n, "member", "members"),
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
    prompt: {
      turn: "Your turn: play a character from your hand, recall members (choose a resource on a location) or call the sunset.",
      recall: "Recall more members or use the resources brought back, then “Done”.",
      reveal: "Which deck? Choose the hunting grounds or the wilderness.",
      place: (card, n) => `${card}: send a member out (up to ${n} more) – choose a marked location or “Stop”.`,
      take_character: "Take a character: choose a marked column (its top card) or “Stop”.",
      column: (card) => `Which column gets ${card}? Choose a marked column.`,
      sunset_lose: "8 hunger: give up a member (choose the marked tribe card or a marked location); 3 hunger go with it.",
      sunset_keep: "Keep one item (choose its card); the others are discarded.",
      sunset_take: (n, lo, hi) => `Take characters from the display: ${n} taken, ${lo === hi ? lo : `${lo}–${hi}`} allowed. Choose a marked column.`,
    },
    sunset: "Sunset", finish: "Done", stop: "Stop", cure: "Eat meat: discard 1 hunger", grow: "2 skins: new member to the cave camp",
    hand: "Your characters", noHand: "No characters in hand – you take new ones at your sunset.", items: "Your items (face down)", brought: "Brought back:", nothing: "nothing",
    preview: (p) => `${p.members} members − ${p.hunger} hunger${p.hand_penalty ? ` − ${p.hand_penalty} in hand` : ""} = ${p.delta >= 0 ? "+" : "−"}${Math.abs(p.delta)} → ${n1(p.vp_after, "point", "points")}`,
    camp: "Cave camp", supply: "Supply", hunger: "Hunger", tribe: "Tribe", created: "Created", display: "Display", column: "Column",
    decks: { hunt: "Hunting grounds", wild: "Wilderness", items: "Items" }, locations: "Open locations", sites: "Sacred sites",
    waiting: "Waiting for the move …", finalTurn: "Final turn!", huntOver: "The hunt is over: the game ends after both players' next sunset.",
    hiddenItems: (n) => n1(n, "hidden item", "hidden items"), inHand: (n) => n1(n, "character", "characters") + " in hand",
    lost: (n) => `${n1(n, "resource is", "resources are")} lost`, none: "none",
    wrong: { column: "That column cannot be chosen now.", deck: "No location is revealed now.", place: "Nothing to do here now.", card: "That card cannot be played now." },
    legend: "Symbols", close: "Close",
    legendRows: {
      stone_: "Consumption stone: this resource has been taken", hunger: "Hunger (at 8 a member must go)", member: "Tribe member",
      slot: "free place on a location (at most 3)", site: "Sacred site", camp: "Cave camp: new members wait here",
      track: "Point track: the goal is 24", item: "Item", char: "Character", reveal: "Reveal a location", vp: "Points",
      under: "A character beneath a column's top card: it can be taken once it is on top",
    },
    beneath: "beneath:",
    end: "Game over", winner: "Winner", total: "Total",
    rows: { start: "Starting points", sunsets: "Sunsets", items: "Items", sites: "Sacred sites" },
    counts: {
      sunsets: (n) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`),
      items: (n) => (n === 0 ? "none created" : `${n} created`),
    },
    createdBy: (who, list) => `${who} created: ${list}.`,
    endWhy: {
      goal: "The goal was reached: 24 points.",
      hunt_over: "The hunt is over: no hunting ground and no meat left, and both have had one more sunset since.",
      stalled: "Stalled: two sunsets each without anybody gaining a point.",
      turn_limit: "The turn limit (300 turns) was reached.",
    },
    tie: { goal: "Tied at the goal: the second player wins.", other: "Tied: the tribe that would score more at a sunset now wins." },
    log: {
      play: (w, c) => `${w} plays the ${c}.`, reveal: (l) => `Revealed: ${l}.`, place: (w, to) => `${w} sends a member ${to}.`,
      recall: (w, from, r) => `${w} brings a member home ${from}${r ? ` with ${r}` : ""}.`,
      create: (w, i, v) => `${w} creates the ${i} (+${n1(v, "point", "points")}).`,
      sunset: (w, p) => `${w}: sunset, ${p.members} members − ${p.hunger} hunger${p.hand_penalty ? ` − ${p.hand_penalty} in hand` : ""} → ${n1(p.vp_after, "point", "points")}.`,
      cure: (w, n) => `${w} discards ${n} hunger.`, grow: (w) => `${w} gets a new member in the cave camp for 2 skins.`,
      take: (w, c) => `${w} takes the ${c}.`, lose: (w, from) => `${w} gives up a member ${from} at 8 hunger (−3 hunger).`,
      draw: (w) => `${w} draws an item.`, offspring: (w, n) => (n ? `${w}: ${n === 1 ? "1 new member" : `${n} new members`} on the tribe card.` : `${w}: no new member (cave camp and supply empty).`),
      vp: (w, n) => `${w}: +${n1(n, "point", "points")}.`, site: (w, s) => `${w} uses the sacred site ${s}.`,
      driven: (w, n, s) => `${w}: ${n === 1 ? "1 member is" : `${n} members are`} driven off the sacred site ${s}.`,
      keep: (w, n) => `${w} keeps one item and discards ${n1(n, "item", "items")}.`,
      lost: (w, n) => `${w}: ${n1(n, "resource brought back is", "resources brought back are")} lost.`,
      exhausted: (l) => `The ${l} is used up and leaves the game.`,
      over: (why, s) => `Game over – ${why} ${s}`,
    },
    turn: {
      play: (c) => `plays the ${c}`, reveal: (l) => `reveals a ${l}`,
      place: (n, to) => `sends ${n === 1 ? "a member" : `${n} members`} ${to}`,
      recall: (from, r) => `brings a member home ${from}${r ? ` with ${r}` : ""}`,
      create: (i, v) => `creates the ${i} (+${n1(v, "point", "points")})`,
      sunset: (p) => `sunset (${n1(p.members, "member", "members")} − ${p.hunger} hunger${p.hand_penalty ? ` − ${p.hand_penalty} in hand` : ""})`,
      cure: (n) => `discards ${n} hunger`, grow: () => "gets a new member in the cave camp for 2 skins",
      take: (list) => `takes ${list}`, lose: (from) => `gives up a member ${from} at 8 hunger (−3 hunger)`,
      draw: (n) => `draws ${n === 1 ? "an item" : `${n} items`}`,
      offspring: (n) => (n ? `gets ${n === 1 ? "1 new member" : `${n} new members`} on the tribe card` : "gets no new member (cave camp and supply empty)"),
      vp: (n) => `+${n1(n, "point", "points")}`, site: (s) => `uses the sacred site ${s}`,
      driven: (n, who, s) => `${n === 1 ? "1 member" : `${n} members`} of ${who} driven off the sacred site ${s}`,
      keep: (n) => `keeps one item and discards ${n1(n, "item", "items")}`,
      lost: (n) => `${n1(n, "resource brought back is", "resources brought back are")} lost`,
      exhausted: (l) => `the ${l} is used up and leaves the game`,
      and: "and",
    },
    label: {
      play: (c) => `Play the ${c}`, recall: (from, r) => `Bring a member home ${from}${r ? `, with ${r}` : r === null ? ", without a resource" : ""}`,
      place: (to) => `Send a member ${to}`, reveal: { hunt: "Reveal a hunting ground", wild: "Reveal a wilderness" },
      take: (c, k) => `Take the ${c} (column ${k})`, column: (c, k) => `Put the ${c} in column ${k}`,
      create: (i, v) => `Create the ${i} (+${n1(v, "point", "points")})`, keep: (i) => `Keep the ${i}`,
      lose: (from) => `Give up a member ${from}`, stopPlace: "Send no more members", stopTake: "Take no more characters",
      finishLost: (n) => `Done (${n1(n, "resource is", "resources are")} lost)`, sunset: (d) => `Sunset (${d})`,
    },
  },
};
const T = (lang) => TEXT[lang] || TEXT.de;

// ---- the card data (cards.json), shared by every table and by endSummary ----------------

let DATA = null;
let dataPromise = null;
function loadData() {
  dataPromise ||= fetch(new URL("../../data/spaeher-cards.json", import.meta.url)).then((r) => r.json()).then((raw) => {
    const index = (list) => Object.fromEntries(list.map((c) => [c.id, c]));
    DATA = { chars: index(raw.characters), items: index(raw.items), locs: index(raw.locations), sites: index(raw.sacred_sites), setup: raw.setup };
    return DATA;
  });
  return dataPromise;
}

function cardName(kind, id, lang) {
  const d = DATA && DATA[kind][id];
  return d ? (lang === "en" ? d.name_en || d.name_de : d.name_de) : "";
}

// "Jagdgebiet (Fleisch, Felle)": a location has no printed name, so its kind and resources.
function resourceList(resources, lang) {
  const t = T(lang);
  const counts = {};
  for (const r of resources) counts[r] = (counts[r] || 0) + 1;
  return RES_ORDER.filter((r) => counts[r]).map((r) => (counts[r] > 1 ? t.resN[r] : t.res1[r])).join(", ");
}

function locName(id, lang, view) {
  const loc = DATA && DATA.locs[id];
  if (!loc) return T(lang).kind.wild;
  const base = `${T(lang).kind[loc.kind]} (${resourceList(loc.resources, lang)})`;
  // two open cards alike: number them in table order so a label still says which
  const same = view ? view.locations.filter((l) => l.kind === loc.kind && resourceList(l.resources, lang) === resourceList(loc.resources, lang)) : [];
  if (same.length < 2) return base;
  return `${T(lang).kind[loc.kind]} ${same.findIndex((l) => l.id === id) + 1} (${resourceList(loc.resources, lang)})`;
}

function siteName(id, lang, view, nameDe) {
  const s = DATA && DATA.sites[id];
  if (!s) return "";
  const side = view && view.sites.find((x) => x.id === id);
  const face = side ? s.sides[side.side] : s.sides.find((f) => f.name_de === nameDe) || s.sides[0];
  return lang === "en" ? face.name_en : face.name_de;
}

// "auf das Jagdgebiet (Fleisch, Felle)", "from the sacred site “Spring”"
function placePhrase(where, dir, lang, view) {
  const t = T(lang);
  if (where === "tribe") return t[dir].tribe;
  if (DATA && DATA.sites[where]) return `${t[dir].site} ${t.quote(siteName(where, lang, view))}`;
  const loc = DATA && DATA.locs[where];
  const name = locName(where, lang, view);
  return `${t[dir][loc ? loc.kind : "wild"]} ${lang === "en" ? name.charAt(0).toLowerCase() + name.slice(1) : name}`;
}

// ---- small drawn pieces -------------------------------------------------------------------

function token(kind, lang, attrs = {}) {
  return el("span", { class: "sp-tok", style: `background:${RES[kind].fill}`, title: T(lang).res1[kind], "data-res": kind, ...attrs }, RES[kind].glyph);
}
function pawn(colour, attrs = {}) {
  return el("span", { class: "sp-pawn", style: `color:${colour}`, "aria-hidden": "true", ...attrs }, "♟");
}
function icon(kind, extra = "") {
  const glyph = { member: "♟", hunger: "", stone_: "", site: "✦", camp: "⌂", item: "◆", char: "☺", vp: "★", slot: "", reveal: "↑" }[kind] ?? "";
  return el("span", { class: `sp-ic sp-ic-${kind} ${extra}`, "aria-hidden": "true" }, glyph);
}
function stepIcon(s) {
  if (s.op === "reveal") return icon("reveal", `deck-${s.deck}`);
  return icon({ place: "member", draw_items: "item", offspring: "member", cure: "hunger", take_character: "char", vp: "vp" }[s.op] || "char",
    s.op === "offspring" ? "plus" : s.op === "cure" ? "minus" : "");
}
function steps(list, lang, full = false) {
  const t = T(lang);
  return el("ul", { class: "sp-steps" }, ...list.map((s) => el("li", {}, stepIcon(s),
    el("span", {}, full && t.full[s.op] ? t.full[s.op](s) : t.step[s.op](s)))));
}

function charCard(id, lang, attrs = {}, compact = false) {
  const c = DATA.chars[id];
  const t = T(lang);
  return el(attrs.onclick ? "button" : "div", {
    class: `sp-card${c.kind === "special" ? " special" : ""}${compact ? " compact" : ""}`, type: attrs.onclick ? "button" : undefined,
    "data-card": id, "data-detail": `char:${id}`, ...attrs,
  }, el("span", { class: "sp-card-head" }, el("strong", {}, cardName("chars", id, lang)), el("span", { class: "sp-kind" }, t.charKind[c.kind])),
  compact ? null : steps(c.steps, lang));
}

function itemCard(id, lang, attrs = {}) {
  const item = DATA.items[id];
  const t = T(lang);
  return el(attrs.onclick ? "button" : "div", { class: "sp-item", type: attrs.onclick ? "button" : undefined, "data-item": id, "data-detail": `item:${id}`, ...attrs },
    el("span", { class: "sp-card-head" }, el("strong", {}, cardName("items", id, lang)), el("span", { class: "sp-vp" }, `+${t.pts(item.vp)}`)),
    el("span", { class: "sp-cost" }, ...item.cost.map((r) => token(r, lang))),
    item.effect ? steps([item.effect], lang) : null);
}

// ---- the end of the game, for the shell's end screen ----------------------------------------

// Where each player's points came from: a row per source (start, sunsets, items, sacred sites),
// every cell in points with what was counted in small below, the total the sum of the rows;
// then who created which item, the winner, and why the game ended.
export function endSummary(view, lang, names) {
  const t = T(lang);
  const box = el("div", { class: "sp-summary" });
  const vp = (id) => (DATA && DATA.items[id] ? DATA.items[id].vp : 0);
  const players = (view.breakdown || []).map((b) => {
    const items = b.created.reduce((sum, id) => sum + vp(id), 0);
    // an engine from before the sources were kept: the items' points are known, the rest is sunsets
    return { ...b, points: b.points || { start: 0, sunsets: b.total - items, items, sites: 0 } };
  });
  const signed = (n, first) => (first || n === 0 ? t.pts(n) : t.signed(n));
  const rows = ["start", "sunsets", "items", "sites"].filter((k) => k !== "sites" || view.sites.length || players.some((b) => b.points.sites));
  const table = el("table", { class: "breakdown" },
    el("tr", {}, el("th", {}, ""), ...players.map((_, i) => el("th", { class: "num who", scope: "col" },
      view.winner === i ? el("span", { class: "win", "aria-label": t.winner }, "★ ") : null, names[i] ?? ""))));
  for (const k of rows) {
    table.append(el("tr", { "data-row": k }, el("th", { scope: "row" }, t.rows[k]), ...players.map((b, i) => {
      const count = k === "sunsets" ? t.counts.sunsets(b.sunsets) : k === "items" ? t.counts.items(b.created.length) : null;
      return el("td", { class: "num", "data-player": String(i), "data-points": String(b.points[k]) },
        el("span", { class: "pts" }, signed(b.points[k], k === "start")), count ? el("small", { class: "count" }, count) : null);
    })));
  }
  table.append(el("tr", { class: "total" }, el("th", { scope: "row" }, t.total), ...players.map((b, i) =>
    el("td", { class: "num", "data-player": String(i), "data-total": String(b.total) }, el("strong", {}, t.pts(b.total))))));
  box.append(table);
  const made = players.map((b, i) => (b.created.length
    ? el("li", {}, t.createdBy(names[i] ?? "", b.created.map((id) => `${cardName("items", id, lang)} (${t.signed(vp(id))})`).join(", "))) : null)).filter(Boolean);
  if (made.length) box.append(el("ul", { class: "sp-summary-items" }, ...made));
  if (view.end && t.endWhy[view.end]) box.append(el("p", { class: "sp-why" }, t.endWhy[view.end]));
  if (view.scores && view.scores[0] === view.scores[1]) box.append(el("p", { class: "sp-why" }, view.end === "goal" ? t.tie.goal : t.tie.other));
  return box;
}

// ---- the table ---------------------------------------------------------------------------

export function createSpaeherRenderer() {
  let api, root, banner, side, table, hand, detail, view = null, prev = null, hinted = null;
  let glow = null;  // {keys: Set, until}: what the last move changed glows for a moment
  let glowTimer = 0, hoverTimer = 0, pressTimer = 0, suppressClick = false, lastDecision = null, stopKeys = null;
  const lang = () => (api ? api.lang() : "de");
  const tx = () => T(lang());
  const nm = (kind, id) => cardName(kind, id, lang());

  function mount(container, hostApi) {
    api = hostApi;
    banner = el("div", { class: "sp-banner", role: "status", "aria-live": "polite" });
    side = el("div", { class: "sp-side" });
    hand = el("div", { class: "sp-hand" });
    table = el("div", { class: "sp-table" });
    detail = el("div", { class: "sp-detail", id: "sp-detail", hidden: true, role: "dialog" });
    root = el("div", { class: "spaeher" }, el("div", { class: "sp-main" }, table, el("div", { class: "sp-panel" }, banner, side, hand)), detail);
    container.replaceChildren(root);
    root.addEventListener("click", onClick, true);
    root.addEventListener("pointerover", onPointerOver);
    root.addEventListener("pointerout", onPointerOut);
    root.addEventListener("pointerdown", onPointerDown);
    root.addEventListener("pointerup", cancelPress);
    root.addEventListener("pointercancel", cancelPress);
    root.addEventListener("keydown", (ev) => {  // a marked place chosen with the keyboard
      if ((ev.key === "Enter" || ev.key === " ") && ev.target.matches("div[role=button].choosable")) { ev.preventDefault(); ev.target.click(); }
    });
    // every card that opens on hover or long-press opens on the keyboard's focus too
    stopKeys = keyboardDetails(root, {
      selector: "[data-detail]",
      show: (card) => { showDetail(card, false); card.setAttribute("aria-describedby", "sp-detail"); },
      hide: hideDetail,
      acts: (card) => card.classList.contains("choosable"),
    });
    root.addEventListener("contextmenu", (ev) => { if (ev.target.closest("[data-detail]")) ev.preventDefault(); });
    loadData().then(() => {
      if (!api) return;
      render();
      api.refreshLegal();  // the action list was labelled before the card names were here
    });
  }

  function unmount() {
    clearTimeout(glowTimer); clearTimeout(hoverTimer); clearTimeout(pressTimer);
    if (stopKeys) stopKeys();
    api = null;
  }

  const myTurn = () => view && view.legal && view.legal.length && view.seat === view.current_seat && !view.over;
  const legal = (type) => (myTurn() ? view.legal.filter((a) => a.type === type) : []);

  function update(v) {
    prev = view;
    view = v;
    hinted = null;
    if (prev) markChanges(prev, v);
    render();
  }

  // What changed since the last view glows (not the whole display): so a glow never points
  // at a place the prompt does not ask for.
  function markChanges(a, b) {
    const keys = new Set();
    const sig = (l) => JSON.stringify([l.covered, l.members]);
    const before = new Map(a.locations.map((l) => [l.id, sig(l)]));
    for (const l of b.locations) if (before.get(l.id) !== sig(l)) keys.add(l.id);
    const sitesBefore = new Map(a.sites.map((s) => [s.id, JSON.stringify(s.members)]));
    for (const s of b.sites) if (sitesBefore.get(s.id) !== JSON.stringify(s.members)) keys.add(s.id);
    b.display.forEach((c, i) => { if (!a.display[i] || a.display[i].length !== c.length) keys.add(`column${i}`); });
    clearTimeout(glowTimer);
    glow = keys.size ? { keys } : null;  // only this move's changes, never an older one's
    if (glow) glowTimer = setTimeout(() => { glow = null; root && root.querySelectorAll(".glow").forEach((e) => e.classList.remove("glow")); }, GLOW_MS);
  }

  // ---- clicks on the table and the hand ---------------------------------------------------

  function onClick(ev) {
    if (suppressClick) {  // the click that ends a long-press only opened the card
      suppressClick = false;
      ev.stopPropagation();
      ev.preventDefault();
      return;
    }
    if (ev.target.closest(".sp-detail")) {
      if (ev.target.closest(".sp-detail-close") || !detail.classList.contains("pinned")) hideDetail();
      return;
    }
    const target = ev.target.closest("[data-column],[data-deck],[data-where]");
    if (!target || !view || !DATA || !root.contains(target) || target.closest(".sp-side")) return;
    if (!myTurn()) return;
    const t = tx();
    if (target.dataset.column !== undefined) {
      const c = Number(target.dataset.column);
      const a = view.legal.find((r) => (r.type === "take" || r.type === "column") && r.column === c);
      return a ? api.act(a) : api.message(t.wrong.column);
    }
    if (target.dataset.deck) {
      const a = legal("reveal").find((r) => r.deck === target.dataset.deck);
      return a ? api.act(a) : api.message(t.wrong.deck);
    }
    const where = target.dataset.where;
    const act = legal("place").find((a) => a.where === where) || legal("lose_member").find((a) => a.where === where);
    if (act) return api.act(act);
    const recalls = legal("recall").filter((a) => a.where === where);
    if (recalls.length) {
      const tok = ev.target.closest("[data-i]");
      const loc = view.locations.find((l) => l.id === where);
      let resource = recalls[0].resource;
      if (tok && loc && !loc.covered[Number(tok.dataset.i)]) resource = loc.resources[Number(tok.dataset.i)];
      return api.act(recalls.find((q) => q.resource === resource) || recalls[0]);
    }
    api.message(t.wrong.place);
  }

  // ---- the card detail: hover with a mouse, long-press on touch ----------------------------

  function onPointerOver(ev) {
    if (ev.pointerType !== "mouse") return;
    const card = ev.target.closest("[data-detail]");
    if (!card || card.contains(ev.relatedTarget)) return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => showDetail(card, false), 350);
  }

  function onPointerOut(ev) {
    if (ev.pointerType !== "mouse") return;
    const card = ev.target.closest("[data-detail]");
    if (card && card.contains(ev.relatedTarget)) return;
    clearTimeout(hoverTimer);
    if (!detail.classList.contains("pinned")) hideDetail();
  }

  // A long press opens the card; the click that may follow it must not play the card.
  let pressMove = null;
  function onPointerDown(ev) {
    suppressClick = false;
    if (ev.pointerType === "mouse") return;
    const card = ev.target.closest("[data-detail]");
    if (!card || ev.target.closest(".sp-detail")) return;
    cancelPress();
    const x = ev.clientX, y = ev.clientY;
    pressMove = (e) => { if (Math.hypot(e.clientX - x, e.clientY - y) > 12) cancelPress(); };
    root.addEventListener("pointermove", pressMove);
    pressTimer = setTimeout(() => {
      cancelPress();
      suppressClick = true;
      showDetail(card, true);
    }, 500);
  }

  function cancelPress(ev) {
    clearTimeout(pressTimer);
    if (pressMove) root.removeEventListener("pointermove", pressMove);
    pressMove = null;
    if (ev && ev.type === "pointerup" && suppressClick) setTimeout(() => { suppressClick = false; }, 400);
  }

  function detailContent(spec) {
    const [kind, id] = spec.split(":");
    const t = tx();
    const l = lang();
    if (kind === "char") {
      const c = DATA.chars[id];
      return [el("div", { class: "sp-detail-kind" }, t.charKind[c.kind]), el("h3", {}, nm("chars", id)), steps(c.steps, l, true), el("p", {}, t.charRule)];
    }
    if (kind === "item") {
      const item = DATA.items[id];
      return [el("div", { class: "sp-detail-kind" }, t.item), el("h3", {}, nm("items", id)),
        el("p", {}, `${t.cost}: `, ...item.cost.map((r) => token(r, l)), ` (${item.cost.map((r) => t.res1[r]).join(", ")})`),
        el("p", {}, icon("vp"), ` +${t.pts(item.vp)} ${t.onCreate}`),
        item.effect ? el("div", {}, t.itemEffect, steps([item.effect], l, true)) : null, el("p", {}, t.itemRule)];
    }
    if (kind === "loc") {
      const data = DATA.locs[id];
      const open = view.locations.find((x) => x.id === id);
      const res = data.resources.map((r, i) => el("li", {}, token(r, l), ` ${t.res1[r]} – ${open && open.covered[i] ? t.covered : t.free}`));
      return [el("div", { class: "sp-detail-kind" }, t.kind[data.kind]), el("h3", {}, locName(id, l, view)), el("ul", { class: "sp-res-list" }, ...res),
        open && open.members.length ? el("p", {}, ...open.members.map((p) => pawn(api.colours[p])), " ", open.members.map((p) => api.names[p]).join(", ")) : null,
        el("p", {}, t.locRule)];
    }
    if (kind === "site") {
      const s = view.sites.find((x) => x.id === id);
      const face = DATA.sites[id].sides[s.side];
      return [el("div", { class: "sp-detail-kind" }, t.site), el("h3", {}, siteName(id, l, view)), el("p", {}, t.triggerFull[face.trigger]),
        steps([face.effect], l, true), el("p", {}, t.siteRule)];
    }
    return [];
  }

  function showDetail(card, pinned) {
    if (!api || !DATA || !view) return;
    const content = detailContent(card.dataset.detail);
    if (!content.length) return;
    detail.replaceChildren(...content.filter(Boolean));
    if (pinned) detail.append(el("button", { type: "button", class: "sp-detail-close" }, tx().close));
    detail.classList.toggle("pinned", pinned);
    detail.hidden = false;
    detail.dataset.for = card.dataset.detail;
    // beside the card, inside the window
    const r = card.getBoundingClientRect();
    const w = detail.offsetWidth, h = detail.offsetHeight;
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    let x = pinned ? (vw - w) / 2 : r.right + 8 + w <= vw ? r.right + 8 : r.left - 8 - w;
    let y = pinned ? (vh - h) / 2 : r.top;
    x = Math.max(6, Math.min(vw - w - 6, x));
    y = Math.max(6, Math.min(vh - h - 6, y));
    detail.style.left = `${x}px`;
    detail.style.top = `${y}px`;
  }

  // What a screen reader says for a card: its name, and what choosing it does when it does something.
  function cardLabel(card) {
    const l = lang();
    const t = tx();
    if (card.dataset.action) return label(JSON.parse(card.dataset.action), l);
    const [kind, id] = card.dataset.detail.split(":");
    if (kind === "char") return `${nm("chars", id)} (${t.charKind[DATA.chars[id].kind]})`;
    if (kind === "item") return `${nm("items", id)} (${t.item}, +${t.pts(DATA.items[id].vp)})`;
    if (kind === "loc") return locName(id, l, view);
    if (kind === "site") return `${t.site} ${t.quote(siteName(id, l, view))}`;
    return "";
  }

  function hideDetail() {
    for (const c of root.querySelectorAll("[aria-describedby='sp-detail']")) c.removeAttribute("aria-describedby");
    detail.hidden = true;
    detail.classList.remove("pinned");
    delete detail.dataset.for;
  }

  // ---- drawing -----------------------------------------------------------------------------

  const glowing = (key) => (glow && glow.keys.has(key) ? " glow" : "");
  const isHinted = (pred) => (hinted && pred(hinted) ? " hinted" : "");

  function trackBox() {
    const cells = [];
    for (let i = 0; i <= 30; i++) {
      const here = view.players.map((p, k) => (Math.min(30, p.vp) === i ? k : -1)).filter((k) => k >= 0);
      cells.push(el("span", { class: `sp-cell${i === 24 ? " goal" : ""}${i % 5 === 0 ? " five" : ""}` },
        el("span", { class: "sp-cell-n" }, String(i)), here.length ? el("span", { class: "sp-marks" }, ...here.map((k) => el("span", { class: "sp-mark", style: `background:${api.colours[k]}`, title: api.names[k] }))) : null));
    }
    const t = tx();
    return el("div", { class: "sp-trackbox" }, el("div", { class: "sp-track", "aria-label": t.legendRows.track }, ...cells),
      el("div", { class: "sp-track-names" }, ...view.players.map((p, k) => el("span", {}, el("span", { class: "sp-mark", style: `background:${api.colours[k]}` }), ` ${api.names[k]}: ${t.pts(p.vp)}`))));
  }

  function locationBox(loc, marks) {
    const t = tx();
    const l = lang();
    const choosable = marks.place.has(loc.id) || marks.recall.has(loc.id) || marks.lose.has(loc.id);
    const recallRes = new Set(legal("recall").filter((a) => a.where === loc.id && a.resource).map((a) => a.resource));
    const toks = loc.resources.map((r, i) => {
      const tok = token(r, l, { "data-i": String(i) });
      if (loc.covered[i]) { tok.classList.add("covered"); tok.append(el("span", { class: "sp-stone", title: t.covered })); }
      else if (recallRes.has(r)) tok.classList.add("takeable");
      return tok;
    });
    const slots = [];
    for (let k = 0; k < 3; k++) slots.push(k < loc.members.length ? pawn(api.colours[loc.members[k]]) : el("span", { class: "sp-slot", "aria-hidden": "true" }));
    return el("div", {
      class: `sp-loc ${loc.kind}${loc.id === view.revealed ? " revealed" : ""}${choosable ? " choosable" : ""}${glowing(loc.id)}${isHinted((a) => a.where === loc.id)}`,
      "data-where": loc.id, "data-detail": `loc:${loc.id}`, role: choosable ? "button" : undefined, tabindex: choosable ? "0" : undefined,
      "aria-label": locName(loc.id, l, view),
    }, el("span", { class: "sp-loc-name" }, t.kind[loc.kind]), el("span", { class: "sp-res" }, ...toks), el("span", { class: "sp-slots" }, ...slots));
  }

  function siteBox(s, marks) {
    const t = tx();
    const face = DATA.sites[s.id].sides[s.side];
    const choosable = marks.place.has(s.id) || marks.recall.has(s.id) || marks.lose.has(s.id);
    const pawns = [];
    s.members.forEach((n, p) => { for (let k = 0; k < n; k++) pawns.push(pawn(api.colours[p])); });
    return el("div", {
      class: `sp-site${choosable ? " choosable" : ""}${glowing(s.id)}${isHinted((a) => a.where === s.id)}`, "data-where": s.id, "data-detail": `site:${s.id}`,
      role: choosable ? "button" : undefined, tabindex: choosable ? "0" : undefined,
    }, el("span", { class: "sp-card-head" }, icon("site"), el("strong", {}, siteName(s.id, lang(), view))),
    el("span", { class: "sp-trigger" }, t.trigger[face.trigger]), steps([face.effect], lang()), el("span", { class: "sp-slots" }, ...pawns));
  }

  function deckBox(k, reveal) {
    const t = tx();
    return el("div", {
      class: `sp-deck deck-${k}${reveal.has(k) ? " choosable" : ""}${isHinted((a) => a.deck === k)}`, "data-deck": k,
      role: reveal.has(k) ? "button" : undefined, tabindex: reveal.has(k) ? "0" : undefined,
    }, el("span", { class: "sp-deck-name" }, t.decks[k]), el("strong", {}, String(view.decks[k])));
  }

  function columnBox(i, choosable) {
    const t = tx();
    const cards = view.display[i];
    const col = el("div", {
      class: `sp-col${choosable ? " choosable" : ""}${glowing(`column${i}`)}${isHinted((a) => a.column === i)}`, "data-column": String(i),
      role: choosable ? "button" : undefined, tabindex: choosable ? "0" : undefined, "aria-label": `${t.column} ${i + 1}`,
    }, el("span", { class: "sp-col-name" }, `${t.column} ${i + 1}`));
    // the top card (the one to take), then, labelled, the cards beneath it, nearest first
    if (cards.length) col.append(charCard(cards.at(-1), lang()));
    const under = cards.slice(0, -1).reverse();
    if (under.length) {
      col.append(el("div", { class: "sp-unders" }, el("span", { class: "sp-under-label" }, t.beneath),
        ...under.map((id) => el("div", {
          class: `sp-under${DATA.chars[id].kind === "special" ? " special" : ""}`, "data-detail": `char:${id}`,
          title: `${nm("chars", id)} – ${t.legendRows.under}`,
        }, nm("chars", id)))));
    }
    if (!cards.length) col.append(el("div", { class: "sp-empty" }, "–"));
    return col;
  }

  function tribeBox(i) {
    const t = tx();
    const p = view.players[i];
    const choosable = i === view.seat && legal("lose_member").some((a) => a.where === "tribe");
    const pawns = [];
    for (let k = 0; k < p.tribe; k++) pawns.push(pawn(api.colours[i]));
    const hungerTiles = [];
    for (let k = 0; k < p.hunger; k++) hungerTiles.push(icon("hunger"));
    const created = p.created.map((id) => el("span", { class: "sp-chip", "data-detail": `item:${id}` }, nm("items", id)));
    const other = i !== view.seat ? el("div", { class: "sp-tribe-hand" }, `${t.inHand(p.hand.length)}${p.hand.length ? ":" : ""} `,
      ...p.hand.map((id) => el("span", { class: "sp-chip", "data-detail": `char:${id}` }, nm("chars", id)))) : null;
    return el("div", {
      class: `sp-tribe${i === view.current_seat ? " current" : ""}${choosable ? " choosable" : ""}${isHinted((a) => a.where === "tribe" && i === view.seat)}`,
      "data-player": String(i), style: `--seat:${api.colours[i]}`, role: choosable ? "button" : undefined, tabindex: choosable ? "0" : undefined,
      "data-where": i === view.seat ? "tribe" : undefined,
    }, el("div", { class: "sp-tribe-head" }, el("strong", {}, `${t.tribe} ${api.names[i]}`), el("span", {}, `${t.pts(p.vp)}`)),
    el("div", { class: "sp-tribe-row" }, el("span", { class: "sp-slots" }, ...pawns, pawns.length ? null : el("span", { class: "sp-slot" })),
      el("span", { class: "sp-muted" }, `${t.camp} ${p.camp} · ${t.supply} ${p.supply}`)),
    el("div", { class: "sp-tribe-row" }, el("span", { class: "sp-hunger-row", title: t.legendRows.hunger }, ...hungerTiles), el("span", { class: "sp-hungry" }, `${p.hunger} ${t.hunger}`)),
    el("div", { class: "sp-tribe-row sp-muted" }, `${t.hiddenItems(p.item_count)}${created.length ? ` · ${t.created}: ` : ""}`, ...created),
    other);
  }

  function legend() {
    const t = tx();
    const l = lang();
    const rows = RES_ORDER.map((r) => [token(r, l), l === "en" ? t.res1[r] : t.resN[r]]);
    const covered = token("stone", l);
    covered.classList.add("covered");
    covered.append(el("span", { class: "sp-stone" }));
    rows.push([covered, t.legendRows.stone_], [icon("hunger"), t.legendRows.hunger],
      [el("span", {}, ...view.players.map((_, k) => pawn(api.colours[k]))), `${t.legendRows.member} (${view.players.map((_, k) => api.names[k]).join(", ")})`],
      [el("span", { class: "sp-slot" }), t.legendRows.slot], [icon("site"), t.legendRows.site], [icon("camp"), t.legendRows.camp],
      [el("span", { class: "sp-cell goal mini" }, "24"), t.legendRows.track], [icon("vp"), t.legendRows.vp], [icon("item"), t.legendRows.item],
      [icon("char"), t.legendRows.char], [el("span", { class: "sp-under" }, cardName("chars", "kundschafter", l)), t.legendRows.under], [icon("reveal", "deck-hunt"), t.legendRows.reveal],
      [icon("hunger", "minus"), t.step.cure({ n: 1 })], [icon("member", "plus"), t.step.offspring({ n: 1 })]);
    return el("details", { class: "sp-legend" }, el("summary", {}, t.legend),
      el("ul", {}, ...rows.map(([i, s]) => el("li", {}, el("span", { class: "sp-legend-ic" }, i), el("span", {}, s)))));
  }

  function promptText() {
    const t = tx();
    if (view.over) return "";
    if (!myTurn()) return t.waiting;
    const ph = view.phase;
    const playing = view.playing ? t.quote(nm("chars", view.playing)) : "";
    if (ph === "steps" && view.step) {
      const op = view.step.op;
      if (op === "place") return t.prompt.place(playing || t.quote(t.item), view.step.max);
      return op === "reveal" ? t.prompt.reveal : t.prompt.take_character;
    }
    if (ph === "column") return t.prompt.column(playing);
    if (ph === "sunset_take") return t.prompt.sunset_take(view.taken, view.take_range[0], view.take_range[1]);
    return typeof t.prompt[ph] === "string" ? t.prompt[ph] : "";
  }

  function button(text, action, cls = "") {
    return el("button", { type: "button", class: `sp-action ${cls}${isHinted((a) => JSON.stringify(a) === JSON.stringify(action))}`,
      "data-action": JSON.stringify(action), onclick: () => api.act(action) }, text);
  }

  function render() {
    if (!view || !DATA || !api) return;
    keepFocus(root, drawAll);
  }

  function drawAll() {
    const t = tx();
    const l = lang();
    const me = view.seat;
    hideDetail();
    // the prompt
    banner.replaceChildren(
      view.final_turn !== null && view.final_turn !== undefined && !view.over ? el("strong", { class: "final-round" }, t.finalTurn) : "",
      view.hunt_over && !view.over ? el("strong", { class: "hunt-over" }, t.huntOver) : "", el("span", {}, promptText()),
      // "or Stop": the button beside the words that offer it (a phone keeps the prompt in view)
      ...(view.phase === "steps" ? legal("stop").map((a) => button(t.stop, a, "sp-stop")) : []));
    banner.classList.toggle("mine", Boolean(myTurn()));
    // the choices of the step
    side.replaceChildren();
    if (myTurn()) {
      if (view.pool.length || view.phase === "recall") {
        side.append(el("div", { class: "sp-pool" }, `${t.brought} `, ...(view.pool.length ? view.pool.map((r) => token(r, l)) : [t.nothing])));
      }
      if (view.phase === "column" && view.playing) side.append(charCard(view.playing, l, {}, true));
      for (const a of legal("cure")) side.append(button(t.cure, a));
      for (const a of legal("grow")) side.append(button(t.grow, a));
      for (const a of legal("create")) side.append(button(label(a, l), a, "primary"));
      for (const a of legal("finish")) side.append(button(view.pool.length ? t.label.finishLost(view.pool.length) : t.finish, a, view.pool.length ? "" : "primary"));
      if (view.phase !== "steps") for (const a of legal("stop")) side.append(button(label(a, l), a));
      for (const a of legal("keep_item")) side.append(button(label(a, l), a));
      const sunset = legal("sunset")[0];
      if (sunset) {
        const pre = view.players[me].sunset_preview;
        // the big button only when the sunset gains points; a losing one stays a plain choice
        side.append(el("div", { class: "sp-sunset" }, button(`☀ ${t.sunset}`, sunset, pre.delta > 0 ? "primary sunset-button" : "sunset-button"),
          el("div", { class: "sp-preview", id: "sunset-preview" }, t.preview(pre))));
      }
    }
    // the table
    const marks = {
      place: new Set(legal("place").map((a) => a.where)), recall: new Set(legal("recall").map((a) => a.where)),
      lose: new Set(legal("lose_member").map((a) => a.where)),
    };
    const reveal = new Set(legal("reveal").map((a) => a.deck));
    const columns = new Set(myTurn() ? view.legal.filter((a) => a.type === "take" || a.type === "column").map((a) => a.column) : []);
    const others = view.players.map((_, i) => i).filter((i) => i !== me);
    const camp = el("div", { class: "sp-camp", "data-detail": undefined }, el("span", { class: "sp-deck-name" }, icon("camp"), ` ${t.camp}`),
      el("span", { class: "sp-slots" }, ...view.players.flatMap((p, i) => Array.from({ length: p.camp }, () => pawn(api.colours[i])))));
    table.replaceChildren(
      trackBox(),
      el("div", { class: "sp-decks" }, deckBox("hunt", reveal), deckBox("wild", reveal), deckBox("items", new Set()), camp),
      el("section", { class: "sp-area sp-places" }, el("h3", {}, t.locations),
        el("div", { class: "sp-locs" }, ...view.locations.map((loc) => locationBox(loc, marks)))),
      el("section", { class: "sp-area" }, el("h3", {}, t.display), el("div", { class: "sp-display" }, ...[0, 1, 2].map((i) => columnBox(i, columns.has(i))))),
      view.sites.length ? el("section", { class: "sp-area" }, el("h3", {}, t.sites), el("div", { class: "sp-sites" }, ...view.sites.map((s) => siteBox(s, marks)))) : "",
      ...others.map((i) => tribeBox(i)),
      legend());
    // your tribe and hand
    hand.replaceChildren();
    const mine = me !== null && me !== undefined ? view.players[me] : null;
    if (mine) {
      hand.append(tribeBox(me));
      const plays = legal("play");
      hand.append(el("h3", {}, t.hand), mine.hand.length ? "" : el("p", { class: "sp-muted" }, t.noHand), el("div", { class: "sp-cards" }, ...mine.hand.map((id) => {
        const action = plays.find((a) => a.card === id);
        return charCard(id, l, action ? { "data-action": JSON.stringify(action), onclick: () => api.act(action) } : {});
      })));
      if (mine.items) {
        const creatable = new Map([...legal("create"), ...legal("keep_item")].map((a) => [a.item, a]));
        hand.append(el("h3", {}, t.items), el("div", { class: "sp-cards" }, ...mine.items.map((id) => {
          const action = creatable.get(id);
          return itemCard(id, l, action ? { "data-action": JSON.stringify(action), onclick: () => api.act(action) } : {});
        })));
      }
    } else {
      for (const i of view.players.keys()) if (!others.includes(i)) hand.append(tribeBox(i));
    }
    for (const c of hand.querySelectorAll(".sp-card[data-action]")) c.classList.add("choosable");
    for (const c of hand.querySelectorAll(".sp-item[data-action]")) c.classList.add("choosable");
    // the keyboard reaches every card, named; after a move it stays where it was
    const seen = new Map();
    for (const c of root.querySelectorAll("[data-detail], [data-deck], [data-column], [data-action]")) {
      const key = c.dataset.detail || (c.dataset.deck && `deck:${c.dataset.deck}`) || (c.dataset.column && `column:${c.dataset.column}`) || c.dataset.action;
      seen.set(key, (seen.get(key) || 0) + 1);
      c.dataset.focusKey = `${key}#${seen.get(key)}`;
      if (c.dataset.detail) focusableCard(c, cardLabel(c));
    }
    if (hinted) for (const b of root.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === JSON.stringify(hinted));
    requestAnimationFrame(scrollToDecision);
  }

  // A new decision: bring what it needs into view (a phone shows one part at a time).
  function scrollToDecision(force = false) {
    if (!myTurn() || !root || !root.isConnected) return;
    if (force) lastDecision = null;
    const key = `${view.state_id}`;
    if (key === lastDecision) return;
    lastDecision = key;
    const ph = view.phase;
    let target = null;
    const sticky = getComputedStyle(banner).position === "sticky";  // a phone: one part at a time
    if (ph === "turn") target = sticky ? hand.querySelector(".sp-cards") : hand.querySelector(".sp-card");
    else if (ph === "recall" || ph === "sunset_keep") target = ph === "recall" ? side : hand.querySelector(".sp-item");
    else target = root.querySelector(".sp-table .choosable, .sp-tribe.choosable");
    if (!target) return;
    // below the prompt, which stays at the top of a phone's screen
    const top = sticky ? banner.getBoundingClientRect().height : 0;
    const avail = window.innerHeight - top;
    const r = target.getBoundingClientRect();
    if (r.top >= top && r.bottom <= window.innerHeight) return;
    const dy = r.height > avail - 16 ? r.top - top - 8 : r.top - top - (avail - r.height) / 2;
    window.scrollBy({ top: dy, behavior: "instant" });
  }

  // ---- the action list and the log in words -------------------------------------------------

  function label(action, lng) {
    const t = T(lng);
    const q = (kind, id) => t.quote(cardName(kind, id, lng));
    const top = (c) => (view && view.display[c] && view.display[c].length ? q("chars", view.display[c].at(-1)) : "");
    switch (action.type) {
      case "play": return lng === "en" ? t.label.play(cardName("chars", action.card, lng)) : t.label.play(q("chars", action.card));
      case "recall": return t.label.recall(placePhrase(action.where, "from", lng, view),
        action.resource ? t.res1[action.resource] : DATA && DATA.sites[action.where] ? undefined : null);
      case "place": return t.label.place(placePhrase(action.where, "to", lng, view));
      case "reveal": return t.label.reveal[action.deck];
      case "take": return lng === "en" ? t.label.take(view ? cardName("chars", view.display[action.column].at(-1), lng) : "", action.column + 1) : t.label.take(top(action.column), action.column + 1);
      case "column": return lng === "en" ? t.label.column(view ? cardName("chars", view.playing, lng) : "", action.column + 1) : t.label.column(view ? q("chars", view.playing) : "", action.column + 1);
      case "sunset": return view && view.seat !== null && view.players[view.seat] ? t.label.sunset(t.signed(view.players[view.seat].sunset_preview.delta)) : `☀ ${t.sunset}`;
      case "cure": return t.cure;
      case "grow": return t.grow;
      case "create": return lng === "en" ? t.label.create(cardName("items", action.item, lng), DATA ? DATA.items[action.item].vp : 0) : t.label.create(q("items", action.item), DATA ? DATA.items[action.item].vp : 0);
      case "finish": return view && view.pool.length ? t.label.finishLost(view.pool.length) : t.finish;
      case "stop": return view && view.phase === "steps" && view.step && view.step.op === "place" ? t.label.stopPlace : t.label.stopTake;
      case "keep_item": return lng === "en" ? t.label.keep(cardName("items", action.item, lng)) : t.label.keep(q("items", action.item));
      case "lose_member": return t.label.lose(placePhrase(action.where, "from", lng, view));
      default: return t.finish;
    }
  }

  function event(e, names, lng) {
    const t = T(lng);
    const L = t.log;
    const who = names[e.player] ?? "";
    const card = (kind, id) => (lng === "en" ? cardName(kind, id, lng) : t.quote(cardName(kind, id, lng)));
    switch (e.type) {
      case "play": return L.play(who, card("chars", e.card));
      case "reveal": return L.reveal(locName(e.location, lng, null));
      case "place": return L.place(who, placePhrase(e.where, "to", lng, null));
      case "recall": return L.recall(who, placePhrase(e.where, "from", lng, null), e.resource ? t.res1[e.resource] : null);
      case "create": return L.create(who, card("items", e.item), e.vp);
      case "sunset": return L.sunset(who, e);
      case "cure": return e.n === 0 ? null : L.cure(who, e.n ?? 1);
      case "grow": return L.grow(who);
      case "take": return L.take(who, card("chars", e.card));
      case "lose_member": return L.lose(who, placePhrase(e.where, "from", lng, null));
      case "draw_item": return L.draw(who);
      case "offspring": return L.offspring(who, e.n);
      case "vp": return L.vp(who, e.n);
      case "site": return L.site(who, t.quote(siteName(e.site, lng, null, e.name)));
      case "driven_off": return L.driven(who, e.n, t.quote(siteName(e.site, lng, view)));
      case "keep_item": return L.keep(who, e.dropped);
      case "lost": return L.lost(who, e.resources.length);
      case "exhausted": { const n = locName(e.location, lng, null); return L.exhausted(lng === "en" ? n.charAt(0).toLowerCase() + n.slice(1) : n); }
      case "hunt_over": return t.huntOver;
      case "game_over": return L.over(t.endWhy[e.end] || "", e.scores.map((s, i) => `${names[i] ?? ""} ${s}`).join(" : "));
      default: return null;
    }
  }

  // The log, one line per turn: the events of a move belong to the turn of the view they
  // arrive in (the shell asks before the new view comes); the end of the hunt and of the
  // game are lines of their own.
  function logGroup(e) {
    if (!view || e.type === "hunt_over" || e.type === "game_over") return null;
    return `turn:${view.turns}`;
  }

  function groupText(events, names, lng) {
    const t = T(lng);
    const P = t.turn;
    const mover = (events.find((e) => e.player !== undefined && e.type !== "driven_off") || events[0]).player;
    const card = (kind, id) => (lng === "en" ? cardName(kind, id, lng) : t.quote(cardName(kind, id, lng)));
    const lower = (x) => (lng === "en" ? x.charAt(0).toLowerCase() + x.slice(1) : x);
    const list = (xs) => (xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} ${P.and} ${xs.at(-1)}`);
    const parts = [];
    let points = null;
    const add = (n) => { points = (points || 0) + n; };
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      // a run of the same move is one part: "schickt 2 Mitglieder …", "nimmt „A“, „B“ und „C“"
      let run = 1;
      const same = (f) => { while (i + run < events.length && f(events[i + run])) run++; };
      let text = null;
      switch (e.type) {
        case "play": text = P.play(card("chars", e.card)); break;
        case "reveal": text = P.reveal(lower(locName(e.location, lng, null))); break;
        case "place": same((x) => x.type === "place" && x.where === e.where && x.player === e.player);
          text = P.place(run, placePhrase(e.where, "to", lng, null)); break;
        case "recall": text = P.recall(placePhrase(e.where, "from", lng, null), e.resource ? t.res1[e.resource] : null); break;
        case "create": text = P.create(card("items", e.item), e.vp); add(e.vp); break;
        case "sunset": text = P.sunset(e); add(e.points ?? e.delta); break;
        case "cure": text = e.n === 0 ? null : P.cure(e.n ?? 1); break;
        case "grow": text = P.grow(); break;
        case "take": same((x) => x.type === "take" && x.player === e.player);
          text = P.take(list(events.slice(i, i + run).map((x) => card("chars", x.card)))); break;
        case "lose_member": text = P.lose(placePhrase(e.where, "from", lng, null)); break;
        case "draw_item": same((x) => x.type === "draw_item" && x.player === e.player); text = P.draw(run); break;
        case "offspring": text = P.offspring(e.n); break;
        case "vp": text = P.vp(e.n); add(e.n); break;
        case "site": text = P.site(t.quote(siteName(e.site, lng, null, e.name))); break;
        case "driven_off": text = P.driven(e.n, names[e.player] ?? "", t.quote(siteName(e.site, lng, view))); break;
        case "keep_item": text = P.keep(e.dropped); break;
        case "lost": text = P.lost(e.resources.length); break;
        case "exhausted": text = P.exhausted(lower(locName(e.location, lng, null))); break;
        default: text = event(e, names, lng);
      }
      i += run - 1;
      // another tribe's part (none but being driven off, so far) carries its name
      if (text) parts.push(e.player !== undefined && e.player !== mover && e.type !== "driven_off" ? `${names[e.player] ?? ""}: ${text}` : text);
    }
    // the turn's points at the end, unless one item or site alone said them already
    const scoring = events.filter((e) => e.type === "create" || e.type === "vp" || e.type === "sunset");
    if (points !== null && !(scoring.length === 1 && scoring[0].type !== "sunset")) parts.push(t.signed(points));
    return parts.length ? `${names[mover] ?? ""}: ${parts.join(", ")}.` : null;
  }

  function showHint(action) {
    hinted = action;
    render();
  }

  function onEvents() { /* what changed glows: computed from the views in update() */ }

  const center = (node) => {
    const b = node.getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  };
  const q = (sel) => root.querySelector(sel);

  return {
    scrollsToDecisions: true,  // it brings its own decision areas into view
    mount, unmount, update, label, event, logGroup, groupText, showHint, onEvents,
    // the shell's end screen shows this
    breakdown: (v, lng) => endSummary(v, lng || lang(), api.names),
    endSummary: (v, lng, names) => endSummary(v, lng, names),
    hook: {
      get flashing() { return glow ? [...glow.keys] : []; },
      get ready() { return DATA !== null && view !== null; },
      revealDecision() { scrollToDecision(true); },
      get detail() { return detail && !detail.hidden ? detail.dataset.for : null; },
      columnPoint(c) { return center(q(`.sp-col[data-column='${c}']`)); },
      deckPoint(k) { return center(q(`.sp-deck[data-deck='${k}']`)); },
      placePoint(id) { return center(q(`[data-where='${id}']:not(.sp-tribe)`)); },
      resourcePoint(id, i) { return center(q(`.sp-loc[data-where='${id}'] [data-i='${i}']`)); },
      tribePoint(p) { return center(q(`.sp-tribe[data-player='${p}']`)); },
    },
  };
}

// ---- what the menu shows (the registry web/js/games.mjs lists this) ------------------

const PICTURE = `<svg viewBox="0 0 240 120" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
<rect width="240" height="120" fill="#e9dcc0"/>
<path d="M0 78 Q60 52 120 70 T240 62 V120 H0 Z" fill="#8fae6a"/>
<path d="M0 96 Q80 80 150 94 T240 90 V120 H0 Z" fill="#6f8f4e"/>
<circle cx="196" cy="34" r="18" fill="#f2a33a"/>
<g fill="#3d2c1e">
<circle cx="62" cy="58" r="6"/><rect x="57" y="64" width="10" height="18" rx="4"/>
<circle cx="84" cy="62" r="6"/><rect x="79" y="68" width="10" height="18" rx="4"/>
</g>
<g fill="#c0392b"><circle cx="142" cy="80" r="5"/></g><g fill="#9c6b30"><circle cx="156" cy="84" r="5"/></g>
<g fill="#7f8c8d"><circle cx="170" cy="80" r="5"/></g>
<path d="M30 40 l10 -18 l10 18 Z" fill="#6d5d4b"/>
</svg>`;

function picture() {
  const box = el("div", { class: "pic-svg", "aria-hidden": "true" });
  box.innerHTML = PICTURE;  // our own static drawing
  return box;
}

export const game = {
  id: "spaeher",
  titles: { de: "Jäger und Späher", en: "Hunters and Scouts" },
  descriptions: {
    de: "Zwei Stämme, ein Tal: Schicke deine Leute auf Jagd und Erkundung und überstehe die Sonnenuntergänge.",
    en: "Two tribes, one valley: send your people hunting and scouting and get through the sunsets.",
  },
  players: [2, 2], minutes: [30, 45], picture, create: createSpaeherRenderer,
  options: {
    mode: {
      label: { de: "Spielart", en: "Game" },
      choices: { intro: { de: "Einführungsspiel – weniger Karten, zum Lernen", en: "Introductory game – fewer cards, to learn" },
                 normal: { de: "Normales Spiel – alle Karten und heiligen Orte", en: "Normal game – all cards and sacred sites" } },
    },
  },
};
