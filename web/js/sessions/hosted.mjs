// The host's own other seats at a live table: computer and hot-seat seats, each a party of its
// own in this browser with its own keys (so nobody, the host included, acts for a seat it does
// not hold a key of). Their messages pass through this browser like a friend's do through a
// channel: the same fair_receive, all or nothing.
import { engine } from "../boot.mjs";
import { getLang, t } from "../i18n.mjs";
import { TEST_MODE, app, match } from "../screens/shared.mjs";
import { passDevice } from "../screens/table.mjs";
import { settings } from "../settings.mjs";
import { loadFair } from "../fair-store.mjs";

const BOT_MS = 2000;  // a computer seat's search budget per decision
const botPauseMs = () => (TEST_MODE ? 0 : settings().aiPause);  // its thinking delay, as at a local table

export class HostedSeats {
  constructor(room) {
    this.room = room;
    this.seats = new Map();  // seat → {kind: "ai" | "human", level, name, party, priv}
    this.have = new Map();   // seat → counts of each seat's messages its party holds
    this.pool = new Map();   // "seat.n" → a message a hosted party made (until the main party has it)
    this.thinking = null;
    this.handing = null;
  }

  get size() {
    return this.seats.size;
  }

  has(seat) {
    return this.seats.has(seat);
  }

  get(seat) {
    return this.seats.get(seat);
  }

  set(seat, entry) {
    this.seats.set(seat, entry);
  }

  clear() {
    this.seats.clear();
    this.forgetParties();
  }

  // A new game (rematch): the same seats, new parties.
  forgetParties() {
    this.have.clear();
    this.pool.clear();
    this.thinking = null;
    for (const l of this.seats.values()) {
      l.party = null;
      l.priv = null;
    }
  }

  saved() {
    return [...this.seats].map(([seat, l]) => [seat, { kind: l.kind, level: l.level, name: l.name, priv: l.priv }]);
  }

  tableNames() {
    return match.seats.map((s, i) => (this.seats.has(i) ? this.seats.get(i).name : s.name));
  }

  partyOf(seat) {
    const session = this.room.session;
    if (seat === this.room.seat) return session ? session.mainParty : null;
    return (this.seats.get(seat) || {}).party || null;
  }

  haveOf(seat) {
    if (!this.have.has(seat)) this.have.set(seat, []);
    return this.have.get(seat);
  }

  // A peer's messages reached the main party: it holds them now.
  heard(messages) {
    const have = this.haveOf(this.room.seat);
    for (const m of messages) have[m.seat] = Math.max(have[m.seat] || 0, m.n + 1);
  }

  keep(messages) {
    for (const m of messages || []) this.pool.set(`${m.seat}.${m.n}`, m);
  }

  all() {
    const main = this.room.known();
    const listed = new Set(main.map((m) => `${m.seat}.${m.n}`));
    return main.concat([...this.pool].filter(([k]) => !listed.has(k)).map(([, m]) => m));
  }

  // The host's computer and hot-seat seats join: each its own party, made here from the invitation.
  async make() {
    const session = this.room.session;
    this.have.clear();
    for (const [seat, loc] of this.seats) {
      const link = await engine.request({ op: "fair_link", party: session.mainParty, to: seat });
      const r = await engine.request({ op: "fair_join", messages: link.messages, seat, name: loc.name, names: link.names });
      loc.party = r.party;
      loc.priv = await engine.request({ op: "fair_private", party: r.party });
      for (const m of link.messages) this.haveOf(seat)[m.seat] = Math.max(this.haveOf(seat)[m.seat] || 0, m.n + 1);
      this.keep(r.new);
    }
    this.room.remember();
    await this.sync();
    this.room.push();
  }

  // After a reload: each party from its private part (kept in this tab's session) and the
  // messages the host's own seat holds.
  async restore(list) {
    const saved = loadFair(this.room.gid, this.room.seat);
    if (!saved) return;
    this.have.clear();
    for (const [seat, l] of list) {
      if (!Number.isInteger(seat) || !l || !l.priv) continue;
      // no words: nobody reads this seat's log
      const r = await engine.request({ op: "fair_restore", private: l.priv, messages: saved.messages, names: saved.names, lang: null });
      this.seats.set(seat, { kind: l.kind, level: l.level, name: l.name, priv: l.priv, party: r.party });
      this.keep(r.new);
    }
    await this.sync();
    this.room.push();
    this.room.renderPanel();
  }

