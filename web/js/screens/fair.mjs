// Fair games by link (docs/fair-play.md): each player's party lives in their own browser; a
// link carries only public, signed messages (`#f=...`), never a secret. The private part
// (signing key, chain seed) is kept in this browser's storage under the game id (storage.mjs).
import { engine } from "../boot.mjs";
import { displayName, errorText, getLang, t } from "../i18n.mjs";
import { fairSeatsHere, lastFairName, loadFair, rememberFairName, writeFair } from "../storage.mjs";
import { $, app, el, match, showError } from "./shared.mjs";
import { logEvents, openMatch, resultText, say, setView } from "./table.mjs";
import { showEnd } from "./end.mjs";
import { pack, unpack } from "./dialogs.mjs";
import { entryTitle } from "../games.mjs";

const fair = { gid: null, seat: null, waiting: null, to: null, checked: null, since: null, moved: false, lastMine: false, sent: null, dealt: false };

// Live play (screens/live.mjs) carries the same messages over data channels: while it is set,
// no share dialog opens by itself and it hears of every change.
export const fairHooks = { live: null };
export const fairSeat = () => ({ gid: fair.gid, seat: fair.seat });
// A live table's host shows another of its own parties (a hot-seat seat on its turn).
export const showFair = (r) => show(r);

// The private part and the public messages, after every change and before any link leaves.
// `date` is when the last message came or went (opening a game again does not change it).
async function persist() {
  const [priv, rec] = await Promise.all([engine.request({ op: "fair_private", party: match.id }),
    engine.request({ op: "fair_record", party: match.id })]);
  const v = match.view;
  const old = loadFair(fair.gid, fair.seat);
  const changed = !old || old.messages.length !== rec.messages.length;
  const entry = {
    version: 1, game: match.game, gid: fair.gid, seat: fair.seat,
    date: changed ? new Date().toISOString() : old.date,
    private: priv, messages: rec.messages, names: match.seats.map((s) => s.name), over: v.over,
    turn: app.dataset.fairWaiting === "me" ? "me" : fair.to, waiting: fair.waiting.for,
    waitingSeats: fair.waiting.seats.filter((s) => s !== fair.seat),
    scores: v.scores, winners: v.winners || null,
    check: old && !changed ? old.check || null : null,
  };
  fair.since = entry.date;
  fair.moved = rec.messages.some((m) => m.kind === "act");
  fair.dealt = rec.messages.some((m) => m.kind === "keys");  // private cards dealt already: not "the first draw"
  // who sent the last message: this reply says so; a game just opened, the record's order
  fair.lastMine = fair.sent !== null ? fair.sent
    : rec.messages.length > 0 && rec.messages[rec.messages.length - 1].seat === fair.seat;
  return writeFair(entry);
}

// A reply of the engine (fair_new/join/receive/act/restore): the table, the log, storage and
// whom the game waits for. `fresh`: this party made messages others have not seen yet.
async function show(r, { open = false } = {}) {
  fair.gid = r.view.fair.gid;
  fair.seat = r.view.seat;
  if (open) {
    openMatch({ match: r.party, view: r.view }, { mode: "fair" });
  } else {
    match.id = r.party;
    match.seats = r.view.seats;
    r.view.seats.forEach((s, i) => { match.names[i] = displayName(s.name, s.kind); });
    setView(r.view);
  }
  logEvents([], r.log);
  fair.sent = open ? null : r.send.length > 0;
  fair.waiting = r.waiting;
  fair.to = nextSeat();
  app.dataset.fairWaiting = r.waiting.for === "move" && r.waiting.seats[0] === fair.seat ? "me" : fair.to === null ? "" : String(fair.to);
  if (!await persist()) {
    $("message").textContent = t("fairStorageFailed");
    return;
  }
  renderWaiting();
  if (fairHooks.live) fairHooks.live.changed(r);
  else if (fair.to !== null && r.send.length > 0) shareFair().catch((err) => showError($("message"), err));
  if (r.view.over) verify();
}

function nextSeat() {
  const w = fair.waiting;
  const others = w.seats.filter((s) => s !== fair.seat);
  if (others.length) return others[0];
  if (w.for === null) return (fair.seat + 1) % match.seats.length;  // the end reaches the others too
  return null;
}

function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const today = new Date().toDateString() === d.toDateString();
  return d.toLocaleString(getLang(), today ? { timeStyle: "short" } : { dateStyle: "short", timeStyle: "short" });
}

