// Finished games for the statistics: one summary record per game in the browser's storage
// (like the saves: an unreadable entry never takes the others with it). A record is keyed by
// the game's save id (a fair game: its game id), so a reload of the end screen or a resumed
// game never counts twice. Only the last MAX_STATS are kept.
const PREFIX = "urzeit.stat.";
// Ids of records the player deleted: their end screen (its save may live on) must not keep them again.
const FORGOTTEN = "urzeit.stats-forgotten";
const MAX_FORGOTTEN = 300;
export const MAX_STATS = 100;
export const STATS_FORMAT = "urzeit-stats";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isNumber = (x) => typeof x === "number" && Number.isFinite(x);
const isFigures = (o) => o && typeof o === "object" && !Array.isArray(o) && Object.values(o).every(isNumber);

export function validStat(r) {
  return Boolean(r && typeof r === "object" && r.version === 1 && typeof r.id === "string"
    && typeof r.game === "string" && typeof r.date === "string" && !Number.isNaN(Date.parse(r.date))
    && Array.isArray(r.seats) && r.seats.length > 0 && Array.isArray(r.stats) && r.stats.length === r.seats.length
    && r.seats.every((s) => s && typeof s === "object" && typeof s.name === "string" && (s.kind === "human" || s.kind === "ai"))
    && r.stats.every((s) => s && isNumber(s.score) && typeof s.won === "boolean" && isFigures(s.points) && isFigures(s.counts))
    && (r.labels === undefined || (r.labels && typeof r.labels === "object")));
}

// Every readable record, newest first, and how many entries were unreadable (ignored).
export function listStats() {
  const s = storage();
  const records = [];
  let broken = 0;
  if (!s) return { records, broken };
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    try {
      const r = JSON.parse(s.getItem(key));
      if (!validStat(r) || PREFIX + r.id !== key) throw new Error("not a statistics record");
      records.push(r);
    } catch {
      broken += 1;
    }
  }
  records.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
  return { records, broken };
}

// The record of a finished game as the end screen sees it; null when there is nothing to
// keep (a replay, a game without a save to name it, a view without figures).
export function finishedRecord(view, { mode, saveId, seats, date = new Date() }) {
  if (!view || !view.over || !Array.isArray(view.stats)) return null;
  let id = null;
  if (mode === "live" && saveId) id = String(saveId);
  else if (mode === "fair" && view.fair && view.fair.gid) id = "f" + String(view.fair.gid).replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64);
  if (!id) return null;
  return {
    version: 1, id, game: view.game, date: date.toISOString(), mode, saveId: mode === "live" ? saveId : null,
    seats: seats.map((s) => ({ name: String(s.name || ""), kind: s.kind === "ai" ? "ai" : "human", level: s.kind === "ai" ? s.level || "medium" : null })),
    stats: view.stats.map((s) => ({ score: s.score, won: s.won, points: { ...s.points }, counts: { ...s.counts } })),
    labels: (view.words && view.words.figures) || {},
  };
}

// Keep a finished game once: false if it was kept before or storage refused it.
export function recordGame(record) {
  const s = storage();
  if (!s || !validStat(record)) return false;
  try {
    if (s.getItem(PREFIX + record.id) !== null || forgotten(s).includes(record.id)) return false;
    s.setItem(PREFIX + record.id, JSON.stringify(record));
  } catch {
    return false;  // full or blocked: the game itself is not affected
  }
  pruneStats();
  return true;
}

function forgotten(s) {
  try {
    const ids = JSON.parse(s.getItem(FORGOTTEN) || "[]");
    return Array.isArray(ids) ? ids.filter((x) => typeof x === "string") : [];
  } catch {
    return [];  // unreadable: forget nothing rather than fail the end screen
  }
}

function forget(s, ids) {
  try {
    const kept = forgotten(s).filter((x) => !ids.includes(x));
    s.setItem(FORGOTTEN, JSON.stringify([...kept, ...ids].slice(-MAX_FORGOTTEN)));
  } catch { /* full or blocked: at worst a deleted game comes back */ }
}

export function pruneStats(max = MAX_STATS) {
  const { records } = listStats();
  for (const r of records.slice(max)) deleteStat(r.id);
}

export function deleteStat(id) {
  const s = storage();
  if (!s) return;
  s.removeItem(PREFIX + id);
  forget(s, [id]);
}

// Every statistics entry, the unreadable ones too.
export function deleteAllStats() {
  const s = storage();
  if (!s) return;
  const keys = [];
  for (let i = 0; i < s.length; i++) if (s.key(i) && s.key(i).startsWith(PREFIX)) keys.push(s.key(i));
  for (const k of keys) s.removeItem(k);
  forget(s, keys.map((k) => k.slice(PREFIX.length)));
}

export function exportText(records) {
  return JSON.stringify({ format: STATS_FORMAT, version: 1, exported: new Date().toISOString(), games: records }, null, 1);
}

// Who a seat is for the statistics: a person by name, the computer by level.
export function playerKey(seat) {
  return seat.kind === "ai" ? `ai:${seat.level || "medium"}` : `human:${seat.name}`;
}

// Per player of one game: games, wins, total and best score, sums of every figure, and the
// keys of the points and counts in the order the newest record gives them.
export function summarize(records) {
  const players = new Map();
  const pointKeys = [], countKeys = [];
  for (const r of records) {
    r.seats.forEach((seat, i) => {
      const key = playerKey(seat);
      if (!players.has(key)) players.set(key, { key, seat, games: 0, wins: 0, total: 0, best: null, points: {}, counts: {} });
      const p = players.get(key);
      const st = r.stats[i];
      p.games += 1;
      p.wins += st.won ? 1 : 0;
      p.total += st.score;
      p.best = p.best === null ? st.score : Math.max(p.best, st.score);
      for (const [group, keys] of [["points", pointKeys], ["counts", countKeys]]) {
        for (const [k, v] of Object.entries(st[group])) {
          p[group][k] = (p[group][k] || 0) + v;
          if (!keys.includes(k)) keys.push(k);
        }
      }
    });
  }
  // people first (the statistics are theirs), then by games played
  const list = [...players.values()].sort((a, b) => (a.seat.kind === "ai") - (b.seat.kind === "ai") || b.games - a.games || b.wins - a.wins || a.key.localeCompare(b.key));
  return { players: list, pointKeys, countKeys };
}