  // Each of the host's parties gets what the others sent, until nothing more fits.
  async sync() {
    const room = this.room, session = room.session;
    if (!room.host || !this.seats.size || !session || room.stopped) return;
    for (let round = 0; round < 40; round++) {
      let fed = false;
      for (const seat of [room.seat, ...this.seats.keys()]) {
        const party = this.partyOf(seat);
        if (!party) continue;
        const have = this.haveOf(seat);
        const out = this.all().filter((m) => m.seat !== seat && m.n >= (have[m.seat] || 0));
        if (!out.length) continue;
        let r = null;
        try {
          if (seat === room.seat) r = await session.receive(out, this.tableNames(), party);
          // a seat nobody looks at now needs no words: only what it sends on (lang null: no view words, no log)
          else r = await engine.request({ op: "fair_receive", party, messages: out, names: this.tableNames(), ...(party === match.id ? {} : { lang: null }) });
        } catch (err) {
          if (err.reason !== "fair.nothing_new") {
            room.refuse(err.reason || err.code || "refused", err);
            return;
          }
        }
        for (const m of out) have[m.seat] = Math.max(have[m.seat] || 0, m.n + 1);
        if (!r) continue;
        fed = true;
        if (seat === room.seat && (r.new || []).length) room.push();  // the friends get it now, not after the other seats' turns
        if (seat !== room.seat) {
          this.keep(r.new);
          if (party === match.id && session.alive) await session.absorb(r);  // a hot-seat seat at the table now
        }
      }
      if (!fed) break;
    }
    this.turnHere();
  }

  // Whose move it is, if it is one of this browser's seats: the computer moves (after its usual
  // pause), a hot-seat player gets the table (behind the pass screen in a game of hidden hands).
  turnHere() {
    const room = this.room, v = match.view;
    if (!room.host || !this.seats.size || !v || room.stopped || !room.session) return;
    const w = (v.fair && v.fair.waiting) || {};
    const shown = v.seat;
    if (v.over) {
      if (shown !== room.seat && this.handing === null) room.run(() => this.showSeat(room.seat));
      return;
    }
    if (w.for !== "move") return;
    const seat = w.seats[0];
    const loc = this.seats.get(seat);
    if (loc && loc.kind === "ai") this.computerMove(seat, v.state_id);
    else if ((seat === room.seat || loc) && seat !== shown) this.handOver(seat);
  }

  computerMove(seat, stateId) {
    const key = `${this.room.gid}.${stateId}`;
    if (this.thinking === key) return;
    this.thinking = key;
    this.room.scope.timeout(() => this.room.run(async () => {
      const w = match.view && match.view.fair && match.view.fair.waiting;
      if (this.room.stopped || !w || w.for !== "move" || w.seats[0] !== seat || match.view.state_id !== stateId) return;
      const loc = this.seats.get(seat);
      let action;
      try {
        // in slices: a friend's frames are taken in between (the search then starts again)
        ({ action } = await engine.request({ op: "fair_ai", party: loc.party, level: loc.level, budget_ms: BOT_MS, slice_ms: 40 }));
      } catch (err) {
        if (err.code !== "stale_state") throw err;
        this.thinking = null;
        this.turnHere();
        return;
      }
      this.keep((await engine.request({ op: "fair_act", party: loc.party, action, lang: null })).new);
      await this.sync();
      this.room.push();
    }), botPauseMs());
  }

  handOver(seat) {
    if (this.handing !== null) return;
    this.handing = seat;
    const info = engine.hello && engine.hello.games.find((g) => g.id === match.game);
    const hidden = Boolean(info && info.private_hands);  // nobody may see another seat's hand
    (hidden ? passDevice(seat) : Promise.resolve()).then(() => this.room.run(() => this.showSeat(seat)))
      .finally(() => { this.handing = null; });
  }

  async showSeat(seat) {
    const session = this.room.session;
    if (!session || (match.view && match.view.seat === seat)) return;
    const r = await engine.request({ op: "fair_view", party: this.partyOf(seat), lang: getLang() });
    await session.show({ ...r, send: [], new: [] });
    app.dataset.passing = "false";
  }
}

// A computer seat in the words of this page.
export const computerName = (level) => t("liveComputer", t("levels")[level]);
