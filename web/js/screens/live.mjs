// Live play (docs/fair-play.md "Live play"): the fair game's signed messages over WebRTC data
// channels instead of links. The host connects each friend (a star) and relays messages it
// cannot forge (each seat signs its own); every message goes through the same fair_* op as one
// from a link. Invites and answers are links (`#l=`, `#a=`) with the trimmed offer/answer.
import { engine } from "../boot.mjs";
import { errorText, getLang, t } from "../i18n.mjs";
import { $, app, el, match, nav, showError, TEST_MODE } from "./shared.mjs";
import { passDevice, say } from "./table.mjs";
import { fairAct, fairHooks, joinFair, lastFairName, receiveFair, resumeFair, shareFair, showFair, startFair } from "./fair.mjs";
import { settings } from "../settings.mjs";
import { pack, unpack } from "./dialogs.mjs";
import { loadFair } from "../storage.mjs";
import { entryTitle } from "../games.mjs";
import { Peer } from "../net/peer.mjs";
import { qrSvg } from "../net/qr.mjs";
import { b64url } from "../net/b64.mjs";
import { PHRASES } from "./live-words.mjs";
import { canPlayLive, dropNote, showNote } from "../capabilities.mjs";  // #42

const SESSION_KEY = "urzeit.live";  // this tab's live table, for a reload
const USED_KEY = "urzeit.live.used";  // invites opened in this browser (an invite works once)
const INVITE_MS = 60 * 60 * 1000;
const MAX_MESSAGES = 400;  // per frame
const GID_PREFIX = 16;  // 96 bits of the game id in an invite: enough to find this seat's stored game

const live = {
  on: false, host: false, seat: null, hostSeat: 0, game: null, players: 0, gid: null, name: "",
  peers: new Map(),  // seat → {peer, have: [counts per seat], state, reason}
  invites: new Map(),  // id → {seat, peer, exp, used}
  queue: Promise.resolve(), hashes: new Map(), peerHashes: new Map(), stopped: false, extra: new Map(),
  joined: false, pendingName: null, failMs: undefined, lastChat: null,
  // the host's own other seats (computer and hot-seat), each its own party with its own keys:
  // seat → {kind: "ai" | "human", level, name, party, priv}; `here` (a friend's) says which seats those are
  chatTimes: new Map(), local: new Map(), here: [], mainParty: null, shown: null, partyHave: new Map(), thinking: null, handing: null,
};
const LEVELS = ["random", "easy", "medium", "hard", "expert"];
const ANSWER_MS = 10 * 60 * 1000;  // how long a friend's answer waits for the host
const CATCH_UP_MS = 1500;  // a peer further on than we are: then we ask for what we lack
const CHAT_MAX = 200, CHAT_LINES = 5, CHAT_WINDOW_MS = 10_000;
const BOT_MS = 2000;  // a computer seat's search budget per decision
const botPauseMs = () => (TEST_MODE ? 0 : settings().aiPause);  // its thinking delay, as at a local table

function run(task) {
  const next = live.queue.then(task).catch((err) => showError($("message"), err));
  live.queue = next;
  return next;
}

function remember() {
  try {
    // the host's own other seats go with it: their secrets never leave this browser
    const local = [...live.local].map(([seat, l]) => [seat, { kind: l.kind, level: l.level, name: l.name, priv: l.priv }]);
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ gid: live.gid, seat: live.seat, host: live.host, hostSeat: live.hostSeat,
                                                        game: live.game, players: live.players, local }));
  } catch { /* a reload then shows the menu; the game is still in storage */ }
}

const randomId = () => {
  const a = new Uint8Array(9);
  crypto.getRandomValues(a);
  return b64url(a);
};

const nameOf = (seat) => match.names[seat] || t("seatName", seat + 1, true);

// ---- the fair game's hooks: every change is pushed to the connected peers ----

function setup({ host, seat, hostSeat = 0, game, players, gid }) {
  if (gid !== live.gid) live.extra = new Map();
  Object.assign(live, { on: true, host, seat, hostSeat, game, players, gid, stopped: false, shown: seat });
  fairHooks.live = { changed };
  // moves wait for the messages being taken in; none after the states were found to differ
  nav.fairAct = (action) => (live.stopped ? Promise.resolve({ ok: false, code: "stopped" }) : run(() => fairAct(action)));
}

// Messages this table holds that the record may not list yet (e.g. a deck step not yet
// answered): this seat's own from each reply, and every accepted one from a peer (to relay).
function hold(list) {
  for (const m of list || []) if (m && Number.isInteger(m.seat) && Number.isInteger(m.n)) live.extra.set(`${m.seat}.${m.n}`, m);
}

