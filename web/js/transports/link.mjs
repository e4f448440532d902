// The link transport of a fair game: this seat's messages (those the next player may not have
// seen: fair_link) packed into a link's fragment (`#f=...`) and handed to the player to send
// (the share dialog). A link never carries a secret. Links that arrive are opened by
// screens/fair-open.mjs and go to the session's `receive`, like any transport's messages.
import { engine } from "../boot.mjs";
import { t } from "../i18n.mjs";
import { entryTitle } from "../games.mjs";
import { $, match } from "../screens/shared.mjs";
import { pack } from "../screens/dialogs.mjs";

export class LinkTransport {
  constructor(session) {
    this.session = session;
    this.kind = "link";
  }

  // The share dialog for seat `to` (default: whom the game waits for). The first link to a seat
  // is an invitation and says so; later ones say whose move it is.
  async share(to = null) {
    const s = this.session;
    if (to !== null) s.to = to;  // a live table's "continue by link" for one seat
    if (s.to === null) s.to = (s.seat + 1) % match.seats.length;
    const link = await engine.request({ op: "fair_link", party: s.mainParty, to: s.to });
    if (!s.alive) return;
    const url = new URL(location.href);
    url.search = "";
    // the room key lets the friend's page find this game's moves on the relays (a bearer secret:
    // whoever holds the link may read the game's frames, as whoever holds it may join the seat)
    const carried = { v: 1, to: link.to, invite: link.invite, names: link.names, m: link.messages };
    if (s.roomKey) carried.r = s.roomKey;
    url.hash = "f=" + await pack(JSON.stringify(carried));
    const title = entryTitle(match.game);
    const name = match.names[s.to], me = match.names[s.seat], seat = s.to + 1, players = match.seats.length;
    if (link.invite) {
      $("share-title").textContent = t("fairInviteTitle", seat, title);
      $("share-message").textContent = t("fairInviteText", me, title, seat, players);
      $("share-note").textContent = t("fairInviteNote", seat) + " " + t("fairGuaranteeShort");
    } else {
      const kinds = new Set(link.messages.filter((m) => m.seat === s.seat).map((m) => m.kind));
      const deck = kinds.has("shuffle") || kinds.has("lock");
      $("share-title").textContent = t("fairLinkTitle", name);
      $("share-message").textContent = deck ? t("fairShareDeck", title, name)
        : match.view.over ? t("fairShareOver", title, name) : t("fairShareText", title, name);
      $("share-note").textContent = deck ? t("fairDeckNote", Math.max(1, Math.round(url.href.length / 1000))) : t("fairGuarantee");
    }
    const dialog = $("share-dialog");
    dialog.dataset.kinds = link.messages.filter((m) => m.seat === s.seat).map((m) => m.kind).join(" ");
    $("share-link").value = url.href;
    $("share-native").hidden = typeof navigator.share !== "function";
    dialog.dataset.fairTo = String(s.to);
    dialog.dataset.invite = String(link.invite);
    if ($("share-fair")) $("share-fair").hidden = true;  // the local dialog's offer of a fair game
    if (!dialog.open) dialog.showModal();
    s.scope.dialog(dialog);  // closed with the table
    if ($("share-native").hidden) $("share-link").select();
  }
}
