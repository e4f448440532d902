// Starting and joining a live table: the host's invite (a link and its QR code per seat, with
// the trimmed WebRTC offer) and the friend's answer (a link back); an answer opened in another
// tab goes to the waiting table over a BroadcastChannel.
import { t } from "../i18n.mjs";
import { entryTitle } from "../games.mjs";
import { lastFairName, rememberFairName, storedGid, loadFair } from "../fair-store.mjs";
import { $, TEST_MODE, app, el, match, nav, showError } from "./shared.mjs";
import { pack, unpack } from "./dialogs.mjs";
import { qrSvg } from "../net/qr.mjs";
import { isRoomKey, newRoomKey } from "../net/seal.mjs";
import { FairSession } from "../sessions/fair.mjs";
import { LEVELS, LiveRoom, currentRoom, rememberedRoom } from "../sessions/live.mjs";
import { canPlayLive, dropNote, showNote } from "../capabilities.mjs";

const USED_KEY = "urzeit.live.used";  // invites opened in this browser (an invite works once)
const INVITE_MS = 60 * 60 * 1000;
const ANSWER_MS = 10 * 60 * 1000;  // how long a friend's answer waits for the host
const GID_PREFIX = 16;  // 96 bits of the game id in an invite: enough to find this seat's stored game
const RELAY_JOIN_MS = 6000;  // no direct channel after this long: the game comes through the relays


// ---- dialogs: the invite (host) and the answer (friend), each a link and a QR code ----

// `fold`: the link folded behind a question (the relays carry the answer; the link is the way
// when they do not)
function linkDialog(room, id, { title, hint, url, answer, fold = null }) {
  let d = $(id);
  if (!d) {
    d = el("dialog", { id, class: "dialog live-dialog", "aria-labelledby": `${id}-title` });
    document.body.append(d);
  }
  room.scope.dialog(d);  // closed with the room
  const input = el("input", { id: `${id}-link`, class: "live-link", type: "text", readonly: "readonly" });
  input.value = url;
  const qr = el("div", { class: "live-qr", id: `${id}-qr` });
  try { qr.append(qrSvg(url)); } catch { qr.hidden = true; }  // too long for a QR code: the link still works
  const copy = el("button", { type: "button", class: "ghost", onclick: async () => {
    try { await navigator.clipboard.writeText(url); } catch { input.select(); }
  } }, t("copy"));
  const share = typeof navigator.share === "function"
    ? el("button", { type: "button", class: "ghost", onclick: () => navigator.share({ url }).catch(() => {}) }, t("shareNative")) : null;
  const linkParts = [qr, input, el("div", { class: "row-buttons" }, copy, share)];
  const parts = [el("h3", { id: `${id}-title` }, title), el("p", { class: "hint" }, hint),
                 ...(fold ? [el("details", { class: "live-fallback", id: `${id}-fallback` }, el("summary", {}, fold), ...linkParts)] : linkParts)];
  if (answer) {
    const field = el("input", { id: "live-answer", type: "text", autocomplete: "off" });
    parts.push(el("label", { for: "live-answer" }, t("liveAnswerLabel")), field,
      el("div", { class: "row-buttons" }, el("button", { type: "button", class: "primary", id: "live-answer-ok", onclick: () => {
        const code = field.value.trim().split("#a=")[1] || "";
        acceptAnswer(room, code).catch((err) => showError($("live-status"), err));
      } }, t("liveConnect"))));
  }
  parts.push(el("p", { id: "live-status", class: "live-status", role: "status" }),
    el("div", { class: "row-buttons" }, el("button", { type: "button", class: "ghost", onclick: () => d.close() }, t("close"))));
  d.replaceChildren(...parts);
  if (!d.open) d.showModal();
  return d;
}

