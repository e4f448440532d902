// The page: menu (paints before Python is ready), seats, and the game screen that draws
// the engine's view and offers exactly the view's legal actions.
import { engine } from "./boot.mjs";
import { applyStaticTexts, getLang, setLang, t } from "./i18n.mjs";
import { deleteSave, listSaves, newSaveId, validRecord, writeSave } from "./storage.mjs";
import { RULES, SHARE_NOTES } from "./rules.mjs";
import { nimRenderer } from "./renderers/nim.mjs";
import { createSammlerRenderer } from "./renderers/sammler.mjs";
import { createElawaRenderer } from "./renderers/elawa.mjs";
import { createSpaeherRenderer } from "./renderers/spaeher.mjs";

const TEST_MODE = new URLSearchParams(location.search).get("test") === "1";
const AI_PAUSE_MS = TEST_MODE ? 0 : 350;
const SEAT_COLOURS = ["#c0392b", "#2e6fd1", "#e0b020", "#2f9e44", "#333333"];

// The three games, known before the engine is up so the menu paints at once.
const CATALOG = [
  { id: "sammler", titles: { de: "Carcassonne – Jäger und Sammler", en: "Carcassonne – Hunters and Gatherers" }, players: [2, 5] },
  { id: "spaeher", titles: { de: "Jäger und Späher", en: "Hunters and Scouts" }, players: [2, 2] },
  { id: "elawa", titles: { de: "Elawa", en: "Elawa" }, players: [2, 4] },
];
// A renderer draws one game's view; those with mount() keep state (a canvas) per match.
const RENDERERS = { nim: () => nimRenderer, sammler: createSammlerRenderer, elawa: createElawaRenderer, spaeher: createSpaeherRenderer };

const $ = (id) => document.getElementById(id);
const app = $("app");

const ui = { selected: null, playerCount: 2, seats: [], options: {} };
const match = {
  id: null, game: null, view: null, seats: [], generation: 0, busy: false, names: [], renderer: null,
  mode: "live", saveId: null, savedStateId: null, replay: null, step: 0, shownSeat: null,
};

let restoring = null;  // the save to restore once a restarted engine is ready
let linkChecked = false;

engine.listen((status, info) => {
  app.dataset.engine = status;
  app.dataset.ready = String(status === "ready");
  if (status === "ready") performance.mark("urzeit-engine-ready");
  if (status === "failed" || status === "crashed") app.dataset.engineError = info.reason;
  if (status === "crashed") recoverFromCrash();
  if (status === "ready" && restoring) restoreAfterCrash();
  if (status === "ready" && !linkChecked) {
    linkChecked = true;
    openSharedLink();
    registerServiceWorker();
  }
  renderStatus();
  renderGameList();
  renderSeatForm();
  renderSaved();
});

function localError(err) {
  // The reason in the player's language; the engine's exact words (English) follow.
  const head = err.code && t("errors")[err.code];
  return head ? `${head}: ${err.message}` : err.message;
}

function showError(err) {
  // While the engine is being restarted, the restart message stays.
  if (app.dataset.recovering !== "true") $("message").textContent = localError(err);
}

function recoverFromCrash() {
  // The worker died or hangs: tell the player, start a new engine, restore the game from
  // its autosave (every action is saved, so nothing is lost).
  restoring = match.id && match.mode === "live" && !$("game").hidden ? { saveId: match.saveId } : null;
  match.generation++;
  $("message").textContent = t("engineCrashed");
  app.dataset.recovering = "true";
  engine.restart();
}

async function restoreAfterCrash() {
  const want = restoring;
  restoring = null;
  const saved = want && want.saveId && listSaves().find((s) => s.id === want.saveId && s.ok);
  app.dataset.recovering = "false";
  if (!saved) {
    backToMenu();
    return;
  }
  try {
    openMatch(await engine.request({ op: "load", save: saved.record.replay }), { saveId: saved.id });
    $("message").textContent = t("engineRestored");
  } catch (err) {
    $("message").textContent = err.message;
  }
}

