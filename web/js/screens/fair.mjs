// Fair games by link (docs/fair-play.md): each player's party lives in their own browser; a
// link carries only public, signed messages (`#f=...`), never a secret. The private part
// (signing key, chain seed) is kept in this browser's storage under the game id.
import { engine } from "../boot.mjs";
import { displayName, errorText, getLang, t } from "../i18n.mjs";
import { gameInfo } from "../games.mjs";
import { $, app, el, match, showError } from "./shared.mjs";
import { logEvents, openMatch, resultText, say, setView } from "./table.mjs";
import { showEnd } from "./end.mjs";
import { pack, unpack } from "./dialogs.mjs";
import { entryTitle } from "./menu.mjs";

const KEY = "urzeit.fair.";
const NAME_KEY = "urzeit.fair.name";
const fair = { gid: null, seat: null, waiting: null, to: null, checked: null };

const storeKey = (gid, seat) => `${KEY}${gid}.${seat}`;

// Live play (screens/live.mjs) carries the same messages over data channels: while it is set,
// no share dialog opens by itself and it hears of every change.
export const fairHooks = { live: null };
export const fairSeat = () => ({ gid: fair.gid, seat: fair.seat });

function loadParty(gid, seat) {
  try {
    const data = JSON.parse(localStorage.getItem(storeKey(gid, seat)));
    return data && data.version === 1 && data.private && Array.isArray(data.messages) ? data : null;
  } catch {
    return null;
  }
}

// The private part and the public messages, after every change and before any link leaves.
async function persist() {
  const [priv, rec] = await Promise.all([engine.request({ op: "fair_private", party: match.id }),
    engine.request({ op: "fair_record", party: match.id })]);
  const v = match.view;
  const data = { version: 1, game: match.game, gid: fair.gid, seat: fair.seat, date: new Date().toISOString(),
                 private: priv, messages: rec.messages, names: match.seats.map((s) => s.name), over: v.over };
  try {
    localStorage.setItem(storeKey(fair.gid, fair.seat), JSON.stringify(data));
    return true;
  } catch {
    return false;
  }
}

function rememberName(name) {
  try { localStorage.setItem(NAME_KEY, name); } catch { /* only a convenience */ }
}

function lastName() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; }
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
  fair.waiting = r.waiting;
  if (!await persist()) {
    $("message").textContent = t("fairStorageFailed");
    return;
  }
  renderWaiting(r.send.length > 0);
  if (fairHooks.live) fairHooks.live.changed(r);
  if (r.view.over) verify();
}

function nextSeat() {
  const w = fair.waiting;
  const others = w.seats.filter((s) => s !== fair.seat);
  if (others.length) return others[0];
  if (w.for === null) return (fair.seat + 1) % match.seats.length;  // the end reaches the others too
  return null;
}

function renderWaiting(fresh) {
  const w = fair.waiting;
  fair.to = nextSeat();
  app.dataset.fairWaiting = w.for === "move" && w.seats[0] === fair.seat ? "me" : fair.to === null ? "" : String(fair.to);
  if (match.view.over) say("");  // the end screen says how it ended
  else say(fair.to === null ? t("fairYourMove") : t("fairWaiting", match.names[fair.to]));
  if (fair.to === null) return;
  if (fresh && !fairHooks.live) shareFair().catch((err) => showError($("message"), err));
}

// The share dialog for the next player: their messages packed into the fragment.
export async function shareFair(to = null) {
  if (to !== null) fair.to = to;  // live play's "continue by link" for one seat
  if (fair.to === null) fair.to = (fair.seat + 1) % match.seats.length;
  const link = await engine.request({ op: "fair_link", party: match.id, to: fair.to });
  const url = new URL(location.href);
  url.search = "";
  url.hash = "f=" + await pack(JSON.stringify({ v: 1, to: link.to, invite: link.invite, names: link.names, m: link.messages }));
  const info = gameInfo(match.game);
  const title = info ? info.titles[getLang()] || info.titles.de : "";
  const name = match.names[fair.to];
  $("share-title").textContent = t("fairLinkTitle", name);
  $("share-link").value = url.href;
  $("share-message").textContent = t("fairShareText", title, name);
  $("share-note").textContent = t("fairGuarantee");
  $("share-native").hidden = typeof navigator.share !== "function";
  $("share-dialog").dataset.fairTo = String(fair.to);
  if (!$("share-dialog").open) $("share-dialog").showModal();
  if ($("share-native").hidden) $("share-link").select();
}

