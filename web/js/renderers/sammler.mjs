// Carcassonne – Jäger und Sammler: the canvas board. It draws the engine's view and offers
// exactly its legal actions: tile placement with rotate, preview and confirm, then the
// figure choice on the tile's zones; hovering any zone lights up the whole feature.

import { el } from "./common.mjs";

const TILE = 100; // tile units (the art's viewBox)
const PLAYER_SHAPES = ["circle", "square", "triangle", "diamond", "star"];

// The words in both languages side by side, {key: [German, English]} (nested alike), so no text
// lacks its translation; bilingual() turns that into {de: {key: German}, en: {key: English}}.
function bilingual(table) {
  const pick = (t, i) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Array.isArray(v) ? v[i] : pick(v, i)]));
  return { de: pick(table, 0), en: pick(table, 1) };
}

// Counted words: [singular, plural] per language; German and English plurals differ.
const WORDS = bilingual({
  tile: [["Karte", "Karten"], ["tile", "tiles"]],
  fish: [["Fisch", "Fische"], ["fish", "fish"]],
  mushroom: [["Pilzgruppe", "Pilzgruppen"], ["mushroom group", "mushroom groups"]],
  gold: [["Goldklumpen", "Goldklumpen"], ["gold nugget", "gold nuggets"]],
  deer: [["Wild", "Wild"], ["deer", "deer"]],
  mammoth: [["Mammut", "Mammuts"], ["mammoth", "mammoths"]],
  aurochs: [["Auerochse", "Auerochsen"], ["aurochs", "aurochs"]],
  tiger: [["Tiger", "Tiger"], ["tiger", "tigers"]],
  hut: [["Hütte", "Hütten"], ["hut", "huts"]],
  member: [["Stammesmitglied", "Stammesmitglieder"], ["tribe member", "tribe members"]],
  point: [["Punkt", "Punkte"], ["point", "points"]],
});

export function count(n, word, lang) {
  const w = (WORDS[lang] || WORDS.de)[word];
  return `${n} ${n === 1 ? w[0] : w[1]}`;
}

function join(list, lang) {
  const and = text(lang).and;
  return list.length <= 1 ? list.join("") : list.slice(0, -1).join(", ") + and + list[list.length - 1];
}