function baseUrl() {
  const url = new URL(location.href);
  url.hash = "";
  url.searchParams.delete("seed");
  return url.href.replace(/#$/, "");
}

export async function invite(room, seat) {
  const peer = room.newPeer(seat);
  const o = await peer.offer();
  const id = room.newInviteId();
  const exp = Date.now() + INVITE_MS;
  for (const [k, inv] of room.invites) if (inv.seat === seat) room.invites.delete(k);  // the newest invite for a seat counts
  room.invites.set(id, { seat, peer, exp, used: false });
  // what the friend sees before connecting; the rest (the table, every name) comes over the channel
  const data = { v: 1, k: "i", id, g: room.gid.slice(0, GID_PREFIX), game: room.game, n: room.players, to: seat, host: room.seat,
                 name: match.seats[room.seat].name, exp: Math.floor(exp / 1000), o };
  if (room.roomKey) data.r = room.roomKey;  // the friend's answer comes back through the relays
  const url = `${baseUrl()}#l=${await pack(JSON.stringify(data))}`;
  linkDialog(room, "live-invite-dialog", { title: t("liveInviteTitle", room.nameOf(seat)), hint: t("liveInviteHint"), url, answer: true });
  $("live-invite-dialog").dataset.seat = String(seat);
  room.renderPanel();
  return url;
}

export async function acceptAnswer(room, code) {
  const status = $("live-status") || $("message");
  let a;
  try { a = JSON.parse(await unpack(code)); } catch { a = null; }
  if (!a || a.v !== 1 || a.k !== "a" || typeof a.id !== "string") {
    status.textContent = t("liveBadLink");
    return "bad";
  }
  const inv = room.invites.get(a.id);
  if (inv && !inv.used && Date.now() <= inv.exp) status.textContent = t("liveConnecting");
  const result = await room.acceptAnswer(a);
  if (result === "unknown") {
    status.textContent = t("liveNoInvite");
    app.dataset.liveAnswer = "unknown";
  } else if (result === "spent") {
    status.textContent = t("liveSpentHost", inv.seat + 1);
    $("message").textContent = t("liveSpentHost", inv.seat + 1);
    app.dataset.liveAnswer = "spent";
  } else if (result === "expired") status.textContent = t("liveExpired");
  else if (result === "bad") status.textContent = t("liveBadLink");
  return result;
}

// ---- starting: the host ----

// `seats` (optional, one per seat): {kind: "friend" | "human" (hot-seat, here) | "ai", level, name};
// the host is seat 0, a friend's seat gets an invite, the others are played in this browser.
export async function startLive({ game, players, options, name, failMs, seats = [] }) {
  const room = new LiveRoom({ host: true, seat: 0, hostSeat: 0, game, players, failMs, inviter: invite, roomKey: newRoomKey() });
  for (let s = 1; s < players; s++) {
    const want = seats[s] || {};
    if (want.kind === "ai") {
      const level = LEVELS.includes(want.level) ? want.level : "medium";
      room.hosted.set(s, { kind: "ai", level, name: t("liveComputer", t("levels")[level]) });
    } else if (want.kind === "human") {
      room.hosted.set(s, { kind: "human", level: null, name: String(want.name || "").trim().slice(0, 40) || t("seatName", s + 1, true) });
    }
  }
  if (name) rememberFairName(name);
  await room.joinRelays();  // before the table: its mailbox shares the room's relays
  try {
    await FairSession.start({ game, players, options, name }, { room, autoShare: false, roomKey: room.roomKey });
  } catch (err) {
    room.close();
    throw err;
  }
  if (room.hosted.size) await room.run(() => room.hosted.make());
  return room;
}

// ---- opening a link: an invite (friend) or an answer (host, maybe in another tab) ----

let channel = null;
function bus() {
  if (!channel && typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel("urzeit-live");
    channel.onmessage = (ev) => {
      const d = ev.data;
      const room = currentRoom();
      if (!d || d.kind !== "answer" || typeof d.code !== "string" || d.code.length > 4000 || !room || !room.host) return;
      unpack(d.code).then((text) => {
        const a = JSON.parse(text);
        if (a && room.invites.has(a.id)) {
          acceptAnswer(room, d.code).then((result) => channel.postMessage({ kind: "taken", id: a.id, result }));
        }
      }).catch(() => {});
    };
  }
  return channel;
}

function usedHere(id) {
  try { return (JSON.parse(localStorage.getItem(USED_KEY)) || []).includes(id); } catch { return false; }
}

function markUsed(id) {
  try {
    const list = (JSON.parse(localStorage.getItem(USED_KEY)) || []).slice(-50);
    list.push(id);
    localStorage.setItem(USED_KEY, JSON.stringify(list));
  } catch { /* the host still refuses a second answer */ }
}

export async function openLiveLink(hash, target) {
  let data;
  try { data = JSON.parse(await unpack(hash.slice(3))); } catch { data = null; }
  if (!data || data.v !== 1 || typeof data.id !== "string") {
    target.textContent = t("liveBadLink");
    return;
  }
  if (hash.startsWith("#a=")) return openAnswer(hash.slice(3), data, target);
  if ($("live-answer-dialog") && $("live-answer-dialog").open) $("live-answer-dialog").close();  // an older answer
  if (data.k !== "i" || !Number.isInteger(data.to) || !Number.isInteger(data.n) || typeof data.g !== "string"
      || typeof data.game !== "string" || !Number.isInteger(data.host) || typeof data.name !== "string") {
    target.textContent = t("liveBadLink");
    return;
  }
  // no WebRTC here: said before any name is asked, the invite kept (capabilities.mjs)
  if (!canPlayLive()) return offerByLink(data);
  if (usedHere(data.id)) {
    target.textContent = t("liveSpent");
    app.dataset.liveInvite = "spent";
    return;
  }
  if (!Number.isFinite(data.exp) || Date.now() > data.exp * 1000 + 10 * 60 * 1000) {
    target.textContent = t("liveExpired");
    app.dataset.liveInvite = "expired";
    return;
  }
  markUsed(data.id);
  const hostName = data.name.slice(0, 40) || t("seatName", data.host + 1, true);
  const gid = storedGid(data.g, data.to);
  const saved = gid !== null ? loadFair(gid, data.to) : null;
  const roomKey = isRoomKey(data.r) ? data.r : saved && isRoomKey(saved.room) ? saved.room : null;
  const room = new LiveRoom({ host: false, seat: data.to, hostSeat: data.host, game: data.game, players: data.n, gid, inviter: invite, roomKey });
  room.hostName = hostName;
  // a fresh invite to a game this browser plays already: its table again, then the channel
  if (!saved) room.pendingName = await askName(data, hostName);
  if (currentRoom() !== room) return;
  await room.joinRelays();
  if (saved) await FairSession.restore(saved, { room, autoShare: false, roomKey });
  if (currentRoom() !== room) return;  // another table was opened meanwhile
  app.dataset.liveInvite = saved ? "resumed" : "joined";
  // the host may take minutes to open the answer (a test shortens the wait)
  room.answerMinutes = Math.round(ANSWER_MS / 60000);  // what the friend is told
  const peer = room.newPeer(data.host, (TEST_MODE && globalThis.urzeitLiveAnswerMs) || ANSWER_MS);
  let answer;
  try {
    answer = await peer.answer(data.o);
  } catch {
    target.textContent = t("liveBadLink");
    return;
  }
  peer.connecting();
  const code = await pack(JSON.stringify({ v: 1, k: "a", id: data.id, seat: data.to, o: answer }));
  if (await answerByRelays(room, { t: "answer", id: data.id, seat: data.to, o: answer })) {
    // one link to join: the answer went through the relays; its link stays folded as the fallback
    linkDialog(room, "live-answer-dialog", { title: t("liveRelayTitle", hostName), hint: t("liveRelayHint", hostName),
                                             url: `${baseUrl()}#a=${code}`, fold: t("liveRelayFold", hostName) });
    app.dataset.liveAnswerBy = "relays";
    room.renderPanel();
    return;
  }
  app.dataset.liveAnswerBy = "link";
  linkDialog(room, "live-answer-dialog", { title: t("liveAnswerTitle", hostName), hint: t("liveAnswerHint", hostName),
                                           url: `${baseUrl()}#a=${code}` });
  room.renderPanel();
}

// The same game by link, in a note at the top of the menu.
function offerByLink(data) {
  const game = () => entryTitle(data.game);
  const host = data.name.slice(0, 40) || t("seatName", data.host + 1, true);
  app.dataset.liveInvite = "unsupported";
  showNote($("menu"), "capability-live", () => t("capNoLive", game(), host), [{
    label: () => t("capByLink", game()),
    run: () => { dropNote("capability-live"); nav.newFairGame({ game: data.game, players: data.n, options: {}, name: lastFairName() }).catch((err) => showError($("import-message"), err)); },
  }]);
  window.scrollTo(0, 0);
}

// The friend's answer through the relays (waiting a few seconds for them to open); true if a
// relay took it. If no direct channel opens soon, the host's messages stored on the relays make
// the table all the same.
async function answerByRelays(room, frame) {
  const link = room.relayLink;
  for (let i = 0; i < 30 && link.state === "connecting"; i++) await new Promise((r) => setTimeout(r, 100));
  if (link.state !== "open") return false;
  const took = await room.relay.send(frame, { store: false }).then((r) => r.ok.length > 0).catch(() => false);
  if (took) {
    room.scope.timeout(() => {
      if (room.session || (room.peers.get(room.hostSeat) || {}).state === "open") return;
      room.relay.history(0).then((frames) => room.joinFromRelays(frames.map((f) => f.body))).catch(() => {});
    }, RELAY_JOIN_MS);
  }
  return took;
}

async function openAnswer(code, data, target) {
  const room = currentRoom();
  if (room && room.host && room.invites.has(data.id)) {
    const r = await acceptAnswer(room, code);
    if (r !== "accepted") target.textContent = $("live-status") ? $("live-status").textContent : "";
    return;
  }
  const ch = bus();
  if (!ch) {
    target.textContent = t("liveNoInvite");
    return;
  }
  const result = await new Promise((resolve) => {
    const listen = (ev) => { if (ev.data && ev.data.kind === "taken" && ev.data.id === data.id) resolve(String(ev.data.result)); };
    ch.addEventListener("message", listen);
    ch.postMessage({ kind: "answer", code });
    setTimeout(() => { ch.removeEventListener("message", listen); resolve("unknown"); }, 1500);
  });
  const words = { accepted: t("liveHandedOver"), spent: t("liveSpent"), expired: t("liveExpired"), bad: t("liveBadLink") };
  target.textContent = words[result] || t("liveNoInvite");
  app.dataset.liveAnswer = result === "accepted" ? "handed" : result;
}

function askName(data, hostName) {
  let dialog = $("live-name-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "live-name-dialog", class: "dialog", "aria-labelledby": "live-name-title" });
    document.body.append(dialog);
  }
  const input = el("input", { id: "live-name", type: "text", maxlength: "40", autocomplete: "nickname" });
  input.value = lastFairName();
  dialog.replaceChildren(el("form", { method: "dialog" },
    el("h3", { id: "live-name-title" }, t("liveInvited", entryTitle(data.game), data.to + 1, hostName)),
    el("label", { for: "live-name" }, t("fairAskName")), " ", input,
    el("p", { class: "hint" }, t("fairGuarantee")),
    el("div", { class: "row-buttons" }, el("button", { id: "live-name-ok", class: "primary", value: "ok" }, t("fairJoin")))));
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const name = input.value.trim().slice(0, 40) || t("seatName", data.to + 1, true);
      rememberFairName(name);
      resolve(name);
    }, { once: true });
  });
}

