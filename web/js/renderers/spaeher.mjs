// Jäger und Späher: the table on a canvas (point track, cave camp, the three character
// columns, decks, sacred sites, open locations with consumption stones and members, both
// tribe cards with hunger tiles) and, beside it, the prompt, the hand and the choices of the
// step. It offers exactly the view's legal actions.

import { el, roundRect, glowAlpha } from "./common.mjs";

const RES = {
  meat: { fill: "#b8322a", glyph: "◗" }, skin: { fill: "#8a5a2b", glyph: "■" }, stone: { fill: "#7f8c8d", glyph: "▲" },
  wood: { fill: "#4d7a2e", glyph: "♣" }, clay: { fill: "#c4703a", glyph: "●" }, fruit: { fill: "#8e3b8e", glyph: "✿" },
};
const TEXT = {
  de: {
    res: { meat: "Fleisch", skin: "Fell", stone: "Stein", wood: "Holz", clay: "Lehm", fruit: "Früchte" },
    kind: { wild: "Wildnis", hunt: "Jagdgebiet" }, deck: { wild: "Wildnis", hunt: "Jagd", items: "Gegenst." },
    where: { revealed: "auf den neuen Ort", hunt: "auf Jagdgebiete", wild: "in die Wildnis", any: "auf beliebige Orte" },
    trigger: { sunset: "Sonnenuntergang", place: "beim Einsetzen", create: "beim Erschaffen" },
    step: {
      reveal: (s) => (s.deck === "choice" ? "Ort aufdecken (Stapel wählen)" : s.deck === "hunt" ? "Jagdgebiet aufdecken" : "Wildnis aufdecken"),
      place: (s, w) => `bis zu ${s.max} Mitglied${s.max > 1 ? "er" : ""} ${w[s.where]}`,
      draw_items: (s) => `${s.n} Gegenstand ziehen`, offspring: (s) => `${s.n} neues Mitglied`,
      cure: (s) => `${s.n} Hunger ablegen`, take_character: (s) => `${s.n} Charakter aus der Auslage`, vp: (s) => `+${s.n} Punkte`,
    },
    prompt: {
      turn: "Spiele einen Charakter, hole Mitglieder zurück (Rohstoff auf einem Ort anklicken) oder mache Sonnenuntergang.",
      recall: "Hole weitere Mitglieder zurück, setze die Rohstoffe ein, dann „Fertig“.",
      reveal: "Welchen Stapel aufdecken? Klicke Jagdgebiete oder Wildnis.",
      place: (n) => `Setze ein Mitglied ein (noch ${n}): markierten Ort anklicken – oder „Stopp“.`,
      take_character: "Nimm einen Charakter: eine markierte Spalte anklicken – oder „Stopp“.",
      column: "In welche Spalte kommt die Karte? Markierte Spalte anklicken.",
      sunset_lose: "8 Hunger: gib ein Mitglied ab (Stammeskarte oder Ort anklicken).",
      sunset_keep: "Behalte einen Gegenstand, die anderen werden abgelegt.",
      sunset_take: (n, lo, hi) => `Nimm Charaktere aus der Auslage (${n} genommen, ${lo}–${hi}).`,
    },
    sunset: "Sonnenuntergang", finish: "Fertig", stop: "Stopp", cure: "Fleisch: 1 Hunger ablegen", grow: "2 Felle: neues Mitglied ins Höhlenlager",
    create: "Erschaffen", keep: "Behalten", hand: "Deine Charaktere", items: "Deine Gegenstände", brought: "Mitgebracht",
    preview: (p) => `${p.members} Mitglieder − ${p.hunger} Hunger${p.hand_penalty ? ` − ${p.hand_penalty} Handkarten` : ""} = ${p.delta >= 0 ? "+" : ""}${p.delta} → ${p.vp_after} Punkte`,
    camp: "Höhlenlager", supply: "Vorrat", hunger: "Hunger", points: "Punkte", tribe: "Stamm", created: "Erschaffen",
    goal: "Ziel", end: "Spielende", winner: "Sieg", total: "Punkte", sunsets: "Sonnenuntergänge", waiting: "Warte auf den Zug …",
    finalTurn: "Letzter Zug!", huntOver: "Die Jagd ist vorbei: nach dem nächsten Sonnenuntergang beider Spieler endet das Spiel.",
    itemCount: (n) => `${n} Gegenstände verdeckt`, vp: "P", lost: "verfällt",
  },
  en: {
    res: { meat: "meat", skin: "skin", stone: "stone", wood: "wood", clay: "clay", fruit: "fruit" },
    kind: { wild: "Wilderness", hunt: "Hunting ground" }, deck: { wild: "Wild", hunt: "Hunt", items: "Items" },
    where: { revealed: "to the new location", hunt: "to hunting grounds", wild: "to the wilderness", any: "to any location" },
    trigger: { sunset: "sunset", place: "on placing", create: "on creating" },
    step: {
      reveal: (s) => (s.deck === "choice" ? "reveal a location (choose the deck)" : s.deck === "hunt" ? "reveal a hunting ground" : "reveal a wilderness"),
      place: (s, w) => `up to ${s.max} member${s.max > 1 ? "s" : ""} ${w[s.where]}`,
      draw_items: (s) => `draw ${s.n} item${s.n > 1 ? "s" : ""}`, offspring: (s) => `${s.n} new member${s.n > 1 ? "s" : ""}`,
      cure: (s) => `discard ${s.n} hunger`, take_character: (s) => `${s.n} character${s.n > 1 ? "s" : ""} from the display`, vp: (s) => `+${s.n} points`,
    },
    prompt: {
      turn: "Play a character, recall members (click a resource on a location) or call the sunset.",
      recall: "Recall more members, use the resources, then “Done”.",
      reveal: "Which deck? Click the hunting grounds or the wilderness.",
      place: (n) => `Place a member (${n} left): click a marked location – or “Stop”.`,
      take_character: "Take a character: click a marked column – or “Stop”.",
      column: "Which column gets the card? Click a marked column.",
      sunset_lose: "8 hunger: give up a member (click the tribe card or a location).",
      sunset_keep: "Keep one item; the others are discarded.",
      sunset_take: (n, lo, hi) => `Take characters from the display (${n} taken, ${lo}–${hi}).`,
    },
    sunset: "Sunset", finish: "Done", stop: "Stop", cure: "Meat: discard 1 hunger", grow: "2 skins: new member to the cave camp",
    create: "Create", keep: "Keep", hand: "Your characters", items: "Your items", brought: "Brought back",
    preview: (p) => `${p.members} members − ${p.hunger} hunger${p.hand_penalty ? ` − ${p.hand_penalty} hand cards` : ""} = ${p.delta >= 0 ? "+" : ""}${p.delta} → ${p.vp_after} points`,
    camp: "Cave camp", supply: "Supply", hunger: "Hunger", points: "points", tribe: "Tribe", created: "Created",
    goal: "Goal", end: "Game over", winner: "Winner", total: "Points", sunsets: "Sunsets", waiting: "Waiting for the move …",
    finalTurn: "Final turn!", huntOver: "The hunt is over: the game ends after both players' next sunset.",
    itemCount: (n) => `${n} hidden items`, vp: "pts", lost: "is lost",
  },
};

