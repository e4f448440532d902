// Elawa: the fire with the six card stacks and their resource stacks in a circle (canvas),
// the hand, the tribes, and prompts for each step. It offers exactly the view's legal actions.

import { el, roundRect, glowAlpha } from "./common.mjs";

const COLOURS = {
  blue: { fill: "#3b6fd8", symbol: "◆" }, yellow: { fill: "#e3b417", symbol: "●" },
  green: { fill: "#3c9a4a", symbol: "■" }, red: { fill: "#d2453a", symbol: "▲" },
  purple: { fill: "#8a4fbf", symbol: "★" },
};
const TOKEN_STYLE = {
  berry: { fill: "#7b2d8e", glyph: "●" }, meat: { fill: "#c0392b", glyph: "◗" },
  flint: { fill: "#7f8c8d", glyph: "▲" }, fur: { fill: "#9c6b30", glyph: "■" }, bone: { fill: "#f1ead8", glyph: "✚" },
};
const TEXT = {
  de: {
    take: "Wähle eine Karte aus der Mitte.", confirmTake: "Nehmen ✓", cancel: "Abbrechen", skip: "Klicke einen markierten Rohstoff, um ihn zu überspringen (Häuptling 1).",
    play: "Spiele Karten aus, lagere Rohstoffe, dann Zug beenden.", endTurn: "Zug beenden", takeVisible: "Nimm eine sichtbare Karte (ohne Rohstoffe).",
    discard: (n) => `Lege Rohstoffe ab, bis du höchstens ${n} hast.`, finalRound: "Letzte Runde!", hand: "Deine Hand", tribe: "Stamm",
    capacity: "Platz", fire: "Feuer", supply: "Vorrat", store: "Lagern", pay: "Zahlen", sacrifice: "Opfer", free: "gratis",
    end: "Spielende", points: "Punkte", total: "Summe", resources: "Rohstoffe", winner: "Sieg", cards: "Karten", handCount: "Handkarten",
    types: { caveman: "Urmensch", hut: "Hütte", supply: "Vorrat", tool: "Werkzeug" },
    tokens: { berry: "Beere", meat: "Fleisch", flint: "Feuerstein", fur: "Fell", bone: "Knochen" },
    colours: { blue: "blau", yellow: "gelb", green: "grün", red: "rot", purple: "violett" },
    effect: { take_visible_card: "+ sichtbare Karte", take_random_resource: "+ zufälliger Rohstoff" },
    chief: "Häuptling", waiting: "Warte auf die anderen …",
  },
  en: {
    take: "Choose a card from the circle.", confirmTake: "Take ✓", cancel: "Cancel", skip: "Click a marked resource to skip it (chief 1).",
    play: "Play cards, store resources, then end the turn.", endTurn: "End turn", takeVisible: "Take a visible card (no resources).",
    discard: (n) => `Discard resources until you hold at most ${n}.`, finalRound: "Final round!", hand: "Your hand", tribe: "Tribe",
    capacity: "room", fire: "Fire", supply: "Supply", store: "Store", pay: "Pay", sacrifice: "Sacrifice", free: "free",
    end: "Game over", points: "points", total: "Total", resources: "Resources", winner: "Winner", cards: "cards", handCount: "hand cards",
    types: { caveman: "Caveman", hut: "Hut", supply: "Supply", tool: "Tool" },
    tokens: { berry: "berry", meat: "meat", flint: "flint", fur: "fur", bone: "bone" },
    colours: { blue: "blue", yellow: "yellow", green: "green", red: "red", purple: "purple" },
    effect: { take_visible_card: "+ visible card", take_random_resource: "+ random resource" },
    chief: "Chief", waiting: "Waiting for the others …",
  },
};

function token(kind, lang) {
  const st = TOKEN_STYLE[kind];
  return el("span", { class: `token token-${kind}`, title: TEXT[lang].tokens[kind], "data-token": kind }, st.glyph);
}

