// The menu: the games (picture, description, players, playing time), seats and options in
// players' words, games to continue, loading a file. It paints before Python is ready.
import { engine } from "../boot.mjs";
import { displayName, errorText, getLang, t } from "../i18n.mjs";
import { described, describedGames, entryTitle, gameInfo } from "../games.mjs";
import { MAX_SAVES, deleteFair, deleteSave, listFair, listSaves, newSaveId, validRecord } from "../storage.mjs";
import { seatMark } from "../seats.mjs";
import { $, TEST_MODE, app, el, nav, showError } from "./shared.mjs";
import { lessonEntry, lessonsDone } from "./lesson.mjs";
import { canPlayLive } from "../capabilities.mjs";
import { watchRunningGames } from "./menu-watch.mjs";
import { alertTurn } from "../turn-alert.mjs";

const ui = { selected: null, playerCount: 2, seats: [], options: {}, fair: false, live: false };

const tr = (o) => (o ? o[getLang()] ?? o.de : "");

// Games the engine offers (from hello); before it is up, every listed game counts.
function engineGames() {
  const games = engine.hello ? engine.hello.games : [];
  return new Map(games.filter((g) => g.listed || TEST_MODE).map((g) => [g.id, g]));
}

// The engine's words for each game (games.mjs) with the page's picture; a game the page has
// no renderer for still shows.
function menuEntries() {
  return describedGames().filter((g) => g.listed || TEST_MODE)
    .map((g) => ({ ...g, picture: (gameInfo(g.id) || {}).picture }));
}

function isPlayable(id) {
  return engine.status !== "ready" || engineGames().has(id);
}

function renderGameList() {
  const list = $("game-list");
  list.replaceChildren();
  for (const g of menuEntries()) {
    const playable = isPlayable(g.id);
    const card = el("button", { type: "button", class: "game-card", role: "radio", "aria-checked": String(ui.selected === g.id),
                                "data-game-id": g.id, onclick: () => selectGame(g.id) });
    card.disabled = !playable;
    const facts = [t("playersRange", g.players[0], g.players[1])];
    if (g.minutes) facts.push(t("playingTime", g.minutes[0], g.minutes[1]));
    if (lessonsDone(g.id)) facts.push(lessonsDone(g.id));  // "✓ Lektion": its guided game was played
    card.append(...[el("span", { class: "picture" }, g.picture ? g.picture() : null),
      el("span", { class: "title" }, tr(g.titles)),
      g.descriptions ? el("span", { class: "description" }, tr(g.descriptions)) : null,
      el("span", { class: "meta" }, facts.join(" · ")),
      playable ? null : el("span", { class: "badge" }, t("inPreparation"))].filter(Boolean));
    list.append(card);
  }
  if (ui.selected && !isPlayable(ui.selected)) {
    ui.selected = null;
    $("seat-form").hidden = true;
  }
}

function entry(id) {
  return menuEntries().find((g) => g.id === id);
}