function renderStatus() {
  const text = $("engine-text");
  if (engine.status === "ready") text.textContent = t("engineReady");
  else if (engine.status === "failed" || engine.status === "crashed") text.textContent = t("engineFailed") + (app.dataset.engineError || "");
  else text.textContent = t("engineLoading");
}

function availableGames() {
  const games = engine.hello ? engine.hello.games : [];
  return new Map(games.filter((g) => g.listed || TEST_MODE).map((g) => [g.id, g]));
}

function menuEntries() {
  const entries = CATALOG.map((g) => ({ ...g }));
  for (const g of availableGames().values()) {
    if (!entries.some((e) => e.id === g.id)) entries.push({ id: g.id, titles: g.titles, players: g.players });
  }
  return entries;
}

function isPlayable(id) {
  return engine.status !== "ready" || availableGames().has(id);
}

function renderGameList() {
  const list = $("game-list");
  list.replaceChildren();
  for (const g of menuEntries()) {
    const playable = isPlayable(g.id);
    const card = document.createElement("button");
    card.type = "button";
    card.className = "game-card";
    card.setAttribute("role", "radio");
    card.setAttribute("aria-checked", String(ui.selected === g.id));
    card.dataset.gameId = g.id;
    card.disabled = !playable;
    const title = document.createElement("span");
    title.className = "title";
    title.textContent = g.titles[getLang()] || g.titles.de;
    const meta = document.createElement("span");
    meta.className = "meta";
    meta.textContent = g.players[0] === g.players[1] ? `${g.players[0]} ${t("players")}` : `${g.players[0]}–${g.players[1]} ${t("players")}`;
    card.append(title, meta);
    if (!playable) {
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = t("inPreparation");
      card.append(badge);
    }
    card.addEventListener("click", () => selectGame(g.id));
    list.append(card);
  }
  if (ui.selected && !isPlayable(ui.selected)) {
    ui.selected = null;
    $("seat-form").hidden = true;
  }
}

function gameEntry(id) {
  return menuEntries().find((g) => g.id === id);
}

function selectGame(id) {
  ui.selected = id;
  const g = gameEntry(id);
  ui.playerCount = Math.min(Math.max(ui.playerCount, g.players[0]), g.players[1]);
  renderGameList();
  renderSeatForm();
  $("seat-form").hidden = false;
}

function ensureSeats(n) {
  while (ui.seats.length < n) {
    const i = ui.seats.length;
    ui.seats.push({ kind: i === 0 ? "human" : "ai", level: "medium", name: "" });
  }
}

function renderSeatForm() {
  const form = $("seat-form");
  if (!ui.selected) return;
  const g = gameEntry(ui.selected);
  const count = $("player-count");
  count.replaceChildren();
  for (let n = g.players[0]; n <= g.players[1]; n++) {
    const opt = new Option(String(n), String(n), false, n === ui.playerCount);
    count.append(opt);
  }
  count.onchange = () => { ui.playerCount = Number(count.value); renderSeatForm(); };
  ensureSeats(ui.playerCount);
  const list = $("seat-list");
  list.replaceChildren();
  for (let i = 0; i < ui.playerCount; i++) {
    const seat = ui.seats[i];
    const li = document.createElement("li");
    li.className = "seat";
    li.dataset.seat = i;
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = SEAT_COLOURS[i];
    const name = document.createElement("input");
    name.type = "text";
    name.maxLength = 40;
    name.value = seat.name;
    name.placeholder = t("seatName", i + 1, seat.kind === "human");
    name.setAttribute("aria-label", `${t("name")} ${i + 1}`);
    name.oninput = () => { seat.name = name.value; };
    const kind = document.createElement("select");
    kind.setAttribute("aria-label", `${t("seats")} ${i + 1}`);
    kind.className = "seat-kind";
    kind.append(new Option(t("human"), "human", false, seat.kind === "human"),
                new Option(t("computer"), "ai", false, seat.kind === "ai"));
    kind.onchange = () => { seat.kind = kind.value; renderSeatForm(); };
    li.append(swatch, name, kind);
    if (seat.kind === "ai") {
      const level = document.createElement("select");
      level.className = "seat-level";
      level.setAttribute("aria-label", `${t("level")} ${i + 1}`);
      for (const l of ["random", "easy", "medium", "hard"]) level.append(new Option(t("levels")[l], l, false, seat.level === l));
      level.onchange = () => { seat.level = level.value; };
      li.append(level);
    }
    list.append(li);
  }
  renderGameOptions();
  const ready = engine.status === "ready";
  $("start-button").disabled = !ready;
  $("start-hint").textContent = ready ? "" : engine.status === "failed"
    ? t("engineFailed") + (app.dataset.engineError || "") : t("waitEngine");
  form.onsubmit = (ev) => { ev.preventDefault(); startGame(); };
}

