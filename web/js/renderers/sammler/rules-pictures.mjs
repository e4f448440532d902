// Jäger und Sammler's rules in pictures (the rules dialog): the start tile with its areas
// numbered, drawn with the table's own tile art and figure spots, and the rules' gold-forest
// example as the engine builds it (op rules_example): its tiles, Red's gatherer and the points.

import { el } from "../common.mjs";
import { SEAT_COLOURS } from "../../seats.mjs";
import { createCamera } from "./camera.mjs";
import { drawFigure, drawTile, figurePlace } from "./draw.mjs";
import { anchorOf } from "./geometry.mjs";

const TEXT = {
  de: {
    tileTitle: "Eine Landschaftskarte und ihre Gebiete", exampleTitle: "Beispiel, vom Spiel gerechnet: ein Wald mit Gold",
    tileLabel: "Die Startkarte mit ihren fünf Gebieten, nummeriert",
    zones: { meadow: "Wiese – für Jäger; ihre Tiere zählen am Ende", forest: "Wald – für Sammler; Gold bringt eine Bonuskarte",
      river: "Fluss – für Fischer oder eine Hütte", lake: "See – für eine Hütte; seine Fische zählen" },
    symbols: "Auf dieser Karte: ein Mammut auf der Wiese oben, ein Goldklumpen im Wald, ein Vulkan (Feuer) und ein Fisch im See.",
    exampleLabel: "Der fertige Wald aus 5 Karten mit dem Sammler von Rot",
    example: (f) => `Rot hat einen Sammler im Wald. Blau legt die Karte, die den Wald schließt: ${f.tiles} Karten × 2 = ${2 * f.tiles}`
      + (f.mushrooms ? `, ${f.mushrooms} Pilzgruppen × 2 = ${2 * f.mushrooms}` : "") + ".",
    sum: (n) => `Rot erhält ${n} Punkte.`,
    bonus: "Der Wald hat Gold: Blau, der ihn geschlossen hat, zieht eine Bonuskarte.",
    loading: "Das Beispiel wird gerechnet …",
  },
  en: {
    tileTitle: "A landscape tile and its areas", exampleTitle: "Example, worked out by the game: a forest with gold",
    tileLabel: "The start tile with its five areas, numbered",
    zones: { meadow: "Meadow – for hunters; its animals score at the end", forest: "Forest – for gatherers; gold brings a bonus tile",
      river: "River – for fishers or a hut", lake: "Lake – for a hut; its fish score" },
    symbols: "On this tile: a mammoth on the upper meadow, a gold nugget in the forest, a volcano (fire) and a fish in the lake.",
    exampleLabel: "The finished forest of 5 tiles with Red's gatherer",
    example: (f) => `Red has a gatherer in the forest. Blue places the tile that closes the forest: ${f.tiles} tiles × 2 = ${2 * f.tiles}`
      + (f.mushrooms ? `, ${f.mushrooms} mushroom groups × 2 = ${2 * f.mushrooms}` : "") + ".",
    sum: (n) => `Red scores ${n} points.`,
    bonus: "The forest has gold: Blue, who closed it, draws a bonus tile.",
    loading: "Working out the example …",
  },
};

let art = null;  // {geometry, images}: the tiles' shapes and pictures, loaded once

function loadArt(ids) {
  art ||= fetch(new URL("../../../tiles/geometry.json", import.meta.url)).then((r) => r.json())
    .then((geometry) => ({ geometry, images: new Map() }));
  return art.then(async (a) => {
    await Promise.all(ids.filter((id) => !a.images.has(id)).map((id) => new Promise((resolve) => {
      const img = new Image();
      img.onload = () => { a.images.set(id, img); resolve(); };
      img.onerror = resolve;
      img.src = new URL(`../../../tiles/${id}.svg`, import.meta.url).href;
    })));
    return a;
  });
}