export function isFair() {
  return match.mode === "fair";
}

// ---- starting, moving ----

export async function startFair({ game, players, options, name }) {
  if (name) rememberName(name);
  const r = await engine.request({ op: "fair_new", game, players, seat: 0, options, name: name || undefined });
  await show(r, { open: true });
}

export async function fairAct(action) {
  $("message").textContent = "";
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

// Messages from a live peer: the same op as a link's (all or nothing); errors go to the caller.
export async function receiveFair(messages, names) {
  await show(await engine.request({ op: "fair_receive", party: match.id, messages, names }));
}

export async function joinFair(messages, seat, name, names) {
  rememberName(name);
  await show(await engine.request({ op: "fair_join", messages, seat, name, names }), { open: true });
}

// This seat's party from its own storage (a reload, a fresh live invite); false if none.
export async function resumeFair(gid, seat) {
  const saved = loadParty(gid, seat);
  if (!saved) return false;
  await show(await engine.request({ op: "fair_restore", private: saved.private, messages: saved.messages,
                                    names: saved.names }), { open: true });
  return true;
}

export { lastName as lastFairName };

// ---- opening a link ----

function badLink() {
  return Object.assign(new Error("the link is damaged"), { code: "bad_link" });
}

export async function openFairLink(code, messageTarget) {
  $("message").textContent = "";
  delete app.dataset.fairRefused;
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
  const saved = same ? null : loadParty(first.gid, link.to);
  if (same || saved) {
    // this seat's party (open already, or from its own storage), then the link's news
    if (saved) {
      await show(await engine.request({ op: "fair_restore", private: saved.private, messages: saved.messages,
                                        names: saved.names }), { open: true });
    }
    try {
      await show(await engine.request({ op: "fair_receive", party: match.id, messages: link.m, names }));
    } catch (err) {
      showError($("message"), err, t("fairRefused"));
      app.dataset.fairRefused = err.reason || err.code || "refused";
    }
    return;
  }
  if (!link.invite) {
    messageTarget.textContent = t("fairNoSecret", link.to + 1);
    app.dataset.fairMissing = String(link.to);
    return;
  }
  const table = first.table || {};
  const name = await askName(table.game, link.to);
  rememberName(name);
  await show(await engine.request({ op: "fair_join", messages: link.m, seat: link.to, name, names }), { open: true });
}

// The first time a seat opens its invitation: the game, the seat, the player's name.
function askName(game, seat) {
  let dialog = $("fair-name-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "fair-name-dialog", class: "dialog", "aria-labelledby": "fair-name-title" });
    document.body.append(dialog);
  }
  const input = el("input", { id: "fair-name", type: "text", maxlength: "40", autocomplete: "nickname" });
  input.value = lastName();
  const form = el("form", { method: "dialog" },
    el("h3", { id: "fair-name-title" }, t("fairInvited", entryTitle(game), seat + 1)),
    el("label", { for: "fair-name" }, t("fairAskName")), " ", input,
    el("p", { class: "hint" }, t("fairGuarantee")),
    el("div", { class: "row-buttons" }, el("button", { id: "fair-name-ok", class: "primary", value: "ok" }, t("fairJoin"))));
  dialog.replaceChildren(form);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(input.value.trim().slice(0, 40) || t("seatName", seat + 1, true)), { once: true });
  });
}

// ---- the end: the record checked ----

async function verify() {
  const key = `${match.id}:${match.view.state_id}`;
  if (fair.checked && fair.checked.key === key) return;
  fair.checked = { key, text: t("fairChecking"), verified: null };
  match.fairCheck = fair.checked;
  try {
    const record = await engine.request({ op: "fair_record", party: match.id });
    const c = await engine.request({ op: "fair_check", record });
    fair.checked.verified = c.verified;
    fair.checked.text = c.verified ? t("fairVerified") : t("fairFailed") + errorText(c.error);
  } catch (err) {
    fair.checked.verified = false;
    fair.checked.text = t("fairFailed") + errorText(err);
  }
  app.dataset.fairVerified = String(fair.checked.verified);
  if (match.view && match.view.over) showEnd(match.view, { resultText, force: true });
}
