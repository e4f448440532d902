// Run in the page: every visible problem a player would see, with its text.
// (opts) => [{check, where, text, tag}], where = "board" (inside a game's table) or "shell".
(opts) => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  const seen = new Set();
  // what a game's renderer drew: its table, and what the page shows in its words (the final
  // breakdown, the action labels, the log lines), marked data-owner="renderer"
  const where = (el) => (el.closest && el.closest("#board, [data-owner='renderer']") ? "board" : "shell");
  const label = (el) => (el.innerText || el.getAttribute("aria-label") || el.tagName).trim().replace(/\s+/g, " ").slice(0, 80);
  const perKind = new Map();
  const add = (check, el, text) => {
    const key = check + "|" + text;
    if (seen.has(key)) return;
    seen.add(key);
    // a few examples of each problem in each kind of element are enough to find it
    const kind = check + "|" + el.tagName + "|" + (el.className || "");
    perKind.set(kind, (perKind.get(kind) || 0) + 1);
    if (perKind.get(kind) > 4) return;
    out.push({ check, where: where(el), text, tag: el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "") });
  };
  const visible = (el) => el.checkVisibility ? el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : el.offsetParent !== null;
  // a box that scrolls or clips on its own keeps what is inside it
  const clippedBy = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX !== "visible") return p;
    }
    return null;
  };
  const dialogOpen = document.querySelector("dialog[open]");
  const scope = dialogOpen || document.body;
  if (document.documentElement.scrollWidth > vw + 1) add("page-scrolls-sideways", document.documentElement, `scrollWidth ${document.documentElement.scrollWidth} > ${vw}`);
  for (const el of scope.querySelectorAll("*")) {
    if (!visible(el)) continue;
    if (el.closest(".error-details")) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const s = getComputedStyle(el);
    // 1. wider than the viewport / outside it sideways
    if (r.right > vw + 1 || r.left < -1) {
      const c = clippedBy(el);
      const cr = c && c.getBoundingClientRect();
      if (!c || cr.right > vw + 1 || cr.left < -1) add("outside-viewport", el, `${label(el)} [${Math.round(r.left)}..${Math.round(r.right)} of ${vw}]`);
    }
    // 2. text overflowing its box (content wider than a box that does not scroll)
    if (s.display !== "inline" && s.overflowX === "visible" && el.tagName !== "HTML" && el.tagName !== "BODY"
        && el.scrollWidth > el.clientWidth + 2 && el.clientWidth > 0 && s.textOverflow !== "ellipsis") {
      add("text-overflows-box", el, `${label(el)} [${el.scrollWidth} > ${el.clientWidth}]`);
    }
    // a box that scrolls sideways hides part of what it holds
    if ((s.overflowX === "auto" || s.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 2 && el.tagName !== "TEXTAREA" && el.tagName !== "CANVAS") {
      add("box-scrolls-sideways", el, `${label(el)} [${el.scrollWidth} > ${el.clientWidth}]`);
    }
  }
  // 3. and 4. visible words: ids, words of the other language
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const skip = new Set(opts.names || []);
  const other = new RegExp(`(^|[^\\p{L}])(${opts.otherWords.join("|")})(?=$|[^\\p{L}])`, "u");
  const ids = opts.idPatterns.map((p) => new RegExp(p, "u"));
  const idWords = new Set(opts.idWords || []);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !visible(el) || el.closest(".error-details, #lang-toggle, script, style, .brand")) continue;
    let text = n.textContent.replace(/\s+/g, " ").trim();
    if (!text) continue;
    for (const name of skip) text = text.split(name).join(" ");
    const m = other.exec(text);
    if (m) add("other-language", el, `"${m[2]}" in: ${text.slice(0, 90)}`);
    for (const re of ids) {
      const hit = re.exec(text);
      if (hit) add("internal-id", el, `"${hit[0]}" in: ${text.slice(0, 90)}`);
    }
    for (const w of text.split(/[^\p{L}\p{N}_]+/u)) if (idWords.has(w)) add("internal-id", el, `"${w}" in: ${text.slice(0, 90)}`);
  }
  // 5. a word broken inside ("Feuersteinmesse|r", "Ela|wa"): its letters lie on two line boxes
  const walker2 = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker2.nextNode(); n; n = walker2.nextNode()) {
    const el = n.parentElement;
    if (!el || !visible(el) || el.closest(".error-details, script, style, textarea, option")) continue;
    for (const m of n.textContent.matchAll(/[\p{L}\p{N}'’]{2,}/gu)) {
      // after a soft hyphen the line may break (that is its purpose); Chromium counts the
      // drawn hyphen into the next part's first letter, so measure that part from its second
      const afterShy = m.index > 0 && n.textContent[m.index - 1] === "\u00ad";
      range.setStart(n, m.index + (afterShy ? 1 : 0));
      range.setEnd(n, m.index + m[0].length);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
      if (tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2) add("word-broken", el, `"${m[0]}" in: ${n.textContent.trim().slice(0, 60)}`);
    }
  }
  // 6. the place that needs the player is on screen
  if (opts.focus) {
    const f = document.querySelector(opts.focus);
    const r = f && f.getBoundingClientRect();
    if (!f || !(r.top < innerHeight - 40 && r.bottom > 40)) add("decision-not-in-view", f || document.body, `${opts.focus} top ${r ? Math.round(r.top) : "?"} of ${innerHeight}`);
  }
  return out;
}
