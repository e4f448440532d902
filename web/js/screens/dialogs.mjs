// Dialogs: the rules, and passing a game on by link (the Web Share API where the browser has
// it, else a link to copy).
import { engine } from "../boot.mjs";
import { displayName, errorText, getLang, t } from "../i18n.mjs";
import { entryTitle, gameInfo } from "../games.mjs";
import { $, el, match, nav } from "./shared.mjs";
import { b64url, unb64url } from "../net/b64.mjs";

export function showRules(gameId) {
  const info = gameInfo(gameId);
  const rules = info && info.rules;  // the game's own rules module
  if (!rules) return;
  const lang = getLang();
  $("rules-title").textContent = entryTitle(gameId);
  const box = $("rules-text");
  // our own static text, never data from a page, save or link
  box.innerHTML = rules[lang] || rules.de;
  // the game's own pictures: its components drawn by its renderer, a worked example the engine
  // builds (each {title, node, at: "start"|"end"}; a node fills itself in when its data is there)
  const pictures = info.rulesPictures ? info.rulesPictures(lang, (req) => engine.request(req)) : [];
  const head = box.querySelector("h3");
  for (const p of pictures.filter((x) => x.at === "start").reverse()) {
    const part = el("section", { class: "rules-pic" }, el("h4", {}, p.title), p.node);
    if (head) head.after(part); else box.prepend(part);
  }
  for (const p of pictures.filter((x) => x.at !== "start")) box.append(el("section", { class: "rules-pic" }, el("h4", {}, p.title), p.node));
  rulesTools(box, lang);
  $("rules-dialog").showModal();
  box.scrollTop = 0;  // once shown: a closed dialog has no layout and kept the last game's place
}

// The search's word marked in the sections it kept (our own static text: text nodes split, no HTML).
function markWord(box, sections, q, lang) {
  for (const m of [...box.querySelectorAll("mark.rules-hit")]) m.replaceWith(m.textContent);
  box.normalize();
  if (!q) return null;
  let first = null;
  for (const sec of sections.filter((x) => !x.hidden)) {
    const walker = document.createTreeWalker(sec, NodeFilter.SHOW_TEXT);
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
    for (let node of nodes) {
      for (let at = node.data.toLocaleLowerCase(lang).indexOf(q); at >= 0; at = node.data.toLocaleLowerCase(lang).indexOf(q)) {
        const hit = node.splitText(at);
        node = hit.splitText(q.length);
        const mark = el("mark", { class: "rules-hit" }, hit.data);
        hit.replaceWith(mark);
        first = first || mark;
      }
    }
  }
  return first;
}

// The rules in sections (a heading, a paragraph led by its bold title, a picture), a table of
// contents that jumps to them and a search box that keeps only the sections with the word.
function rulesTools(box, lang) {
  const sections = [];
  let current = null;
  for (const child of [...box.children]) {
    const lead = child.tagName === "P" && child.firstElementChild && child.firstElementChild.tagName === "B"
      && child.textContent.trim().startsWith(child.firstElementChild.textContent.trim());
    const title = child.tagName === "H4" ? child.textContent
      : child.matches("section.rules-pic") ? child.querySelector("h4").textContent
      : lead ? child.firstElementChild.textContent.replace(/:\s*$/, "") : null;
    if (child.tagName === "H3") continue;
    if (title || !current) {
      current = el("div", { class: "rules-sec", id: `rules-sec-${sections.length}`, tabindex: "-1" });
      current.dataset.title = (title || t("rulesIntro")).trim();
      child.before(current);
      sections.push(current);
    }
    current.append(child);
  }
  let tools = $("rules-tools");
  if (!tools) {
    tools = el("div", { id: "rules-tools", class: "rules-tools" });
    box.before(tools);
  }
  const search = el("input", { id: "rules-search", type: "search", autocomplete: "off", "aria-label": t("rulesSearch"), placeholder: t("rulesSearch") });
  const found = el("p", { id: "rules-found", class: "rules-found", role: "status" });
  const toc = el("nav", { id: "rules-toc", class: "rules-toc", "aria-label": t("rulesToc") });
  // the contents: open where there is room, a fold on a phone (closed again after a jump)
  const wide = window.matchMedia("(min-width: 700px)").matches;
  const fold = el("details", { id: "rules-toc-box", class: "rules-toc-box", open: wide ? "" : null },
    el("summary", {}, `${t("rulesToc")} (${sections.length})`), toc);
  const jump = (sec) => {
    if (!wide) fold.open = false;
    sec.scrollIntoView({ block: "start" });
    sec.focus({ preventScroll: true });
  };
  const links = sections.map((sec) => {
    const b = el("button", { type: "button", class: "rules-toc-item", "data-target": sec.id }, sec.dataset.title);
    b.addEventListener("click", () => jump(sec));
    return b;
  });
  toc.append(...links);
  search.addEventListener("input", () => {
    const q = search.value.trim().toLocaleLowerCase(lang);
    let hits = 0;
    sections.forEach((sec, i) => {
      const hit = !q || sec.textContent.toLocaleLowerCase(lang).includes(q) || sec.dataset.title.toLocaleLowerCase(lang).includes(q);
      sec.hidden = !hit;
      links[i].hidden = !hit;
      hits += hit ? 1 : 0;
    });
    found.textContent = !q ? "" : hits ? t("rulesFound", hits) : t("rulesNothing", search.value.trim());
    found.classList.toggle("none", Boolean(q) && !hits);
    const first = markWord(box, sections, q, lang);
    if (first) first.scrollIntoView({ block: "center" });  // the first hit in sight, marked
    else if (!q) box.scrollTop = 0;
  });
  search.addEventListener("keydown", (e) => {  // Enter: to the first section with the word
    if (e.key !== "Enter") return;
    e.preventDefault();
    const first = sections.find((sec) => !sec.hidden);
    if (first) jump(first);
  });
  tools.replaceChildren(search, found, fold);
}