// Choices a game offers (e.g. intro or normal game), read from the engine's hello.
const CHOICE_NAMES = {
  intro: { de: "Einführungsspiel", en: "Introductory game" }, normal: { de: "Normales Spiel", en: "Normal game" },
  advanced: { de: "Fortgeschritten", en: "Advanced" }, second_only: { de: "nur die zweite Karte", en: "only the 2nd card" },
  every_second: { de: "jede zweite Karte", en: "every 2nd card" },
};

function renderGameOptions() {
  const box = $("game-options");
  box.replaceChildren();
  const g = availableGames().get(ui.selected);
  if (!g) return;
  ui.options[ui.selected] ||= {};
  const chosen = ui.options[ui.selected];
  for (const [key, opt] of Object.entries(g.options || {})) {
    if (!opt.choices || !opt.label) continue;
    const select = document.createElement("select");
    select.dataset.option = key;
    for (const c of opt.choices) {
      const label = CHOICE_NAMES[c] ? CHOICE_NAMES[c][getLang()] : c;
      select.append(new Option(label, c, false, (chosen[key] ?? opt.default) === c));
    }
    select.onchange = () => { chosen[key] = select.value; };
    const label = document.createElement("label");
    label.className = "row";
    const span = document.createElement("span");
    span.textContent = opt.label[getLang()] || opt.label.de;
    label.append(span, select);
    box.append(label);
  }
}

function seatRequests() {
  return ui.seats.slice(0, ui.playerCount).map((s, i) => {
    const seat = { kind: s.kind, name: s.name.trim() || t("seatName", i + 1, s.kind === "human") };
    if (s.kind === "ai") seat.level = s.level;
    return seat;
  });
}