// One line above the table: whose turn, or whom the game waits for, since when, and why the
// table may still be empty (nothing is drawn before every seat has given its random value).
function statusBox() {
  let box = $("fair-status");
  if (!box) {
    box = el("div", { id: "fair-status", class: "fair-status" },
      el("p", { id: "fair-note", class: "message", role: "alert" }),  // what became of a link just opened
      el("span", { id: "fair-status-text", role: "status" }),
      el("button", { type: "button", id: "fair-send", class: "primary", onclick: () => shareFair().catch((err) => showError($("message"), err)) }));
    $("status-line").after(box);
  }
  return box;
}

function waitingNames() {
  const seats = fair.waiting.seats.filter((s) => s !== fair.seat);
  return (seats.length ? seats : [fair.to]).map((s) => match.names[s]);
}

function renderWaiting() {
  renderWaitingWords();
  // live play has its own panel (invite, "continue by link"): no second way to send a link here,
  // no link words; the box stays only for a note about a link just opened
  const live = Boolean(fairHooks.live);
  $("fair-send").hidden ||= live;
  $("fair-status-text").hidden = live;
  if (live) $("fair-status").hidden = !$("fair-note").textContent;
}

function renderWaitingWords() {
  const box = statusBox();
  const w = fair.waiting;
  say("");
  box.hidden = false;
  box.dataset.waiting = w.for || "over";
  const text = $("fair-status-text"), send = $("fair-send");
  send.hidden = fair.to === null;
  if (fair.to !== null) send.textContent = t("fairSendTo", match.names[fair.to]);
  if (match.view.over) {  // the end screen says how it ended; the last link may still have to go
    box.hidden = !fair.lastMine && w.for !== "unlock";
    text.textContent = w.for === "unlock" && !fair.lastMine ? t("fairWaitUnlock", t("nameList", waitingNames()), waitingNames().length, when(fair.since))
      : t("fairOverSend");
    return;
  }
  if (fair.to === null) {
    text.textContent = t("fairYourMove");
    return;
  }
  const names = t("nameList", waitingNames()), count = waitingNames().length, since = when(fair.since);
  if (w.for === "join") text.textContent = t("fairWaitJoin", names, count, since);
  else if (w.for === "deck") text.textContent = t("fairWaitDeck", names, count, since);
  else if (w.for === "keys") text.textContent = t("fairWaitKeys", names, count, since);
  else if (w.for === "unlock") text.textContent = t("fairWaitUnlock", names, count, since);
  else if (w.for === "reveal" && !fair.moved && !fair.dealt) text.textContent = t("fairWaitFirstDraw", names, count, since);
  else if (w.for === "reveal") text.textContent = t("fairWaitReveal", names, count, since);
  else text.textContent = t("fairWaitMove", names, count, since);
}

// The language changed: the line above the table in the new one.
export function relabelFair() {
  if (match.mode === "fair" && fair.waiting && match.view && !$("game").hidden) renderWaiting();
}

// The share dialog for the next player: their messages packed into the fragment. The first
// link to a seat is an invitation and says so; later ones say whose move it is.
export async function shareFair(to = null) {
  if (to !== null) fair.to = to;  // live play's "continue by link" for one seat
  if (fair.to === null) fair.to = (fair.seat + 1) % match.seats.length;
  const link = await engine.request({ op: "fair_link", party: match.id, to: fair.to });
  const url = new URL(location.href);
  url.search = "";
  url.hash = "f=" + await pack(JSON.stringify({ v: 1, to: link.to, invite: link.invite, names: link.names, m: link.messages }));
  const title = entryTitle(match.game);
  const name = match.names[fair.to], me = match.names[fair.seat], seat = fair.to + 1, players = match.seats.length;
  if (link.invite) {
    $("share-title").textContent = t("fairInviteTitle", seat, title);
    $("share-message").textContent = t("fairInviteText", me, title, seat, players);
    $("share-note").textContent = t("fairInviteNote", seat) + " " + t("fairGuaranteeShort");
  } else {
    const kinds = new Set(link.messages.filter((m) => m.seat === fair.seat).map((m) => m.kind));
    $("share-title").textContent = t("fairLinkTitle", name);
    $("share-message").textContent = kinds.has("shuffle") || kinds.has("lock") ? t("fairShareDeck", title, name)
      : match.view.over ? t("fairShareOver", title, name) : t("fairShareText", title, name);
    $("share-note").textContent = kinds.has("shuffle") || kinds.has("lock") ? t("fairDeckNote", Math.max(1, Math.round(url.href.length / 1000))) : t("fairGuarantee");
  }
  $("share-dialog").dataset.kinds = link.messages.filter((m) => m.seat === fair.seat).map((m) => m.kind).join(" ");
  $("share-link").value = url.href;
  $("share-native").hidden = typeof navigator.share !== "function";
  $("share-dialog").dataset.fairTo = String(fair.to);
  $("share-dialog").dataset.invite = String(link.invite);
  if ($("share-fair")) $("share-fair").hidden = true;  // the local dialog's offer of a fair game
  if (!$("share-dialog").open) $("share-dialog").showModal();
  if ($("share-native").hidden) $("share-link").select();
}

