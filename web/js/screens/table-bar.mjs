// The table's top bar: menu, hint, undo, "more" (title, export, share, rules). What it offers
// comes from the table's session (sessions/session.mjs); the buttons ask the session.
import { reasonText, t } from "../i18n.mjs";
import { $, match, nav } from "./shared.mjs";

const s = () => match.session;

export function renderBar() {
  const session = s();
  const view = match.view;
  if (!session) return;
  const offers = session.offers;
  const mine = Boolean(view) && session.decides(view);
  // disabled, not hidden, while the computer moves: the buttons beside it do not move
  $("hint-button").hidden = !offers.hint || !view || view.over;
  $("hint-button").disabled = !mine || match.busy;
  const undo = $("undo-button");
  undo.hidden = !offers.undo || !view || view.over;
  // not `disabled`: a tap on a greyed-out undo says why (a title alone never shows on a phone)
  const off = !view || !view.undo || match.busy || view.over;
  undo.setAttribute("aria-disabled", String(off));
  undo.classList.toggle("is-disabled", off);
  undo.title = view && view.undo ? (view.undo_computer_moves ? t("undoTakes", view.undo_computer_moves, computers()) : "")
    : (view && reasonText(view.undo_reason_key)) || "";
  $("replay-bar").hidden = !offers.replayBar;
}

export function computers() {
  return match.seats.filter((x) => x.kind === "ai").length;
}

async function exportGame() {
  const record = await s().record();
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `urzeit-${record.game || record.table.game}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

const failed = (err) => nav.showTableError(err);

export function bindBar() {
  $("undo-button").addEventListener("click", () => { if (s() && s().undo) s().undo().catch(failed); });
  $("hint-button").addEventListener("click", () => { if (s() && s().hint) s().hint().catch(failed); });
  $("export-button").addEventListener("click", () => { if (s()) exportGame().catch(failed); });
  $("back-button").addEventListener("click", () => nav.toMenu());
  bindMoreMenu();
}

// A phone's bar is one row: "more" folds out the title and the rarer buttons below it (over
// the table, nothing moves); a choice in it, a tap elsewhere or Escape folds it again.
function bindMoreMenu() {
  const bar = $("game-bar"), more = $("more-button");
  const fold = (open) => {
    bar.classList.toggle("open", open);
    more.setAttribute("aria-expanded", String(open));
  };
  more.addEventListener("click", () => fold(!bar.classList.contains("open")));
  $("bar-more").addEventListener("click", (ev) => { if (ev.target.closest("button")) fold(false); });
  document.addEventListener("pointerdown", (ev) => { if (!bar.contains(ev.target)) fold(false); });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && bar.classList.contains("open")) { fold(false); more.focus(); }
  });
}
