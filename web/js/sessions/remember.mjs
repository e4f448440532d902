// The table a reload returns to (this tab only): a local game's save id, or what another
// session names (a lesson: "lesson:<game>/<name>", a live table: "live").
const TABLE_KEY = "urzeit.table";

export function rememberTable(id) {
  try {
    if (id) sessionStorage.setItem(TABLE_KEY, id);
    else sessionStorage.removeItem(TABLE_KEY);
  } catch { /* storage blocked: a reload lands in the menu */ }
}

export function tableAfterReload() {
  try {
    const nav = performance.getEntriesByType("navigation")[0];
    return nav && nav.type === "reload" ? sessionStorage.getItem(TABLE_KEY) : null;
  } catch {
    return null;
  }
}