export function isFair() {
  return match.mode === "fair";
}

// ---- starting, moving, resuming ----

export async function startFair({ game, players, options, name }) {
  if (name) rememberFairName(name);
  const r = await engine.request({ op: "fair_new", game, players, seat: 0, options, name: name || undefined });
  await show(r, { open: true });
}

export async function fairAct(action) {
  $("message").textContent = "";
  clearNote();
  app.dataset.busy = "true";
  try {
    await show(await engine.request({ op: "fair_act", party: match.id, action }));
    return { ok: true };
  } catch (err) {
    showError($("message"), err);
    return { ok: false, code: err.code, reason: err.reason, message: err.message };
  } finally {
    app.dataset.busy = "false";
  }
}

async function restore(saved) {
  fair.checked = null;
  clearNote();
  await show(await engine.request({ op: "fair_restore", private: saved.private, messages: saved.messages,
                                    names: saved.names }), { open: true });
}

// From the menu: the game as this browser left it (its storage entry); the link to the other
// player is one tap away.
export async function openSavedFair(gid, seat) {
  const saved = loadFair(gid, seat);
  if (!saved) throw Object.assign(new Error("no such fair game here"), { code: "unknown_match" });
  await restore(saved);
}

// Messages from a live peer: the same op as a link's (all or nothing); errors go to the caller.
export async function receiveFair(messages, names) {
  await show(await engine.request({ op: "fair_receive", party: match.id, messages, names }));
}

export async function joinFair(messages, seat, name, names) {
  rememberFairName(name);
  await show(await engine.request({ op: "fair_join", messages, seat, name, names }), { open: true });
}

// This seat's party from its own storage (a reload, a fresh live invite); false if none.
export async function resumeFair(gid, seat) {
  const saved = loadFair(gid, seat);
  if (!saved) return false;
  await restore(saved);
  return true;
}

export { lastFairName };

// ---- opening a link ----

function badLink() {
  return Object.assign(new Error("the link is damaged"), { code: "bad_link" });
}

// At the top of the table, where a phone shows it without scrolling.
function refused(err) {
  app.dataset.fairRefused = err.reason || err.code || "refused";
  const note = statusBox().querySelector("#fair-note");
  if (err.reason === "fair.nothing_new") note.textContent = t("fairOldLink");
  else showError(note, err, t("fairRefused"));
}

function clearNote() {
  if ($("fair-note")) $("fair-note").textContent = "";
}

// Shown before the engine call: the worker is busy for a while (a deck's shuffle or lock:
// 1–3 s), and the page must not look frozen. Two frames let the browser paint it first.
async function working(messages) {
  const deck = messages.some((m) => m && (m.kind === "shuffle" || m.kind === "lock"));
  app.dataset.fairWorking = deck ? "deck" : "link";
  const line = deck ? t("fairWorkingDeck") : t("fairWorking");
  if (!$("game").hidden && match.mode === "fair") {
    statusBox().hidden = false;
    $("fair-status-text").textContent = line;
    $("fair-send").hidden = true;  // nothing to send before the worker is done
  } else {
    if ($("import-message")) $("import-message").textContent = line;
  }
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}

function doneWorking() {
  delete app.dataset.fairWorking;
  if ($("import-message")) $("import-message").textContent = "";
}

