// Jäger und Späher: the card data (dist/data/spaeher-cards.json, the engine's cards.json), loaded
// once and shared by every table; the names of cards and places as panels show them.

import { RES_ORDER, T } from "./names.mjs";

let DATA = null;
let dataPromise = null;

export function loadData() {
  dataPromise ||= fetch(new URL("../../../data/spaeher-cards.json", import.meta.url)).then((r) => r.json()).then((raw) => {
    const index = (list) => Object.fromEntries(list.map((c) => [c.id, c]));
    DATA = { chars: index(raw.characters), items: index(raw.items), locs: index(raw.locations), sites: index(raw.sacred_sites), setup: raw.setup };
    return DATA;
  });
  return dataPromise;
}

// The data once loaded, else null.
export const data = () => DATA;

export function cardName(kind, id, lang) {
  const d = DATA && DATA[kind][id];
  return d ? (lang === "en" ? d.name_en || d.name_de : d.name_de) : "";
}

// "2 Fleisch, Fell": each resource once, with its number and plural when there is more than one
// (the engine's rule too: words.resource_list).
export function resourceList(resources, lang) {
  const t = T(lang);
  const counts = {};
  for (const r of resources) counts[r] = (counts[r] || 0) + 1;
  return RES_ORDER.filter((r) => counts[r]).map((r) => (counts[r] > 1 ? `${counts[r]} ${t.resN[r]}` : t.res1[r])).join(", ");
}

// "Jagdgebiet (Fleisch, Felle)": a location has no printed name, so its kind and resources;
// two open cards alike are numbered in table order, as the engine's labels number them.
export function locName(id, lang, view) {
  const loc = DATA && DATA.locs[id];
  if (!loc) return T(lang).kind.wild;
  const base = `${T(lang).kind[loc.kind]} (${resourceList(loc.resources, lang)})`;
  const same = view ? view.locations.filter((l) => l.kind === loc.kind && resourceList(l.resources, lang) === resourceList(loc.resources, lang)) : [];
  if (same.length < 2) return base;
  return `${T(lang).kind[loc.kind]} ${same.findIndex((l) => l.id === id) + 1} (${resourceList(loc.resources, lang)})`;
}

// A sacred site by the side that lies up.
export function siteName(id, lang, view) {
  const s = DATA && DATA.sites[id];
  if (!s) return "";
  const side = view && view.sites.find((x) => x.id === id);
  const face = side ? s.sides[side.side] : s.sides[0];
  return lang === "en" ? face.name_en : face.name_de;
}