const TEXT = bilingual({
  tile: ["Zu legende Karte", "Tile to place"],
  bonus: ["Bonuskarte", "Bonus tile"],
  rotateLeft: ["⟲ Drehen", "⟲ Rotate"],
  rotateRight: ["Drehen ⟳", "Rotate ⟳"],
  confirm: ["Legen ✓", "Place ✓"],
  cancel: ["Abbrechen", "Cancel"],
  noFigure: ["Keine Figur", "No figure"],
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
  waiting: ["Warte …", "Waiting …"],
  noFit: ["Dort passt die Karte nicht.", "The tile does not fit there."],
  stack: ["Stapel", "Stack"],
  bonusStack: ["Bonuskarten", "Bonus tiles"],
  remaining: ["Verbleibende Karten", "Tiles still to come"],
  supply: ["Vorrat", "Supply"],
  legend: ["Zeichen auf dem Feld", "Symbols on the board"],
  kinds: {
    forest: ["Wald", "Forest"],
    river: ["Fluss", "River"],
    meadow: ["Wiese", "Meadow"],
    river_system: ["Flusssystem", "River system"],
    lake: ["See", "Lake"],
  },
  figures: {
    gatherer: ["Sammler", "Gatherer"],
    fisher: ["Fischer", "Fisher"],
    hunter: ["Jäger", "Hunter"],
    hut: ["Hütte", "Hut"],
  },
  onto: {
    forest: ["in den Wald", "on the forest"],
    river: ["an den Fluss", "on the river"],
    lake: ["an den See", "on the lake"],
    meadow: ["auf die Wiese", "on the meadow"],
  },
  aFigure: {
    gatherer: ["einen Sammler", "a gatherer"],
    fisher: ["einen Fischer", "a fisher"],
    hunter: ["einen Jäger", "a hunter"],
    hut: ["eine Hütte", "a hut"],
  },
  sides: [["im Norden", "im Osten", "im Süden", "im Westen", "in der Mitte"],
          ["in the north", "in the east", "in the south", "in the west", "in the middle"]],
  dirs: [["nördlich", "östlich", "südlich", "westlich"], ["north", "east", "south", "west"]],
  turns: [["", "nach rechts gedreht", "auf den Kopf gedreht", "nach links gedreht"],
          ["", "turned right", "turned upside down", "turned left"]],
  layTile: [(where, turn) => `Karte ${where} legen${turn ? ", " + turn : ""}`,
            (where, turn) => `Lay the tile ${where}${turn ? ", " + turn : ""}`],
  ofTile: [(dir, name) => `${dir} der ${name}`, (dir, name) => `${dir} of the ${name}`],
  lastTile: ["zuletzt gelegten Karte", "tile placed last"],
  complete: ["fertig", "complete"],
  open: ["offen", "open"],
  nobody: ["niemand", "nobody"],
  worth: [(p) => `Wert jetzt: ${p}`, (p) => `Worth now: ${p}`],
  worthEnd: [(p) => `Wert bei Spielende: ${p}`, (p) => `Worth at the end: ${p}`],
  forestRule: ["2 Punkte je Karte und je Pilzgruppe, wenn der Wald fertig ist",
               "2 points per tile and per mushroom group once the forest is complete"],
  riverRule: ["1 Punkt je Karte und je Fisch, wenn der Fluss fertig ist",
              "1 point per tile and per fish once the river is complete"],
  meadowRule: ["2 Punkte je Wild, Mammut und Auerochse; jeder Tiger frisst ein Wild",
               "2 points per deer, mammoth and aurochs; each tiger eats one deer"],
  systemRule: ["Hütten: bei Spielende 1 Punkt je Fisch im ganzen Flusssystem",
               "Huts: at the end 1 point per fish in the whole river system"],
  goldRule: ["Gold: wer den Wald fertigstellt, zieht eine Bonuskarte",
             "Gold: whoever completes the forest draws a bonus tile"],
  fire: ["Feuer vertreibt die Tiger", "fire drives the tigers away"],
  cult: ["Kultstätte: nur dieser Jäger zählt", "cult site: only this hunter counts"],
  holder: {
    forest: ["Sammler", "Gatherers"],
    river: ["Fischer", "Fishers"],
    meadow: ["Jäger", "Hunters"],
    river_system: ["Hütten", "Huts"],
  },
  noAnimals: ["keine Tiere", "no animals"],
  deerOf: [(c, d) => `${c} von ${d} Wild zählen`, (c, d) => `${c} of ${d} deer count`],
  laid: [(who, tile, where) => `${who} legte eine ${tile} ${where}`,
         (who, tile, where) => `${who} laid a ${tile} ${where}`],
  andPut: [(fig, onto) => ` und setzte ${fig} ${onto}.`, (fig, onto) => ` and put ${fig} ${onto}.`],
  andNone: [" und setzte keine Figur.", " and placed no figure."],
  put: [(who, fig, onto) => `${who} setzte ${fig} ${onto}.`, (who, fig, onto) => `${who} put ${fig} ${onto}.`],
  atCult: [" an die Kultstätte", " at the cult site"],
  and: [" und ", " and "],
  forestDone: [(d) => `Wald fertig (${d})`, (d) => `forest complete (${d})`],
  riverDone: [(d) => `Fluss fertig (${d})`, (d) => `river complete (${d})`],
  hutsScore: [(d) => `Hütten am Flusssystem (${d})`, (d) => `huts on a river system (${d})`],
  huntersScore: [(d) => `Jäger auf der Wiese (${d})`, (d) => `hunters on a meadow (${d})`],
  noOwner: {
    forest: ["Ein Wald ist fertig – ohne Sammler, keine Punkte.", "A forest is complete – no gatherer, no points."],
    river: ["Ein Fluss ist fertig – ohne Fischer, keine Punkte.", "A river is complete – no fisher, no points."],
  },
  goldDraw: [(who) => `${who} fand Gold und zieht eine Bonuskarte.`,
             (who) => `${who} found gold and draws a bonus tile.`],
  discarded: [(tile) => `Eine ${tile} passt nirgends und scheidet aus.`,
              (tile) => `A ${tile} fits nowhere and leaves the game.`],
  finalScoring: ["Schlusswertung: Hütten und Jäger werden gewertet.", "Final scoring: huts and hunters score."],
  names: {
    plain: ["Karte", "tile"],
    start: ["Startkarte", "start tile"],
    river: ["Flusskarte", "river tile"],
    forest: ["Waldkarte", "forest tile"],
    meadow: ["Wiesenkarte", "meadow tile"],
    bonus: ["Bonuskarte", "bonus tile"],
    with: [" mit ", " with "],
    fire: ["Feuer", "fire"],
    cult_site: ["Kultstätte", "a cult site"],
    lake: ["See", "a lake"],
    gold: ["Gold", "gold"],
    aRiver: ["Fluss", "a river"],
    aForest: ["Wald", "a forest"],
  },
  cats: {
    forests: ["Wälder", "Forests"],
    rivers: ["Flüsse", "Rivers"],
    huts: ["Hütten", "Huts"],
    hunters: ["Jäger", "Hunters"],
  },
  nothingScored: ["keine Punkte", "no points"],
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

const text = (lang) => TEXT[lang] || TEXT.de;

// What a feature is made of, in words ("3 Karten, 1 Pilzgruppe").
function contents(f, lang) {
  const t = text(lang);
  if (f.kind === "forest" || f.category === "forests") {
    const bits = [count(f.tiles, "tile", lang)];
    if (f.mushrooms) bits.push(count(f.mushrooms, "mushroom", lang));
    if (f.gold) bits.push(count(f.gold, "gold", lang));
    return bits.join(", ");
  }
  if (f.kind === "river" || f.category === "rivers") return `${count(f.tiles, "tile", lang)}, ${count(f.fish, "fish", lang)}`;
  if (f.kind === "river_system" || f.category === "huts") return count(f.fish, "fish", lang);
  const bits = [];
  if (f.mammoth) bits.push(count(f.mammoth, "mammoth", lang));
  if (f.aurochs) bits.push(count(f.aurochs, "aurochs", lang));
  if (f.deer) bits.push(f.deer_counted < f.deer ? t.deerOf(f.deer_counted, f.deer) : count(f.deer, "deer", lang));
  if (f.tigers) bits.push(count(f.tigers, "tiger", lang));
  if (f.fire) bits.push(t.fire);
  if (f.cult_site) bits.push(t.cult);
  return bits.length ? bits.join(", ") : t.noAnimals;
}

// One scoring entry of the breakdown in words: "Wald fertig (3 Karten, 1 Pilzgruppe): 8 Punkte".
export function scoreEntryText(e, lang) {
  const t = text(lang);
  const d = contents(e, lang);
  const what = { forests: t.forestDone, rivers: t.riverDone, huts: t.hutsScore, hunters: t.huntersScore }[e.category];
  const words = what ? what(d) : d;
  return `${words[0].toUpperCase()}${words.slice(1)}: ${count(e.points, "point", lang)}`;
}

// The end-of-game breakdown: per player every scoring entry in words and the total.
// A plain element the page's end screen can show; it fits 360 px.
export function endSummary(view, lang, names) {
  const t = text(lang);
  const box = document.createElement("div");
  box.className = "sammler-summary";
  (view.breakdown || []).forEach((b, i) => {
    const section = document.createElement("section");
    section.className = "sammler-summary-player";
    section.dataset.player = String(i);
    const head = document.createElement("h4");
    const name = document.createElement("span");
    name.textContent = names[i] ?? "";
    const total = document.createElement("strong");
    total.className = "total";
    total.dataset.total = String(b.total);
    total.textContent = count(b.total, "point", lang);
    head.append(name, total);
    const sums = document.createElement("p");
    sums.className = "sums";
    sums.textContent = ["forests", "rivers", "huts", "hunters"].map((c) => `${t.cats[c]} ${b[c]}`).join(" · ");
    const list = document.createElement("ul");
    for (const e of b.entries) {
      const li = document.createElement("li");
      li.textContent = scoreEntryText(e, lang);
      list.append(li);
    }
    if (!b.entries.length) {
      const li = document.createElement("li");
      li.textContent = t.nothingScored;
      list.append(li);
    }
    section.append(head, sums, list);
    box.append(section);
  });
  return box;
}

// Rotating a catalogue point clockwise by r quarter turns inside the 100-unit square.
function rotatePoint(x, y, r) {
  for (let i = 0; i < r; i++) [x, y] = [TILE - y, x];
  return [x, y];
}

function unrotatePoint(x, y, r) {
  for (let i = 0; i < r; i++) [x, y] = [y, TILE - x];
  return [x, y];
}

function insidePoly(poly, x, y) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [x1, y1] = poly[i];
    const [x2, y2] = poly[j];
    if ((y1 > y) !== (y2 > y) && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

function distToPolyline(pts, x, y) {
  let best = Infinity;
  for (let i = 0; i + 1 < pts.length; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[i + 1];
    const dx = bx - ax, dy = by - ay;
    const len = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len));
    best = Math.min(best, Math.hypot(x - (ax + t * dx), y - (ay + t * dy)));
  }
  return best;
}

const SIDE_ENDS = [[[0, 0], [100, 0]], [[100, 0], [100, 100]], [[100, 100], [0, 100]], [[0, 100], [0, 0]]];

function wedge(seg) {
  const s = Math.floor(seg / 3), k = seg % 3;
  const [[ax, ay], [bx, by]] = SIDE_ENDS[s];
  const p = (t) => [ax + (bx - ax) * t, ay + (by - ay) * t];
  return [[50, 50], p(k / 3), p((k + 1) / 3)];
}

export function createSammlerRenderer() {
  let api = null;          // {act, names, seats, colours, lang, message}
  let root, canvas, ctx, panel, tooltip;
  let geometry = null;     // tiles/geometry.json
  const images = new Map(); // type id -> canvas with the rasterised tile
  let view = null;
  let rot = 0;
  let pending = null;      // {x, y, rotation}
  let hoverCell = null;
  let hoverZone = null;    // {x, y, zone}
  let camera = { x: 0.5, y: 0.5, scale: 96 };
  let userMovedCamera = false;
  let floaters = [];
  let dirty = true;
  let frameTimes = [];
  let raf = 0;
  const pointers = new Map();
  let drag = null;
  let lastPlacedAt = null;
  let dropAnim = null;
  let hinted = null;
  let longPress = 0;
  let tooltipOff = null;   // the zone whose explanation a click put away
  let focused = null;      // the placed tile the camera moved to for the figure step

  const tx = () => TEXT[api.lang()] || TEXT.de;

  // ---- set-up ---------------------------------------------------------------------

  async function loadArt() {
    const response = await fetch(new URL("../../tiles/geometry.json", import.meta.url));
    geometry = await response.json();
    const ids = Object.keys(geometry.types);
    await Promise.all(ids.map((id) => new Promise((resolve) => {
      const img = new Image();
      img.onload = () => {
        const c = document.createElement("canvas");
        c.width = c.height = 192;
        c.getContext("2d").drawImage(img, 0, 0, 192, 192);
        images.set(id, c);
        resolve();
      };
      img.onerror = resolve;
      img.src = new URL(`../../tiles/${id}.svg`, import.meta.url).href;
    })));
    dirty = true;
  }

  function mount(container, hostApi) {
    api = hostApi;
    root = el("div", { class: "sammler" });
    const stage = el("div", { class: "sammler-stage" });
    canvas = el("canvas", { class: "sammler-canvas", tabindex: "0" });
    tooltip = el("div", { class: "sammler-tooltip", role: "status" });
    tooltip.hidden = true;
    const zoom = el("div", { class: "sammler-zoom" },
      el("button", { type: "button", id: "sammler-zoom-in", onclick: () => zoomBy(1.25) }, "+"),
      el("button", { type: "button", id: "sammler-zoom-out", onclick: () => zoomBy(0.8) }, "−"),
      el("button", { type: "button", id: "sammler-fit", onclick: overview }, "⤢"));
    stage.append(canvas, tooltip, zoom);
    panel = el("div", { class: "sammler-panel" });
    root.append(stage, panel);
    container.replaceChildren(root);
    ctx = canvas.getContext("2d");
    bindInput();
    new ResizeObserver(() => { resize(); }).observe(stage);
    resize();
    loadArt();
    const loop = () => {
      raf = requestAnimationFrame(loop);
      if (dirty || floaters.length || dropAnim) draw();
    };
    raf = requestAnimationFrame(loop);
  }

  function unmount() {
    cancelAnimationFrame(raf);
    clearTimeout(longPress);
    window.removeEventListener("keydown", onKey);
    api = null;
  }

  function resize() {
    const rect = canvas.parentElement.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(rect.width * dpr));
    canvas.height = Math.max(1, Math.round(rect.height * dpr));
    canvas.style.width = rect.width + "px";
    canvas.style.height = rect.height + "px";
    if (focused) focus();
    else if (!userMovedCamera) fit();
    dirty = true;
  }

  // ---- camera ---------------------------------------------------------------------

  function cssSize() {
    return [canvas.clientWidth || 1, canvas.clientHeight || 1];
  }

  function worldToScreen(wx, wy) {
    const [w, h] = cssSize();
    return [(wx - camera.x) * camera.scale + w / 2, (wy - camera.y) * camera.scale + h / 2];
  }

  function screenToWorld(sx, sy) {
    const [w, h] = cssSize();
    return [(sx - w / 2) / camera.scale + camera.x, (sy - h / 2) / camera.scale + camera.y];
  }

  // A phone (or a narrow board) gets tiles no smaller than this; a wider board pans instead.
  const touchy = () => coarse() || cssSize()[0] < 700;
  const minTile = () => (touchy() ? 48 : 28);

  // The board's cells and the spots for the tile: [minX, minY, maxX, maxY] in cells.
  function boardBounds() {
    const cells = view.tiles.map((t) => [t.x, t.y]);
    for (const a of legalPlacements()) cells.push([a.x, a.y]);
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const [x, y] of cells) {
      minX = Math.min(minX, x); minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + 1); maxY = Math.max(maxY, y + 1);
    }
    return [minX, minY, maxX, maxY];
  }

  // The whole board, its tiles at least minTile() large; `overview` (the fit button) shows all
  // of it however small. When it does not fit, the camera goes where most spots are in view.
  function fit(overview = false) {
    if (!view) return;
    const [minX, minY, maxX, maxY] = boardBounds();
    const [w, h] = cssSize();
    // a margin on both sides as wide as the zoom buttons, so they cover no spot
    const whole = Math.min(140, (w - 100) / (maxX - minX), w / (maxX - minX + 0.6), h / (maxY - minY + 0.6));
    const least = overview ? 12 : minTile();
    camera.scale = Math.max(least, whole);
    [camera.x, camera.y] = whole >= least ? [(minX + maxX) / 2, (minY + maxY) / 2] : bestCentre();
    if (whole < least) {
      // along a side where the board is longer than the canvas, no empty margin beyond its edge;
      // along a side where it fits, the board in the middle
      const halfW = w / 2 / camera.scale, halfH = h / 2 / camera.scale, edge = 0.3;
      camera.x = maxX - minX + 2 * edge > 2 * halfW ? Math.min(maxX + edge - halfW, Math.max(minX - edge + halfW, camera.x)) : (minX + maxX) / 2;
      camera.y = maxY - minY + 2 * edge > 2 * halfH ? Math.min(maxY + edge - halfH, Math.max(minY - edge + halfH, camera.y)) : (minY + maxY) / 2;
    }
    dirty = true;
  }

  // The legal spots (any turn of the tile), one a cell.
  function spotCells() {
    const seen = new Map();
    for (const a of legalPlacements()) seen.set(`${a.x},${a.y}`, [a.x, a.y]);
    return [...seen.values()];
  }

  // The cell (x, y) lies wholly on the canvas, clear of the zoom buttons' column.
  function cellInView(x, y, cam = camera) {
    const [w, h] = cssSize();
    const left = (x - cam.x) * cam.scale + w / 2, top = (y - cam.y) * cam.scale + h / 2;
    return left >= 0 && top >= 0 && left + cam.scale <= w - 50 && top + cam.scale <= h;
  }

  // Where to look when the board is larger than the canvas: the centre that shows the most
  // spots for the tile, nearest the tile placed last when several show as many.
  function bestCentre() {
    const spots = spotCells();
    const last = view.last_placed || { x: 0, y: 0 };
    const shift = 25 / camera.scale;  // the zoom buttons' column stays free: look a little right
    if (!spots.length) return [last.x + 0.5 + shift, last.y + 0.5];
    let best = null;
    for (const [cx, cy] of [[last.x, last.y], ...spots]) {
      const cam = { x: cx + 0.5 + shift, y: cy + 0.5, scale: camera.scale };
      const seen = spots.filter(([x, y]) => cellInView(x, y, cam)).length;
      const away = Math.hypot(cx - last.x, cy - last.y);
      if (!best || seen > best.seen || (seen === best.seen && away < best.away)) best = { seen, away, at: [cam.x, cam.y] };
    }
    return best.at;
  }

  // Spots for the tile whose middle is off the canvas: an arrow at the edge points to them, one
  // for each of eight directions with their number; a tap on it brings the nearest into view.
  function arrows() {
    if (!view || view.phase !== "tile" || !isMyTurn()) return [];
    const [w, h] = cssSize();
    const r = touchy() ? 17 : 14, inset = r + 4;
    const zoom = root.querySelector(".sammler-zoom").getBoundingClientRect();
    const stage = canvas.getBoundingClientRect();
    const zoomLeft = zoom.left - stage.left - r, zoomBottom = zoom.bottom - stage.top + r;
    const cx = w / 2, cy = h / 2;
    const found = [];
    for (const [x, y] of spotCells()) {
      const [px, py] = worldToScreen(x + 0.5, y + 0.5);
      if (px >= 0 && py >= 0 && px <= w && py <= h && !(px > zoomLeft + r && py < zoomBottom - r)) continue;
      const dx = px - cx, dy = py - cy;
      // where the line from the middle to the spot leaves the inset frame
      const k = Math.min(Math.abs(dx) > 0.01 ? (cx - inset) / Math.abs(dx) : Infinity,
                         Math.abs(dy) > 0.01 ? (cy - inset) / Math.abs(dy) : Infinity, 1);
      let sx = cx + dx * k, sy = cy + dy * k;
      if (sx > zoomLeft && sy < zoomBottom) sy = zoomBottom;  // not under the zoom buttons
      found.push({ sx, sy, angle: Math.atan2(dy, dx), cell: [x, y], far: Math.hypot(dx, dy), n: 1, r });
    }
    found.sort((a, b) => a.far - b.far || a.cell[0] - b.cell[0] || a.cell[1] - b.cell[1]);
    const shown = [];
    for (const a of found) {
      const d = (Math.round(a.angle / (Math.PI / 4)) + 8) % 8;
      const same = shown.find((m) => m.d === d || Math.hypot(m.sx - a.sx, m.sy - a.sy) < 2 * r + 8);
      if (same) same.n++;
      else shown.push({ ...a, d });
    }
    return shown;
  }

  function lookAt([x, y]) {
    camera.x = x + 0.5;
    camera.y = y + 0.5;
    userMovedCamera = true;
    dirty = true;
  }

  // Dragging keeps some of the board on the canvas.
  function clampCamera() {
    if (!view) return;
    const [minX, minY, maxX, maxY] = boardBounds();
    camera.x = Math.min(maxX, Math.max(minX, camera.x));
    camera.y = Math.min(maxY, Math.max(minY, camera.y));
  }

  // The fit button: all of the board, however small; the next turn brings the usual view back.
  function overview() {
    userMovedCamera = false;
    focused = null;
    fit(true);
  }

  function zoomBy(factor, sx, sy) {
    const [w, h] = cssSize();
    sx = sx ?? w / 2; sy = sy ?? h / 2;
    const [wx, wy] = screenToWorld(sx, sy);
    camera.scale = Math.max(12, Math.min(320, camera.scale * factor));
    const [nx, ny] = screenToWorld(sx, sy);
    camera.x += wx - nx;
    camera.y += wy - ny;
    userMovedCamera = true;
    dirty = true;
  }

  // ---- the view -------------------------------------------------------------------

  function legalPlacements() {
    return (view && view.legal ? view.legal : []).filter((a) => a.type === "place_tile");
  }

  function figureActions() {
    return (view && view.legal ? view.legal : []).filter((a) => a.type === "place_figure");
  }

  function alias(type, r) {
    const list = geometry && geometry.rotation_aliases[type];
    return list ? list[r] : r;
  }

  function legalAt(x, y, r) {
    const want = alias(view.tile_to_place, r);
    return legalPlacements().some((a) => a.x === x && a.y === y && a.rotation === want);
  }

  function rotationsAt(x, y) {
    const rs = [];
    for (let r = 0; r < 4; r++) if (legalAt(x, y, r)) rs.push(r);
    return rs;
  }

  function update(newView) {
    const previous = view;
    view = newView;
    const changed = !previous || previous.state_id !== view.state_id;
    if (changed) {
      hinted = null;
      hideTooltip();  // the computer's move or ours: an old explanation would cover the board
      hoverZone = null;
      tooltipOff = null;
    }
    if (!previous || previous.tile_to_place !== view.tile_to_place || previous.state_id > view.state_id) {
      pending = null;
      if (!previous || previous.tile_to_place !== view.tile_to_place) rot = firstLegalRotation();
    }
    if (pending && !legalAt(pending.x, pending.y, pending.rotation)) pending = null;
    const last = view.last_placed;
    const key = last ? `${last.x},${last.y},${view.tiles.length}` : null;
    if (key && key !== lastPlacedAt) {
      if (lastPlacedAt !== null) dropAnim = { x: last.x, y: last.y, start: performance.now() };
      lastPlacedAt = key;
    }
    const figureStep = view.phase === "figure" && isMyTurn() && last;
    if (figureStep) {
      if (!focused || focused.x !== last.x || focused.y !== last.y) { focused = { x: last.x, y: last.y }; focus(); }
    } else {
      focused = null;
      // a camera the player moved stays, unless it shows none of the spots for a new tile
      const lost = changed && isMyTurn() && !spotCells().some(([x, y]) => cellInView(x, y));
      if (lost) userMovedCamera = false;
      if (!userMovedCamera || !previous) fit();
    }
    renderPanel();
    dirty = true;
    if (changed && isMyTurn()) requestAnimationFrame(scrollToDecision);
  }

  // The figure step: the placed tile in the middle with its neighbours around it; closer only
  // as far as its choices need to cover no more than a quarter of the tile (k circles of
  // radius r: k·π·r² ≤ s²/4), and never so close that the neighbours are gone.
  function focus() {
    if (!focused) return;
    const [w, h] = cssSize();
    const choices = figureActions().length;
    const near = Math.min(w / 3.2, h / 3.2, 200), closest = Math.max(near, Math.min(w / 2.2, h / 2.2, 260));
    camera.scale = Math.min(closest, Math.max(near, markerBase() * Math.sqrt(4 * Math.PI * choices)));
    camera.x = focused.x + 0.5;
    camera.y = focused.y + 0.5;
    dirty = true;
  }

  // On a small screen the board and the buttons of the decision come into view.
  function scrollToDecision() {
    if (!root || !root.isConnected) return;
    const top = root.getBoundingClientRect().top;
    const controls = panel.querySelector(".sammler-controls") || canvas;
    const bottom = controls.getBoundingClientRect().bottom;
    if (top < 0 || bottom > window.innerHeight) window.scrollBy({ top: top - 4, behavior: "instant" });
  }

  function firstLegalRotation() {
    const rotations = new Set(legalPlacements().map((a) => a.rotation));
    for (let r = 0; r < 4; r++) if (rotations.has(alias(view.tile_to_place, r))) return r;
    return 0;
  }

  function onEvents(events) {
    const now = performance.now();
    for (const e of events) {
      if (e.type === "score") {
        for (const p of e.players) {
          floaters.push({ x: e.x + 0.5, y: e.y + 0.3, text: `+${e.points}`, colour: api.colours[p], start: now });
        }
      }
    }
  }

  // ---- input ----------------------------------------------------------------------

  function bindInput() {
    canvas.addEventListener("pointerdown", (ev) => {
      try { canvas.setPointerCapture(ev.pointerId); } catch { /* a pointer already gone */ }
      pointers.set(ev.pointerId, [ev.offsetX, ev.offsetY]);
      // a click or touch puts the explanation away: it must not cover a spot to choose
      hideTooltip();
      clearTimeout(longPress);
      if (pointers.size === 1) {
        drag = { x: ev.offsetX, y: ev.offsetY, moved: false, cam: { ...camera }, explained: false };
        if (ev.pointerType !== "mouse") {
          // long press on a zone: say what it is worth, and do not count it as a tap
          const d = drag;
          longPress = setTimeout(() => {
            if (drag !== d || d.moved) return;
            d.explained = true;
            hover(d.x, d.y, true);
          }, 450);
        }
      } else drag = null;
    });
    canvas.addEventListener("pointermove", (ev) => {
      const prev = pointers.get(ev.pointerId);
      if (pointers.size === 2 && prev) {
        const [other] = [...pointers.entries()].filter(([id]) => id !== ev.pointerId).map(([, p]) => p);
        const before = Math.hypot(prev[0] - other[0], prev[1] - other[1]);
        const after = Math.hypot(ev.offsetX - other[0], ev.offsetY - other[1]);
        pointers.set(ev.pointerId, [ev.offsetX, ev.offsetY]);
        if (before > 0) zoomBy(after / before, (ev.offsetX + other[0]) / 2, (ev.offsetY + other[1]) / 2);
        return;
      }
      if (prev) pointers.set(ev.pointerId, [ev.offsetX, ev.offsetY]);
      if (drag && prev) {
        const dx = ev.offsetX - drag.x, dy = ev.offsetY - drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 5) { drag.moved = true; clearTimeout(longPress); }
        if (drag.moved) {
          camera.x = drag.cam.x - dx / camera.scale;
          camera.y = drag.cam.y - dy / camera.scale;
          clampCamera();
          userMovedCamera = true;
          dirty = true;
        }
        return;
      }
      if (ev.pointerType === "mouse") hover(ev.offsetX, ev.offsetY);
    });
    const end = (ev) => {
      clearTimeout(longPress);
      const wasDrag = drag && (drag.moved || drag.explained);
      const single = pointers.size === 1;
      pointers.delete(ev.pointerId);
      if (ev.type === "pointerup" && single && !wasDrag) {
        hideTooltip();
        tooltipOff = hoverZone;  // stays away until the pointer moves to another zone
        click(ev.offsetX, ev.offsetY);
      }
      drag = null;
    };
    canvas.addEventListener("pointerup", end);
    canvas.addEventListener("pointercancel", end);
    canvas.addEventListener("pointerleave", (ev) => {
      if (ev.pointerType !== "mouse") return;  // a lifted finger leaves too: a long-press text stays
      hoverCell = null; hoverZone = null; hideTooltip(); dirty = true;
    });
    canvas.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      zoomBy(Math.exp(-ev.deltaY * 0.0015), ev.offsetX, ev.offsetY);
    }, { passive: false });
    window.addEventListener("keydown", onKey);
  }

  function onKey(ev) {
    if (!api || !view || ev.target.closest("input, select, textarea")) return;
    if (ev.key === "r" || ev.key === "R" || ev.key === "e") rotate(ev.shiftKey ? -1 : 1);
    else if (ev.key === "q") rotate(-1);
    else if (ev.key === "Enter" && pending) confirm();
    else if (ev.key === "Escape" && pending) cancel();
    else if (ev.key === "f") overview();
    else return;
    ev.preventDefault();
  }

  function cellAt(sx, sy) {
    const [wx, wy] = screenToWorld(sx, sy);
    const x = Math.floor(wx), y = Math.floor(wy);
    return { x, y, lx: (wx - x) * TILE, ly: (wy - y) * TILE };
  }

  function tileAt(x, y) {
    return view.tiles.find((t) => t.x === x && t.y === y);
  }

  function zoneAt(tile, lx, ly) {
    const g = geometry && geometry.types[tile.type];
    if (!g) return null;
    const [px, py] = unrotatePoint(lx, ly, tile.rotation);
    for (const lake of g.lakes) if (Math.hypot(px - lake.x, py - lake.y) <= lake.r + 2) return lake.zone;
    for (const r of g.rivers) if (distToPolyline(r.points, px, py) <= 7) return r.zone;
    for (const f of g.forests) if (insidePoly(f.points, px, py)) return f.zone;
    const meadows = g.zones.filter((z) => z.kind === "meadow");
    for (const m of meadows) {
      if (!g.seg_zone.includes(m.id) && Math.hypot(px - g.anchors[m.id][0], py - g.anchors[m.id][1]) < 16) return m.id;
    }
    const dx = px - 50, dy = py - 50;
    const side = Math.abs(dy) >= Math.abs(dx) ? (dy < 0 ? 0 : 2) : (dx > 0 ? 1 : 3);
    const [[ax, ay], [bx, by]] = SIDE_ENDS[side];
    const t = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / 10000;
    const zone = g.seg_zone[side * 3 + Math.min(2, Math.max(0, Math.floor(t * 3)))];
    if (meadows.some((m) => m.id === zone)) return zone;
    let best = null, bestD = Infinity;
    for (const m of meadows) {
      const d = Math.hypot(px - g.anchors[m.id][0], py - g.anchors[m.id][1]);
      if (d < bestD) { best = m.id; bestD = d; }
    }
    return best;
  }

  function featureOf(x, y, zone) {
    if (!view) return null;
    const matches = view.features.filter((f) => f.zones.some(([zx, zy, zid]) => zx === x && zy === y && zid === zone));
    return matches.find((f) => f.kind !== "river_system") || matches[0] || null;
  }

  function hover(sx, sy, force = false) {
    const c = cellAt(sx, sy);
    const tile = view && tileAt(c.x, c.y);
    let newZone = null;
    if (tile) {
      const zone = zoneAt(tile, c.lx, c.ly);
      if (zone) newZone = { x: c.x, y: c.y, zone };
    }
    const cellChanged = !hoverCell || hoverCell.x !== c.x || hoverCell.y !== c.y;
    const zoneChanged = JSON.stringify(newZone) !== JSON.stringify(hoverZone);
    hoverCell = { x: c.x, y: c.y };
    hoverZone = newZone;
    if (zoneChanged || force) {
      if (force || JSON.stringify(newZone) !== JSON.stringify(tooltipOff)) { tooltipOff = null; showTooltip(sx, sy); }
      else hideTooltip();
    } else if (hoverZone && !tooltip.hidden) moveTooltip(sx, sy);
    if (cellChanged || zoneChanged) dirty = true;
  }

  function describeFeature(f) {
    const lang = api.lang();
    const t = text(lang);
    const owners = f.owners.length ? join(f.owners.map((p) => api.names[p]), lang) : t.nobody;
    const lines = [];
    const points = count(f.value, "point", lang);
    if (f.kind === "forest" || f.kind === "river") {
      lines.push(`${t.kinds[f.kind]} · ${f.complete ? t.complete : t.open}`, contents(f, lang),
                 `${t.worth(points)} (${f.kind === "forest" ? t.forestRule : t.riverRule})`);
      if (f.kind === "forest" && f.gold) lines.push(t.goldRule);
    } else if (f.kind === "meadow") {
      lines.push(t.kinds.meadow, contents(f, lang), `${t.worthEnd(points)} (${t.meadowRule})`);
    } else {
      lines.push(t.kinds.river_system, contents(f, lang), t.systemRule);
    }
    lines.push(`${t.holder[f.kind]}: ${owners}`);
    if (f.kind === "river") {
      // huts belong to the whole river system, through lakes
      const system = view.features.find((g) => g.kind === "river_system" && g.id === f.system);
      if (system) {
        const huts = system.owners.length ? join(system.owners.map((p) => api.names[p]), lang) : t.nobody;
        lines.push(`${t.kinds.river_system}: ${contents(system, lang)} · ${t.holder.river_system}: ${huts}`);
      }
    }
    return lines.join("\n");
  }

  function showTooltip(sx, sy) {
    const f = hoverZone && featureOf(hoverZone.x, hoverZone.y, hoverZone.zone);
    if (!f) { hideTooltip(); return; }
    tooltip.textContent = describeFeature(f);
    tooltip.dataset.feature = f.kind;
    tooltip.hidden = false;
    moveTooltip(sx, sy);
  }

  function hideTooltip() {
    if (tooltip) tooltip.hidden = true;
  }

  function moveTooltip(sx, sy) {
    // inside the stage: right of and below the pointer, or left of / above it near an edge
    const [w, h] = cssSize();
    const tw = tooltip.offsetWidth, th = tooltip.offsetHeight;
    let left = sx + 14, top = sy + 18;
    if (left + tw > w - 4) left = Math.max(4, sx - 14 - tw);
    if (top + th > h - 4) top = Math.max(4, sy - 18 - th);
    tooltip.style.left = left + "px";
    tooltip.style.top = top + "px";
  }

  function click(sx, sy) {
    if (!view || !isMyTurn()) return;
    const c = cellAt(sx, sy);
    const arrow = view.phase === "tile" && arrows().find((a) => Math.hypot(a.sx - sx, a.sy - sy) <= a.r + 4);
    if (arrow) { lookAt(arrow.cell); return; }
    if (view.phase === "tile") {
      if (legalAt(c.x, c.y, rot)) {
        pending = { x: c.x, y: c.y, rotation: rot };
      } else {
        const rotations = rotationsAt(c.x, c.y);
        if (rotations.length) {
          rot = rotations[0];
          pending = { x: c.x, y: c.y, rotation: rot };
        } else {
          api.message(tx().noFit);
          return;
        }
      }
      api.message("");
      renderPanel();
      dirty = true;
      return;
    }
    if (view.phase === "figure") {
      const marker = markers().find((m) => Math.hypot(m.sx - sx, m.sy - sy) <= m.r + 2);
      if (marker) api.act(marker.action);
    }
  }

  function isMyTurn() {
    return view && view.legal && view.legal.length && view.seat === view.current_seat;
  }

  function rotate(dir) {
    if (!view || !view.tile_to_place) return;
    rot = (rot + dir + 4) % 4;
    if (pending) {
      if (legalAt(pending.x, pending.y, rot)) pending.rotation = rot;
      else pending = null;
    }
    renderPanel();
    dirty = true;
  }

  function confirm() {
    if (!pending) return;
    const action = { type: "place_tile", x: pending.x, y: pending.y, rotation: alias(view.tile_to_place, pending.rotation) };
    pending = null;
    api.act(action);
  }

  function cancel() {
    pending = null;
    renderPanel();
    dirty = true;
  }

  // ---- figures --------------------------------------------------------------------

  function anchorOf(tile, zone) {
    const g = geometry.types[tile.type];
    const [ax, ay] = g.anchors[zone] || [50, 50];
    return rotatePoint(ax, ay, tile.rotation);
  }

  // A figure choice is a circle this large (a finger's width on a touch screen) ...
  const markerBase = () => (touchy() ? 17 : 15);
  const markerRadius = () => Math.max(markerBase(), Math.min(22, camera.scale * 0.09));
  // ... and two of them keep this far apart, centre to centre.
  const markerGap = () => 2 * markerRadius() + 4;

  let markerCache = { key: "", list: [] };

  // The figure choices on the placed tile: each at its zone's anchor, choices of one zone side
  // by side; where they would touch they push apart inside the tile, and when that leaves any
  // two touching, they take places of a honeycomb over the tile and around it, each the free
  // place nearest its zone. They never overlap.
  function markers() {
    if (!view || view.phase !== "figure" || !geometry) return [];
    const key = `${view.state_id}|${camera.x}|${camera.y}|${camera.scale}|${cssSize()}`;
    if (markerCache.key === key) return markerCache.list;
    const last = view.last_placed;
    const tile = tileAt(last.x, last.y);
    const byZone = new Map();
    for (const a of figureActions()) {
      if (!byZone.has(a.zone)) byZone.set(a.zone, []);
      byZone.get(a.zone).push(a);
    }
    const r = markerRadius(), gap = markerGap();
    const result = [];
    for (const [zone, actions] of byZone) {
      const [lx, ly] = anchorOf(tile, zone);
      const [ax, ay] = worldToScreen(tile.x + lx / TILE, tile.y + ly / TILE);
      actions.forEach((action, i) => {
        const off = (i - (actions.length - 1) / 2) * gap;
        result.push({ action, sx: ax + off, sy: ay, ax, ay, r });
      });
    }
    const [x0, y0] = worldToScreen(tile.x, tile.y);
    pushApart(result, gap, [x0 + r + 2, y0 + r + 2, x0 + camera.scale - r - 2, y0 + camera.scale - r - 2]);
    if (touching(result, gap)) honeycomb(result, gap + 6, [x0, y0, camera.scale]);
    markerCache = { key, list: result };
    return result;
  }

  function touching(list, gap) {
    return list.some((a, i) => list.slice(i + 1).some((b) => Math.hypot(a.sx - b.sx, a.sy - b.sy) < gap - 0.5));
  }

  // Choices closer than gap push each other apart, kept inside the box [left, top, right, bottom].
  function pushApart(list, gap, [left, top, right, bottom]) {
    for (let round = 0; round < 40; round++) {
      let moved = false;
      for (let i = 0; i < list.length; i++) {
        for (let j = i + 1; j < list.length; j++) {
          const a = list[i], b = list[j];
          let dx = b.sx - a.sx, dy = b.sy - a.sy;
          let d = Math.hypot(dx, dy);
          if (d >= gap) continue;
          if (d < 0.01) { dx = Math.cos(j * 2.4); dy = Math.sin(j * 2.4); d = 1; }
          const push = (gap - d) / 2 + 0.5;
          a.sx -= (dx / d) * push; a.sy -= (dy / d) * push;
          b.sx += (dx / d) * push; b.sy += (dy / d) * push;
          moved = true;
        }
      }
      for (const m of list) {
        m.sx = Math.min(right, Math.max(left, m.sx));
        m.sy = Math.min(bottom, Math.max(top, m.sy));
      }
      if (!moved) break;
    }
  }

  // Places gap apart in rows (a honeycomb) centred on the tile, over it and as far around it as
  // the choices need, on the canvas and clear of the zoom buttons; the nearest pairs of a choice's
  // anchor and a free place are taken first.
  function honeycomb(list, gap, [x0, y0, size]) {
    const [w, h] = cssSize();
    const r = list[0].r;
    const zoom = root.querySelector(".sammler-zoom").getBoundingClientRect();
    const stage = canvas.getBoundingClientRect();
    const underButtons = (x, y) => x + r > zoom.left - stage.left && y - r < zoom.bottom - stage.top;
    const cx = x0 + size / 2, cy = y0 + size / 2, dy = gap * Math.sqrt(3) / 2;
    const far = Math.max(w, h);  // at the most the whole canvas
    for (let spill = 0; size / 2 + spill <= far + size; spill += Math.max(size, gap) / 4) {
      const places = [];
      const half = size / 2 + spill;
      for (let row = -Math.ceil(half / dy); row <= Math.ceil(half / dy); row++) {
        const shift = Math.abs(row) % 2 ? gap / 2 : 0;
        for (let col = -Math.ceil(half / gap) - 1; col <= Math.ceil(half / gap) + 1; col++) {
          const x = cx + col * gap + shift, y = cy + row * dy;
          if (Math.abs(x - cx) > half || Math.abs(y - cy) > half) continue;
          if (x < r + 2 || y < r + 2 || x > w - r - 2 || y > h - r - 2 || underButtons(x, y)) continue;
          places.push([x, y]);
        }
      }
      if (places.length < list.length) continue;
      const pairs = [];
      list.forEach((m, i) => places.forEach(([x, y], j) => pairs.push([Math.hypot(x - m.ax, y - m.ay), i, j])));
      pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
      const placed = new Set(), taken = new Set();
      for (const [, i, j] of pairs) {
        if (placed.has(i) || taken.has(j)) continue;
        [list[i].sx, list[i].sy] = places[j];
        placed.add(i); taken.add(j);
      }
      return;
    }
  }

  // ---- drawing --------------------------------------------------------------------

  function draw() {
    const t0 = performance.now();
    dirty = false;
    const dpr = window.devicePixelRatio || 1;
    const [w, h] = cssSize();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = "#e9dfcc";
    ctx.fillRect(0, 0, w, h);
    if (!view) return;
    drawGrid(w, h);
    const s = camera.scale;
    const now = performance.now();
    for (const t of view.tiles) {
      let scale = 1;
      if (dropAnim && dropAnim.x === t.x && dropAnim.y === t.y) {
        const p = Math.min(1, (now - dropAnim.start) / 300);
        scale = 1.12 - 0.12 * p;
        if (p >= 1) dropAnim = null;
      }
      drawTile(t.type, t.x, t.y, t.rotation, 1, scale);
    }
    if (view.last_placed) {
      const [x, y] = worldToScreen(view.last_placed.x, view.last_placed.y);
      ctx.strokeStyle = "#ff7b00";
      ctx.lineWidth = Math.max(3, Math.min(6, s * 0.05));
      ctx.strokeRect(x + 1.5, y + 1.5, s - 3, s - 3);
    }
    if (hoverZone) drawFeatureHighlight(featureOf(hoverZone.x, hoverZone.y, hoverZone.zone));
    drawFigures();
    if (isMyTurn() && view.phase === "tile") { drawPlacementHints(); drawArrows(); }
    if (isMyTurn() && view.phase === "figure") drawMarkers();
    drawFloaters(now);
    frameTimes.push(performance.now() - t0);
    if (frameTimes.length > 2000) frameTimes = frameTimes.slice(-1000);
  }

  function drawGrid(w, h) {
    const s = camera.scale;
    if (s < 20) return;
    const [x0, y0] = screenToWorld(0, 0);
    const [x1, y1] = screenToWorld(w, h);
    ctx.strokeStyle = "#00000010";
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = Math.floor(x0); x <= x1; x++) {
      const [sx] = worldToScreen(x, 0);
      ctx.moveTo(sx, 0); ctx.lineTo(sx, h);
    }
    for (let y = Math.floor(y0); y <= y1; y++) {
      const [, sy] = worldToScreen(0, y);
      ctx.moveTo(0, sy); ctx.lineTo(w, sy);
    }
    ctx.stroke();
  }

  function drawTile(type, x, y, rotation, alpha, scale = 1) {
    const s = camera.scale;
    const [sx, sy] = worldToScreen(x, y);
    const [w, h] = cssSize();
    if (sx > w || sy > h || sx + s < 0 || sy + s < 0) return;
    const img = images.get(type);
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.translate(sx + s / 2, sy + s / 2);
    ctx.rotate((rotation * Math.PI) / 2);
    ctx.scale(scale, scale);
    if (img) ctx.drawImage(img, -s / 2, -s / 2, s, s);
    else { ctx.fillStyle = "#a9cf6e"; ctx.fillRect(-s / 2, -s / 2, s, s); }
    ctx.restore();
  }

  function drawPlacementHints() {
    const s = camera.scale;
    const want = alias(view.tile_to_place, rot);
    ctx.lineWidth = 2;
    for (const a of legalPlacements()) {
      const [sx, sy] = worldToScreen(a.x, a.y);
      if (a.rotation === want) {
        ctx.fillStyle = "#3fae4a33";
        ctx.fillRect(sx + 2, sy + 2, s - 4, s - 4);
        ctx.strokeStyle = "#2f8a3a";
        ctx.setLineDash([6, 4]);
        ctx.strokeRect(sx + 2, sy + 2, s - 4, s - 4);
        ctx.setLineDash([]);
      } else {
        ctx.strokeStyle = "#2f8a3a55";
        ctx.setLineDash([2, 5]);
        ctx.strokeRect(sx + 4, sy + 4, s - 8, s - 8);
        ctx.setLineDash([]);
      }
    }
    if (pending) {
      drawTile(view.tile_to_place, pending.x, pending.y, pending.rotation, 1);
      const [sx, sy] = worldToScreen(pending.x, pending.y);
      ctx.strokeStyle = "#1f5fbf";
      ctx.lineWidth = 4;
      ctx.strokeRect(sx + 2, sy + 2, s - 4, s - 4);
    } else if (hoverCell && legalAt(hoverCell.x, hoverCell.y, rot)) {
      drawTile(view.tile_to_place, hoverCell.x, hoverCell.y, rot, 0.6);
    }
  }

  function drawArrows() {
    for (const a of arrows()) {
      ctx.save();
      ctx.translate(a.sx, a.sy);
      ctx.beginPath();
      ctx.arc(0, 0, a.r, 0, Math.PI * 2);
      ctx.fillStyle = "#2f8a3ae6";
      ctx.fill();
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.rotate(a.angle);
      ctx.beginPath();  // an arrow: shaft and head
      ctx.moveTo(-a.r * 0.55, 0);
      ctx.lineTo(a.r * 0.55, 0);
      ctx.moveTo(a.r * 0.1, -a.r * 0.45);
      ctx.lineTo(a.r * 0.58, 0);
      ctx.lineTo(a.r * 0.1, a.r * 0.45);
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = 3;
      ctx.lineCap = ctx.lineJoin = "round";
      ctx.stroke();
      ctx.restore();
      if (a.n > 1) {
        ctx.font = `bold ${Math.round(a.r * 0.7)}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        const bx = a.sx + a.r * 0.75, by = a.sy - a.r * 0.75;
        ctx.beginPath();
        ctx.arc(bx, by, a.r * 0.5, 0, Math.PI * 2);
        ctx.fillStyle = "#fff";
        ctx.fill();
        ctx.fillStyle = "#1d5a25";
        ctx.fillText(String(a.n), bx, by + 0.5);
        ctx.textBaseline = "alphabetic";
      }
    }
  }

  function zonePath(tileView, zone) {
    const g = geometry.types[tileView.type];
    const toScreen = (px, py) => {
      const [rx, ry] = rotatePoint(px, py, tileView.rotation);
      return worldToScreen(tileView.x + rx / TILE, tileView.y + ry / TILE);
    };
    const kind = g.zones.find((z) => z.id === zone)?.kind;
    const path = new Path2D();
    let stroke = 0;
    if (kind === "forest") {
      const poly = g.forests.find((f) => f.zone === zone).points;
      poly.forEach(([px, py], i) => { const [a, b] = toScreen(px, py); i ? path.lineTo(a, b) : path.moveTo(a, b); });
      path.closePath();
    } else if (kind === "river") {
      const pts = g.rivers.find((r) => r.zone === zone).points;
      pts.forEach(([px, py], i) => { const [a, b] = toScreen(px, py); i ? path.lineTo(a, b) : path.moveTo(a, b); });
      stroke = camera.scale * 0.14;
    } else if (kind === "lake") {
      const lake = g.lakes.find((l) => l.zone === zone);
      const [a, b] = toScreen(lake.x, lake.y);
      path.arc(a, b, (lake.r / TILE) * camera.scale, 0, Math.PI * 2);
    } else {
      g.seg_zone.forEach((zid, seg) => {
        if (zid !== zone) return;
        wedge(seg).forEach(([px, py], i) => { const [a, b] = toScreen(px, py); i ? path.lineTo(a, b) : path.moveTo(a, b); });
        path.closePath();
      });
      if (!g.seg_zone.includes(zone)) {
        const [a, b] = toScreen(...g.anchors[zone]);
        path.arc(a, b, camera.scale * 0.16, 0, Math.PI * 2);
      }
    }
    return { path, stroke };
  }

  function drawFeatureHighlight(f) {
    if (!f) return;
    ctx.save();
    const colour = f.complete ? "#ffd23acc" : "#fff27a99";
    for (const [x, y, zone] of f.zones) {
      const tileView = tileAt(x, y);
      if (!tileView) continue;
      const { path, stroke } = zonePath(tileView, zone);
      if (stroke) {
        ctx.strokeStyle = colour;
        ctx.lineWidth = stroke;
        ctx.lineCap = "round";
        ctx.stroke(path);
      } else {
        ctx.fillStyle = colour;
        ctx.fill(path);
      }
    }
    ctx.restore();
  }

  function drawShape(shape, x, y, r) {
    ctx.beginPath();
    if (shape === "circle") ctx.arc(x, y, r, 0, Math.PI * 2);
    else if (shape === "square") ctx.rect(x - r, y - r, 2 * r, 2 * r);
    else if (shape === "triangle") { ctx.moveTo(x, y - r * 1.15); ctx.lineTo(x + r * 1.1, y + r * 0.85); ctx.lineTo(x - r * 1.1, y + r * 0.85); ctx.closePath(); }
    else if (shape === "diamond") { ctx.moveTo(x, y - r * 1.25); ctx.lineTo(x + r * 1.1, y); ctx.lineTo(x, y + r * 1.25); ctx.lineTo(x - r * 1.1, y); ctx.closePath(); }
    else {
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5, rr = i % 2 ? r * 0.5 : r * 1.2;
        i ? ctx.lineTo(x + rr * Math.cos(a), y + rr * Math.sin(a)) : ctx.moveTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
      }
      ctx.closePath();
    }
  }

  function meeple(x, y, size, colour, lying) {
    ctx.save();
    ctx.translate(x, y);
    if (lying) ctx.rotate(Math.PI / 2);
    const u = size / 20;
    ctx.beginPath();
    ctx.moveTo(-9 * u, 10 * u);
    ctx.lineTo(-3 * u, 1 * u);
    ctx.lineTo(-9 * u, -2 * u);
    ctx.quadraticCurveTo(-9 * u, -6 * u, -4 * u, -5 * u);
    ctx.arc(0, -6 * u, 4 * u, Math.PI * 0.9, Math.PI * 0.1);
    ctx.quadraticCurveTo(9 * u, -6 * u, 9 * u, -2 * u);
    ctx.lineTo(3 * u, 1 * u);
    ctx.lineTo(9 * u, 10 * u);
    ctx.lineTo(2 * u, 10 * u);
    ctx.lineTo(0, 5 * u);
    ctx.lineTo(-2 * u, 10 * u);
    fillOutlined(colour, u);
    ctx.restore();
  }

  function hut(x, y, size, colour) {
    const u = size / 20;
    ctx.beginPath();
    ctx.moveTo(x - 9 * u, y + 8 * u);
    ctx.lineTo(x - 9 * u, y - 1 * u);
    ctx.lineTo(x, y - 10 * u);
    ctx.lineTo(x + 9 * u, y - 1 * u);
    ctx.lineTo(x + 9 * u, y + 8 * u);
    fillOutlined(colour, u);
  }

  // a figure's body: the player's colour with a dark outline
  function fillOutlined(colour, u) {
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.strokeStyle = "#111";
    ctx.lineWidth = Math.max(1, u * 1.2);
    ctx.fill();
    ctx.stroke();
  }

  function drawFigure(kind, owner, sx, sy, size) {
    const colour = api.colours[owner];
    if (kind === "hut") hut(sx, sy, size, colour);
    else meeple(sx, sy, size, colour, kind === "hunter");
    ctx.fillStyle = owner === 2 ? "#111" : "#fff";
    drawShape(PLAYER_SHAPES[owner], sx, sy + (kind === "hut" ? size * 0.1 : 0), size * 0.13);
    ctx.fill();
  }

  function drawFigures() {
    if (!geometry) return;
    const size = Math.max(14, camera.scale * 0.3);
    for (const f of view.figures) {
      const tileView = tileAt(f.x, f.y);
      if (!tileView) continue;
      const [lx, ly] = anchorOf(tileView, f.zone);
      const [sx, sy] = worldToScreen(f.x + lx / TILE, f.y + ly / TILE);
      drawFigure(f.kind, f.owner, sx, sy, size);
      if (f.cult) {
        ctx.strokeStyle = "#fff";
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(sx, sy, size * 0.7, 0, Math.PI * 2);
        ctx.stroke();
      }
    }
  }

  function drawMarkers() {
    const seat = view.seat;
    for (const m of markers()) {
      if (Math.hypot(m.sx - m.ax, m.sy - m.ay) > m.r) {
        ctx.beginPath();
        ctx.moveTo(m.ax, m.ay);
        ctx.lineTo(m.sx, m.sy);
        ctx.strokeStyle = "#ffffffcc";
        ctx.lineWidth = 2;
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(m.ax, m.ay, 3, 0, Math.PI * 2);
        ctx.fillStyle = "#1f5fbf";
        ctx.fill();
      }
    }
    for (const m of markers()) {
      if (hinted && JSON.stringify(hinted) === JSON.stringify(m.action)) {
        ctx.beginPath();
        ctx.arc(m.sx, m.sy, m.r + 4, 0, Math.PI * 2);
        ctx.strokeStyle = "#ffb300";
        ctx.lineWidth = 4;
        ctx.stroke();
      }
      ctx.beginPath();
      ctx.arc(m.sx, m.sy, m.r - 1, 0, Math.PI * 2);
      ctx.fillStyle = "#ffffffdd";
      ctx.fill();
      ctx.strokeStyle = "#1f5fbf";
      ctx.lineWidth = 2;
      ctx.stroke();
      drawFigure(m.action.figure, seat, m.sx, m.sy, m.r * 1.35);
    }
  }

  function drawFloaters(now) {
    floaters = floaters.filter((f) => now - f.start < 1600);
    for (const f of floaters) {
      const p = (now - f.start) / 1600;
      const [sx, sy] = worldToScreen(f.x, f.y - p * 0.8);
      ctx.globalAlpha = 1 - p;
      ctx.font = `bold ${Math.max(16, camera.scale * 0.28)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.lineWidth = 4;
      ctx.strokeStyle = "#fff";
      ctx.strokeText(f.text, sx, sy);
      ctx.fillStyle = f.colour;
      ctx.fillText(f.text, sx, sy);
      ctx.globalAlpha = 1;
    }
  }

  // ---- words for tiles, places and figures ---------------------------------------------

  // A tile named by what it shows: "Flusskarte mit See", "start tile", "Bonuskarte mit Feuer".
  function tileName(type, bonus, lang) {
    const n = text(lang).names;
    const g = geometry && geometry.types[type];
    if (!g) return bonus ? n.bonus : n.plain;
    if (g.kind === "start") return n.start;
    const icons = new Set(g.icons.map((i) => i.kind));
    const base = bonus ? n.bonus : g.rivers.length ? n.river : g.forests.length ? n.forest : n.meadow;
    const extras = ["fire", "cult_site"].filter((k) => icons.has(k));
    if (g.lakes.length) extras.push("lake");
    if (icons.has("gold")) extras.push("gold");
    if (bonus && !extras.length) {
      return base + n.with + (g.rivers.length ? n.aRiver : n.aForest);
    }
    return extras.length ? base + n.with + join(extras.slice(0, 2).map((k) => n[k]), lang) : base;
  }

  // Where (x, y) lies: beside the start tile, else beside the tile placed last of its neighbours.
  // For a choice on the board the tile placed last (framed orange) is named so; the log names tiles.
  function whereWords(x, y, lang, forChoice = false) {
    const tiles = view ? view.tiles : [];
    const t = text(lang);
    const steps = [[0, 1, 0], [-1, 0, 1], [0, -1, 2], [1, 0, 3]]; // dx, dy to the neighbour; dir index
    let best = null;
    tiles.forEach((tile, i) => {
      if (tile.x === x && tile.y === y) return;
      for (const [dx, dy, dir] of steps) {
        if (tile.x === x + dx && tile.y === y + dy) {
          const rank = i === 0 ? Infinity : i;
          if (!best || rank > best.rank) best = { tile, dir, rank };
        }
      }
    });
    if (!best) return "";
    const last = view.last_placed;
    const isLast = forChoice && best.rank !== Infinity && last && best.tile.x === last.x && best.tile.y === last.y;
    return t.ofTile(t.dirs[best.dir], isLast ? t.lastTile : tileName(best.tile.type, best.tile.bonus, lang));
  }

  function zoneKind(type, zone) {
    const g = geometry && geometry.types[type];
    const z = g && g.zones.find((q) => q.id === zone);
    return z ? z.kind : null;
  }

  // Which part of the tile a zone is on: 0..3 north/east/south/west, 4 the middle.
  function zoneSide(tileView, zone) {
    const [ax, ay] = anchorOf(tileView, zone);
    const dx = ax - 50, dy = ay - 50;
    if (Math.hypot(dx, dy) < 12) return 4;
    return Math.abs(dy) >= Math.abs(dx) ? (dy < 0 ? 0 : 2) : (dx > 0 ? 1 : 3);
  }

  const FIGURE_ZONE = { gatherer: "forest", fisher: "river", hunter: "meadow", hut: "river" };

  function figureWhat(action, lang) {
    // "Sammler in den Wald (3 Karten, 1 Pilzgruppe)", with the side when one word fits two choices
    const t = text(lang);
    const last = view && view.last_placed;
    const tileView = last && tileAt(last.x, last.y);
    const kind = (tileView && zoneKind(tileView.type, action.zone)) || FIGURE_ZONE[action.figure];
    let words = `${t.figures[action.figure]} ${t.onto[kind] || ""}`.trim();
    if (!tileView) return words;
    const what = figureContents(action, last, lang);
    const twins = figureActions().filter((a) => a.figure === action.figure && a.zone !== action.zone &&
      zoneKind(tileView.type, a.zone) === kind && figureContents(a, last, lang) === what);
    if (twins.length && geometry) words += " " + t.sides[zoneSide(tileView, action.zone)];
    if (what) words += ` (${what})`;
    return words;
  }

  // What the feature a figure would join holds: a hut joins the whole river system.
  function figureContents(action, last, lang) {
    const f = action.figure === "hut"
      ? view.features.find((q) => q.kind === "river_system" && q.zones.some(([x, y, z]) => x === last.x && y === last.y && z === action.zone))
      : featureOf(last.x, last.y, action.zone);
    return f ? contents(f, lang) : "";
  }

  function label(action, lang) {
    const t = text(lang);
    if (action.type === "place_tile") {
      const r = geometry ? [0, 1, 2, 3].find((q) => alias(view.tile_to_place, q) === action.rotation) ?? action.rotation : action.rotation;
      return t.layTile(whereWords(action.x, action.y, lang, true), t.turns[r] || "");
    }
    if (action.type === "place_figure") return figureWhat(action, lang);
    if (action.type === "pass") return t.noFigure;
    return t.waiting;
  }

  // The log: a tile and its figure make one line; the tile waits for the figure step.
  let laidTile = null;

  function event(e, names, lang) {
    const t = text(lang);
    const who = names[e.player] ?? "";
    if (e.type === "place_tile") {
      laidTile = { x: e.x, y: e.y, player: e.player,
                   words: t.laid(who, tileName(e.tile, e.bonus, lang), whereWords(e.x, e.y, lang)).trim(),
                   type: e.tile };
      return null;
    }
    if (e.type === "place_figure" || e.type === "no_figure") {
      const laid = laidTile && laidTile.player === e.player ? laidTile : null;
      laidTile = null;
      if (e.type === "no_figure") return laid ? laid.words + t.andNone : null;
      const type = laid ? laid.type : tileAt(e.x, e.y)?.type;
      const kind = (type && zoneKind(type, e.zone)) || FIGURE_ZONE[e.figure];
      const onto = (t.onto[kind] || "") + (e.cult ? t.atCult : "");
      return laid ? laid.words + t.andPut(t.aFigure[e.figure], onto) : t.put(who, t.aFigure[e.figure], onto);
    }
    if (e.type === "score") {
      const what = { forests: t.forestDone, rivers: t.riverDone, huts: t.hutsScore, hunters: t.huntersScore }[e.category];
      return `${join(e.players.map((p) => names[p]), lang)} +${e.points} · ${what ? what(contents(e, lang)) : ""}`;
    }
    if (e.type === "complete" && !e.players.length && e.points) return t.noOwner[e.feature] || null;
    if (e.type === "draw" && e.bonus) return t.goldDraw(who);
    if (e.type === "discard") return t.discarded(tileName(e.tile, e.bonus, lang));
    if (e.type === "game_over") return t.finalScoring;
    return null;
  }

  // ---- side panel -----------------------------------------------------------------

  const coarse = () => window.matchMedia && window.matchMedia("(hover: none)").matches;

  function renderPanel() {
    if (!view) return;
    const lang = api.lang();
    const t = text(lang);
    const openDetails = new Set([...panel.querySelectorAll("details[open]")].map((d) => d.className));
    panel.replaceChildren();
    canvas.setAttribute("aria-label", t.board);
    for (const [id, words] of [["sammler-zoom-in", t.zoomIn], ["sammler-zoom-out", t.zoomOut], ["sammler-fit", t.fit]]) {
      const b = root.querySelector("#" + id);
      b.setAttribute("aria-label", words);
      b.title = words;
    }
    if (view.tile_to_place) {
      const controls = el("div", { class: "sammler-controls" });
      const preview = el("div", { class: "sammler-preview" });
      const name = tileName(view.tile_to_place, view.tile_is_bonus, lang);
      const img = el("img", { src: new URL(`../../tiles/${view.tile_to_place}.svg`, import.meta.url).href, alt: name, width: "112", height: "112" });
      img.style.transform = `rotate(${rot * 90}deg)`;
      preview.append(el("div", { class: "label" }, view.tile_is_bonus ? t.bonus : t.tile), img);
      controls.append(preview);
      if (isMyTurn()) {
        const confirmButton = el("button", { type: "button", id: "sammler-confirm", class: "primary", onclick: confirm }, t.confirm);
        const cancelButton = el("button", { type: "button", id: "sammler-cancel", onclick: cancel }, t.cancel);
        confirmButton.disabled = !pending;
        cancelButton.disabled = !pending;
        controls.append(el("div", { class: "sammler-buttons" },
          el("button", { type: "button", id: "sammler-rotate-left", onclick: () => rotate(-1) }, t.rotateLeft),
          el("button", { type: "button", id: "sammler-rotate-right", onclick: () => rotate(1) }, t.rotateRight),
          confirmButton, cancelButton,
          el("p", { class: "hint" }, pending ? t.confirmHint : coarse() ? t.chooseSpot : t.chooseSpotKeys)));
      }
      panel.append(controls);
    }
    if (view.phase === "figure" && isMyTurn()) {
      const controls = el("div", { class: "sammler-controls figure-step" },
        el("p", { class: "hint" }, t.figureHint),
        el("button", { type: "button", id: "sammler-no-figure", onclick: () => api.act({ type: "pass" }) }, t.noFigure));
      const list = el("div", { class: "figure-choices" });
      for (const a of figureActions()) {
        // pointing at a choice lights up its forest, river or meadow on the board
        const light = () => { hoverZone = { x: view.last_placed.x, y: view.last_placed.y, zone: a.zone }; dirty = true; };
        const dark = () => { hoverZone = null; dirty = true; };
        list.append(el("button", { type: "button", class: "figure-choice", "data-action": JSON.stringify(a), onclick: () => api.act(a),
                                   onpointerenter: light, onpointerleave: dark, onfocus: light, onblur: dark },
          label(a, lang)));
      }
      panel.append(controls, list);
    }
    panel.append(el("div", { class: "sammler-stacks" },
      `${t.stack}: ${count(view.stack.land, "tile", lang)} · ${t.bonusStack}: ${view.stack.bonus}`));
    const supply = el("ul", { class: "sammler-supply", "aria-label": t.supply });
    view.supply.forEach((sp, i) => {
      const li = el("li", {});
      li.append(badge(i), el("span", {}, `${api.names[i]}: ${count(sp.members, "member", lang)}, ${count(sp.huts, "hut", lang)}`));
      supply.append(li);
    });
    panel.append(supply);
    panel.append(legend(lang));
    const remaining = el("details", { class: "sammler-remaining" }, el("summary", {}, `${t.remaining} (${view.stack.land})`));
    const grid = el("div", { class: "remaining-grid" });
    for (const [type, n] of Object.entries(view.remaining)) {
      const name = tileName(type, false, lang);
      grid.append(el("span", { class: "remaining-tile", title: name },
        el("img", { src: new URL(`../../tiles/${type}.svg`, import.meta.url).href, alt: name, width: "36", height: "36", loading: "lazy" }),
        el("span", {}, `×${n}`)));
    }
    remaining.append(grid);
    panel.append(remaining);
    for (const d of panel.querySelectorAll("details")) if (openDetails.has(d.className)) d.open = true;
  }

  // A figure drawn on a small canvas of its own (legend, supply).
  function figureCanvas(kind, owner, size = 26, marker = false) {
    const c = el("canvas", { class: "sammler-icon", width: String(size * 2), height: String(size * 2), "aria-hidden": "true" });
    c.style.width = c.style.height = size + "px";
    const saved = ctx;
    ctx = c.getContext("2d");
    ctx.scale(2, 2);
    if (marker) {
      ctx.beginPath();
      ctx.arc(size / 2, size / 2, size / 2 - 2, 0, Math.PI * 2);
      ctx.fillStyle = "#ffffffdd";
      ctx.fill();
      ctx.strokeStyle = "#1f5fbf";
      ctx.lineWidth = 2;
      ctx.stroke();
    }
    drawFigure(kind, owner, size / 2, size / 2, marker ? size * 0.55 : size * 0.85);
    ctx = saved;
    return c;
  }

  function badge(i) {
    return figureCanvas("gatherer", i, 20);
  }

  function swatch(cls, style) {
    return el("span", { class: `sammler-swatch ${cls}`, style, "aria-hidden": "true" });
  }

  function legend(lang) {
    const t = text(lang);
    const items = t.legendItems;
    const box = el("details", { class: "sammler-legend" }, el("summary", {}, t.legend));
    const list = el("ul", {});
    const row = (icon, words) => list.append(el("li", {}, icon, el("span", {}, words)));
    const me = view.seat ?? 0;
    for (const kind of ["gatherer", "fisher", "hunter", "hut"]) row(figureCanvas(kind, me), items[kind]);
    const badges = el("span", { class: "sammler-badges" });
    api.names.forEach((_, i) => badges.append(figureCanvas("hunter", i, 22)));
    row(badges, `${items.badge}: ${api.names.map((n, i) => `${["●", "■", "▲", "◆", "★"][i]} ${n}`).join(", ")}`);
    row(figureCanvas("gatherer", me, 26, true), items.choice);
    row(swatch("spot"), items.spot);
    row(swatch("last"), items.last);
    row(swatch("ring"), items.cultRing);
    for (const kind of ["fish", "mushroom", "gold", "deer", "mammoth", "aurochs", "tiger", "fire", "cult_site", "volcano"]) {
      row(el("img", { class: "sammler-icon", src: new URL(`../../tiles/icon-${kind}.svg`, import.meta.url).href, alt: "", width: "26", height: "26", loading: "lazy" }),
        items[kind]);
    }
    box.append(list);
    return box;
  }

  // The final scoring for the shell's end screen.
  function breakdown(endView, lang) {
    return endSummary(endView, lang || api.lang(), api.names);
  }

  // ---- the page's interface -----------------------------------------------------------

  function showHint(action) {
    // put the hinted tile on the board as a pending placement, or ring the hinted figure spot
    if (action.type === "place_tile") {
      rot = action.rotation;
      pending = { x: action.x, y: action.y, rotation: action.rotation };
      renderPanel();
    }
    hinted = action;
    dirty = true;
  }

  return {
    scrollsToDecisions: true,  // it brings its own decision areas into view
    mount, unmount, update, onEvents, label, event, showHint, breakdown,
    endSummary: (v, lg, names) => endSummary(v, lg, names),
    // test hook: where to click
    hook: {
      cellCenter(x, y) {
        const rect = canvas.getBoundingClientRect();
        const [sx, sy] = worldToScreen(x + 0.5, y + 0.5);
        return { x: rect.left + sx, y: rect.top + sy };
      },
      zonePoint(x, y, zone) {
        const rect = canvas.getBoundingClientRect();
        const tileView = tileAt(x, y);
        const [lx, ly] = anchorOf(tileView, zone);
        const [sx, sy] = worldToScreen(x + lx / TILE, y + ly / TILE);
        return { x: rect.left + sx, y: rect.top + sy };
      },
      markers() {
        const rect = canvas.getBoundingClientRect();
        return markers().map((m) => ({ action: m.action, x: rect.left + m.sx, y: rect.top + m.sy, r: m.r }));
      },
      arrows() {
        const rect = canvas.getBoundingClientRect();
        return arrows().map((a) => ({ x: rect.left + a.sx, y: rect.top + a.sy, r: a.r, n: a.n, cell: a.cell, angle: a.angle }));
      },
      // the spots for the tile (any turn) that lie wholly on the canvas
      spotsInView: () => spotCells().filter(([x, y]) => cellInView(x, y)),
      spots: () => spotCells(),
      labelOf: (action) => label(action, api.lang()),
      scrollToDecision: () => { if (isMyTurn()) scrollToDecision(); },
      get rotation() { return rot; },
      alias: (type, r) => alias(type, r),
      get pending() { return pending; },
      get artReady() { return images.size > 0; },
      frameTimes: () => frameTimes.slice(),
      resetFrameTimes: () => { frameTimes = []; },
      redraw: () => { dirty = true; },
      camera: () => ({ ...camera }),
    },
  };
}

// ---- what the menu shows (the registry web/js/games.mjs lists this) ------------------

function picture() {
  // a little landscape from our own tiles (web/tiles, drawn by build.py)
  const box = el("div", { class: "pic-tiles", "aria-hidden": "true" });
  for (const id of ["L07", "S01", "L21", "L33", "L12", "L45"]) {
    box.append(el("img", { src: new URL(`../../tiles/${id}.svg`, import.meta.url).href, alt: "", loading: "lazy" }));
  }
  return box;
}

export const game = {
  id: "sammler",
  titles: { de: "Carcassonne – Jäger und Sammler", en: "Carcassonne – Hunters and Gatherers" },
  descriptions: {
    de: "Lege Landschaftsplättchen an, setze Sammler in Wälder und Flüsse und Jäger auf die Wiesen.",
    en: "Lay landscape tiles, put gatherers in forests and rivers and hunters on the meadows.",
  },
  players: [2, 5], minutes: [30, 45], picture, create: createSammlerRenderer,
};
