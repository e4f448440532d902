// The side panel (the tile to place with its buttons, the figure choice list, stacks, supply,
// legend, the tiles still to come) and the end screen's breakdown. Sentences about the game
// come from the engine (view.words); this module names only its own buttons, hints on how to
// use the board and the legend's fixed explanations.

import { el } from "../common.mjs";
import { figureCanvas } from "./draw.mjs";

// The words in both languages side by side, {key: [German, English]} (nested alike), so no text
// lacks its translation; bilingual() turns that into {de: {key: German}, en: {key: English}}.
function bilingual(table) {
  const pick = (t, i) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Array.isArray(v) ? v[i] : pick(v, i)]));
  return { de: pick(table, 0), en: pick(table, 1) };
}

const TEXT = bilingual({
  tile: ["Zu legende Karte", "Tile to place"],
  bonus: ["Bonuskarte", "Bonus tile"],
  rotateLeft: ["⟲ Drehen", "⟲ Rotate"],
  rotateRight: ["Drehen ⟳", "Rotate ⟳"],
  confirm: ["Legen ✓", "Place ✓"],
  cancel: ["Abbrechen", "Cancel"],
  fit: ["Ganzes Feld zeigen", "Show the whole board"],
  zoomIn: ["Näher heran", "Zoom in"],
  zoomOut: ["Weiter weg", "Zoom out"],
  board: ["Spielfeld – ziehen verschiebt es", "Board – drag to move it"],
  chooseSpot: ["Tippe auf einen grün markierten Platz.", "Tap a spot marked green."],
  chooseSpotKeys: ["Klicke auf einen grün markierten Platz (Taste R dreht).",
                   "Click a spot marked green (key R rotates)."],
  confirmHint: ["Platz gewählt: legen oder abbrechen.", "Spot chosen: place or cancel."],
  figureHint: ["Setze eine Figur auf die gelegte Karte (weiße Kreise) oder keine.",
               "Put a figure on the placed tile (white circles), or none."],
  noFit: ["Dort passt die Karte nicht.", "The tile does not fit there."],
  noFigures: ["Keine Figuren mehr – Karte gelegt.", "No figures left – tile placed."],
  noFigureFits: ["Keine deiner Figuren passt auf diese Karte – Karte gelegt.", "None of your figures fits on this tile – tile placed."],
  remaining: ["Verbleibende Karten", "Tiles still to come"],
  supply: ["Vorrat", "Supply"],
  legend: ["Zeichen auf dem Feld", "Symbols on the board"],
  legendItems: {
    gatherer: ["Sammler, steht im Wald: 2 Punkte je Karte und Pilzgruppe, wenn der Wald fertig ist",
               "Gatherer, stands in a forest: 2 points per tile and mushroom group once the forest is complete"],
    fisher: ["Fischer, steht am Fluss: 1 Punkt je Karte und Fisch, wenn der Fluss fertig ist",
             "Fisher, stands on a river: 1 point per tile and fish once the river is complete"],
    hunter: ["Jäger, liegt auf der Wiese: wird bei Spielende gewertet",
             "Hunter, lies on a meadow: scores at the end"],
    hut: ["Hütte, am Fluss oder See: bei Spielende 1 Punkt je Fisch im Flusssystem",
          "Hut, on a river or lake: at the end 1 point per fish in the river system"],
    badge: ["Das Zeichen auf einer Figur zeigt, wem sie gehört", "The sign on a figure shows whose it is"],
    choice: ["Weißer Kreis: hier kannst du diese Figur setzen", "White circle: you can put this figure here"],
    spot: ["Grün gestrichelt: hier passt die Karte", "Dashed green: the tile fits here"],
    last: ["Oranger Rahmen: die zuletzt gelegte Karte", "Orange frame: the tile placed last"],
    cultRing: ["Weißer Ring: Jäger an der Kultstätte", "White ring: a hunter at the cult site"],
    fish: ["Fisch: 1 Punkt für Fischer und Hütten", "Fish: 1 point for fishers and huts"],
    mushroom: ["Pilzgruppe: +2 Punkte im fertigen Wald", "Mushroom group: +2 points in a complete forest"],
    gold: ["Goldklumpen: wer den Wald fertigstellt, zieht eine Bonuskarte",
           "Gold nugget: whoever completes the forest draws a bonus tile"],
    deer: ["Wild: 2 Punkte für Jäger", "Deer: 2 points for hunters"],
    mammoth: ["Mammut: 2 Punkte für Jäger", "Mammoth: 2 points for hunters"],
    aurochs: ["Auerochse: 2 Punkte für Jäger", "Aurochs: 2 points for hunters"],
    tiger: ["Säbelzahntiger: frisst ein Wild seiner Wiese", "Sabre-tooth tiger: eats one deer on its meadow"],
    fire: ["Feuer: vertreibt alle Tiger der Wiese", "Fire: drives every tiger off the meadow"],
    cult_site: ["Kultstätte: ein Jäger, mit dieser Karte gesetzt, wertet die Wiese allein",
                "Cult site: a hunter placed with this tile scores the meadow alone"],
    volcano: ["Vulkan: die Startkarte", "Volcano: the start tile"],
  },
});