function changed(r) {
  if (live.gid && r.view.fair.gid !== live.gid) live.extra.clear();  // a rematch: another game
  hold(r.send);
  live.changedAt = Date.now();  // the benchmark: when a move showed here
  live.gid = r.view.fair.gid;
  if (!live.local.has(r.view.seat)) {  // a hot-seat seat's party shown is not the host's own
    live.seat = r.view.seat;
    if (live.host) live.mainParty = r.party;
  }
  live.shown = r.view.seat;
  live.joined = true;
  remember();
  if (r.view.fair.state) {
    const key = stepKey(r.view);
    live.hashes.set(key, r.view.fair.state);
    compare(key);
  }
  renderPanel();
  // after the fair screen's own words: no "send the link" while live
  const v = r.view;
  const w = r.waiting || {};
  const other = v.current_seat !== null ? v.current_seat : (w.seats || []).find((s) => s !== v.seat);
  if (!v.over && other !== undefined && other !== v.seat) say(t("liveWaitFor", nameOf(other)));
  live.queue = live.queue.then(syncLocal).then(push).catch((err) => showError($("message"), err));
}

// Every message this table holds: the shown party's record and what it does not list yet.
async function known() {
  const rec = await engine.request({ op: "fair_record", party: match.id });
  const listed = new Set(rec.messages.map((m) => `${m.seat}.${m.n}`));
  return rec.messages.concat([...live.extra].filter(([k]) => !listed.has(k)).map(([, m]) => m)
    .sort((a, b) => a.n - b.n || a.seat - b.seat));
}

// ---- the host's own seats: computer and hot-seat (one party each, in this browser) ----

const partyOf = (seat) => (seat === live.seat ? live.mainParty : (live.local.get(seat) || {}).party);

function haveOf(seat) {
  if (!live.partyHave.has(seat)) live.partyHave.set(seat, []);
  return live.partyHave.get(seat);
}

const tableNames = () => match.seats.map((s, i) => (live.local.has(i) ? live.local.get(i).name : s.name));

// A party's reply: shown on the table if it is the shown one, else only its messages kept to pass on.
async function absorb(seat, r) {
  if (seat === live.shown && r.party === match.id) await showFair(r);
  else hold(r.send);
}

// Each of the host's parties gets what the others sent (the others' messages pass through this
// browser like a friend's do through the channel: the same fair_receive, all or nothing).
async function syncLocal() {
  if (!live.host || !live.local.size || !live.joined || live.stopped) return;
  for (let round = 0; round < 40; round++) {
    const all = await known();
    let fed = false;
    for (const seat of [live.seat, ...live.local.keys()]) {
      const party = partyOf(seat);
      if (!party) continue;
      const have = haveOf(seat);
      const out = all.filter((m) => m.seat !== seat && m.n >= (have[m.seat] || 0));
      if (!out.length) continue;
      let r = null;
      try {
        r = await engine.request({ op: "fair_receive", party, messages: out, names: tableNames() });
      } catch (err) {
        if (err.reason !== "fair.nothing_new") {
          refuse(err.reason || err.code || "refused", err);
          return;
        }
      }
      for (const m of out) have[m.seat] = Math.max(have[m.seat] || 0, m.n + 1);
      if (r) {
        fed = true;
        await absorb(seat, r);
      }
    }
    if (!fed) break;
  }
  turnHere();
}

// Whose move it is, if it is one of this browser's seats: the computer moves (after its usual
// pause), a hot-seat player gets the table (behind the pass screen in a game of hidden hands).
function turnHere() {
  const v = match.view;
  if (!live.host || !live.local.size || !v || live.stopped) return;
  const w = (v.fair && v.fair.waiting) || {};
  if (v.over) {
    if (live.shown !== live.seat && live.handing === null) run(() => showSeat(live.seat));
    return;
  }
  if (w.for !== "move") return;
  const seat = w.seats[0];
  const loc = live.local.get(seat);
  if (loc && loc.kind === "ai") computerMove(seat, v.state_id);
  else if ((seat === live.seat || loc) && seat !== live.shown) handOver(seat);
}

function computerMove(seat, stateId) {
  const key = `${live.gid}.${stateId}`;
  if (live.thinking === key) return;
  live.thinking = key;
  setTimeout(() => run(async () => {
    const w = match.view && match.view.fair && match.view.fair.waiting;
    if (live.stopped || !w || w.for !== "move" || w.seats[0] !== seat || match.view.state_id !== stateId) return;
    const loc = live.local.get(seat);
    const { action } = await engine.request({ op: "fair_ai", party: loc.party, level: loc.level, budget_ms: BOT_MS });
    hold((await engine.request({ op: "fair_act", party: loc.party, action })).send);
    await syncLocal();
  }), botPauseMs());
}