// ---- a reload: the table again from this browser's storage, waiting for a fresh invite ----

export async function resumeLive(restore, s = rememberedRoom()) {
  if (!s || typeof s.gid !== "string" || !Number.isInteger(s.seat)) return false;
  const r = new LiveRoom({ host: Boolean(s.host), seat: s.seat, hostSeat: s.hostSeat || 0, game: s.game, players: s.players,
                           gid: s.gid, inviter: invite, roomKey: isRoomKey(s.roomKey) ? s.roomKey : null });
  await r.joinRelays();  // the pages find each other again through the relays (live-relay.mjs)
  const session = await restore(s.gid, s.seat, r);
  if (!session) {
    r.close();
    return false;
  }
  if (r.host && Array.isArray(s.local) && s.local.length) await r.run(() => r.hosted.restore(s.local));
  if (!r.host && r.relayLink.state !== "open") $("message").textContent = t("liveAskInvite", r.nameOf(r.hostSeat));
  r.renderPanel();
  return true;
}

// Tests and the benchmark: the peers' states and byte counts, and a raw frame to a peer.
export const liveTest = {
  get state() {
    const room = currentRoom();
    if (!room) return { host: false, seat: null, changedAt: null, peers: [] };
    return { host: room.host, seat: room.seat, changedAt: room.changedAt,
             peers: [...room.peers].map(([s, p]) => ({ seat: s, state: p.state, reason: p.reason, stats: p.peer.stats })),
             relay: { state: room.relayLink.state, away: [...room.relayLink.away.keys()], trail: room.relayLink.trail } };
  },
  sendRaw(seat, text) { currentRoom().peers.get(seat).peer.dc.send(text); },
  shownAt: () => (currentRoom() ? [...currentRoom().shownAt] : []),
  invite: (seat) => invite(currentRoom(), seat),
  acceptAnswer: (link) => acceptAnswer(currentRoom(), link.split("#a=")[1] || ""),
  closeChannel(seat) { currentRoom().peers.get(seat).peer.dc.close(); },
  loseNext(seat) { currentRoom().loseNext = seat; },
};

// An answer link opened in a new tab goes to the waiting table in another tab at once (no
// engine needed here); a spent invite says so at once, too.
export function earlyLinks() {
  bus();
  if (location.hash.startsWith("#a=")) {
    const hash = location.hash;
    history.replaceState(null, "", location.pathname + location.search);
    unpack(hash.slice(3)).then((text) => {
      const data = JSON.parse(text);
      if (!data || data.v !== 1 || typeof data.id !== "string") throw new Error("not an answer");
      return openAnswer(hash.slice(3), data, $("import-message"));
    })
      .catch(() => { $("import-message").textContent = t("liveBadLink"); });
  } else if (location.hash.startsWith("#l=")) {
    unpack(location.hash.slice(3)).then((text) => {
      const data = JSON.parse(text);
      if (data && typeof data.id === "string" && usedHere(data.id)) {
        history.replaceState(null, "", location.pathname + location.search);
        $("import-message").textContent = t("liveSpent");
        app.dataset.liveInvite = "spent";
      }
    }).catch(() => { /* a damaged link is said when it is opened */ });
  }
}