export const text = (lang) => TEXT[lang] || TEXT.de;

const tileUrl = (name) => new URL(`../../../tiles/${name}.svg`, import.meta.url).href;

// The engine's words for a legal action (view.words.legal runs parallel to view.legal).
export function labelOf(view, action) {
  const legal = (view && view.legal) || [];
  const key = JSON.stringify(action);
  const i = legal.findIndex((a) => a === action || JSON.stringify(a) === key);
  const words = view && view.words && view.words.legal;
  return i >= 0 && words ? words[i] ?? "" : "";
}

// The engine's words about something of the view: words(view).key, or "" when not there.
const words = (view) => (view && view.words) || {};

// The panel anew. s: {view, lang, mine (my turn), pending, rot, coarse, names, colours};
// on: {confirm, cancel, rotate(dir), act(action), light(action), dark()}.
export function renderPanel(panel, s, on) {
  const { view, lang } = s;
  const t = text(lang);
  const w = words(view);
  const openDetails = new Set([...panel.querySelectorAll("details[open]")].map((d) => d.className));
  panel.replaceChildren();
  // the tile and the step's buttons in one box of a steady height: what is below never moves
  const decision = el("div", { class: "sammler-decision" });
  if (!view.over) panel.append(decision);
  if (view.tile_to_place) {
    const controls = el("div", { class: "sammler-controls" });
    const preview = el("div", { class: "sammler-preview" });
    const img = el("img", { src: tileUrl(view.tile_to_place), alt: w.tile || "", width: "112", height: "112" });
    img.style.transform = `rotate(${s.rot * 90}deg)`;
    preview.append(el("div", { class: "label" }, view.tile_is_bonus ? t.bonus : t.tile), img);
    controls.append(preview);
    if (s.mine) {
      const confirmButton = el("button", { type: "button", id: "sammler-confirm", class: "primary", onclick: on.confirm }, t.confirm);
      const cancelButton = el("button", { type: "button", id: "sammler-cancel", onclick: on.cancel }, t.cancel);
      confirmButton.disabled = !s.pending;
      cancelButton.disabled = !s.pending;
      controls.append(el("div", { class: "sammler-buttons" },
        el("button", { type: "button", id: "sammler-rotate-left", onclick: () => on.rotate(-1) }, t.rotateLeft),
        el("button", { type: "button", id: "sammler-rotate-right", onclick: () => on.rotate(1) }, t.rotateRight),
        confirmButton, cancelButton,
        el("p", { class: "hint" }, s.pending ? t.confirmHint : s.coarse ? t.chooseSpot : t.chooseSpotKeys)));
    }
    decision.append(controls);
  }
  if (view.phase === "figure" && s.mine) {
    const pass = { type: "pass" };
    const controls = el("div", { class: "sammler-controls figure-step" },
      el("p", { class: "hint" }, t.figureHint),
      el("button", { type: "button", id: "sammler-no-figure", "data-action": JSON.stringify(pass), onclick: () => on.act(pass) }, labelOf(view, pass)));
    const list = el("div", { class: "figure-choices" });
    for (const a of view.legal.filter((x) => x.type === "place_figure")) {
      // pointing at a choice lights up its forest, river or meadow on the board
      const light = () => on.light(a);
      list.append(el("button", { type: "button", class: "figure-choice", "data-action": JSON.stringify(a), onclick: () => on.act(a),
                                 onpointerenter: light, onpointerleave: on.dark, onfocus: light, onblur: on.dark },
        labelOf(view, a)));
    }
    decision.append(controls, list);
  }
  panel.append(el("div", { class: "sammler-stacks" }, w.stack || ""));
  const supply = el("ul", { class: "sammler-supply", "aria-label": t.supply });
  view.supply.forEach((_, i) => {
    supply.append(el("li", {}, figureCanvas(el, s.colours, "gatherer", i, 20), el("span", {}, (w.supply || [])[i] || "")));
  });
  panel.append(supply);
  panel.append(legend(view, s));
  const remaining = el("details", { class: "sammler-remaining" }, el("summary", {}, `${t.remaining} (${view.stack.land})`));
  const grid = el("div", { class: "remaining-grid" });
  for (const [type, n] of Object.entries(view.remaining)) {
    const name = (w.remaining || {})[type] || "";
    grid.append(el("span", { class: "remaining-tile", title: name },
      el("img", { src: tileUrl(type), alt: name, width: "36", height: "36", loading: "lazy" }),
      el("span", {}, `×${n}`)));
  }
  remaining.append(grid);
  panel.append(remaining);
  for (const d of panel.querySelectorAll("details")) if (openDetails.has(d.className)) d.open = true;
}