// ---- correspondence by link: the replay, compressed, in the URL fragment ----

export async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return b64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

export async function unpack(code) {
  const stream = new Blob([unb64url(code)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

function shareMessage() {
  const title = entryTitle(match.game);
  const v = match.view;
  if (v && v.over) return t("shareOver", title);  // no one is to move any more
  const next = v && !v.over && v.current_seat !== null ? match.names[v.current_seat] : "";
  return t("shareText", title, next);
}

export async function shareGame() {
  if (match.session && match.session.share) return match.session.share();  // a fair game: only public messages travel
  $("share-title").textContent = t("shareTitle");
  delete $("share-dialog").dataset.fairTo;
  delete $("share-dialog").dataset.invite;
  const replay = await engine.request({ op: "save", match: match.id });
  const url = new URL(location.href);
  url.search = "";
  url.hash = "g=" + await pack(JSON.stringify(replay));
  $("share-link").value = url.href;
  $("share-message").textContent = shareMessage();
  const info = gameInfo(match.game);
  const note = info && info.shareNote;
  $("share-note").textContent = note ? note[getLang()] : "";
  offerFair(replay);
  $("share-native").hidden = typeof navigator.share !== "function";
  $("share-dialog").showModal();
  if ($("share-native").hidden) $("share-link").select();
}

// A local game's link holds its seed (its note warns): for a game the fair protocol supports,
// the fair way is one tap away: a new fair game of the same title and seats.
function fairSupported(game, players) {
  const g = engine.hello && engine.hello.games.find((x) => x.id === game);
  return Boolean(g && g.fair && g.fair.ok && players >= Math.max(2, g.players[0]) && players <= g.players[1]);
}

function offerFair(replay) {
  let box = $("share-fair");
  if (!box) {
    box = el("div", { id: "share-fair", class: "share-fair" },
      el("p", { id: "share-fair-line", class: "hint" }),
      el("button", { type: "button", id: "share-fair-button", onclick: playFairInstead }));
    $("share-note").after(box);
  }
  box.hidden = !fairSupported(replay.game, replay.seats.length);
  box.dataset.game = replay.game;
  box.dataset.players = String(replay.seats.length);
  box.dataset.options = JSON.stringify(replay.options || {});
  const human = replay.seats.find((s) => s.kind === "human");
  box.dataset.name = human ? displayName(human.name, "human") : "";
  $("share-fair-line").textContent = t("shareFairLine");
  $("share-fair-button").textContent = t("shareFairButton");
}

async function playFairInstead() {
  const box = $("share-fair");
  const name = /^(Spieler|Player) \d$/.test(box.dataset.name) ? "" : box.dataset.name;  // a default name is no name
  try {
    $("share-dialog").close();
    await nav.newFairGame({ game: box.dataset.game, players: Number(box.dataset.players),
                            options: JSON.parse(box.dataset.options), name });
  } catch (err) {
    $("message").textContent = errorText(err);
  }
}

// What travels with the link: the dialog's own words (a fair invitation is no "your move").
function sentText() {
  return $("share-message").textContent || shareMessage();
}

async function shareNative() {
  try {
    await navigator.share({ title: "Urzeit", text: sentText(), url: $("share-link").value });
    $("share-note").textContent = t("shared");
  } catch (err) {
    if (err && err.name === "AbortError") return;  // the player closed the share sheet
    $("share-note").textContent = t("shareFailed");
  }
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(`${sentText()}\n${$("share-link").value}`);
    $("share-note").textContent = t("copied");
  } catch {
    $("share-link").select();
    $("share-note").textContent = t("copyByHand");
  }
}

export function bindDialogs() {
  $("share-copy").addEventListener("click", copyLink);
  $("share-native").addEventListener("click", shareNative);
  $("share-button").addEventListener("click", () => shareGame().catch((err) => { $("message").textContent = errorText(err); }));
}
