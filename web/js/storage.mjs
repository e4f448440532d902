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

// Fair games keep their own store (fair-store.mjs): the menu reads them from here too.
export { deleteFair, listFair } from "./fair-store.mjs";
