// The live panel at the table: a dot per player (connected or not, who plays where), invites,
// "continue by link" for a seat not connected, the chat and the host's rematch. It belongs to
// the table's session and goes with it.
import { getLang, t } from "../i18n.mjs";
import { $, app, el, match, showError } from "./shared.mjs";
import { PHRASES } from "./live-words.mjs";
import { CHAT_MAX, chatText, chatTime } from "../sessions/chat.mjs";

// A seat the host's browser plays: how it is named on each side ("Computer (Medium) at the host's").
function hereOf(room, seat) {
  if (room.host) return room.hosted.has(seat) ? room.hosted.get(seat) : null;
  return room.here[seat] || null;
}

function hereText(room, h, name) {
  if (h.kind === "human") return room.host ? t("liveSeatHere") : t("liveHotSeat");
  const what = t("liveComputer", t("levels")[h.level] || h.level);
  if (name && name.includes(what)) return room.host ? t("liveHereOnly") : t("liveAtHostOnly");  // not said twice
  return room.host ? t("liveHere", what) : t("liveAtHost", what);
}

function seatState(room, seat) {
  if (seat === room.seat) return "open";
  if (room.host && room.hosted.has(seat)) return "open";
  const direct = room.host || seat === room.hostSeat ? (room.peers.get(seat) || {}).state || "none"
    : (room.peers.get(room.hostSeat) || {}).state === "open" && room.others && room.others[seat] ? "open" : "none";
  // no direct channel, but the relays carry the game to a seat that has joined it
  const joined = room.session && room.session.joinedSeats().includes(seat);
  if (direct !== "open" && joined && room.relayLink.state === "open" && room.session.mailbox && room.session.mailbox.state === "open") return "relay";
  return direct;
}

function awayText(room, seat) {
  const since = room.relayLink.away.get(seat);
  if (!since) return "";
  const d = new Date(since);
  const today = new Date().toDateString() === d.toDateString();
  return t("liveAwaySince", d.toLocaleString(getLang(), today ? { timeStyle: "short" } : { dateStyle: "short", timeStyle: "short" }));
}

export function renderPanel(room) {
  const session = room.session;
  let panel = $("live-panel");
  if (!panel) {
    panel = session.scope.element(el("div", { id: "live-panel", class: "live-panel" }));
    $("status-line").after(panel);
  }
  const states = { open: t("liveConnected"), connecting: t("liveConnecting"), new: t("liveConnecting"),
                   closed: t("liveReconnecting"), failed: t("liveNotConnected"), none: t("liveNotConnected"),
                   relay: t("liveByRelays") };
  const dots = el("ul", { class: "live-seats" });
  const v = match.view;
  const shown = v ? v.seat : room.seat;
  for (let s = 0; s < room.players; s++) {
    const st = seatState(room, s);
    // "you": whoever holds the screen (a hot-seat player on their turn, else the host)
    const me = s === shown;
    const here = me ? null : s === room.seat ? { kind: "human" } : hereOf(room, s);
    const name = room.nameOf(s);
    const li = el("li", { class: "live-seat", "data-seat": String(s), "data-state": st },
      el("span", { class: "live-dot", "aria-hidden": "true" }),
      el("span", { class: "live-name" }, name + (me ? ` (${t("liveYou")})` : "")),
      el("span", { class: "live-state" }, me ? "" : here ? hereText(room, here, name) + (room.host || st === "open" ? "" : ` · ${states[st]}`)
        : [states[st], awayText(room, s)].filter(Boolean).join(" · ")));
    if (here) li.dataset.here = here.kind;
    if (v && !v.over && v.current_seat === s) li.classList.add("live-turn");
    if (room.host && s !== room.seat && !here && st !== "open" && !room.stopped) {
      li.append(el("button", { type: "button", class: "ghost live-invite", "data-seat": String(s), onclick: () => room.inviter(room, s).catch((err) => showError($("message"), err)) },
        st === "none" ? t("liveInvite") : t("liveNewInvite")));
    }
    // not connected: the same game goes on by link (the friend's link goes to the host, who relays)
    if (room.joined && st !== "open" && s !== room.seat && !here && (room.host || s === room.hostSeat)) {
      li.append(el("button", { type: "button", class: "ghost live-by-link", "data-seat": String(s),
                               onclick: () => session.links.share(s).catch((err) => showError($("message"), err)) }, t("liveByLink")));
    }
    dots.append(li);
  }
  // the dots are redrawn; the chat box stays (a line being typed keeps its text and focus)
  const old = panel.querySelector(".live-seats");
  if (old) old.replaceWith(dots);
  else panel.append(dots);
  renderChat(session, panel, room.joined);
  if ($("live-rematch")) $("live-rematch").remove();
  if (room.host && v && v.over && !room.stopped) {
    panel.prepend(el("button", { type: "button", class: "primary", id: "live-rematch", onclick: () => room.run(() => room.rematch()) }, t("liveRematch")));
  }
  // which way the game goes: directly, or (some seats) through the relays
  const ways = Array.from({ length: room.players }, (_, s) => s).filter((s) => s !== room.seat && !hereOf(room, s)).map((s) => seatState(room, s));
  const way = ways.includes("relay") ? "relays" : ways.length && ways.every((x) => x === "open") ? "direct" : "";
  closeSpentDialogs(room);
  app.dataset.liveWay = way;
  let wayLine = $("live-way");
  if (!wayLine) {
    wayLine = el("p", { id: "live-way", class: "hint live-way", role: "status" });
    panel.append(wayLine);
  }
  wayLine.textContent = way === "relays" ? t("liveWayRelays") : "";
  const all = [...room.peers.values()];
  app.dataset.live = all.length && all.every((p) => p.state === "open") ? "open"
    : all.some((p) => p.state === "failed") ? "failed" : all.some((p) => p.state === "closed") ? "closed"
    : all.some((p) => p.state === "connecting") ? "connecting" : "waiting";
}

