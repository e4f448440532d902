// A live table's chat: preset phrases, emoji and short lines, each signed by the seat that said
// it (the host relays a friend's line but cannot make one up); one game's lines only.
import { engine } from "../boot.mjs";
import { getLang, t } from "../i18n.mjs";
import { $, match, showError } from "../screens/shared.mjs";
import { PHRASES } from "../screens/live-words.mjs";

export const CHAT_MAX = 200;
const CHAT_LINES = 5, CHAT_WINDOW_MS = 10_000;  // at most this many lines from one seat in the window
export const CHAT_KEEP = 50;  // the lines a table keeps

export class Chat {
  constructor(room) {
    this.room = room;
    this.lines = [];       // {seat, text} or {seat, p}, the newest last
    this.times = new Map();
  }

  get last() {
    return this.lines.length ? this.lines[this.lines.length - 1] : null;
  }

  party() {
    const session = this.room.session;
    return session ? session.mainParty : null;  // the host's lines are its own seat's
  }

  // A line from this seat: signed by its own party, then sent.
  say(what, done = () => {}) {
    if (!this.room.joined || !this.party()) return;
    if ($("live-chat")) $("live-chat").open = false;  // said: the board comes back up on a phone
    engine.request({ op: "fair_chat", party: this.party(), ...what }).then(({ message }) => {
      done();
      this.show({ seat: message.seat, text: message.text, p: message.p });
      for (const [, p] of this.room.peers) p.peer.send({ t: "chat", m: message });
    }).catch((err) => showError($("message"), err));
  }

  // A line from a peer: checked (signature, game, seat, not seen before), shown as text only.
  received(from, m) {
    const room = this.room;
    if (!m || typeof m !== "object" || Array.isArray(m) || !Number.isInteger(m.seat) || (room.host && m.seat !== from)) return room.refuse("malformed");
    if (!this.allowed(m.seat)) return room.refuse("chat_flood");
    return room.run(async () => {
      if (!this.party() || room.chat !== this) return;
      let said;
      try {
        said = await engine.request({ op: "fair_chat_check", party: this.party(), message: m });
      } catch (err) {
        room.refuse(err.reason || err.code || "refused", err);
        return;
      }
      if ("p" in said && !PHRASES[said.p]) return room.refuse("malformed");
      this.show(said);
      if (room.host) for (const [s, q] of room.peers) if (s !== from) q.peer.send({ t: "chat", m });
    });
  }

  allowed(seat) {
    const now = Date.now();
    const times = (this.times.get(seat) || []).filter((x) => now - x < CHAT_WINDOW_MS);
    this.times.set(seat, times);
    if (times.length >= CHAT_LINES) return false;
    times.push(now);
    return true;
  }

  show(said) {
    if (this.room.chat !== this) return;  // a line of the last game, late
    this.lines.push(said);
    if (this.lines.length > CHAT_KEEP) this.lines.shift();
    const line = $("live-said");
    if (line) line.textContent = chatText(said);
  }
}

export function chatText(said) {
  if (!said) return "";
  const who = match.names[said.seat] || t("seatName", said.seat + 1, true);
  return t("liveSaid", who, said.text !== undefined ? said.text : PHRASES[said.p][getLang()]);
}