export function scoringText(card, lang) {
  const t = TEXT[lang];
  const sc = card.scoring;
  if (sc.kind === "fixed") return `${sc.points}`;
  if (sc.kind === "per_card_of_colour_in_tribe") return `${sc.points} × ${COLOURS[sc.colour].symbol} ${t.colours[sc.colour]}`;
  if (sc.kind === "per_card_of_type_in_tribe") return `${sc.points} × ${t.types[sc.card_type]}`;
  if (sc.kind === "per_resource_on_card") return `${sc.points} × ${t.tokens[sc.resource]}`;
  return `${sc.points} × ≠`;
}

export function createElawaRenderer() {
  let api, root, canvas, ctx, side, banner, cards = null, view = null;
  let selected = null; // {stack, skip}
  let raf = 0;
  let dirty = true;
  let flash = null;  // {stacks, tokens, start}: where the last move took from glows for a moment
  const tx = () => TEXT[api.lang()] || TEXT.de;

  async function loadCards() {
    const data = await (await fetch(new URL("../../data/elawa-cards.json", import.meta.url))).json();
    cards = Object.fromEntries(data.tribe_cards.map((c) => [c.id, c]));
    cards.__chiefs = Object.fromEntries(data.chiefs.map((c) => [c.id, c]));
    render();
  }

  function mount(container, hostApi) {
    api = hostApi;
    banner = el("div", { class: "elawa-banner", role: "status", "aria-live": "polite" });
    canvas = el("canvas", { class: "elawa-canvas", tabindex: "0", "aria-label": "Feuer und Stapel / fire and stacks" });
    side = el("div", { class: "elawa-side" });
    root = el("div", { class: "elawa" }, banner, el("div", { class: "elawa-top" }, el("div", { class: "elawa-circle" }, canvas), side),
      el("div", { class: "elawa-hand" }), el("div", { class: "elawa-tribes" }));
    container.replaceChildren(root);
    ctx = canvas.getContext("2d");
    canvas.addEventListener("click", (ev) => click(ev.offsetX, ev.offsetY));
    new ResizeObserver(() => { dirty = true; }).observe(canvas.parentElement);
    loadCards();
    const loop = () => { raf = requestAnimationFrame(loop); if (dirty || flash) draw(); };
    raf = requestAnimationFrame(loop);
  }

  function unmount() { cancelAnimationFrame(raf); api = null; }

  function myTurn() {
    return view && view.legal && view.legal.length && view.seat === view.current_seat;
  }

  function legal(type) {
    return myTurn() ? view.legal.filter((a) => a.type === type) : [];
  }

  function update(v) {
    const before = view && view.phase;
    view = v;
    if (selected && !legal("take_card").some((a) => a.stack === selected.stack)) selected = null;
    render();
    // a choice on the circle is due: bring it into sight (the hand may have scrolled it away)
    if (myTurn() && (v.phase === "take" || v.phase === "take_visible") && before !== v.phase) {
      canvas.scrollIntoView({ block: "nearest" });
    }
  }

  // ---- geometry of the circle ------------------------------------------------------

  function layout() {
    const w = canvas.clientWidth, h = canvas.clientHeight;
    const cx = w / 2, cy = h / 2;
    const radius = Math.min(w * 0.5, h * 0.5) - 78;
    const cw = Math.min(96, radius * 0.52), ch = cw * 1.4;
    const stacks = [];
    for (let i = 0; i < 6; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 3;
      const x = cx + Math.cos(a) * radius, y = cy + Math.sin(a) * radius;
      const inner = Math.max(78, radius - ch * 0.5 - 34);
      const rx = cx + Math.cos(a) * inner, ry = cy + Math.sin(a) * inner;
      stacks.push({ x, y, rx, ry, cw, ch });
    }
    return { cx, cy, stacks, tokenR: Math.max(11, Math.min(16, cw * 0.17)) };
  }

  function takeOrder(stack, skip) {
    const card = cards && view.stacks[stack].top && cards[view.stacks[stack].top];
    if (!card) return [];
    const n = card.take;
    const order = [];
    for (let j = 1; j <= n + (skip !== null && skip !== undefined ? 1 : 0); j++) order.push((stack + j) % 6);
    return order.filter((i) => i !== skip);
  }

  function click(x, y) {
    if (!view || !myTurn() || !cards) return;
    const L = layout();
    const hitStack = L.stacks.findIndex((s) => Math.abs(x - s.x) <= s.cw / 2 && Math.abs(y - s.y) <= s.ch / 2);
    const hitRes = L.stacks.findIndex((s) => Math.hypot(x - s.rx, y - s.ry) <= L.tokenR + 4);
    if (view.phase === "take") {
      if (hitStack >= 0 && legal("take_card").some((a) => a.stack === hitStack)) {
        selected = { stack: hitStack, skip: null };
        api.message("");
      } else if (selected && hitRes >= 0 && legal("take_card").some((a) => a.stack === selected.stack && a.skip === hitRes)) {
        selected.skip = selected.skip === hitRes ? null : hitRes;
      } else if (hitStack >= 0 || hitRes >= 0) {
        api.message(api.lang() === "de" ? "Dieser Stapel ist leer." : "That stack is empty.");
        return;
      }
      render();
    } else if (view.phase === "take_visible" && hitStack >= 0) {
      const a = legal("take_visible").find((x) => x.stack === hitStack);
      if (a) api.act(a);
    }
  }

  function confirmTake() {
    if (!selected) return;
    const action = { type: "take_card", stack: selected.stack, skip: selected.skip };
    selected = null;
    api.act(action);
  }

  // ---- drawing --------------------------------------------------------------------

  function drawCard(id, x, y, w, h, highlight) {
    const card = cards[id];
    const col = COLOURS[card.colour];
    roundRect(ctx, x - w / 2, y - h / 2, w, h, 7);
    ctx.fillStyle = "#fffaf0";
    ctx.fill();
    ctx.lineWidth = highlight ? 4 : 2;
    ctx.strokeStyle = highlight ? "#1f5fbf" : col.fill;
    ctx.stroke();
    ctx.fillStyle = col.fill;
    roundRect(ctx, x - w / 2 + 3, y - h / 2 + 3, w - 6, h * 0.24, 5);
    ctx.fill();
    ctx.fillStyle = "#fff";
    ctx.font = `bold ${Math.round(w * 0.17)}px system-ui, sans-serif`;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText(`${col.symbol} ${scoringText(card, api.lang()).split(" × ")[0]}`, x - w / 2 + 7, y - h / 2 + 3 + h * 0.12);
    ctx.textAlign = "center";
    ctx.fillStyle = "#2b2118";
    ctx.font = `${Math.round(w * 0.13)}px system-ui, sans-serif`;
    ctx.fillText(tx().types[card.type], x, y - h * 0.08);
    ctx.font = `${Math.round(w * 0.12)}px system-ui, sans-serif`;
    const sc = scoringText(card, api.lang());
    ctx.fillText(sc.includes("×") ? sc.split(" × ")[1] || "" : "", x, y + h * 0.08);
    // cost tokens
    const cost = card.cost.resources;
    const r = Math.max(4, w * 0.075);
    cost.forEach((k, i) => {
      const tx0 = x - ((cost.length - 1) * r * 2.3) / 2 + i * r * 2.3;
      drawToken(k, tx0, y + h * 0.27, r);
    });
    if (card.cost.sacrifice) {
      ctx.fillStyle = "#a32f2f";
      ctx.font = `bold ${Math.round(w * 0.14)}px system-ui, sans-serif`;
      ctx.fillText("⚡", x - w * 0.36, y + h * 0.4);
    }
    // take number, lower right
    ctx.beginPath();
    ctx.arc(x + w / 2 - w * 0.14, y + h / 2 - w * 0.14, w * 0.11, 0, Math.PI * 2);
    ctx.fillStyle = "#2b2118";
    ctx.fill();
    ctx.fillStyle = "#fff";
    ctx.font = `bold ${Math.round(w * 0.15)}px system-ui, sans-serif`;
    ctx.fillText(String(card.take), x + w / 2 - w * 0.14, y + h / 2 - w * 0.14 + 1);
  }

  function drawToken(kind, x, y, r, highlight) {
    const st = TOKEN_STYLE[kind];
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = st.fill;
    ctx.fill();
    ctx.lineWidth = highlight ? 4 : 1.5;
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
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.parentElement.clientWidth, h = canvas.parentElement.clientHeight;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      canvas.style.width = w + "px";
      canvas.style.height = h + "px";
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    if (!view || !cards) return;
    const L = layout();
    // the fire
    const grd = ctx.createRadialGradient(L.cx, L.cy, 4, L.cx, L.cy, 54);
    grd.addColorStop(0, "#ffd23a");
    grd.addColorStop(0.6, "#f05a1a");
    grd.addColorStop(1, "#f05a1a00");
    ctx.fillStyle = grd;
    ctx.beginPath();
    ctx.arc(L.cx, L.cy, 54, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = "#2b2118";
    ctx.font = "bold 15px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.fillText(`${tx().fire}: ${view.fire}`, L.cx, L.cy - 6);
    ctx.font = "12px system-ui, sans-serif";
    ctx.fillText(`${tx().supply}: ${view.supply}`, L.cx, L.cy + 12);
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
      ctx.fillText(`${st.count}`, s.x, s.y + s.ch / 2 + 11);
      const res = view.resources[i];
      const inPreview = preview.includes(i);
      if (res.top) drawToken(res.top, s.rx, s.ry, L.tokenR, inPreview);
      if (skippable.includes(i) && !inPreview) {
        ctx.setLineDash([3, 3]);
        ctx.strokeStyle = "#1f5fbf";
        ctx.beginPath();
        ctx.arc(s.rx, s.ry, L.tokenR + 5, 0, Math.PI * 2);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      ctx.fillStyle = "#6d5d4b";
      ctx.font = "11px system-ui, sans-serif";
      ctx.fillText(`×${res.count}`, s.rx, s.ry + L.tokenR + 11);
      if (inPreview && res.count === 1) {  // this stack will empty: one from the fire, then refill
        ctx.fillStyle = "#b5562b";
        ctx.fillText("+1 ▲", s.rx, s.ry - L.tokenR - 6);  // one more from the fire
      }
    });
    if (flash) drawFlash(L);
  }

  function onEvents(events) {
    const stacks = new Set(), tokens = new Set();
    for (const e of events) {
      if ((e.type === "take_card" || e.type === "take_visible") && e.stack !== undefined) stacks.add(e.stack);
      if (e.type === "gain" && typeof e.from === "string" && e.from.startsWith("stack ")) tokens.add(Number(e.from.slice(6)));
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

  function cardEl(id, extra = {}) {
    const card = cards[id];
    const lang = api.lang();
    const t = tx();
    const col = COLOURS[card.colour];
    const cost = el("span", { class: "cost" }, ...card.cost.resources.map((k) => token(k, lang)));
    if (card.cost.sacrifice) cost.append(el("span", { class: "sacrifice", title: t.sacrifice }, "⚡"));
    if (!card.cost.resources.length && !card.cost.sacrifice) cost.append(t.free);
    return el("div", { class: `ecard colour-${card.colour}`, "data-card": id, title: id },
      el("div", { class: "ecard-head", style: `background:${col.fill}` },
        el("span", {}, `${col.symbol} ${scoringText(card, lang)}`), el("span", { class: "take" }, String(card.take))),
      el("div", { class: "ecard-type" }, t.types[card.type] + (card.immediate_effect ? ` · ${t.effect[card.immediate_effect]}` : "")),
      cost, extra.stored ? el("div", { class: "stored" }, ...extra.stored.map((k) => token(k, lang))) : null,
      extra.points !== undefined ? el("div", { class: "pts" }, `${extra.points}`) : null);
  }

  function render() {
    if (!view || !cards || !api) return;
    dirty = true;
    const t = tx();
    const lang = api.lang();
    const me = view.seat;
    // banner: the step, with the prompt
    let prompt = view.over ? "" : t.waiting;
    if (myTurn()) {
      if (view.phase === "take") prompt = selected ? (legal("take_card").some((a) => a.skip !== null) ? t.skip : "") : t.take;
      else if (view.phase === "play") prompt = t.play;
      else if (view.phase === "take_visible") prompt = t.takeVisible;
      else if (view.phase === "discard") prompt = t.discard(view.players[me].capacity);
    }
    banner.replaceChildren(view.final_round && !view.over ? el("strong", { class: "final-round" }, t.finalRound + " ") : "", prompt || "");
    // side: take preview + confirm, end turn, discard choices, players' resources
    side.replaceChildren();
    if (myTurn() && view.phase === "take") {
      const confirm = el("button", { type: "button", class: "primary", id: "elawa-confirm", onclick: confirmTake }, t.confirmTake);
      confirm.disabled = !selected;
      const cancel = el("button", { type: "button", id: "elawa-cancel", onclick: () => { selected = null; render(); } }, t.cancel);
      cancel.disabled = !selected;
      if (selected) {
        const gets = takeOrder(selected.stack, selected.skip).map((i) => view.resources[i].top).filter(Boolean);
        side.append(el("div", { class: "preview" }, `${t.resources}: `, ...gets.map((k) => token(k, lang))));
      }
      side.append(el("div", { class: "row-buttons" }, confirm, cancel));
    }
    if (myTurn() && view.phase === "play") {
      side.append(el("button", { type: "button", class: "primary", id: "elawa-end-turn", onclick: () => api.act({ type: "end_turn" }) }, t.endTurn));
    }
    if (myTurn() && view.phase === "discard") {
      side.append(el("div", { class: "discard-choices" }, ...legal("discard").map((a) =>
        el("button", { type: "button", class: "discard-token", "data-token": a.token, onclick: () => api.act(a) }, token(a.token, lang), ` ${t.tokens[a.token]}`))));
    }
    view.players.forEach((p, i) => {
      const room = p.capacity - Object.values(p.available).reduce((a, b) => a + b, 0);
      const chief = cards.__chiefs[p.chief];
      side.append(el("div", { class: "elawa-player" + (i === view.current_seat ? " current" : ""), "data-player": i },
        el("div", {}, el("span", { class: "swatch", style: `background:${api.colours[i]}` }),
          el("strong", {}, api.names[i]), ` · ${t.chief} ${chief.number} · ${p.score} ${t.points}`),
        el("div", { class: "avail" }, ...Object.entries(p.available).flatMap(([k, n]) => Array.from({ length: n }, () => token(k, lang))),
          el("span", { class: "room" }, ` ${t.capacity}: ${room}`)),
        el("div", { class: "hint" }, `${p.hand_count} ${t.handCount}`)));
    });
    // hand with play options
    const handBox = root.querySelector(".elawa-hand");
    handBox.replaceChildren();
    const mine = me !== null && me !== undefined ? view.players[me] : null;
    if (mine && mine.hand) {
      handBox.append(el("h3", {}, t.hand));
      const row = el("div", { class: "card-row" });
      for (const id of mine.hand) {
        const wrap = el("div", { class: "hand-card" }, cardEl(id));
        const options = legal("play").filter((a) => a.card === id);
        for (const a of options) {
          const pay = a.pay.length ? a.pay.map((k) => token(k, lang)) : [t.free];
          wrap.append(el("button", { type: "button", class: "play-option", "data-action": JSON.stringify(a), onclick: () => api.act(a) },
            `${t.pay}: `, ...pay, a.sacrifice ? ` · ${t.sacrifice}: ${a.sacrifice}` : ""));
        }
        row.append(wrap);
      }
      handBox.append(row);
    }
    // tribes grouped by type and colour, stored resources, store buttons
    const tribes = root.querySelector(".elawa-tribes");
    tribes.replaceChildren();
    const order = ["caveman", "hut", "tool", "supply"];
    const colourOrder = Object.keys(COLOURS);
    view.players.forEach((p, i) => {
      const box = el("section", { class: "tribe", "data-player": i }, el("h3", {}, `${t.tribe} ${api.names[i]} (${p.score})`));
      const sorted = [...p.tribe].sort((a, b) => order.indexOf(cards[a.card].type) - order.indexOf(cards[b.card].type)
        || colourOrder.indexOf(cards[a.card].colour) - colourOrder.indexOf(cards[b.card].colour));
      const row = el("div", { class: "card-row" });
      const breakdown = view.breakdown ? view.breakdown[i].cards : null;
      for (const entry of sorted) {
        const pts = breakdown ? breakdown.find((b) => b.card === entry.card).points : undefined;
        const wrap = el("div", { class: "tribe-card" }, cardEl(entry.card, { stored: entry.stored, points: pts }));
        if (i === me) {
          for (const a of legal("store").filter((x) => x.card === entry.card)) {
            wrap.append(el("button", { type: "button", class: "store-option", "data-action": JSON.stringify(a), onclick: () => api.act(a) },
              `${t.store}: `, token(a.token, lang)));
          }
        }
        row.append(wrap);
      }
      box.append(row);
      tribes.append(box);
    });
  }

  // The final scoring for the page's end screen.
  function breakdown(endView) {
    const t = tx();
    const view = endView;
    const box = el("div", { class: "elawa-breakdown" });
    const table = el("table", { class: "breakdown" },
      el("tr", {}, el("th", {}, ""), el("th", {}, t.cards), el("th", {}, t.total), el("th", {}, t.resources), el("th", {}, t.winner)));
    view.breakdown.forEach((b, i) => {
      table.append(el("tr", { "data-player": i }, el("td", {}, api.names[i]),
        el("td", {}, b.cards.map((c) => `${c.card} ${c.points}`).join(", ")), el("th", {}, String(b.total)),
        el("td", {}, String(b.resources)), el("td", { class: "win" }, view.winners.includes(i) ? "★" : "")));
    });
    box.append(table);
    return box;
  }

  function label(action, lang) {
    const t = TEXT[lang] || TEXT.de;
    if (action.type === "take_card") return `${t.confirmTake} ${action.stack + 1}` + (action.skip !== null ? ` (skip ${action.skip + 1})` : "");
    if (action.type === "take_visible") return `${t.takeVisible} ${action.stack + 1}`;
    if (action.type === "play") return `${action.card}: ${action.pay.map((k) => t.tokens[k]).join("+") || t.free}` + (action.sacrifice ? ` ⚡${action.sacrifice}` : "");
    if (action.type === "store") return `${t.store} ${t.tokens[action.token]} → ${action.card}`;
    if (action.type === "discard") return `− ${t.tokens[action.token]}`;
    if (action.type === "end_turn") return t.endTurn;
    return JSON.stringify(action);
  }

  function event(e, names, lang) {
    const t = TEXT[lang] || TEXT.de;
    const who = names[e.player] ?? "";
    if (e.type === "take_card") return `${who}: ${e.card}`;
    if (e.type === "take_visible") return `${who}: ${e.card} (${t.takeVisible.split(" (")[0]})`;
    if (e.type === "gain") return `${who}: + ${t.tokens[e.token]}`;
    if (e.type === "play") return `${who} ▶ ${e.card}`;
    if (e.type === "store") return `${who}: ${t.tokens[e.token]} → ${e.card}`;
    if (e.type === "discard") return `${who}: − ${t.tokens[e.token]}`;
    if (e.type === "final_round") return t.finalRound;
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
    mount, unmount, update, label, event, showHint, onEvents, breakdown,
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
