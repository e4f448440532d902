// Saved games in the browser's storage: one entry per game, so an unreadable entry never
// takes the others with it. Every entry is parsed as JSON and checked before use.
const PREFIX = "urzeit.save.";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function newSaveId() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return a[0].toString(36) + a[1].toString(36);
}

export function validRecord(r) {
  return r && typeof r === "object" && r.version === 1 && typeof r.game === "string"
    && r.replay && typeof r.replay === "object" && r.replay.format === "urzeit-replay"
    && Array.isArray(r.replay.actions) && Array.isArray(r.seats);
}

export function listSaves() {
  const s = storage();
  if (!s) return [];
  const result = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    const id = key.slice(PREFIX.length);
    try {
      const record = JSON.parse(s.getItem(key));
      if (!validRecord(record)) throw new Error("not an Urzeit save");
      result.push({ id, ok: true, record });
    } catch (err) {
      result.push({ id, ok: false, error: String(err.message || err) });
    }
  }
  result.sort((a, b) => (b.ok ? b.record.date : "").localeCompare(a.ok ? a.record.date : ""));
  return result;
}

export function writeSave(id, record) {
  const s = storage();
  if (!s) return false;
  try {
    s.setItem(PREFIX + id, JSON.stringify(record));
    return true;
  } catch {
    return false; // full or blocked: the game goes on, the page says so
  }
}

export function deleteSave(id) {
  const s = storage();
  if (s) s.removeItem(PREFIX + id);
}

// Saves do not pile up: at most MAX_SAVES are kept. Finished games go first, then the
// oldest unfinished ones; unreadable entries are left for the player to see and delete.
export const MAX_SAVES = 12;

export function pruneSaves(keepId = null, max = MAX_SAVES) {
  const saves = listSaves().filter((s) => s.ok);
  if (saves.length <= max) return [];
  // newest first in listSaves: the ones to drop are at the end, finished ones before unfinished
  const order = [...saves.filter((s) => s.record.over), ...saves.filter((s) => !s.record.over)]
    .sort((a, b) => Number(b.record.over) - Number(a.record.over) || a.record.date.localeCompare(b.record.date));
  const dropped = [];
  for (const s of order) {
    if (saves.length - dropped.length <= max) break;
    if (s.id === keepId) continue;
    deleteSave(s.id);
    dropped.push(s.id);
  }
  return dropped;
}

// ---- fair games (docs/fair-play.md): one entry per seat this browser plays, under the game id ----
// {version: 1, game, gid, seat, date (of the last message), private, messages, names, over,
//  turn: "me" | a seat | null, waiting: "join" | "reveal" | "move" | null, scores, winners, check}
// `private` is the seat's signing key and chain seed: it never leaves this browser.
const FAIR_PREFIX = "urzeit.fair.";
const FAIR_NAME_KEY = "urzeit.fair.name";

const fairKey = (gid, seat) => `${FAIR_PREFIX}${gid}.${seat}`;

export function validFairEntry(d) {
  return Boolean(d && typeof d === "object" && d.version === 1 && typeof d.game === "string"
    && typeof d.gid === "string" && Number.isInteger(d.seat) && d.seat >= 0 && d.private && typeof d.private === "object"
    && Array.isArray(d.messages) && Array.isArray(d.names));
}

export function loadFair(gid, seat) {
  const s = storage();
  if (!s) return null;
  try {
    const d = JSON.parse(s.getItem(fairKey(gid, seat)));
    return validFairEntry(d) && d.gid === gid && d.seat === seat ? d : null;
  } catch {
    return null;
  }
}

// Finished fair games do not pile up (a record is 60–140 kB; the browser's storage holds a few
// MB): the newest MAX_FAIR_FINISHED are kept for their check. Unfinished ones hold the keys of
// games still going and are never dropped.
export const MAX_FAIR_FINISHED = 20;

function finishedFair(except) {
  return listFair().filter((d) => d.over && !(d.gid === except.gid && d.seat === except.seat));  // newest first
}

export function writeFair(entry, maxFinished = MAX_FAIR_FINISHED) {
  const s = storage();
  if (!s) return false;
  const text = JSON.stringify(entry);
  // a game that ends joins the finished ones: the oldest beyond the limit go (read only then,
  // not at every move: the entries are big)
  if (entry.over) for (const d of finishedFair(entry).slice(maxFinished - 1)) deleteFair(d.gid, d.seat);
  let room = null;
  for (;;) {
    try {
      s.setItem(fairKey(entry.gid, entry.seat), text);
      return true;
    } catch {
      // full: the oldest finished game makes room; with none left the write fails, and
      // without its key the game cannot go on here (the caller sends no link)
      room = room || finishedFair(entry);
      const d = room.pop();
      if (!d) return false;
      deleteFair(d.gid, d.seat);
    }
  }
}

export function deleteFair(gid, seat) {
  const s = storage();
  if (s) s.removeItem(fairKey(gid, seat));
}

// Every fair seat held here, newest message first; unreadable entries are left out (they
// hold no game a player could resume).
export function listFair() {
  const s = storage();
  if (!s) return [];
  const result = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key || !key.startsWith(FAIR_PREFIX) || key === FAIR_NAME_KEY) continue;
    try {
      const d = JSON.parse(s.getItem(key));
      if (validFairEntry(d) && key === fairKey(d.gid, d.seat)) result.push(d);
    } catch { /* not ours to read */ }
  }
  result.sort((a, b) => String(b.date || "").localeCompare(String(a.date || "")));
  return result;
}

// The seats of one fair game this browser plays (a link for another seat of it says so).
export function fairSeatsHere(gid) {
  return listFair().filter((d) => d.gid === gid).map((d) => d.seat).sort((a, b) => a - b);
}

export function rememberFairName(name) {
  const s = storage();
  try { if (s) s.setItem(FAIR_NAME_KEY, name); } catch { /* only a convenience */ }
}

export function lastFairName() {
  const s = storage();
  try { return (s && s.getItem(FAIR_NAME_KEY)) || ""; } catch { return ""; }
}