function randomSeed() {
  const fixed = new URLSearchParams(location.search).get("seed");
  if (TEST_MODE && fixed !== null) return Number(fixed);  // tests replay exact games
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

async function startGame() {
  if (engine.status !== "ready" || !ui.selected) return;
  try {
    const result = await engine.request({ op: "new", game: ui.selected, seats: seatRequests(), seed: randomSeed(), options: { ...(ui.options[ui.selected] || {}) } });
    openMatch(result, { saveId: newSaveId() });
  } catch (err) {
    $("start-hint").textContent = err.message;
  }
}

function openMatch(result, opts = {}) {
  match.id = result.match;
  match.mode = opts.mode || "live";
  match.saveId = opts.saveId || null;
  match.savedStateId = null;
  match.shownSeat = null;
  $("replay-bar").hidden = match.mode !== "replay";
  $("undo-button").hidden = match.mode === "replay";
  $("pass-screen").hidden = true;
  match.game = result.view.game;
  match.seats = result.view.seats;
  match.names = match.seats.map((s) => s.name);
  match.generation++;
  $("log").replaceChildren();
  $("message").textContent = "";
  $("menu").hidden = true;
  $("game").hidden = false;
  const entry = gameEntry(match.game);
  $("game-title").textContent = entry ? (entry.titles[getLang()] || entry.titles.de) : match.game;
  app.dataset.game = match.game;
  if (match.renderer && match.renderer.unmount) match.renderer.unmount();
  match.renderer = RENDERERS[match.game] ? RENDERERS[match.game]() : genericRenderer;
  if (match.renderer.mount) {
    match.renderer.mount($("board"), {
      act, names: match.names, seats: match.seats, colours: SEAT_COLOURS, lang: getLang,
      message: (text) => { $("message").textContent = text; },
      refreshLegal: () => { if (match.view) renderLegal(match.view); },
    });
  }
  setView(result.view);
  if (match.mode === "live") advance();
}

function renderer() {
  return match.renderer || genericRenderer;
}

const genericRenderer = {
  label: (action) => JSON.stringify(action),
  render(view, board) {
    const pre = document.createElement("pre");
    pre.textContent = JSON.stringify(view, null, 1).slice(0, 4000);
    board.replaceChildren(pre);
  },
  event: () => null,
};

function setView(view) {
  match.view = view;
  if (view.seat !== null && match.seats[view.seat] && match.seats[view.seat].kind === "human") match.shownSeat = view.seat;
  app.dataset.stateId = String(view.state_id);
  app.dataset.currentSeat = view.current_seat === null ? "" : String(view.current_seat);
  app.dataset.over = String(view.over);
  app.dataset.viewSeat = view.seat === null ? "" : String(view.seat);
  if (renderer().update) renderer().update(view);
  else renderer().render(view, $("board"), { names: match.names, lang: getLang() });
  renderScores(view);
  renderLegal(view);
  renderTurn(view);
  $("hint-button").hidden = match.mode === "replay" || !isHumanTurn(view);
  const undo = $("undo-button");
  undo.disabled = !view.undo || match.busy;
  undo.title = view.undo ? "" : (view.undo_reason || "");
  if (match.mode === "live" && match.saveId && view.state_id !== match.savedStateId) autosave(view.state_id);
}

async function autosave(stateId) {
  match.savedStateId = stateId;
  const id = match.saveId, matchId = match.id;
  try {
    const replay = await engine.request({ op: "save", match: matchId });
    const view = match.view;
    const record = {
      version: 1, id, game: replay.game, date: new Date().toISOString(), replay,
      seats: replay.seats.map((s) => ({ kind: s.kind, name: s.name })), scores: view.scores, over: view.over,
    };
    if (!writeSave(id, record)) $("message").textContent = t("storageFull");
  } catch (err) {
    $("message").textContent = err.message;
  }
}

function renderScores(view) {
  const board = $("scoreboard");
  const before = [...board.querySelectorAll("[data-score]")].map((el) => Number(el.textContent));
  board.replaceChildren();
  view.scores.forEach((score, i) => {
    const li = document.createElement("li");
    if (i === view.current_seat) li.className = "current";
    li.style.borderLeft = `6px solid ${SEAT_COLOURS[i]}`;
    const name = document.createElement("span");
    name.textContent = match.names[i];
    if (match.seats[i].kind === "ai") {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = t("levels")[match.seats[i].level] || t("computer");
      name.append(" ", tag);
    }
    const pts = document.createElement("strong");
    pts.textContent = score;
    pts.dataset.score = i;
    if (before.length && score > before[i]) li.classList.add("gained");  // the points arrive
    li.append(name, pts);
    board.append(li);
  });
}

function renderLegal(view) {
  const list = $("legal-actions");
  list.replaceChildren();
  const legal = isHumanTurn(view) ? view.legal || [] : [];
  for (const action of legal) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "legal-action";
    button.dataset.action = JSON.stringify(action);
    button.textContent = renderer().label(action, getLang());
    button.addEventListener("click", () => act(action));
    li.append(button);
    list.append(li);
  }
}

function renderTurn(view) {
  const info = $("turn-info");
  if (view.over) {
    const best = Math.max(...view.scores);
    const winners = view.winners || view.scores.map((s, i) => (s === best ? i : -1)).filter((i) => i >= 0);
    info.textContent = t("gameOver") + ": " + (winners.length === 1 ? t("winner", match.names[winners[0]]) : t("draw"));
    return;
  }
  const seat = view.current_seat;
  const name = match.names[seat];
  info.textContent = match.seats[seat].kind === "ai" ? t("thinking", name) : t("turnOf", name);
}