export function createSpaeherRenderer() {
  let api, root, canvas, ctx, side, banner, handBox, data = null, view = null, hinted = null;
  let raf = 0, dirty = true, geo = null;
  let flash = null;  // {where: Set of places, columns: Set, start}: what the last move touched glows
  const tx = () => TEXT[api.lang()] || TEXT.de;
  const name = (kind, id) => {
    const d = data && data[kind][id];
    return d ? (api.lang() === "en" ? d.name_en || d.name_de : d.name_de) : id;
  };

  async function loadData() {
    const raw = await (await fetch(new URL("../../data/spaeher-cards.json", import.meta.url))).json();
    const index = (list) => Object.fromEntries(list.map((c) => [c.id, c]));
    data = { chars: index(raw.characters), items: index(raw.items), locs: index(raw.locations), sites: index(raw.sacred_sites), setup: raw.setup };
    if (!api) return;
    render();
    api.refreshLegal();  // the action list was labelled before the card names were here
  }

  function mount(container, hostApi) {
    api = hostApi;
    banner = el("div", { class: "sp-banner", role: "status", "aria-live": "polite" });
    canvas = el("canvas", { class: "sp-canvas", tabindex: "0", "aria-label": "Spieltisch / table" });
    side = el("div", { class: "sp-side" });
    handBox = el("div", { class: "sp-hand" });
    root = el("div", { class: "spaeher" }, banner, el("div", { class: "sp-top" }, el("div", { class: "sp-table" }, canvas), side), handBox);
    container.replaceChildren(root);
    ctx = canvas.getContext("2d");
    canvas.addEventListener("click", (ev) => click(ev.offsetX, ev.offsetY));
    new ResizeObserver(() => { dirty = true; }).observe(canvas.parentElement);
    loadData();
    const loop = () => { raf = requestAnimationFrame(loop); if (dirty || flash) draw(); };
    raf = requestAnimationFrame(loop);
  }

  function unmount() { cancelAnimationFrame(raf); api = null; }

  const myTurn = () => view && view.legal && view.legal.length && view.seat === view.current_seat;
  const legal = (type) => (myTurn() ? view.legal.filter((a) => a.type === type) : []);

  function update(v) {
    view = v;
    hinted = null;
    render();
  }

  // ---- layout: every drawn thing that can be clicked has a rectangle ----------------------

  function layout() {
    const w = canvas.parentElement.clientWidth;
    const pad = 10;
    const narrow = w < 480;  // phones: decks, sites and tribe cards get rows of their own
    const g = { w, track: [], columns: [], decks: {}, sites: [], locs: [], tribes: [], camp: null };
    const cell = Math.min(30, (w - 2 * pad) / 31);
    for (let i = 0; i <= 30; i++) g.track.push({ x: pad + i * cell, y: pad, w: cell - 2, h: 26 });
    let y = pad + 40;
    const cw = narrow ? (w - 2 * pad - 16) / 3 : Math.min(112, (w - 2 * pad) / 6.2), ch = 46;
    for (let c = 0; c < 3; c++) {
      const n = Math.max(1, view.display[c].length);
      g.columns.push({ x: pad + c * (cw + 8), y, w: cw, h: ch + (n - 1) * 17, cardH: ch, step: 17 });
    }
    const colsH = Math.max(...g.columns.map((c) => c.h));
    let x = narrow ? pad : pad + 3 * (cw + 8) + 10;
    let dy = narrow ? y + colsH + 10 : y;
    const dw = narrow ? (w - 2 * pad - 16) / 3 : 70, dh = narrow ? 44 : 58;
    for (const k of ["hunt", "wild", "items"]) {
      g.decks[k] = { x, y: dy, w: dw, h: dh };
      x += dw + 8;
    }
    g.camp = { x: g.decks.hunt.x, y: dy + dh + 8, w: 3 * dw + 16, h: 44 };
    let bottom = Math.max(y + colsH, g.camp.y + g.camp.h);
    if (narrow || (w - x - pad) / Math.max(1, view.sites.length) < 86) {
      const w2 = (w - 2 * pad - 12) / 3;
      g.sites = view.sites.map((s, i) => ({ id: s.id, x: pad + i * (w2 + 6), y: bottom + 10, w: w2, h: 86 }));
    } else {
      x += 6;
      const sw = Math.min(120, (w - x - pad) / Math.max(1, view.sites.length) - 6);
      g.sites = view.sites.map((s, i) => ({ id: s.id, x: x + i * (sw + 6), y, w: sw, h: 86 }));
    }
    y = Math.max(bottom, ...g.sites.map((s) => s.y + s.h)) + 14;
    const perRow = Math.max(2, Math.floor((w - 2 * pad + 8) / (124 + 8)));
    const lw = Math.min(124, (w - 2 * pad - (perRow - 1) * 8) / perRow), lh = 92;
    view.locations.forEach((l, i) => {
      const r = Math.floor(i / perRow), c = i % perRow;
      g.locs.push({ id: l.id, x: pad + c * (lw + 8), y: y + r * (lh + 8), w: lw, h: lh });
    });
    const rows = Math.max(1, Math.ceil(view.locations.length / perRow));
    y += rows * (lh + 8) + 6;
    if (narrow) {
      for (let p = 0; p < 2; p++) g.tribes.push({ x: pad, y: y + p * 112, w: w - 2 * pad, h: 104 });
      g.h = y + 2 * 112 + pad;
    } else {
      const tw = (w - 2 * pad - 10) / 2;
      for (let p = 0; p < 2; p++) g.tribes.push({ x: pad + p * (tw + 10), y, w: tw, h: 104 });
      g.h = y + 104 + pad;
    }
    return g;
  }

  const inside = (r, x, y) => r && x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

  function resourceSpots(r, loc) {
    const n = loc.resources.length, size = 22;
    const x0 = r.x + r.w / 2 - ((n - 1) * (size + 5)) / 2;
    return loc.resources.map((_, i) => ({ x: x0 + i * (size + 5), y: r.y + 40, r: size / 2 }));
  }

  function click(x, y) {
    if (!view || !data || !myTurn()) return;
    const g = geo || layout();
    const say = (de, en) => api.message(api.lang() === "en" ? en : de);
    for (const k of ["hunt", "wild"]) {
      if (inside(g.decks[k], x, y)) {
        const a = legal("reveal").find((r) => r.deck === k);
        return a ? api.act(a) : say("Jetzt wird kein Ort aufgedeckt.", "No location is revealed now.");
      }
    }
    for (let c = 0; c < 3; c++) {
      if (inside(g.columns[c], x, y)) {
        const a = view.legal.find((r) => (r.type === "take" || r.type === "column") && r.column === c);
        return a ? api.act(a) : say("Diese Spalte ist jetzt nicht wählbar.", "That column cannot be chosen now.");
      }
    }
    for (const r of [...g.locs, ...g.sites]) {
      if (!inside(r, x, y)) continue;
      const loc = view.locations.find((l) => l.id === r.id);
      const place = legal("place").find((a) => a.where === r.id);
      if (place) return api.act(place);
      const lose = legal("lose_member").find((a) => a.where === r.id);
      if (lose) return api.act(lose);
      const recalls = legal("recall").filter((a) => a.where === r.id);
      if (recalls.length) {
        let resource = null;
        if (loc) {
          const spots = resourceSpots(r, loc);
          const hit = spots.findIndex((s) => Math.hypot(x - s.x, y - s.y) <= s.r + 4);
          resource = hit >= 0 && !loc.covered[hit] ? loc.resources[hit] : recalls[0].resource;
        }
        const a = recalls.find((q) => q.resource === resource) || recalls[0];
        return api.act(a);
      }
      return say("Hier ist jetzt nichts zu tun.", "Nothing to do here now.");
    }
    const mine = g.tribes[view.seat];
    if (inside(mine, x, y)) {
      const a = legal("lose_member").find((q) => q.where === "tribe");
      if (a) return api.act(a);
    }
  }

  // ---- drawing ------------------------------------------------------------------------

  function text(s, x, y, { size = 12, bold = false, colour = "#2b2118", align = "center" } = {}) {
    ctx.fillStyle = colour;
    ctx.font = `${bold ? "bold " : ""}${size}px system-ui, sans-serif`;
    ctx.textAlign = align;
    ctx.textBaseline = "middle";
    ctx.fillText(s, x, y);
  }

  function member(x, y, p, r = 7) {
    ctx.beginPath();
    ctx.arc(x, y - r * 0.9, r * 0.55, 0, Math.PI * 2);
    ctx.moveTo(x - r, y + r);
    ctx.quadraticCurveTo(x, y - r * 0.9, x + r, y + r);
    ctx.closePath();
    ctx.fillStyle = api.colours[p];
    ctx.fill();
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = "#1d140d";
    ctx.stroke();
  }

  function resource(kind, x, y, r, covered) {
    const st = RES[kind];
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = st.fill;
    ctx.fill();
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = "#1d140d";
    ctx.stroke();
    text(st.glyph, x, y + 1, { size: Math.round(r * 1.15), bold: true, colour: "#fff" });
    if (covered) {  // a consumption stone
      ctx.beginPath();
      ctx.ellipse(x, y, r * 0.95, r * 0.8, 0.3, 0, Math.PI * 2);
      ctx.fillStyle = "#9a9184";
      ctx.fill();
      ctx.strokeStyle = "#5d564c";
      ctx.stroke();
    }
  }

  function mark(r, colour = "#1f5fbf") {
    roundRect(ctx, r.x - 3, r.y - 3, r.w + 6, r.h + 6, 9);
    ctx.lineWidth = 3;
    ctx.strokeStyle = colour;
    ctx.setLineDash([6, 4]);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  function draw() {
    dirty = false;
    if (!view || !data || !api) return;
    const g = layout();
    geo = g;
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(g.w * dpr) || canvas.height !== Math.round(g.h * dpr)) {
      canvas.width = Math.round(g.w * dpr);
      canvas.height = Math.round(g.h * dpr);
      canvas.style.width = g.w + "px";
      canvas.style.height = g.h + "px";
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, g.w, g.h);
    const t = tx();
    // the point track with the goal
    g.track.forEach((c, i) => {
      roundRect(ctx, c.x, c.y, c.w, c.h, 4);
      ctx.fillStyle = i === 24 ? "#f2c94c" : i > 24 ? "#f6e7b8" : i % 5 === 0 ? "#e8dcc6" : "#f5eee0";
      ctx.fill();
      ctx.strokeStyle = "#b5a58c";
      ctx.lineWidth = 1;
      ctx.stroke();
      text(String(i), c.x + c.w / 2, c.y + 8, { size: 9, bold: i === 24, colour: i === 24 ? "#2b2118" : "#6d5d4b" });
    });
    view.players.forEach((p, i) => {
      const c = g.track[Math.min(30, p.vp)];
      ctx.beginPath();
      ctx.arc(c.x + c.w / 2 + (i ? 4 : -4), c.y + 19, 6, 0, Math.PI * 2);
      ctx.fillStyle = api.colours[i];
      ctx.fill();
      ctx.strokeStyle = "#1d140d";
      ctx.stroke();
    });
    // the three character columns: the top card is exposed
    const columnLegal = new Set(view.legal && myTurn() ? view.legal.filter((a) => a.type === "take" || a.type === "column").map((a) => a.column) : []);
    g.columns.forEach((c, i) => {
      const cards = view.display[i];
      if (!cards.length) {
        roundRect(ctx, c.x, c.y, c.w, c.cardH, 7);
        ctx.setLineDash([5, 4]);
        ctx.strokeStyle = "#b5a58c";
        ctx.stroke();
        ctx.setLineDash([]);
      }
      cards.forEach((id, k) => {
        const top = k === cards.length - 1;
        const y = c.y + k * c.step;
        roundRect(ctx, c.x, y, c.w, top ? c.cardH : c.step + 6, 7);
        ctx.fillStyle = data.chars[id] && data.chars[id].kind === "special" ? "#efe1c3" : "#fffaf0";
        ctx.fill();
        ctx.strokeStyle = "#6d5d4b";
        ctx.lineWidth = 1.2;
        ctx.stroke();
        ctx.save();
        ctx.beginPath();
        ctx.rect(c.x + 2, y, c.w - 4, c.cardH);
        ctx.clip();
        text(name("chars", id), c.x + 6, y + 9, { size: 11, bold: top, align: "left" });
        ctx.restore();
        if (top) {
          const steps = (data.chars[id] ? data.chars[id].steps : []).map((s) => t.step[s.op](s, t.where)).join(", ");
          ctx.save();
          ctx.beginPath();
          ctx.rect(c.x + 4, y + 16, c.w - 8, c.cardH - 18);
          ctx.clip();
          text(steps, c.x + 6, y + 27, { size: 9, colour: "#6d5d4b", align: "left" });
          ctx.restore();
        }
      });
      if (columnLegal.has(i)) mark({ x: c.x, y: c.y, w: c.w, h: c.h });
    });
    // decks and the cave camp
    const reveal = new Set(legal("reveal").map((a) => a.deck));
    for (const k of ["hunt", "wild", "items"]) {
      const r = g.decks[k];
      roundRect(ctx, r.x, r.y, r.w, r.h, 7);
      ctx.fillStyle = k === "hunt" ? "#7a4a2a" : k === "wild" ? "#3f6b35" : "#5a4a6e";
      ctx.fill();
      text(t.deck[k], r.x + r.w / 2, r.y + 16, { size: 10, colour: "#fff" });
      text(String(view.decks[k]), r.x + r.w / 2, r.y + 38, { size: 18, bold: true, colour: "#fff" });
      if (reveal.has(k)) mark(r);
    }
    const camp = g.camp;
    roundRect(ctx, camp.x, camp.y, camp.w, camp.h, 8);
    ctx.fillStyle = "#d8c7a8";
    ctx.fill();
    text(t.camp, camp.x + 8, camp.y + 11, { size: 11, bold: true, align: "left" });
    let mx = camp.x + 16;
    view.players.forEach((p, i) => {
      for (let k = 0; k < p.camp; k++) { member(mx, camp.y + 30, i); mx += 18; }
      mx += 8;
    });
    // sacred sites with their holders
    const placeTo = new Set(legal("place").map((a) => a.where));
    const recallFrom = new Set(legal("recall").map((a) => a.where));
    const loseAt = new Set(legal("lose_member").map((a) => a.where));
    g.sites.forEach((r) => {
      const s = view.sites.find((x) => x.id === r.id);
      const face = data.sites[s.id].sides[s.side];
      roundRect(ctx, r.x, r.y, r.w, r.h, 8);
      ctx.fillStyle = "#e9e0f2";
      ctx.fill();
      ctx.strokeStyle = "#6b4f8a";
      ctx.lineWidth = 1.5;
      ctx.stroke();
      text(api.lang() === "en" ? face.name_en : face.name_de, r.x + r.w / 2, r.y + 12, { size: 11, bold: true });
      text(t.trigger[face.trigger], r.x + r.w / 2, r.y + 28, { size: 9, colour: "#6b4f8a" });
      text(t.step[face.effect.op](face.effect, t.where), r.x + r.w / 2, r.y + 42, { size: 9 });
      let x = r.x + 12;
      s.members.forEach((n, p) => { for (let k = 0; k < n; k++) { member(x, r.y + r.h - 20, p); x += 16; } });
      if (placeTo.has(s.id) || recallFrom.has(s.id) || loseAt.has(s.id)) mark(r);
    });
    // open locations: resources, consumption stones, members
    g.locs.forEach((r) => {
      const loc = view.locations.find((l) => l.id === r.id);
      roundRect(ctx, r.x, r.y, r.w, r.h, 8);
      ctx.fillStyle = loc.kind === "hunt" ? "#ead7c0" : "#d9e6c9";
      ctx.fill();
      ctx.strokeStyle = loc.id === view.revealed ? "#e0862b" : loc.kind === "hunt" ? "#7a4a2a" : "#3f6b35";
      ctx.lineWidth = loc.id === view.revealed ? 3 : 1.5;
      ctx.stroke();
      text(`${t.kind[loc.kind]} ${loc.id}`, r.x + 8, r.y + 12, { size: 10, bold: true, align: "left" });
      resourceSpots(r, loc).forEach((s, i) => resource(loc.resources[i], s.x, s.y, s.r, loc.covered[i]));
      loc.members.forEach((p, k) => member(r.x + 18 + k * 20, r.y + r.h - 18, p));
      if (placeTo.has(loc.id) || recallFrom.has(loc.id) || loseAt.has(loc.id)) mark(r);
    });
    // the tribe cards
    view.players.forEach((p, i) => {
      const r = g.tribes[i];
      roundRect(ctx, r.x, r.y, r.w, r.h, 10);
      ctx.fillStyle = i === view.current_seat ? "#f6ead2" : "#efe6d6";
      ctx.fill();
      ctx.strokeStyle = api.colours[i];
      ctx.lineWidth = i === view.current_seat ? 3 : 1.5;
      ctx.stroke();
      text(`${t.tribe} ${api.names[i]} · ${p.vp} ${t.points}`, r.x + 10, r.y + 14, { size: 12, bold: true, align: "left" });
      for (let k = 0; k < p.tribe; k++) member(r.x + 20 + k * 20, r.y + 44, i, 8);
      text(`${t.supply}: ${p.supply}`, r.x + r.w - 10, r.y + 44, { size: 10, align: "right", colour: "#6d5d4b" });
      for (let k = 0; k < p.hunger; k++) {
        roundRect(ctx, r.x + 12 + k * 17, r.y + 66, 14, 14, 3);
        ctx.fillStyle = "#a8322b";
        ctx.fill();
      }
      text(`${t.hunger}: ${p.hunger}`, r.x + 12 + Math.max(p.hunger, 1) * 17 + 4, r.y + 73, { size: 10, align: "left", colour: "#a8322b" });
      const created = p.created.map((id) => name("items", id)).join(", ");
      text(`${t.itemCount(p.item_count)}${created ? ` · ${t.created}: ${created}` : ""}`, r.x + 10, r.y + 93, { size: 10, align: "left", colour: "#6d5d4b" });
      if (i === view.seat && loseAt.has("tribe")) mark(r);
    });
    if (hinted) hintMark(g);
    if (flash) drawFlash(g);
  }

  function onEvents(events) {
    const where = new Set(), columns = new Set();
    for (const e of events) {
      if (e.where) where.add(e.where);
      if (e.location) where.add(e.location);
      if (e.type === "take" || e.type === "play") columns.add(e.type);
    }
    if (where.size || columns.size) flash = { where, columns, start: performance.now() };
  }

  function drawFlash(g) {
    const alpha = glowAlpha(flash.start);
    if (!alpha) { flash = null; dirty = true; return; }
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.lineWidth = 5;
    ctx.strokeStyle = "#f0a020";
    for (const r of [...g.locs, ...g.sites]) {
      if (!flash.where.has(r.id)) continue;
      roundRect(ctx, r.x - 2, r.y - 2, r.w + 4, r.h + 4, 9);
      ctx.stroke();
    }
    if (flash.columns.size) for (const c of g.columns) { roundRect(ctx, c.x - 2, c.y - 2, c.w + 4, c.h + 4, 9); ctx.stroke(); }
    ctx.restore();
  }

  function hintMark(g) {
    const a = hinted;
    let r = null;
    if (a.column !== undefined) r = g.columns[a.column];
    else if (a.deck) r = g.decks[a.deck];
    else if (a.where) r = g.locs.find((x) => x.id === a.where) || g.sites.find((x) => x.id === a.where) || (a.where === "tribe" ? g.tribes[view.seat] : null);
    if (r) mark(r, "#e0862b");
  }

  // ---- the side: prompt, choices of the step, the hand ------------------------------------

  function button(label, action, cls = "") {
    return el("button", { type: "button", class: `sp-action ${cls}`, "data-action": JSON.stringify(action), onclick: () => api.act(action) }, label);
  }

  function token(kind) {
    return el("span", { class: "token", style: `background:${RES[kind].fill}`, title: tx().res[kind], "data-res": kind }, RES[kind].glyph);
  }

  function render() {
    if (!view || !data || !api) return;
    dirty = true;
    const t = tx();
    const me = view.seat;
    let prompt = view.over ? "" : t.waiting;
    if (myTurn()) {
      const ph = view.phase;
      if (ph === "steps" && view.step) {
        const op = view.step.op;
        prompt = op === "place" ? t.prompt.place(view.step.max) : op === "reveal" ? t.prompt.reveal : t.prompt.take_character;
      } else if (ph === "sunset_take") prompt = t.prompt.sunset_take(view.taken, view.take_range[0], view.take_range[1]);
      else prompt = typeof t.prompt[ph] === "string" ? t.prompt[ph] : "";
    }
    banner.replaceChildren(
      view.final_turn !== null && view.final_turn !== undefined && !view.over ? el("strong", { class: "final-round" }, t.finalTurn + " ") : "",
      view.hunt_over && !view.over ? el("strong", { class: "hunt-over" }, t.huntOver + " ") : "", prompt);
    side.replaceChildren();
    if (myTurn()) {
      if (view.pool.length || view.phase === "recall") {
        side.append(el("div", { class: "sp-pool" }, `${t.brought}: `, ...view.pool.map(token)));
      }
      for (const a of legal("cure")) side.append(button(t.cure, a));
      for (const a of legal("grow")) side.append(button(t.grow, a));
      for (const a of legal("create")) {
        const item = data.items[a.item];
        side.append(button(`${t.create}: ${name("items", a.item)} (+${item.vp} ${t.vp})`, a, "primary"));
      }
      for (const a of legal("finish")) side.append(button(t.finish + (view.pool.length ? ` (${view.pool.length} ${t.lost})` : ""), a, view.pool.length ? "" : "primary"));
      for (const a of legal("stop")) side.append(button(t.stop, a));
      for (const a of legal("keep_item")) {
        const item = data.items[a.item];
        side.append(button(`${t.keep}: ${name("items", a.item)} (+${item.vp} ${t.vp})`, a));
      }
      const sunset = legal("sunset")[0];
      if (sunset) {
        const pre = view.players[me].sunset_preview;
        side.append(el("div", { class: "sp-sunset" }, button(`☀ ${t.sunset}`, sunset, "primary sunset-button"),
          el("div", { class: "sp-preview", id: "sunset-preview" }, t.preview(pre))));
      }
    }
    // the hand: characters to play, own items with their cost
    handBox.replaceChildren();
    const mine = me !== null && me !== undefined ? view.players[me] : null;
    if (mine) {
      handBox.append(el("h3", {}, t.hand));
      const row = el("div", { class: "card-row" });
      const plays = legal("play");
      for (const id of mine.hand) {
        const c = data.chars[id];
        const action = plays.find((a) => a.card === id);
        const steps = c ? c.steps.map((s) => t.step[s.op](s, t.where)) : [];
        const card = el(action ? "button" : "div", {
          class: `sp-card${c && c.kind === "special" ? " special" : ""}`, type: action ? "button" : undefined, "data-card": id,
          "data-action": action ? JSON.stringify(action) : undefined, onclick: action ? () => api.act(action) : undefined,
        }, el("strong", {}, name("chars", id)), el("ol", {}, ...steps.map((s) => el("li", {}, s))));
        row.append(card);
      }
      handBox.append(row);
      if (mine.items) {
        handBox.append(el("h3", {}, t.items));
        const items = el("div", { class: "card-row" });
        for (const id of mine.items) {
          const item = data.items[id];
          items.append(el("div", { class: "sp-item", "data-item": id }, el("strong", {}, name("items", id)),
            el("div", {}, ...item.cost.map(token), ` → +${item.vp} ${t.vp}`),
            item.effect ? el("div", { class: "hint" }, t.step[item.effect.op](item.effect, t.where)) : null));
        }
        handBox.append(items);
      }
    }
    if (hinted) {
      for (const b of root.querySelectorAll("[data-action]")) b.classList.toggle("hinted", b.dataset.action === JSON.stringify(hinted));
    }
  }

  // The final scoring for the page's end screen.
  function breakdown(endView) {
    const t = tx();
    const view = endView;
    const box = el("div", { class: "sp-breakdown" });
    const table = el("table", { class: "breakdown" },
      el("tr", {}, el("th", {}, ""), el("th", {}, t.total), el("th", {}, t.sunsets), el("th", {}, t.created), el("th", {}, t.winner)));
    view.breakdown.forEach((b, i) => {
      // the card data may still be loading: names then, the page redraws once it is here
      const items = b.created.map((id) => (data ? `${name("items", id)} +${data.items[id].vp}` : name("items", id))).join(", ");
      table.append(el("tr", { "data-player": i }, el("td", {}, api.names[i]), el("th", {}, String(b.total)),
        el("td", {}, String(b.sunsets)), el("td", {}, items || "–"),
        el("td", { class: "win" }, view.winner === i ? "★" : "")));
    });
    box.append(table);
    return box;
  }

  function label(action, lang) {
    const t = TEXT[lang] || TEXT.de;
    switch (action.type) {
      case "play": return `▶ ${name("chars", action.card)}`;
      case "recall": return `↩ ${action.where}${action.resource ? ` (${t.res[action.resource]})` : ""}`;
      case "place": return `→ ${action.where}`;
      case "reveal": return `${t.deck[action.deck]} ↑`;
      case "take": return `${t.step.take_character({ n: 1 })}: ${action.column + 1}`;
      case "column": return `↓ ${action.column + 1}`;
      case "sunset": return `☀ ${t.sunset}`;
      case "cure": return t.cure;
      case "grow": return t.grow;
      case "create": return `${t.create}: ${name("items", action.item)}`;
      case "finish": return t.finish;
      case "stop": return t.stop;
      case "keep_item": return `${t.keep}: ${name("items", action.item)}`;
      case "lose_member": return `− ${action.where}`;
      default: return JSON.stringify(action);
    }
  }

  function event(e, names, lang) {
    const t = TEXT[lang] || TEXT.de;
    const who = names[e.player] ?? "";
    switch (e.type) {
      case "play": return `${who} ▶ ${name("chars", e.card)}`;
      case "reveal": return `${data && data.locs[e.location] ? t.kind[data.locs[e.location].kind] : ""} ${e.location} ↑`;
      case "place": return `${who} → ${e.where}`;
      case "recall": return `${who} ↩ ${e.where}${e.resource ? `: ${t.res[e.resource]}` : ""}`;
      case "create": return `${who}: ${name("items", e.item)} +${e.vp}`;
      case "sunset": return `${who}: ☀ ${t.preview(e)}`;
      case "cure": return `${who}: −${e.n ?? 1} ${t.hunger}`;
      case "grow": return `${who}: ${t.grow}`;
      case "take": return `${who}: ${name("chars", e.card)}`;
      case "lose_member": return `${who}: − 1 (${t.hunger} 8)`;
      case "hunt_over": return t.huntOver;
      case "game_over": return `${t.end}: ${e.scores.join(" : ")}`;
      default: return null;
    }
  }

  function showHint(action) {
    hinted = action;
    render();
  }

  function point(r) {
    const b = canvas.getBoundingClientRect();
    return { x: b.left + r.x + r.w / 2, y: b.top + r.y + r.h / 2 };
  }

  return {
    mount, unmount, update, label, event, showHint, onEvents, breakdown,
    hook: {
      get flashing() { return flash ? [...flash.where] : []; },
      get ready() { return data !== null && view !== null; },
      columnPoint(c) { return point(layout().columns[c]); },
      deckPoint(k) { return point(layout().decks[k]); },
      placePoint(id) {
        const g = layout();
        return point(g.locs.find((x) => x.id === id) || g.sites.find((x) => x.id === id));
      },
      resourcePoint(id, i) {
        const g = layout();
        const r = g.locs.find((x) => x.id === id);
        const s = resourceSpots(r, view.locations.find((l) => l.id === id))[i];
        const b = canvas.getBoundingClientRect();
        return { x: b.left + s.x, y: b.top + s.y };
      },
      tribePoint(p) { return point(layout().tribes[p]); },
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