function handOver(seat) {
  if (live.handing !== null) return;
  live.handing = seat;
  const info = engine.hello && engine.hello.games.find((g) => g.id === match.game);
  const hidden = Boolean(info && info.private_hands);  // nobody may see another seat's hand
  app.dataset.passing = String(hidden);
  (hidden ? passDevice(seat) : Promise.resolve()).then(() => run(async () => {
    app.dataset.passing = "false";
    await showSeat(seat);
  })).finally(() => { live.handing = null; });
}

async function showSeat(seat) {
  if (seat === live.shown) return;
  const r = await engine.request({ op: "fair_view", party: partyOf(seat), lang: getLang() });
  await showFair({ ...r, send: [] });
}

// The host's computer and hot-seat seats join: each its own party, made here from the invitation.
async function makeLocal() {
  live.partyHave.clear();
  for (const [seat, loc] of live.local) {
    const link = await engine.request({ op: "fair_link", party: live.mainParty, to: seat });
    const r = await engine.request({ op: "fair_join", messages: link.messages, seat, name: loc.name, names: link.names });
    loc.party = r.party;
    loc.priv = await engine.request({ op: "fair_private", party: r.party });
    for (const m of link.messages) haveOf(seat)[m.seat] = Math.max(haveOf(seat)[m.seat] || 0, m.n + 1);
    hold(r.send);
  }
  remember();
  await syncLocal();
  await push();
}

const stepKey = (v) => String(v.state_id);

async function push() {
  if (!live.joined || !match.id) return;
  const all = await known();
  const names = tableNames();
  const hash = match.view && match.view.fair && match.view.fair.state;
  for (const [seat, p] of live.peers) {
    if (p.state !== "open" || !p.have) continue;
    const out = all.filter((m) => m.seat !== seat && m.n >= (p.have[m.seat] || 0));
    if (out.length) {
      if (live.loseNext === seat) live.loseNext = null;  // a test: as if this frame were lost on the way
      else p.peer.send({ t: "m", m: out, names });
      for (const m of out) p.have[m.seat] = Math.max(p.have[m.seat] || 0, m.n + 1);
    }
    if (hash) p.peer.send({ t: "h", k: stepKey(match.view), h: hash });
  }
}

async function counts() {
  if (!live.joined || !match.id) return [];
  const rec = await engine.request({ op: "fair_record", party: match.id });
  const have = [];
  for (const m of rec.messages.concat([...live.extra.values()])) have[m.seat] = Math.max(have[m.seat] || 0, m.n + 1);
  return Array.from({ length: live.players }, (_, i) => have[i] || 0);
}

// Both sides hash the engine state after every change; a difference stops the game.
function compare(key) {
  const mine = live.hashes.get(key);
  for (const [seat, hashes] of live.peerHashes) {
    const theirs = hashes.get(key);
    if (mine && theirs && mine !== theirs) stop(seat);
  }
}

function stop(seat) {
  if (live.stopped) return;
  live.stopped = true;
  app.dataset.liveMismatch = String(seat);
  for (const p of live.peers.values()) p.peer.close("mismatch");
  $("message").textContent = t("liveMismatch");
}

// ---- frames from a peer ----

function refuse(reason, err) {
  app.dataset.liveRefused = reason;
  const words = t("liveReasons");
  if (err) showError($("message"), err, t("liveRefused"));
  else $("message").textContent = t("liveRefused") + (words[reason] || words.unknown);
}

function validMessages(list) {
  return Array.isArray(list) && list.length > 0 && list.length <= MAX_MESSAGES
    && list.every((m) => m && typeof m === "object" && !Array.isArray(m) && Number.isInteger(m.seat) && Number.isInteger(m.n));
}

