// A fair table's chat: preset phrases, emoji and short lines, each signed by the seat that said
// it (a host relays a friend's line but cannot make one up). It belongs to the game: its last
// CHAT_KEEP lines, with who and when, are kept with the game in this browser (fair-store.mjs) and
// show again when the game is opened later. Lines travel over whatever carries frames (a live
// channel, relays); a line is never markup.
import { engine } from "../boot.mjs";
import { getLang, t } from "../i18n.mjs";
import { $, match, showError } from "../screens/shared.mjs";
import { PHRASES } from "../screens/live-words.mjs";

export const CHAT_MAX = 200;
const CHAT_LINES = 5, CHAT_WINDOW_MS = 10_000;  // at most this many lines from one seat in the window
export const CHAT_KEEP = 50;  // the lines a game keeps

// A kept line: {seat, text} or {seat, p} (a phrase's number), and `at` (ISO time, as this browser saw it).
export function validLine(x) {
  return Boolean(x && typeof x === "object" && Number.isInteger(x.seat) && x.seat >= 0 && x.seat < 5 && typeof x.at === "string"
    && Number.isInteger(x.c)
    && x.at.length <= 30 && ((typeof x.text === "string" && x.text.length <= CHAT_MAX) || (Number.isInteger(x.p) && PHRASES[x.p])));
}

export class Chat {
  constructor(session, lines = []) {
    this.session = session;
    this.lines = (Array.isArray(lines) ? lines : []).filter(validLine).slice(-CHAT_KEEP);
    this.times = new Map();
    this.seen = new Set(this.lines.map((x) => `${x.seat}.${x.c}`));  // a relay brings a line again after a reload
  }

  get last() {
    return this.lines.length ? this.lines[this.lines.length - 1] : null;
  }

  get room() {
    return this.session.room;
  }

  // The way lines go now: a live table's room once joined, or — a game played by turns — the
  // relays' mailbox once it is open and every seat has joined; null when neither.
  way() {
    const room = this.room, mailbox = this.session.mailbox;
    if (room) return room.joined ? room : null;
    return mailbox && mailbox.state === "open" && this.session.joinedSeats().length === this.session.players ? mailbox : null;
  }

  // A line from this seat: signed by its own party, then sent.
  say(what, done = () => {}) {
    const way = this.way();
    if (!way) return;
    engine.request({ op: "fair_chat", party: this.session.mainParty, ...what }).then(({ message }) => {
      done();
      this.show({ seat: message.seat, text: message.text, p: message.p }, message.c);
      way.sendChat(message);
    }).catch((err) => showError($("message"), err));
  }

  // What a line that must not be shown does: a live room says so; from the relays (a game by
  // turns) it is dropped like any frame that does not open or check.
  refuse(reason, err) {
    if (this.room) this.room.refuse(reason, err);
  }

  // A line from a peer (from: its seat over a live channel, null from the relays): checked
  // (signature, game, seat, not seen before), shown as text only.
  received(from, m) {
    const room = this.room;
    if (!m || typeof m !== "object" || Array.isArray(m) || !Number.isInteger(m.seat) || (room && room.host && from !== null && m.seat !== from)) return this.refuse("malformed");
    if (this.seen.has(`${m.seat}.${m.c}`)) return;  // shown already (over another way, or before a reload)
    if (!this.allowed(m.seat)) return this.refuse("chat_flood");
    const check = async () => {
      if (this.session.chat !== this || !this.session.alive) return;
      let said;
      try {
        said = await engine.request({ op: "fair_chat_check", party: this.session.mainParty, message: m });
      } catch (err) {
        if (err.reason !== "fair.replayed") this.refuse(err.reason || err.code || "refused", err);
        return;
      }
      if ("p" in said && !PHRASES[said.p]) return this.refuse("malformed");
      this.show(said, m.c);
      if (room && room.host) room.sendAll({ t: "chat", m }, from);
    };
    return room ? room.run(check) : this.session.queue.run(check);
  }

  allowed(seat) {
    const now = Date.now();
    const times = (this.times.get(seat) || []).filter((x) => now - x < CHAT_WINDOW_MS);
    this.times.set(seat, times);
    if (times.length >= CHAT_LINES) return false;
    times.push(now);
    return true;
  }

  show(said, c) {
    if (this.session.chat !== this || this.seen.has(`${said.seat}.${c}`)) return;  // a line of the last game, late
    this.seen.add(`${said.seat}.${c}`);
    const line = { seat: said.seat, ...(said.text !== undefined ? { text: said.text } : { p: said.p }), at: new Date().toISOString(), c };
    this.lines.push(line);
    if (this.lines.length > CHAT_KEEP) this.lines.shift();
    this.session.keepChat(this.lines);
    if (this.room) this.room.renderPanel();
    else this.session.renderChat();
  }
}

export function chatText(said) {
  if (!said) return "";
  const who = match.names[said.seat] || t("seatName", said.seat + 1, true);
  return t("liveSaid", who, said.text !== undefined ? said.text : PHRASES[said.p][getLang()]);
}

export function chatTime(said) {
  const d = new Date(said.at);
  if (Number.isNaN(d.getTime())) return "";
  const today = new Date().toDateString() === d.toDateString();
  return d.toLocaleString(getLang(), today ? { timeStyle: "short" } : { dateStyle: "short", timeStyle: "short" });
}