function selectGame(id) {
  const first = ui.selected === null;
  ui.selected = id;
  const g = entry(id);
  ui.playerCount = Math.min(Math.max(ui.playerCount, g.players[0]), g.players[1]);
  renderGameList();
  renderSeatForm();
  $("seat-form").hidden = false;
  if (first || window.innerWidth < 800) $("seat-form").scrollIntoView({ block: "start", behavior: "smooth" });
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
  const g = entry(ui.selected);
  $("seat-title").textContent = t("seatsFor", tr(g.titles));
  // "Lernen": the game's guided first game, above the seats (ticked when done, resumable)
  $("lesson-entry")?.remove();
  const learn = lessonEntry(ui.selected);
  if (learn) $("seat-title").before(learn);
  const count = $("player-count");
  count.replaceChildren();
  for (let n = g.players[0]; n <= g.players[1]; n++) count.append(new Option(String(n), String(n), false, n === ui.playerCount));
  count.closest(".row").hidden = g.players[0] === g.players[1];
  count.onchange = () => { ui.playerCount = Number(count.value); renderSeatForm(); };
  ensureSeats(ui.playerCount);
  renderPlayMode();
  const list = $("seat-list");
  list.replaceChildren();
  for (let i = 0; i < (ui.fair && !ui.live ? 1 : ui.playerCount); i++) {
    const seat = ui.seats[i];
    const name = el("input", { type: "text", maxlength: "40", placeholder: t("seatName", i + 1, seat.kind === "human"),
                               "aria-label": `${t("name")} ${i + 1}` });
    name.value = seat.name;
    name.oninput = () => { seat.name = name.value; };
    if (ui.live && i > 0) {  // a friend by invite, a person at this device, or the computer
      const live = el("select", { "aria-label": t("liveSeatKind", i + 1), class: "seat-kind seat-live", "data-seat": String(i) });
      for (const [value, label] of [["friend", t("liveSeatFriend")], ["human", t("liveSeatHere")], ["ai", t("computer")]]) {
        live.append(new Option(label, value, false, (seat.live || "friend") === value));
      }
      live.onchange = () => { seat.live = live.value; renderSeatForm(); };
      // the kind first on every row (the same place for each), then the name or the level
      const li = el("li", { class: "seat", "data-seat": i, "data-live": seat.live || "friend" },
        el("span", { class: "swatch" }, seatMark(i, { size: 18 })), live);
      if (seat.live === "human") {
        name.placeholder = t("seatName", i + 1, true);
        li.append(name);
      }
      if (seat.live === "ai") {
        const level = el("select", { class: "seat-level", "aria-label": `${t("level")} ${i + 1}` });
        for (const l of ["random", "easy", "medium", "hard", "expert"]) level.append(new Option(t("levels")[l], l, false, seat.level === l));
        level.onchange = () => { seat.level = level.value; };
        li.append(level);
      }
      list.append(li);
      continue;
    }
    if (ui.fair) {  // the others name themselves when they open their invitation
      name.placeholder = t("yourName");
      name.setAttribute("aria-label", t("yourName"));
      list.append(el("li", { class: "seat", "data-seat": i }, el("span", { class: "swatch" }, seatMark(i, { size: 18 })), name));
      continue;
    }
    const kind = el("select", { "aria-label": `${t("seats")} ${i + 1}`, class: "seat-kind" });
    kind.append(new Option(t("human"), "human", false, seat.kind === "human"), new Option(t("computer"), "ai", false, seat.kind === "ai"));
    kind.onchange = () => { seat.kind = kind.value; renderSeatForm(); };
    const li = el("li", { class: "seat", "data-seat": i }, el("span", { class: "swatch" }, seatMark(i, { size: 18 })), name, kind);
    if (seat.kind === "ai") {
      const level = el("select", { class: "seat-level", "aria-label": `${t("level")} ${i + 1}` });
      for (const l of ["random", "easy", "medium", "hard", "expert"]) level.append(new Option(t("levels")[l], l, false, seat.level === l));
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
  $("menu-rules-button").hidden = false;
  form.onsubmit = (ev) => { ev.preventDefault(); startGame(); };
}

// Local play or fair play by link: offered only for games whose draws the fair protocol
// supports (hello's `fair` per game).
function renderPlayMode() {
  let box = $("play-mode");
  if (!box) {
    box = el("fieldset", { class: "option play-mode", id: "play-mode" });
    $("seat-list").before(box);
  }
  const g = engineGames().get(ui.selected);
  const offered = Boolean(g && g.fair && g.fair.ok) && g.players[1] >= 2;
  if (!offered) ui.fair = ui.live = false;
  box.hidden = !offered;
  box.replaceChildren(el("legend", {}, t("playMode")));
  for (const [value, label] of [["local", t("modeLocal")], ["fair", t("modeFair")], ["live", t("modeLive")]]) {
    const radio = el("input", { type: "radio", name: "play-mode", value, id: `mode-${value}` });
    radio.checked = value === (ui.live ? "live" : ui.fair ? "fair" : "local");
    radio.onchange = () => {
      ui.fair = value !== "local";  // live play is a fair game whose messages go over data channels
      ui.live = value === "live";
      if (ui.fair) ui.playerCount = Math.max(ui.playerCount, 2);
      renderSeatForm();
    };
    box.append(el("label", { class: "option-choice", for: radio.id }, radio, el("span", {}, label)));
    // capabilities.mjs (#42): no WebRTC here — live play offered greyed, with the reason
    if (value === "live" && !canPlayLive()) {
      radio.disabled = true;
      box.append(el("p", { class: "hint option-help", id: "mode-live-missing" }, t("capNoLiveHost")));
    }
  }
  if (ui.fair) box.append(el("p", { class: "hint option-help" }, t(ui.live ? "modeLiveHelp" : "modeFairHelp")));
}

// Options the engine offers and words (describe): those with a label, one radio button per
// choice, so a long choice wraps on a phone (a select would cut it off).
function renderGameOptions() {
  const box = $("game-options");
  const focusedId = box.contains(document.activeElement) ? document.activeElement.id : null;
  box.replaceChildren();
  const g = described(ui.selected);
  if (!g) return;
  ui.options[ui.selected] ||= {};
  const chosen = ui.options[ui.selected];
  const value = (key) => chosen[key] ?? (g.options[key] || {}).default;
  for (const [key, opt] of Object.entries(g.options || {})) {
    if (!opt.choices || !opt.label) continue;
    if (opt.only && Object.entries(opt.only).some(([k, v]) => value(k) !== v)) continue;  // matters only then
    const words = opt.choice_labels || {};
    const set = el("fieldset", { class: "option", id: `option-${key}`, "data-option": key },
      el("legend", {}, tr(opt.label)));
    for (const c of opt.choices) {
      const radio = el("input", { type: "radio", name: `option-${key}`, value: String(c), id: `option-${key}-${c}`, "data-option": key });
      radio.checked = value(key) === c;
      radio.onchange = () => { chosen[key] = c; renderGameOptions(); };
      set.append(el("label", { class: "option-choice", for: radio.id }, radio,
        el("span", {}, words[String(c)] ? tr(words[String(c)]) : String(c))));
    }
    if (opt.help) set.append(el("p", { class: "hint option-help" }, tr(opt.help)));
    box.append(set);
  }
  if (focusedId && $(focusedId)) $(focusedId).focus();  // a keyboard player stays where they were
}

export function seatRequests() {
  return ui.seats.slice(0, ui.playerCount).map((s, i) => {
    const seat = { kind: s.kind, name: s.name.trim() || t("seatName", i + 1, s.kind === "human") };
    if (s.kind === "ai") seat.level = s.level;
    return seat;
  });
}

async function startGame() {
  if (engine.status !== "ready" || !ui.selected) return;
  try {
    const options = { ...(ui.options[ui.selected] || {}) };
    if (ui.fair) {
      const seats = ui.seats.slice(0, ui.playerCount).map((s) => ({ kind: s.live || "friend", level: s.level, name: s.name.trim() }));
      await (ui.live ? nav.newLiveGame : nav.newFairGame)({ game: ui.selected, players: ui.playerCount, options, name: ui.seats[0].name.trim(), seats });
      return;
    }
    await nav.newGame({ game: ui.selected, seats: seatRequests(), options });
  } catch (err) {
    $("start-hint").textContent = errorText(err);
  }
}

// ---- games to continue, finished games, loading a file ----

export function renderSaved() {
  const list = $("saved-list");
  list.replaceChildren();
  const saves = listSaves();
  const fairGames = listFair();
  $("saved").hidden = saves.length + fairGames.length === 0;
  $("saved-cap").textContent = saves.length >= MAX_SAVES - 2 ? t("savesCapped", MAX_SAVES) : "";
  const items = fairGames.map((f) => [String(f.date || ""), fairItem(f)]);
  for (const s of saves) {
    const li = el("li", { class: "saved-game", "data-save-id": s.id });
    const actions = [];
    if (s.ok) {
      const r = s.record;
      const date = new Date(r.date).toLocaleString(getLang(), { dateStyle: "short", timeStyle: "short" });
      const players = r.seats.map((seat, i) => `${displayName(seat.name, seat.kind)} ${r.scores ? r.scores[i] : ""}`).join(" · ");
      li.append(el("span", { class: "saved-text" }, el("strong", {}, entryTitle(r.game)), " ",
        el("span", { class: "saved-state" }, r.over ? t("finished") : ""), el("br"),
        el("span", { class: "saved-players" }, players), " · ", el("span", { class: "saved-date" }, date)));
      if (!r.over) actions.push([t("resume"), "resume", () => resume(s)]);
      li.classList.toggle("running", !r.over);  // a phone shows these first (style.css)
      actions.push([t("watch"), "watch", () => nav.openReplay(r.replay).catch((err) => { showError($("import-message"), err); })]);
    } else {
      li.classList.add("broken");
      li.append(el("span", { class: "saved-text" }, t("unreadable")));
    }
    actions.push([t("remove"), "remove", () => { deleteSave(s.id); renderSaved(); }]);
    const buttons = el("span", { class: "saved-buttons" });
    for (const [label, cls, fn] of actions) {
      const b = el("button", { type: "button", class: `saved-${cls}` + (cls === "resume" ? " primary" : ""), onclick: fn }, label);
      b.disabled = cls !== "remove" && engine.status !== "ready";
      buttons.append(b);
    }
    li.append(buttons);
    items.push([s.ok ? String(s.record.date || "") : "", li]);
  }
  items.sort((a, b) => b[0].localeCompare(a[0]));  // local and fair games together, newest first
  list.append(...items.map(([, li]) => li));
  // a phone lists running games above the game cards: no heading over an empty place then
  $("saved").classList.toggle("all-running", items.every(([, li]) => li.classList.contains("running")));
  watchRunningGames(fairGames, showNewMoves);
}

// A friend moved while this page was closed (the relays have messages this browser has not).
function showNewMoves(f, seats, told) {
  const li = [...$("saved-list").querySelectorAll(".fair-game")].find((x) => x.dataset.fairGid === f.gid && x.dataset.fairSeat === String(f.seat));
  if (!li || $("menu").hidden) return;
  const nameOf = (i) => [told[i], f.names[i]].find((n) => typeof n === "string" && n);
  const names = seats.map((i) => (nameOf(i) ? displayName(nameOf(i), "human") : t("seatName", i + 1, true)));
  const state = li.querySelector(".fair-state");
  state.textContent = t("fairNewMoves", t("nameList", names));
  state.classList.add("fair-mine");
  li.dataset.fairNews = "true";
  alertTurn({ title: t("fairNewMovesTitle", entryTitle(f.game)), body: state.textContent });
}

// A fair game held in this browser (storage.mjs): whose turn, since when, or how it ended and
// whether its record checked out; opened from its own storage, deleted only after a question.
function fairItem(f) {
  const names = f.names.map((n, i) => (typeof n === "string" && n ? displayName(n, "human") : t("seatName", i + 1, true)));
  const others = names.filter((_, i) => i !== f.seat);
  const date = new Date(f.date);
  const dateText = Number.isNaN(date.getTime()) ? "" : date.toLocaleString(getLang(), { dateStyle: "short", timeStyle: "short" });
  let state;
  if (f.over) {
    const w = Array.isArray(f.winners) ? f.winners.filter((i) => names[i] !== undefined) : [];
    const result = w.length === 1 ? t("winner", names[w[0]]) : w.length === names.length ? t("draw") : t("winners", w.map((i) => names[i]).join(" & "));
    const check = f.check ? (f.check.verified ? t("fairCheckedShort") : `${t("fairCheckFailedShort")}: ${errorText(f.check.error)}`) : "";
    state = [result, check].filter(Boolean).join(" · ");
  } else if (f.turn === "me") {
    state = t("fairMine");
  } else {
    const seats = Array.isArray(f.waitingSeats) && f.waitingSeats.length ? f.waitingSeats : [f.turn];
    const waited = seats.filter((i) => Number.isInteger(i) && names[i]).map((i) => names[i]);
    state = t("fairWaitsFor", t("nameList", waited.length ? waited : others));
  }
  const scores = Array.isArray(f.scores) ? f.scores : [];
  const players = names.map((n, i) => `${n}${scores[i] !== undefined && f.over ? " " + scores[i] : ""}`).join(" · ");
  const li = el("li", { class: "saved-game fair-game" + (f.over ? "" : " running"), "data-fair-gid": f.gid, "data-fair-seat": String(f.seat) },
    el("span", { class: "saved-text" }, el("strong", {}, entryTitle(f.game)), " ", el("span", { class: "badge fair-badge" }, t("fairBadge")), el("br"),
      el("span", { class: "saved-state fair-state" + (f.turn === "me" && !f.over ? " fair-mine" : "") }, state), el("br"),
      el("span", { class: "saved-players" }, players), " · ", el("span", { class: "saved-date" }, t("fairLastMessage", dateText))));
  const open = el("button", { type: "button", class: "saved-resume fair-open" + (f.over ? "" : " primary"),
    onclick: () => nav.openFair(f.gid, f.seat).catch((err) => { showError($("import-message"), err); }) }, f.over ? t("watch") : t("resume"));
  open.disabled = engine.status !== "ready";
  const remove = el("button", { type: "button", class: "saved-remove fair-remove", onclick: () => confirmFairDelete(f, names) }, t("remove"));
  li.append(el("span", { class: "saved-buttons" }, open, remove));
  return li;
}

function confirmFairDelete(f, names) {
  let dialog = $("fair-delete-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "fair-delete-dialog", class: "dialog", "aria-labelledby": "fair-delete-title" });
    document.body.append(dialog);
  }
  const others = t("nameList", names.filter((_, i) => i !== f.seat));
  const text = f.over ? t("fairDeleteOver", entryTitle(f.game), others) : t("fairDeleteRunning", entryTitle(f.game), others);
  dialog.replaceChildren(el("form", { method: "dialog", class: "dialog-body" },
    el("h3", { id: "fair-delete-title" }, t("fairDeleteTitle")),
    el("p", { id: "fair-delete-text" }, text),
    el("div", { class: "row-buttons" },
      el("button", { id: "fair-delete-cancel", value: "cancel", class: "primary" }, t("cancel")),
      el("button", { id: "fair-delete-ok", value: "delete" }, t("removeConfirm")))));
  dialog.returnValue = "";
  dialog.addEventListener("close", () => {
    if (dialog.returnValue !== "delete") return;
    deleteFair(f.gid, f.seat);
    renderSaved();
  }, { once: true });
  dialog.showModal();
}

async function resume(s) {
  try {
    const result = await engine.request({ op: "load", save: s.record.replay });
    nav.openMatch(result, { saveId: s.id });
  } catch (err) {
    showError($("import-message"), err);  // the entry stays; nothing is deleted
  }
}

export async function importFile(file) {
  $("import-message").textContent = "";
  try {
    const text = await file.text();
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      throw Object.assign(new Error("not JSON"), { code: "not_json" });
    }
    const replay = validRecord(data) ? data.replay : data;
    if (!replay || replay.format !== "urzeit-replay" || !Array.isArray(replay.actions)) throw Object.assign(new Error("no urzeit-replay inside"), { code: "no_replay" });
    await nav.openReplay(replay);
  } catch (err) {
    showError($("import-message"), err, t("badFile"));
  }
}

export function renderMenu() {
  renderGameList();
  renderSeatForm();
  renderSaved();
}

export const selectedGame = () => ui.selected;

// "New game" from the end screen: the same game's seats and options, ready to change.
export function showSetup(id) {
  if (!entry(id) || !isPlayable(id)) return;
  ui.selected = id;
  renderMenu();
  $("seat-form").hidden = false;
  $("seat-form").scrollIntoView({ block: "start" });
}
export { newSaveId };