function onFrame(seat, frame, problem) {
  if (problem) return refuse(problem);
  const p = live.peers.get(seat);
  if (!p) return;
  if (frame.t === "have") {
    if (!Array.isArray(frame.have) || frame.have.length > 5 || !frame.have.every((x) => Number.isInteger(x) && x >= 0)) return refuse("malformed");
    p.have = frame.have.slice();
    return run(push);
  }
  if (frame.t === "m") {
    if (!validMessages(frame.m)) return refuse("malformed");
    let names = Array.isArray(frame.names) && frame.names.length <= 5 ? frame.names : undefined;
    // the host's computer seats in our own words ("Computer (Leicht)"), not the host's language
    if (names && live.host) names = names.map((n, i) => (live.local.has(i) ? live.local.get(i).name : n));  // ours are named here
    if (names && !live.host) names = names.map((n, i) => (live.here[i] && live.here[i].kind === "ai" ? t("liveComputer", t("levels")[live.here[i].level]) : n));
    return run(async () => {
      try {
        if (!live.joined) {
          await joinFair(frame.m, live.seat, live.pendingName || lastFairName(), names);
        } else {
          await receiveFair(frame.m, names);
        }
        hold(frame.m);  // accepted, all of them: the host relays them to the others
        for (const m of frame.m) haveOf(live.shown)[m.seat] = Math.max(haveOf(live.shown)[m.seat] || 0, m.n + 1);
        delete app.dataset.liveRefused;
      } catch (err) {
        refuse(err.reason || err.code || "refused", err);
        // e.g. a batch that needs one we never got: say what we hold, the peer sends the rest
        if (err.reason !== "fair.nothing_new" && err.reason !== "fair.bad_signature") askMissing(seat);
        return;
      }
      if (!p.have) p.have = [];
      for (const m of frame.m) p.have[m.seat] = Math.max(p.have[m.seat] || 0, m.n + 1);  // they hold these
    });
  }
  if (frame.t === "h") {
    if (typeof frame.k !== "string" || typeof frame.h !== "string" || frame.h.length > 100) return refuse("malformed");
    if (!live.peerHashes.has(seat)) live.peerHashes.set(seat, new Map());
    live.peerHashes.get(seat).set(frame.k, frame.h);
    // the peer is further on than we are: if we have not caught up soon, a frame went missing
    if (live.joined && /^\d{1,6}$/.test(frame.k) && match.view && Number(frame.k) > match.view.state_id) {
      setTimeout(() => { if (match.view && Number(frame.k) > match.view.state_id) askMissing(seat); }, CATCH_UP_MS);
    }
    return compare(frame.k);
  }
  if (frame.t === "rematch") return rematchJoined(seat);
  if (frame.t === "seats") {
    const here = frame.here === undefined ? [] : frame.here;
    if (live.host || !Array.isArray(frame.on) || frame.on.length > 5 || !Array.isArray(here) || here.length > 5
        || !here.every((h) => h === null || (h && (h.kind === "human" || (h.kind === "ai" && LEVELS.includes(h.level)))))) return refuse("malformed");
    live.others = frame.on.map(Boolean);
    live.here = here.map((h) => (h ? { kind: h.kind, level: h.level } : null));  // words only, from our own texts
    return renderPanel();
  }
  if (frame.t === "chat") {
    // signed by the seat that said it: the host relays a friend's line but cannot make one up
    const m = frame.m;
    if (!m || typeof m !== "object" || Array.isArray(m) || !Number.isInteger(m.seat) || (live.host && m.seat !== seat)) return refuse("malformed");
    if (!chatAllowed(m.seat)) return refuse("chat_flood");
    return run(async () => {
      let said;
      try {
        said = await engine.request({ op: "fair_chat_check", party: live.host ? live.mainParty : match.id, message: m });
      } catch (err) {
        refuse(err.reason || err.code || "refused", err);
        return;
      }
      if ("p" in said && !PHRASES[said.p]) return refuse("malformed");
      showChat(said);
      if (live.host) for (const [s, q] of live.peers) if (s !== seat) q.peer.send({ t: "chat", m });
    });
  }
  refuse("unknown");
}

// Our counts of each seat's messages to a peer (at most once a second): it sends what we lack,
// over the same channel, with no reconnect.
function askMissing(seat) {
  const p = live.peers.get(seat);
  const now = Date.now();
  if (!p || p.state !== "open" || now - (p.asked || 0) < 1000) return;
  p.asked = now;
  app.dataset.liveAsked = String(Number(app.dataset.liveAsked || 0) + 1);
  run(async () => p.peer.send({ t: "have", have: await counts() }));
}

// A rematch keeps the seats: the host opens a new fair game with the same table and tells the
// connected friends, whose browsers join it under the same names when its joins arrive.
async function rematch() {
  const rec = await engine.request({ op: "fair_record", party: match.id });
  const names = match.seats.map((s) => s.name);
  for (const p of live.peers.values()) {
    p.have = [];
    p.peer.send({ t: "rematch" });
  }
  live.hashes.clear();
  live.peerHashes.clear();
  live.lastChat = null;
  if (live.shown !== live.seat) await showSeat(live.seat);
  await startFair({ game: rec.table.game, players: rec.table.players, options: rec.table.options, name: names[live.seat] });
  live.mainParty = match.id;
  if (live.local.size) await makeLocal();
}

function rematchJoined(seat) {
  const v = match.view;
  if (live.host || seat !== live.hostSeat || !v || !v.over) return refuse("unknown");
  live.pendingName = match.seats[live.seat].name;
  live.joined = false;
  live.hashes.clear();
  live.peerHashes.clear();
  live.lastChat = null;
  const p = live.peers.get(seat);
  p.have = [];
}

