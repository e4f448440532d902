// Opening a fair game: a new one from the menu, one from this browser's storage, or a link
// (`#f=...`) — an invitation (the name dialog, then the table) or the news for a game this
// browser plays (its session takes the messages like any transport's).
import { t } from "../i18n.mjs";
import { entryTitle } from "../games.mjs";
import { fairSeatsHere, lastFairName, loadFair, rememberFairName } from "../fair-store.mjs";
import { $, app, el, match, showError } from "./shared.mjs";
import { unpack } from "./dialogs.mjs";
import { FairSession } from "../sessions/fair.mjs";

export async function startFair({ game, players, options, name }) {
  if (name) rememberFairName(name);
  return FairSession.start({ game, players, options, name });
}

// From the menu: the game as this browser left it (its storage entry); the link to the other
// player is one tap away.
export async function openSavedFair(gid, seat) {
  const saved = loadFair(gid, seat);
  if (!saved) throw Object.assign(new Error("no such fair game here"), { code: "unknown_match" });
  return FairSession.restore(saved);
}

function badLink() {
  return Object.assign(new Error("the link is damaged"), { code: "bad_link" });
}

// At the top of the table, where a phone shows it without scrolling.
function refused(session, err) {
  app.dataset.fairRefused = err.reason || err.code || "refused";
  session.statusBox();
  const note = $("fair-note");
  if (err.reason === "fair.nothing_new") note.textContent = t("fairOldLink");
  else showError(note, err, t("fairRefused"));
  $("fair-status").hidden = false;
}

// Shown before the engine call: the worker is busy for a while (a deck's shuffle or lock:
// 1–3 s), and the page must not look frozen. Two frames let the browser paint it first.
async function working(session, messages) {
  const deck = messages.some((m) => m && (m.kind === "shuffle" || m.kind === "lock"));
  app.dataset.fairWorking = deck ? "deck" : "link";
  const line = deck ? t("fairWorkingDeck") : t("fairWorking");
  if (session) {
    session.statusBox().hidden = false;
    $("fair-status-text").hidden = false;
    $("fair-status-text").textContent = line;
    $("fair-send").hidden = true;  // nothing to send before the worker is done
  } else {
    $("import-message").textContent = line;
  }
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}

function doneWorking() {
  delete app.dataset.fairWorking;
  $("import-message").textContent = "";
}

export async function openFairLink(code, messageTarget) {
  $("message").textContent = "";
  delete app.dataset.fairRefused;
  delete app.dataset.fairMissing;
  let link;
  try {
    link = JSON.parse(await unpack(code));
  } catch {
    throw badLink();
  }
  const first = link && Array.isArray(link.m) ? link.m[0] : null;
  if (!link || link.v !== 1 || !Number.isInteger(link.to) || !first || typeof first.gid !== "string") throw badLink();
  const names = Array.isArray(link.names) ? link.names : undefined;
  const open = match.session;
  const same = open instanceof FairSession && open.alive && open.gid === first.gid && open.seat === link.to && !$("game").hidden;
  const saved = same ? null : loadFair(first.gid, link.to);
  if (same || saved) {
    // this seat's party (open already, or from its own storage), then the link's news
    const session = same ? open : await FairSession.restore(saved);
    session.clearNote();
    await working(session, link.m);
    try {
      await session.receive(link.m, names, session.mainParty);
    } catch (err) {
      if (session.alive) {
        session.renderWaiting();
        refused(session, err);
      }
    } finally {
      doneWorking();
    }
    return;
  }
  const mine = fairSeatsHere(first.gid);
  if (mine.length) {
    // a link this browser sent (or another seat's): it is not for us; our own game opens unchanged
    const session = await FairSession.restore(loadFair(first.gid, mine[0]));
    const to = match.names[link.to] || t("seatName", link.to + 1, true);  // as this game knows the seat now
    session.note(t("fairOtherSeat", to, link.to + 1, mine[0] + 1));
    $("fair-status").hidden = false;
    app.dataset.fairRefused = "other_seat";
    return;
  }
  if (!link.invite) {
    messageTarget.textContent = t("fairNoSecret", link.to + 1);
    app.dataset.fairMissing = String(link.to);
    return;
  }
  const table = first.table || {};
  const host = names && typeof names[first.seat] === "string" ? names[first.seat].trim().slice(0, 40) : "";  // words only
  const name = await askName(table.game, link.to, Number.isInteger(table.players) ? table.players : 0, host);
  rememberFairName(name);
  await working(null, link.m);
  try {
    await FairSession.join({ messages: link.m, seat: link.to, name, names }, { roomKey: link.r });
  } finally {
    doneWorking();
  }
}

// The first time a seat opens its invitation: who invites, to what game and seat, what
// happens next, what is guaranteed; the player's name.
function askName(game, seat, players, host) {
  let dialog = $("fair-name-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "fair-name-dialog", class: "dialog", "aria-labelledby": "fair-name-title" });
    document.body.append(dialog);
  }
  const input = el("input", { id: "fair-name", type: "text", maxlength: "40", autocomplete: "nickname" });
  input.value = lastFairName();
  const title = entryTitle(game);
  const form = el("form", { method: "dialog", class: "dialog-body" },
    el("h3", { id: "fair-name-title" }, host ? t("fairInvitedBy", host, title) : t("fairInvited", title)),
    el("p", { id: "fair-name-seat" }, t("fairYourSeat", seat + 1, players)),
    el("p", { class: "hint" }, t("fairJoinNext")),
    el("label", { for: "fair-name" }, t("fairAskName")), " ", input,
    el("p", { class: "hint" }, t("fairGuaranteeShort")),
    el("div", { class: "row-buttons" }, el("button", { id: "fair-name-ok", class: "primary", value: "ok" }, t("fairJoin"))));
  dialog.replaceChildren(form);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(input.value.trim().slice(0, 40) || t("seatName", seat + 1, true)), { once: true });
  });
}