function board(w, h, label) {
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  const canvas = el("canvas", { width: String(Math.round(w * dpr)), height: String(Math.round(h * dpr)), role: "img", "aria-label": label });
  canvas.style.width = `${w}px`;
  const ctx = canvas.getContext("2d");
  ctx.scale(dpr, dpr);
  return { canvas, ctx, cam: createCamera(() => [w, h]) };
}

function badge(ctx, x, y, n) {
  // the same label as the legend's (style.css .rules-badge)
  ctx.beginPath();
  ctx.roundRect(x - 11, y - 11, 22, 22, 5);
  ctx.fillStyle = "#f2a33a";
  ctx.fill();
  ctx.strokeStyle = "#fff";
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = "#2b2118";
  ctx.font = "700 13px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(n), x, y + 0.5);
}

function tilePicture(lang) {
  const t = TEXT[lang] || TEXT.de;
  const size = 200;
  const { canvas, ctx, cam } = board(size, size, t.tileLabel);
  const list = el("ol", { class: "rules-parts" });
  loadArt(["S01"]).then(({ geometry, images }) => {
    const type = geometry.types.S01;
    const tile = { type: "S01", x: 0, y: 0, rotation: 0 };
    Object.assign(cam.state, { x: 0.5, y: 0.5, scale: size });
    drawTile(ctx, cam, images, "S01", 0, 0, 0, 1);
    type.zones.forEach((z, i) => {
      const [lx, ly] = anchorOf(type, tile, z.id);
      badge(ctx, (lx / 100) * size, (ly / 100) * size, i + 1);
      list.append(el("li", {}, t.zones[z.kind] || z.kind));
    });
  });
  return el("div", { class: "rules-figure" }, canvas, el("div", {}, list, el("p", {}, t.symbols)));
}

function examplePicture(lang, request) {
  const t = TEXT[lang] || TEXT.de;
  const text = el("div", { class: "rules-example", "data-example": "sammler" }, el("p", {}, t.loading));
  const holder = el("div", { class: "rules-figure" });
  holder.append(text);
  request({ op: "rules_example", game: "sammler", lang }).then(async ({ view, facts }) => {
    const tiles = view.tiles;
    const { geometry, images } = await loadArt([...new Set(tiles.map((x) => x.type))]);
    const xs = tiles.map((x) => x.x), ys = tiles.map((x) => x.y);
    const cols = Math.max(...xs) - Math.min(...xs) + 1, rows = Math.max(...ys) - Math.min(...ys) + 1;
    const cell = Math.min(84, Math.floor(300 / cols));
    const { canvas, ctx, cam } = board(cell * cols, cell * rows, t.exampleLabel);
    Object.assign(cam.state, { x: (Math.min(...xs) + Math.max(...xs) + 1) / 2, y: (Math.min(...ys) + Math.max(...ys) + 1) / 2, scale: cell });
    for (const x of tiles) drawTile(ctx, cam, images, x.type, x.x, x.y, x.rotation, 1);
    const at = (x, y) => tiles.find((k) => k.x === x && k.y === y);
    for (const f of facts.figures) {  // the figures before the scoring move (Red's gatherer)
      const { sx, sy, size } = figurePlace(cam, geometry, at(f.x, f.y), f.zone);
      drawFigure(ctx, SEAT_COLOURS, f.kind, f.owner, sx, sy, size);
    }
    const score = facts.score;
    text.replaceChildren(el("p", {}, t.example(score)),
      el("p", { class: "rules-sum", "data-points": String(score.points) }, t.sum(score.points)),
      facts.bonus ? el("p", {}, t.bonus) : null);
    holder.prepend(canvas);
  }).catch(() => text.replaceChildren());
  return holder;
}

export function rulesPictures(lang, request) {
  const t = TEXT[lang] || TEXT.de;
  return [{ title: t.tileTitle, node: tilePicture(lang), at: "start" },
    { title: t.exampleTitle, node: examplePicture(lang, request), at: "end" }];
}