function onState(seat, state, reason) {
  const p = live.peers.get(seat);
  if (!p) return;
  p.state = state;
  p.reason = reason;
  if (state === "open") {
    run(async () => {
      p.peer.send({ t: "have", have: await counts() });
      if (live.joined) await push();
    });
    if ($("live-invite-dialog") && $("live-invite-dialog").open && live.host) $("live-invite-dialog").close();
    if ($("live-answer-dialog") && $("live-answer-dialog").open) $("live-answer-dialog").close();
    $("message").textContent = "";
  }
  if (state === "failed" && !live.host && !live.joined && reason === "timeout") {
    // the answer was never opened: it is spent now; a new invite, or the same game by link
    if ($("live-answer-dialog") && $("live-answer-dialog").open) $("live-answer-dialog").close();
    $("message").textContent = t("liveAnswerTimeout", live.hostName || nameOf(seat), Math.round((ANSWER_MS) / 60000));
    app.dataset.liveAnswerTimeout = "true";
  } else if (state === "failed") $("message").textContent = t("liveFailed", nameOf(seat));
  if (state === "closed" && reason === "flood") refuse("flood");
  else if (state === "closed" && !live.stopped) $("message").textContent = t("liveDropped", nameOf(seat));
  if (live.host) broadcastSeats();
  renderPanel();
}

function broadcastSeats() {
  const on = Array.from({ length: live.players }, (_, s) => s === live.seat || live.local.has(s) || (live.peers.get(s) || {}).state === "open");
  const here = Array.from({ length: live.players }, (_, s) => (live.local.has(s) ? { kind: live.local.get(s).kind, level: live.local.get(s).level } : null));
  for (const p of live.peers.values()) p.peer.send({ t: "seats", on, here });
}

function newPeer(seat, failMs) {
  const peer = new Peer({ onFrame: (f, problem) => onFrame(seat, f, problem), onState: (s, r) => onState(seat, s, r),
                          failMs: failMs ?? live.failMs });
  const old = live.peers.get(seat);
  if (old && old.peer !== peer && old.state !== "open") old.peer.close("replaced");
  live.peers.set(seat, { peer, have: null, state: "new", reason: null });
  return peer;
}

// ---- the panel at the table: a dot per player, invites, chat ----

// A seat the host's browser plays: how it is named on each side ("Computer (Medium) at the host's").
function hereOf(seat) {
  if (live.host) return live.local.has(seat) ? live.local.get(seat) : null;
  return live.here[seat] || null;
}

function hereText(h, name) {
  if (h.kind === "human") return live.host ? t("liveSeatHere") : t("liveHotSeat");
  const what = t("liveComputer", t("levels")[h.level] || h.level);
  if (name && name.includes(what)) return live.host ? t("liveHereOnly") : t("liveAtHostOnly");  // not said twice
  return live.host ? t("liveHere", what) : t("liveAtHost", what);
}

function seatState(seat) {
  if (seat === live.seat) return "open";
  if (live.host && live.local.has(seat)) return "open";
  if (live.host) return (live.peers.get(seat) || {}).state || "none";
  if (seat === live.hostSeat) return (live.peers.get(seat) || {}).state || "none";
  const hostOpen = (live.peers.get(live.hostSeat) || {}).state === "open";
  return hostOpen && live.others && live.others[seat] ? "open" : "none";
}

function renderPanel() {
  if (!live.on || $("game").hidden) return;
  let panel = $("live-panel");
  if (!panel) {
    panel = el("div", { id: "live-panel", class: "live-panel" });
    $("status-line").after(panel);
  }
  const states = { open: t("liveConnected"), connecting: t("liveConnecting"), new: t("liveConnecting"),
                   closed: t("liveReconnecting"), failed: t("liveNotConnected"), none: t("liveNotConnected") };
  const dots = el("ul", { class: "live-seats" });
  const v = match.view;
  for (let s = 0; s < live.players; s++) {
    const st = seatState(s);
    // "you": whoever holds the screen (a hot-seat player on their turn, else the host)
    const me = s === live.shown;
    const here = me ? null : s === live.seat ? { kind: "human" } : hereOf(s);
    const li = el("li", { class: "live-seat", "data-seat": String(s), "data-state": st },
      el("span", { class: "live-dot", "aria-hidden": "true" }),
      el("span", { class: "live-name" }, nameOf(s) + (me ? ` (${t("liveYou")})` : "")),
      el("span", { class: "live-state" }, me ? "" : here ? hereText(here, nameOf(s)) + (live.host || st === "open" ? "" : ` · ${states[st]}`) : states[st]));
    if (here) li.dataset.here = here.kind;
    if (v && !v.over && v.current_seat === s) li.classList.add("live-turn");
    if (live.host && s !== live.seat && !here && st !== "open" && !live.stopped) {
      li.append(el("button", { type: "button", class: "ghost live-invite", "data-seat": String(s), onclick: () => invite(s) },
        st === "none" ? t("liveInvite") : t("liveNewInvite")));
    }
    // not connected: the same game goes on by link (the friend's link goes to the host, who relays)
    if (live.joined && st !== "open" && s !== live.seat && !here && (live.host || s === live.hostSeat)) {
      li.append(el("button", { type: "button", class: "ghost live-by-link", "data-seat": String(s),
                               onclick: () => shareFair(s).catch((err) => showError($("message"), err)) }, t("liveByLink")));
    }
    dots.append(li);
  }
  // the dots are redrawn; the chat box stays (a line being typed keeps its text and focus)
  const old = panel.querySelector(".live-seats");
  if (old) old.replaceWith(dots);
  else panel.append(dots);
  let chat = $("live-chat");
  if (!chat || chat.dataset.lang !== getLang()) {
    const fresh = chatBox(chat && chat.open);
    if (chat) chat.replaceWith(fresh);
    else panel.append(fresh);
    chat = fresh;
  }
  chat.querySelector("#live-chat-send").disabled = !live.joined;
  let said = $("live-said");
  if (!said) {
    said = el("p", { id: "live-said", class: "live-said", "aria-live": "polite" });
    panel.append(said);
  }
  said.textContent = chatText(live.lastChat);  // text only: a line from a peer is never markup
  if ($("live-rematch")) $("live-rematch").remove();
  if (live.host && v && v.over && !live.stopped) {
    panel.prepend(el("button", { type: "button", class: "primary", id: "live-rematch", onclick: () => run(rematch) }, t("liveRematch")));
  }
  const all = [...live.peers.values()];
  app.dataset.live = all.length && all.every((p) => p.state === "open") ? "open"
    : all.some((p) => p.state === "failed") ? "failed" : all.some((p) => p.state === "closed") ? "closed"
    : all.some((p) => p.state === "connecting") ? "connecting" : "waiting";
}