function swatch(cls) {
  return el("span", { class: `sammler-swatch ${cls}`, "aria-hidden": "true" });
}

function legend(view, s) {
  const t = text(s.lang);
  const items = t.legendItems;
  const box = el("details", { class: "sammler-legend" }, el("summary", {}, t.legend));
  const list = el("ul", {});
  const row = (icon, words) => list.append(el("li", {}, icon, el("span", {}, words)));
  const me = view.seat ?? 0;
  for (const kind of ["gatherer", "fisher", "hunter", "hut"]) row(figureCanvas(el, s.colours, kind, me), items[kind]);
  const badges = el("span", { class: "sammler-badges" });
  s.names.forEach((_, i) => badges.append(figureCanvas(el, s.colours, "hunter", i, 22)));
  row(badges, `${items.badge}: ${s.names.map((n, i) => `${["●", "■", "▲", "◆", "★"][i]} ${n}`).join(", ")}`);
  row(figureCanvas(el, s.colours, "gatherer", me, 26, true), items.choice);
  row(swatch("spot"), items.spot);
  row(swatch("last"), items.last);
  row(swatch("ring"), items.cultRing);
  for (const kind of ["fish", "mushroom", "gold", "deer", "mammoth", "aurochs", "tiger", "fire", "cult_site", "volcano"]) {
    row(el("img", { class: "sammler-icon", src: tileUrl(`icon-${kind}`), alt: "", width: "26", height: "26", loading: "lazy" }),
      items[kind]);
  }
  box.append(list);
  return box;
}

// The end-of-game breakdown: per player the engine's words for every scoring entry and the
// total. A plain element the page's end screen can show; it fits 360 px.
export function endSummary(view, names) {
  const box = el("div", { class: "sammler-summary" });
  const worded = words(view).breakdown || [];
  (view.breakdown || []).forEach((b, i) => {
    const w = worded[i] || { total: String(b.total), sums: "", entries: [] };
    const total = el("strong", { class: "total" }, w.total);
    total.dataset.total = String(b.total);
    const list = el("ul", {});
    for (const entry of w.entries) list.append(el("li", {}, entry));
    const section = el("section", { class: "sammler-summary-player" },
      el("h4", {}, el("span", {}, names[i] ?? ""), total), el("p", { class: "sums" }, w.sums), list);
    section.dataset.player = String(i);
    box.append(section);
  });
  return box;
}