// A seat the relays now carry the game to (no direct channel came about): the invite to it, or
// the answer to the host, has done its job, as when a channel opens.
function closeSpentDialogs(room) {
  const invite = $("live-invite-dialog"), answer = $("live-answer-dialog");
  if (room.host && invite && invite.open && seatState(room, Number(invite.dataset.seat)) === "relay") invite.close();
  if (!room.host && answer && answer.open && seatState(room, room.hostSeat) === "relay") answer.close();
}

// The chat drawer in `panel` (a live table's panel, or a table played by turns through the
// relays), its lines and the last one said. `open`: lines can be sent now.
function renderChat(session, panel, open) {
  let chat = $("live-chat");
  if (!chat || chat.dataset.lang !== getLang()) {
    const fresh = chatBox(session, chat && chat.open);
    if (chat) chat.replaceWith(fresh);
    else panel.append(fresh);
    chat = fresh;
  }
  chat.querySelector("#live-chat-send").disabled = !open;
  renderLines(session.chat);
  let said = $("live-said");
  if (!said) {
    said = el("p", { id: "live-said", class: "live-said", "aria-live": "polite" });
    panel.append(said);
  }
  said.textContent = chatText(session.chat.last);  // text only: a line from a peer is never markup
}

// A fair game played by turns through the relays (no live room): the chat alone, in a panel of
// its own that goes with the table's session.
export function renderTurnsChat(session) {
  let panel = $("live-panel");
  const way = session.chat.way();
  if (!way && !session.chat.lines.length) {  // nothing to read, no way to say anything
    if (panel) panel.hidden = true;
    return;
  }
  if (!panel) {
    panel = session.scope.element(el("div", { id: "live-panel", class: "live-panel turns-chat" }));
    $("status-line").after(panel);
  }
  panel.hidden = false;
  renderChat(session, panel, Boolean(way));  // the game's lines stay readable while the relays are away
}

// The game's chat lines, the newest last, each with who and when (text only, never markup).
function renderLines(chat) {
  const list = $("live-chat-lines");
  if (!list) return;
  list.replaceChildren(...chat.lines.map((x) => el("li", { class: "live-chat-line", "data-seat": String(x.seat) },
    el("time", { datetime: x.at }, chatTime(x)), " ", chatText(x))));
  list.hidden = !chat.lines.length;
  list.scrollTop = list.scrollHeight;
}

// A drawer, folded: on a phone the phrases would push the board down. It stays open while the
// player types and sends; the game's last lines above, then preset phrases, emoji and a short line.
function chatBox(session, open) {
  const chat = el("details", { class: "live-chat", id: "live-chat", "data-lang": getLang() },
    el("summary", { class: "live-chat-label" }, t("liveChat")),
    el("ol", { class: "live-chat-lines", id: "live-chat-lines", "aria-label": t("liveChat") }));
  chat.open = Boolean(open);
  PHRASES.forEach((ph, i) => chat.append(el("button", { type: "button", class: "ghost live-phrase", "data-phrase": String(i),
                                                        onclick: () => session.chat.say({ p: i }) }, ph[getLang()])));
  const input = el("input", { id: "live-chat-text", type: "text", maxlength: String(CHAT_MAX), autocomplete: "off",
                              placeholder: t("liveChatPlaceholder"), "aria-label": t("liveChatPlaceholder") });
  chat.append(el("form", { class: "live-chat-form", id: "live-chat-form", onsubmit: (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (text) session.chat.say({ text }, () => { input.value = ""; input.focus(); });
  } }, input, el("button", { type: "submit", class: "ghost", id: "live-chat-send" }, t("liveChatSend"))));
  return chat;
}