// Folded: on a phone the phrases would push the board down. Preset phrases, emoji and a short line.
function chatBox(open) {
  const chat = el("details", { class: "live-chat", id: "live-chat", "data-lang": getLang() },
    el("summary", { class: "live-chat-label" }, t("liveChat")));
  chat.open = Boolean(open);
  PHRASES.forEach((ph, i) => chat.append(el("button", { type: "button", class: "ghost live-phrase", "data-phrase": String(i),
                                                        onclick: () => say_({ p: i }) }, ph[getLang()])));
  const input = el("input", { id: "live-chat-text", type: "text", maxlength: String(CHAT_MAX), autocomplete: "off",
                              placeholder: t("liveChatPlaceholder"), "aria-label": t("liveChatPlaceholder") });
  chat.append(el("form", { class: "live-chat-form", id: "live-chat-form", onsubmit: (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (text) say_({ text }, () => { input.value = ""; });
  } }, input, el("button", { type: "submit", class: "ghost", id: "live-chat-send" }, t("liveChatSend"))));
  return chat;
}

// A line from this seat: signed by its own party (the host's: its own seat's), then sent.
function say_(what, done = () => {}) {
  if (!live.joined) return;
  if ($("live-chat")) $("live-chat").open = false;  // said: the board comes back up on a phone
  engine.request({ op: "fair_chat", party: live.host ? live.mainParty : match.id, ...what }).then(({ message }) => {
    done();
    showChat({ seat: message.seat, text: message.text, p: message.p });
    for (const [, p] of live.peers) p.peer.send({ t: "chat", m: message });
  }).catch((err) => showError($("message"), err));
}

function chatText(said) {
  if (!said) return "";
  return t("liveSaid", nameOf(said.seat), said.text !== undefined ? said.text : PHRASES[said.p][getLang()]);
}

function showChat(said) {
  live.lastChat = said;
  const line = $("live-said");
  if (line) line.textContent = chatText(said);
}

// At most CHAT_LINES lines from one seat in CHAT_WINDOW_MS: more are refused, not shown.
function chatAllowed(seat) {
  const now = Date.now();
  const times = (live.chatTimes.get(seat) || []).filter((x) => now - x < CHAT_WINDOW_MS);
  live.chatTimes.set(seat, times);
  if (times.length >= CHAT_LINES) return false;
  times.push(now);
  return true;
}

// ---- dialogs: the invite (host) and the answer (friend), each a link and a QR code ----

