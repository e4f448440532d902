// Fair games in this browser's storage (docs/fair-play.md): one entry per seat this browser
// plays, under the game id. The entry is small (`urzeit.fair.<gid>.<seat>`):
//   {version: 2, game, gid, seat, date (of the last message), private, names, over, count,
//    turn: "me" | a seat | null, waiting, waitingSeats, scores, winners, check}
// and the messages the seat's party accepted, in the order it accepted them, follow in chunks
// (`urzeit.fairlog.<gid>.<seat>.<k>`, CHUNK each): a move appends to the last chunk instead of
// rewriting the whole record. Entries of version 1 hold their messages inline and still load.
// `private` is the seat's signing key and chain seed: it never leaves this browser.
const FAIR_PREFIX = "urzeit.fair.";
const LOG_PREFIX = "urzeit.fairlog.";
const FAIR_NAME_KEY = "urzeit.fair.name";
export const CHUNK = 32;

const fairKey = (gid, seat) => `${FAIR_PREFIX}${gid}.${seat}`;
const chunkKey = (gid, seat, k) => `${LOG_PREFIX}${gid}.${seat}.${k}`;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function validFairEntry(d) {
  return Boolean(d && typeof d === "object" && (d.version === 1 || d.version === 2) && typeof d.game === "string"
    && typeof d.gid === "string" && Number.isInteger(d.seat) && d.seat >= 0 && d.private && typeof d.private === "object"
    && Array.isArray(d.names) && (d.version === 1 ? Array.isArray(d.messages) : Number.isInteger(d.count) && d.count >= 0));
}

function readMeta(s, gid, seat) {
  try {
    const d = JSON.parse(s.getItem(fairKey(gid, seat)));
    return validFairEntry(d) && d.gid === gid && d.seat === seat ? d : null;
  } catch {
    return null;
  }
}

function readMessages(s, d) {
  if (d.version === 1) return d.messages;
  const out = [];
  for (let k = 0; out.length < d.count; k++) {
    const chunk = JSON.parse(s.getItem(chunkKey(d.gid, d.seat, k)));
    if (!Array.isArray(chunk) || !chunk.length) return null;  // a chunk lost: the game cannot be restored
    out.push(...chunk);
  }
  return out.slice(0, d.count);
}

// The entry with its messages, or null.
export function loadFair(gid, seat) {
  const s = storage();
  if (!s) return null;
  const d = readMeta(s, gid, seat);
  if (!d) return null;
  try {
    const messages = readMessages(s, d);
    return messages ? { ...d, messages } : null;
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

// Runs `write` until it succeeds, making room by dropping the oldest finished games; false if
// nothing is left to drop (without its key the game cannot go on here: the caller says so).
function withRoom(entry, write) {
  let room = null;
  for (;;) {
    try {
      write();
      return true;
    } catch {
      room = room || finishedFair(entry);
      const d = room.pop();
      if (!d) return false;
      deleteFair(d.gid, d.seat);
    }
  }
}

// A new game's entry (or one written anew in full): the metadata and every message.
export function writeFair(entry, maxFinished = MAX_FAIR_FINISHED) {
  const s = storage();
  if (!s) return false;
  const { messages = [], ...meta } = entry;
  dropChunks(s, meta.gid, meta.seat);
  return appendFair({ ...meta, version: 2, count: 0 }, messages, maxFinished);
}

// `messages` appended after the `entry.count` the store holds, and the entry's metadata (small)
// written anew; true if it was kept.
export function appendFair(entry, messages, maxFinished = MAX_FAIR_FINISHED) {
  const s = storage();
  if (!s) return false;
  const meta = { ...entry, version: 2 };
  delete meta.messages;
  const start = meta.count;
  // a game that ends joins the finished ones: the oldest beyond the limit go (read only then)
  if (meta.over) for (const d of finishedFair(meta).slice(maxFinished - 1)) deleteFair(d.gid, d.seat);
  for (let k = Math.floor(start / CHUNK); k * CHUNK < start + messages.length; k++) {
    const from = k * CHUNK;
    const before = start > from ? JSON.parse(s.getItem(chunkKey(meta.gid, meta.seat, k)) || "[]").slice(0, start - from) : [];
    const chunk = before.concat(messages.slice(Math.max(0, from - start), from + CHUNK - start));
    if (!withRoom(meta, () => s.setItem(chunkKey(meta.gid, meta.seat, k), JSON.stringify(chunk)))) return false;
  }
  meta.count = start + messages.length;
  return withRoom(meta, () => s.setItem(fairKey(meta.gid, meta.seat), JSON.stringify(meta)));
}

function dropChunks(s, gid, seat) {
  for (let k = 0; s.getItem(chunkKey(gid, seat, k)) !== null; k++) s.removeItem(chunkKey(gid, seat, k));
}

export function deleteFair(gid, seat) {
  const s = storage();
  if (!s) return;
  s.removeItem(fairKey(gid, seat));
  dropChunks(s, gid, seat);
}

// Every fair seat held here (metadata only), newest message first; unreadable entries are left
// out (they hold no game a player could resume).
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

// The full id of a game this browser keeps for `seat` whose id starts with `prefix`.
export function storedGid(prefix, seat) {
  const d = listFair().find((x) => x.gid.startsWith(prefix) && x.seat === seat);
  return d ? d.gid : null;
}

export function rememberFairName(name) {
  const s = storage();
  try { if (s) s.setItem(FAIR_NAME_KEY, name); } catch { /* only a convenience */ }
}

export function lastFairName() {
  const s = storage();
  try { return (s && s.getItem(FAIR_NAME_KEY)) || ""; } catch { return ""; }
}
