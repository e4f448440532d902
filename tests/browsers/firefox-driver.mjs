// Drives Debian's firefox-esr for the Python tests (tests/other_browsers.py): puppeteer-core over
// WebDriver BiDi (Python has no BiDi client that starts Firefox without geckodriver). One JSON
// request per line on stdin, one JSON reply per line on stdout: {id, cmd, args} -> {id, ok,
// result | error}. Scripts come as function source and are called with one JSON argument;
// nothing is eval'ed inside the page (its CSP forbids it).
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.URZEIT_FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
  extraPrefsFirefox: { "media.navigator.permission.disabled": true },
});
const pages = new Map();
let nextPage = 1;

// fresh: in a context of its own (empty cache and storage), as a first visit
async function newPage({ width, height, fresh = false }) {
  const context = fresh ? await browser.createBrowserContext() : null;
  const page = await (context || browser).newPage();
  await page.setViewport({ width, height });
  const id = nextPage++;
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e && e.message || e)));
  pages.set(id, { page, errors, context });
  return id;
}

const call = (fn, arg) => `(${fn})(${JSON.stringify(arg ?? null)})`;

const commands = {
  version: async () => browser.version(),
  newPage: async (a) => newPage(a),
  init: async ({ source }, p) => { await p.evaluateOnNewDocument(source); },  // before any page script
  goto: async ({ url }, p) => { await p.goto(url, { waitUntil: "domcontentloaded" }); },
  reload: async (a, p) => { await p.reload({ waitUntil: "domcontentloaded" }); },
  evaluate: async ({ fn, arg }, p) => p.evaluate(call(fn, arg)),
  click: async ({ selector }, p) => { await p.click(selector); },
  clickAt: async ({ x, y }, p) => { await p.mouse.click(x, y); },
  select: async ({ selector, value }, p) => { await p.select(selector, value); },
  fill: async ({ selector, text }, p) => {
    await p.$eval(selector, (e) => { e.value = ""; });
    await p.type(selector, text);
  },
  size: async ({ width, height }, p) => { await p.setViewport({ width, height }); },
  screenshot: async ({ path }, p) => { await p.screenshot({ path, fullPage: true }); },
  errors: async (a, p, entry) => entry.errors.splice(0),
  closePage: async (a, p, entry) => { await p.close(); if (entry.context) await entry.context.close(); },
};

const out = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");
out({ id: 0, ok: true, result: await browser.version() });

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  let req;
  try { req = JSON.parse(line); } catch { return; }
  const { id, cmd, args = {} } = req;
  try {
    if (cmd === "quit") {
      await browser.close();
      out({ id, ok: true, result: null });
      process.exit(0);
    }
    const entry = args.page === undefined ? null : pages.get(args.page.id ?? args.page);
    if (args.page !== undefined && !entry) throw new Error(`no page ${JSON.stringify(args.page)}`);
    if (!commands[cmd]) throw new Error(`unknown command ${cmd}`);
    const result = await commands[cmd](args, entry && entry.page, entry);
    out({ id, ok: true, result: result === undefined ? null : result });
  } catch (err) {
    out({ id, ok: false, error: String(err && err.stack || err) });
  }
});
lines.on("close", async () => { await browser.close().catch(() => {}); process.exit(0); });