function linkDialog(id, { title, hint, url, answer }) {
  let d = $(id);
  if (!d) {
    d = el("dialog", { id, class: "dialog live-dialog", "aria-labelledby": `${id}-title` });
    document.body.append(d);
  }
  const input = el("input", { id: `${id}-link`, class: "live-link", type: "text", readonly: "readonly" });
  input.value = url;
  const qr = el("div", { class: "live-qr", id: `${id}-qr` });
  try { qr.append(qrSvg(url)); } catch { qr.hidden = true; }  // too long for a QR code: the link still works
  const copy = el("button", { type: "button", class: "ghost", onclick: async () => {
    try { await navigator.clipboard.writeText(url); } catch { input.select(); }
  } }, t("copy"));
  const share = typeof navigator.share === "function"
    ? el("button", { type: "button", class: "ghost", onclick: () => navigator.share({ url }).catch(() => {}) }, t("shareNative")) : null;
  const parts = [el("h3", { id: `${id}-title` }, title), el("p", { class: "hint" }, hint), qr, input,
                 el("div", { class: "row-buttons" }, copy, share)];
  if (answer) {
    const field = el("input", { id: "live-answer", type: "text", autocomplete: "off" });
    parts.push(el("label", { for: "live-answer" }, t("liveAnswerLabel")), field,
      el("div", { class: "row-buttons" }, el("button", { type: "button", class: "primary", id: "live-answer-ok", onclick: () => {
        const code = field.value.trim().split("#a=")[1] || "";
        acceptAnswer(code).catch((err) => showError($("live-status"), err));
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

export async function invite(seat) {
  const peer = newPeer(seat);
  const o = await peer.offer();
  const id = randomId();
  const exp = Date.now() + INVITE_MS;
  for (const [k, inv] of live.invites) if (inv.seat === seat) live.invites.delete(k);  // the newest invite for a seat counts
  live.invites.set(id, { seat, peer, exp, used: false });
  // what the friend sees before connecting; the rest (the table, every name) comes over the channel
  const data = { v: 1, k: "i", id, g: live.gid.slice(0, GID_PREFIX), game: live.game, n: live.players, to: seat, host: live.seat,
                 name: match.seats[live.seat].name, exp: Math.floor(exp / 1000), o };
  const url = `${baseUrl()}#l=${await pack(JSON.stringify(data))}`;
  linkDialog("live-invite-dialog", { title: t("liveInviteTitle", nameOf(seat))  /* as the panel names the seat */, hint: t("liveInviteHint"), url, answer: true });
  $("live-invite-dialog").dataset.seat = String(seat);
  renderPanel();
  return url;
}

async function acceptAnswer(code) {
  const status = $("live-status") || $("message");
  let a;
  try { a = JSON.parse(await unpack(code)); } catch { a = null; }
  if (!a || a.v !== 1 || a.k !== "a" || typeof a.id !== "string") {
    status.textContent = t("liveBadLink");
    return "bad";
  }
  const inv = live.invites.get(a.id);
  if (!inv) {
    status.textContent = t("liveNoInvite");
    app.dataset.liveAnswer = "unknown";
    return "unknown";
  }
  if (inv.used) {
    status.textContent = t("liveSpentHost", inv.seat + 1);
    $("message").textContent = t("liveSpentHost", inv.seat + 1);
    app.dataset.liveAnswer = "spent";
    return "spent";
  }
  if (Date.now() > inv.exp) {
    status.textContent = t("liveExpired");
    return "expired";
  }
  inv.used = true;
  status.textContent = t("liveConnecting");
  try {
    await inv.peer.accept(a.o);
  } catch {
    inv.peer.close("bad_answer");
    status.textContent = t("liveBadLink");
    return "bad";
  }
  app.dataset.liveAnswer = "accepted";
  renderPanel();
  return "accepted";
}

// ---- starting: the host ----

// `seats` (optional, one per seat): {kind: "friend" | "human" (hot-seat, here) | "ai", level, name};
// the host is seat 0, a friend's seat gets an invite, the others are played in this browser.
export async function startLive({ game, players, options, name, failMs, seats = [] }) {
  live.failMs = failMs;
  live.local = new Map();
  for (let s = 1; s < players; s++) {
    const want = seats[s] || {};
    if (want.kind === "ai") {
      const level = LEVELS.includes(want.level) ? want.level : "medium";
      live.local.set(s, { kind: "ai", level, name: t("liveComputer", t("levels")[level]) });
    } else if (want.kind === "human") {
      live.local.set(s, { kind: "human", level: null, name: String(want.name || "").trim().slice(0, 40) || t("seatName", s + 1, true) });
    }
  }
  fairHooks.live = { changed };  // before the first change: no share dialog for the invite
  setup({ host: true, seat: 0, hostSeat: 0, game, players, gid: null });
  await startFair({ game, players, options, name });
  live.mainParty = match.id;
  if (live.local.size) await run(makeLocal);
}

// ---- opening a link: an invite (friend) or an answer (host, maybe in another tab) ----

let channel = null;
function bus() {
  if (!channel && typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel("urzeit-live");
    channel.onmessage = (ev) => {
      const d = ev.data;
      if (!d || d.kind !== "answer" || typeof d.code !== "string" || d.code.length > 4000 || !live.host) return;
      unpack(d.code).then((text) => {
        const a = JSON.parse(text);
        if (a && live.invites.has(a.id)) {
          acceptAnswer(d.code).then((result) => channel.postMessage({ kind: "taken", id: a.id, result }));
        }
      }).catch(() => {});
    };
  }
  return channel;
}

// The full id of a game this browser keeps for `seat` whose id starts with `prefix`.
function storedGid(prefix, seat) {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const m = /^urzeit\.fair\.([A-Za-z0-9_-]{43})\.(\d+)$/.exec(key || "");
      if (m && m[1].startsWith(prefix) && Number(m[2]) === seat) return m[1];
    }
  } catch { /* no storage: a new seat */ }
  return null;
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
  // capabilities.mjs (#42): no WebRTC here — said before any name is asked, the invite kept
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
  setup({ host: false, seat: data.to, hostSeat: data.host, game: data.game, players: data.n, gid });
  live.joined = false;
  const resumed = gid !== null && await resumeFair(gid, data.to);  // a fresh invite to a game this browser plays already
  if (!resumed) live.pendingName = await askName(data, hostName);
  app.dataset.liveInvite = resumed ? "resumed" : "joined";
  // the host may take minutes to open the answer (a test shortens the wait)
  const peer = newPeer(data.host, (TEST_MODE && globalThis.urzeitLiveAnswerMs) || ANSWER_MS);
  live.hostName = hostName;
  let answer;
  try {
    answer = await peer.answer(data.o);
  } catch {
    target.textContent = t("liveBadLink");
    return;
  }
  peer.connecting();
  const code = await pack(JSON.stringify({ v: 1, k: "a", id: data.id, seat: data.to, o: answer }));
  linkDialog("live-answer-dialog", { title: t("liveAnswerTitle", hostName), hint: t("liveAnswerHint", hostName),
                                     url: `${baseUrl()}#a=${code}` });
  renderPanel();
}

// capabilities.mjs (#42): the same game by link, in a note at the top of the menu.
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

async function openAnswer(code, data, target) {
  if (live.host && live.invites.has(data.id)) {
    const r = await acceptAnswer(code);
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
    dialog.addEventListener("close", () => resolve(input.value.trim().slice(0, 40) || t("seatName", data.to + 1, true)), { once: true });
  });
}

// ---- a reload: the table again from this browser's storage, waiting for a fresh invite ----

export async function resumeLive() {
  let s;
  try { s = JSON.parse(sessionStorage.getItem(SESSION_KEY)); } catch { s = null; }
  if (!s || typeof s.gid !== "string" || !Number.isInteger(s.seat)) return false;
  live.local = new Map();
  setup({ host: Boolean(s.host), seat: s.seat, hostSeat: s.hostSeat || 0, game: s.game, players: s.players, gid: s.gid });
  if (!await resumeFair(s.gid, s.seat)) {
    fairHooks.live = null;
    live.on = false;
    return false;
  }
  if (live.host && Array.isArray(s.local) && s.local.length) await run(() => restoreLocal(s.local));
  if (!live.host) $("message").textContent = t("liveAskInvite", nameOf(live.hostSeat));
  renderPanel();
  return true;
}

// The host's computer and hot-seat seats after a reload: each party from its private part (kept
// in this tab's session) and the messages the host's own seat holds.
async function restoreLocal(list) {
  const saved = loadFair(live.gid, live.seat);
  if (!saved) return;
  live.partyHave.clear();
  for (const [seat, l] of list) {
    if (!Number.isInteger(seat) || !l || !l.priv) continue;
    const r = await engine.request({ op: "fair_restore", private: l.priv, messages: saved.messages, names: saved.names, lang: null });  // no words: nobody reads this seat's log
    live.local.set(seat, { kind: l.kind, level: l.level, name: l.name, priv: l.priv, party: r.party });
    hold(r.send);
  }
  await syncLocal();
  await push();
  renderPanel();
}

// Leaving the table ends live play in this tab (the game stays in storage).
export function endLive() {
  for (const p of live.peers.values()) p.peer.close("left");
  live.peers.clear();
  live.invites.clear();
  live.on = false;
  fairHooks.live = null;
  nav.fairAct = fairAct;
  try { sessionStorage.removeItem(SESSION_KEY); } catch { /* nothing to forget */ }
}

// Tests and the benchmark: the peers' states and byte counts, and a raw frame to a peer.
export const liveTest = {
  get state() {
    return { host: live.host, seat: live.seat, changedAt: live.changedAt, peers: [...live.peers].map(([s, p]) => ({ seat: s, state: p.state, reason: p.reason, stats: p.peer.stats })) };
  },
  sendRaw(seat, text) { live.peers.get(seat).peer.dc.send(text); },
  invite, acceptAnswer: (link) => acceptAnswer(link.split("#a=")[1] || ""),
  closeChannel(seat) { live.peers.get(seat).peer.dc.close(); },
  loseNext(seat) { live.loseNext = seat; },
};

bus();

// An answer link opened in a new tab goes to the waiting table in another tab at once (no
// engine needed here); a spent invite says so at once, too.
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