function isHumanTurn(view) {
  return !view.over && view.current_seat !== null && match.seats[view.current_seat].kind === "human"
    && view.seat === view.current_seat;
}

function logEvents(events) {
  if (renderer().onEvents) renderer().onEvents(events);
  const log = $("log");
  for (const e of events) {
    const text = renderer().event(e, match.names, getLang());
    if (!text) continue;
    const li = document.createElement("li");
    li.textContent = text;
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
}

function humanViewer(view) {
  const current = view.current_seat;
  if (current !== null && match.seats[current].kind === "human") return current;
  if (view.seat !== null && match.seats[view.seat].kind === "human") return view.seat;
  const first = match.seats.findIndex((s) => s.kind === "human");
  return first >= 0 ? first : null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function advance() {
  const generation = match.generation;
  setBusy(true);
  try {
    while (generation === match.generation) {
      const view = match.view;
      if (view.over) break;
      const seat = view.current_seat;
      if (match.seats[seat].kind === "ai") {
        const r = await engine.request({ op: "ai", match: match.id, seat, viewer: humanViewer(view), slice_ms: 40 });
        if (generation !== match.generation) return;
        logEvents(r.events);
        setView(r.view);
        if (AI_PAUSE_MS) await sleep(AI_PAUSE_MS);
        continue;
      }
      if (view.seat !== seat) {
        if (needsPassScreen(seat)) {
          setBusy(false);  // the page waits for a person, not for the engine
          app.dataset.passing = "true";
          await passDevice(seat);
          app.dataset.passing = "false";
          setBusy(true);
        }
        if (generation !== match.generation) return;
        setView(await engine.request({ op: "view", match: match.id, seat }));
        continue;
      }
      break;
    }
  } catch (err) {
    showError(err);
  } finally {
    if (generation === match.generation) setBusy(false);
  }
}

function needsPassScreen(seat) {
  const info = availableGames().get(match.game);
  const humans = match.seats.filter((s) => s.kind === "human").length;
  return Boolean(info && info.private_hands) && humans >= 2 && match.shownSeat !== null && match.shownSeat !== seat;
}

function passDevice(seat) {
  // Between two human seats of a card game nobody may see the other's hand.
  $("board").style.visibility = "hidden";
  $("legal-actions").replaceChildren();
  $("pass-text").textContent = t("passTo", match.names[seat]);
  $("pass-ready").textContent = t("passReady", match.names[seat]);
  $("pass-screen").hidden = false;
  return new Promise((resolve) => {
    $("pass-ready").onclick = () => {
      $("pass-screen").hidden = true;
      $("board").style.visibility = "";
      resolve();
    };
  });
}

function setBusy(busy) {
  match.busy = busy;
  app.dataset.busy = String(busy);
  if (match.view) $("undo-button").disabled = busy || !match.view.undo;
}

async function act(action) {
  const view = match.view;
  if (!isHumanTurn(view)) return { ok: false, code: "not_your_turn" };
  $("message").textContent = "";
  setBusy(true);
  try {
    const r = await engine.request({ op: "act", match: match.id, seat: view.current_seat, state_id: view.state_id, action });
    logEvents(r.events);
    setView(r.view);
    advance();
    return { ok: true };
  } catch (err) {
    showError(err);
    setBusy(false);
    return { ok: false, code: err.code, message: err.message };
  }
}

function backToMenu() {
  match.generation++;
  match.id = null;
  if (match.renderer && match.renderer.unmount) match.renderer.unmount();
  match.renderer = null;
  delete app.dataset.game;
  $("game").hidden = true;
  $("menu").hidden = false;
  renderSaved();
}

function toggleLang() {
  setLang(getLang() === "de" ? "en" : "de");
  $("lang-toggle").textContent = getLang() === "de" ? "EN" : "DE";
  applyStaticTexts();
  renderStatus();
  renderGameList();
  renderSeatForm();
  if (match.view && !$("game").hidden) setView(match.view);
}

async function hint() {
  const view = match.view;
  if (!isHumanTurn(view) || match.busy) return;
  setBusy(true);
  try {
    const r = await engine.request({ op: "ai", match: match.id, seat: view.current_seat, level: "hard", slice_ms: 40,
                                     viewer: view.current_seat, apply: false });
    const key = JSON.stringify(r.action);
    for (const b of $("legal-actions").querySelectorAll("button")) b.classList.toggle("hinted", b.dataset.action === key);
    $("message").textContent = t("hintIs", renderer().label(r.action, getLang()));
    if (renderer().showHint) renderer().showHint(r.action);
    app.dataset.hint = key;
  } catch (err) {
    showError(err);
  } finally {
    setBusy(false);
  }
}

async function undo() {
  const view = match.view;
  if (!view || view.seat === null || match.busy) return;
  try {
    setView(await engine.request({ op: "undo", match: match.id, seat: view.seat }));
    $("message").textContent = "";
    $("log").append(Object.assign(document.createElement("li"), { textContent: "↶ " + t("undo") }));
  } catch (err) {
    showError(err);
  }
}

async function exportGame() {
  const replay = match.mode === "replay" ? match.replay : await engine.request({ op: "save", match: match.id });
  const blob = new Blob([JSON.stringify(replay, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `urzeit-${replay.game}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function importFile(file) {
  $("import-message").textContent = "";
  try {
    const text = await file.text();
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error("not JSON");
    }
    const replay = validRecord(data) ? data.replay : data;
    if (!replay || replay.format !== "urzeit-replay" || !Array.isArray(replay.actions)) throw new Error("no urzeit-replay inside");
    await openReplay(replay);
  } catch (err) {
    $("import-message").textContent = t("badFile") + err.message;
  }
}

async function openReplay(replay) {
  // Validate the whole replay once (a bad one is refused before anything changes).
  const full = await engine.request({ op: "load", save: replay });
  match.replay = replay;
  match.step = replay.actions.length;
  openMatch({ match: full.match, view: await engine.request({ op: "view", match: full.match, seat: null }) }, { mode: "replay" });
  showStep(match.step);
}

async function showStep(k) {
  const n = match.replay.actions.length;
  match.step = Math.max(0, Math.min(n, k));
  const loaded = await engine.request({ op: "load", save: { ...match.replay, actions: match.replay.actions.slice(0, match.step) } });
  match.id = loaded.match;
  setView(await engine.request({ op: "view", match: loaded.match, seat: null }));
  $("replay-pos").textContent = t("step", match.step, n);
  app.dataset.replayStep = String(match.step);
}

function renderSaved() {
  const list = $("saved-list");
  list.replaceChildren();
  const saves = listSaves();
  $("saved").hidden = saves.length === 0;
  for (const s of saves) {
    const li = document.createElement("li");
    li.className = "saved-game";
    li.dataset.saveId = s.id;
    const text = document.createElement("span");
    const actions = [];
    if (s.ok) {
      const r = s.record;
      const entry = gameEntry(r.game);
      const title = entry ? entry.titles[getLang()] || entry.titles.de : r.game;
      const date = new Date(r.date).toLocaleString(getLang());
      const players = r.seats.map((seat, i) => `${seat.name} ${r.scores ? r.scores[i] : ""}`).join(" · ");
      text.textContent = `${title} — ${players} — ${date}${r.over ? " (" + t("finished") + ")" : ""}`;
      if (!r.over) actions.push([t("resume"), "resume", () => resume(s)]);
      actions.push([t("watch"), "watch", () => openReplay(r.replay).catch((err) => { $("import-message").textContent = err.message; })]);
    } else {
      li.classList.add("broken");
      text.textContent = `${t("unreadable")} (${s.id}): ${s.error}`;
    }
    actions.push([t("remove"), "remove", () => { deleteSave(s.id); renderSaved(); }]);
    li.append(text);
    for (const [label, cls, fn] of actions) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `saved-${cls}`;
      b.textContent = label;
      b.disabled = cls !== "remove" && engine.status !== "ready";
      b.addEventListener("click", fn);
      li.append(b);
    }
    list.append(li);
  }
}

async function resume(s) {
  try {
    const result = await engine.request({ op: "load", save: s.record.replay });
    openMatch(result, { saveId: s.id });
  } catch (err) {
    $("import-message").textContent = err.message;  // the entry stays; nothing is deleted
  }
}

function showRules(gameId) {
  const rules = RULES[gameId];
  if (!rules) return;
  // our own static text, never data from a page, save or link
  $("rules-text").innerHTML = rules[getLang()] || rules.de;
  $("rules-dialog").showModal();
}

// ---- correspondence by link: the replay, compressed, in the URL fragment ----

async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function unpack(code) {
  const bin = atob(code.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

async function shareGame() {
  const replay = await engine.request({ op: "save", match: match.id });
  const url = new URL(location.href);
  url.search = "";
  url.hash = "g=" + await pack(JSON.stringify(replay));
  $("share-link").value = url.href;
  const note = SHARE_NOTES[match.game];
  $("share-note").textContent = note ? note[getLang()] : "";
  $("share-dialog").showModal();
  $("share-link").select();
}

async function openSharedLink() {
  const hash = location.hash;
  if (!hash.startsWith("#g=")) return;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    let replay;
    try {
      replay = JSON.parse(await unpack(hash.slice(3)));
    } catch {
      throw new Error("the link is damaged");
    }
    const result = await engine.request({ op: "load", save: replay });
    openMatch(result, { saveId: newSaveId() });
  } catch (err) {
    $("import-message").textContent = t("badLink") + err.message;  // other saves stay untouched
  }
}

window.addEventListener("hashchange", () => { if (engine.status === "ready") openSharedLink(); });
$("rules-button").addEventListener("click", () => showRules(match.game));
$("menu-rules-button").addEventListener("click", () => showRules(ui.selected));
$("share-button").addEventListener("click", () => shareGame().catch((err) => { $("message").textContent = err.message; }));
$("share-copy").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText($("share-link").value);
    $("share-note").textContent = t("copied");
  } catch {
    $("share-link").select();
  }
});
$("undo-button").addEventListener("click", undo);
$("hint-button").addEventListener("click", hint);
$("export-button").addEventListener("click", exportGame);
$("import-file").addEventListener("change", (ev) => { if (ev.target.files[0]) importFile(ev.target.files[0]); ev.target.value = ""; });
$("replay-first").addEventListener("click", () => showStep(0));
$("replay-prev").addEventListener("click", () => showStep(match.step - 1));
$("replay-next").addEventListener("click", () => showStep(match.step + 1));
$("replay-last").addEventListener("click", () => showStep(match.replay.actions.length));
$("back-button").addEventListener("click", backToMenu);
$("lang-toggle").addEventListener("click", toggleLang);
setLang(getLang());
$("lang-toggle").textContent = getLang() === "de" ? "EN" : "DE";
applyStaticTexts();
renderStatus();
renderGameList();
renderSaved();
performance.mark("urzeit-menu-painted");

// Offline: the service worker precaches the build after the first visit. It is registered
// once the engine is up, so its downloads do not slow the first boot.
function registerServiceWorker() {
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch(() => { /* no offline support here */ });
  }
}

if (TEST_MODE) {
  window.urzeit = {
    get view() { return match.view; },
    get legal() { return match.view && isHumanTurn(match.view) ? match.view.legal : []; },
    get engineStatus() { return engine.status; },
    get progressCount() { return engine.progressCount; },
    act,
    request: (obj) => engine.request(obj),
    get board() { return match.renderer && match.renderer.hook; },
    loadSave: async (save) => openMatch(await engine.request({ op: "load", save })),
    openReplay,
    killWorker: () => engine.worker.terminate(),
    setWatchdog: (ms) => { engine.watchdogMs = ms; },
    timings: () => ({ engineReadyMs: engine.readyMs, marks: engine.lastStatus && engine.lastStatus[1].marks }),
  };
}