export async function openFairLink(code, messageTarget) {
  $("message").textContent = "";
  clearNote();
  delete app.dataset.fairRefused;
  delete app.dataset.fairMissing;
  let link;
  try {
    link = JSON.parse(await unpack(code));
  } catch {
    throw badLink();
  }
  const first = link && Array.isArray(link.m) ? link.m[0] : null;
  if (link.v !== 1 || !Number.isInteger(link.to) || !first || typeof first.gid !== "string") throw badLink();
  const names = Array.isArray(link.names) ? link.names : undefined;
  const same = match.mode === "fair" && fair.gid === first.gid && fair.seat === link.to && !$("game").hidden;
  const saved = same ? null : loadFair(first.gid, link.to);
  if (same || saved) {
    // this seat's party (open already, or from its own storage), then the link's news
    if (saved) await restore(saved);
    await working(link.m);
    try {
      await show(await engine.request({ op: "fair_receive", party: match.id, messages: link.m, names }));
    } catch (err) {
      renderWaiting();
      refused(err);
    } finally {
      doneWorking();
    }
    return;
  }
  const mine = fairSeatsHere(first.gid);
  if (mine.length) {
    // a link this browser sent (or another seat's): it is not for us; our own game opens unchanged
    await restore(loadFair(first.gid, mine[0]));
    const to = match.names[link.to] || t("seatName", link.to + 1, true);  // as this game knows the seat now
    statusBox().querySelector("#fair-note").textContent = t("fairOtherSeat", to, link.to + 1, mine[0] + 1);
    app.dataset.fairRefused = "other_seat";
    return;
  }
  if (!link.invite) {
    messageTarget.textContent = t("fairNoSecret", link.to + 1);
    app.dataset.fairMissing = String(link.to);
    return;
  }
  const table = first.table || {};
  const host = names && typeof names[first.seat] === "string" ? names[first.seat].trim().slice(0, 40) : "";  // words only
  const name = await askName(table.game, link.to, Number.isInteger(table.players) ? table.players : 0, host);
  rememberFairName(name);
  await working(link.m);
  try {
    await show(await engine.request({ op: "fair_join", messages: link.m, seat: link.to, name, names }), { open: true });
  } finally {
    doneWorking();
  }
}

// The first time a seat opens its invitation: who invites, to what game and seat, what
// happens next, what is guaranteed; the player's name.
function askName(game, seat, players, host) {
  let dialog = $("fair-name-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "fair-name-dialog", class: "dialog", "aria-labelledby": "fair-name-title" });
    document.body.append(dialog);
  }
  const input = el("input", { id: "fair-name", type: "text", maxlength: "40", autocomplete: "nickname" });
  input.value = lastFairName();
  const title = entryTitle(game);
  const form = el("form", { method: "dialog", class: "dialog-body" },
    el("h3", { id: "fair-name-title" }, host ? t("fairInvitedBy", host, title) : t("fairInvited", title)),
    el("p", { id: "fair-name-seat" }, t("fairYourSeat", seat + 1, players)),
    el("p", { class: "hint" }, t("fairJoinNext")),
    el("label", { for: "fair-name" }, t("fairAskName")), " ", input,
    el("p", { class: "hint" }, t("fairGuaranteeShort")),
    el("div", { class: "row-buttons" }, el("button", { id: "fair-name-ok", class: "primary", value: "ok" }, t("fairJoin"))));
  dialog.replaceChildren(form);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(input.value.trim().slice(0, 40) || t("seatName", seat + 1, true)), { once: true });
  });
}

// ---- the end: the record checked ----

export function checkText(check) {
  if (!check) return "";
  return check.verified ? t("fairVerified") : t("fairFailed") + errorText(check.error);
}

async function verify() {
  const key = `${match.id}:${match.view.state_id}`;
  if (fair.checked && fair.checked.key === key) return;
  if (fair.waiting.for === "unlock") {  // the record is complete only with every seat's deck secret
    fair.checked = { key, text: t("fairWaitUnlockEnd", t("nameList", waitingNames())), verified: null };
    match.fairCheck = fair.checked;
    showEnd(match.view, { resultText, force: true });
    return;
  }
  fair.checked = { key, text: t("fairChecking"), verified: null };
  match.fairCheck = fair.checked;
  showEnd(match.view, { resultText, force: true });  // the check takes a moment: say so at once
  let check;
  try {
    const record = await engine.request({ op: "fair_record", party: match.id });
    const c = await engine.request({ op: "fair_check", record });
    check = c.verified ? { verified: true } : { verified: false, error: c.error };
  } catch (err) {
    check = { verified: false, error: { code: err.code, reason: err.reason, params: err.params } };
  }
  fair.checked.verified = check.verified;
  fair.checked.text = checkText(check);
  const entry = loadFair(fair.gid, fair.seat);
  if (entry) writeFair({ ...entry, check });  // the menu shows the verdict
  app.dataset.fairVerified = String(fair.checked.verified);
  if (match.view && match.view.over) showEnd(match.view, { resultText, force: true });
}
