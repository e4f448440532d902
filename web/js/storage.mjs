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
