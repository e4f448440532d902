"""Mental poker through the page's own engine worker in headless Chromium: the set-up of a
remote Jäger und Späher game (two parties in the one worker, each step its own `fair_*`
request, timed in the page) and the first private draws. Needs a built dist/.

  python3 bench/fair_poker_chromium.py [--repeat 2]
"""

import argparse
import json
import pathlib
import shutil
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Fixed page script: both seats' parties in the worker; the messages travel as values.
SCRIPT = """async () => {
  const r = (o) => window.urzeit.request(o);
  const times = {};
  const timed = async (name, o) => {
    const t = performance.now();
    const out = await r(o);
    times[name] = Math.round(performance.now() - t);
    return out;
  };
  const a = await timed("fair_new (seat 0 joins)", { op: "fair_new", game: "spaeher", players: 2, seat: 0, name: "A" });
  const b = await timed("fair_join (seat 1 joins)", { op: "fair_join", seat: 1, messages: a.send, name: "B" });
  const a1 = await timed("setup 1: seat 0 shuffles", { op: "fair_receive", party: a.party, messages: b.send });
  const b1 = await timed("setup 2: seat 1 checks, shuffles", { op: "fair_receive", party: b.party, messages: a1.send });
  const a2 = await timed("setup 3: seat 0 checks, locks", { op: "fair_receive", party: a.party, messages: b1.send });
  const b2 = await timed("setup 4: seat 1 checks, starts", { op: "fair_receive", party: b.party, messages: a2.send });
  times["setup in all"] = ["1", "2", "3", "4"].reduce((s, k) => s + Object.entries(times)
    .filter(([n]) => n.startsWith("setup " + k))[0][1], 0);
  // the set-up's public draws and the deal: reveals, then keys, until both wait for a move
  const got = [new Set(), new Set()];  // what each seat holds already (links overlap)
  for (const m of [...b.send, ...b1.send, ...a2.send]) got[0].add(JSON.stringify(m));
  for (const m of [...a.send, ...a1.send, ...a2.send]) got[1].add(JSON.stringify(m));
  let queue = [[1, b2.send]];
  let draws = 0;
  while (queue.length) {
    const [sender, all] = queue.shift();
    const msgs = all.filter((m) => !got[1 - sender].has(JSON.stringify(m)));
    if (!msgs.length) continue;
    for (const m of msgs) got[1 - sender].add(JSON.stringify(m));
    const to = sender === 0 ? b : a;
    const keys = msgs.filter((m) => m.kind === "keys");
    const t = performance.now();
    const out = await r({ op: "fair_receive", party: to.party, messages: msgs });
    if (keys.length) {
      const cards = keys[0].keys.filter((k) => k !== null).length;
      times[`deal: seat ${1 - sender} opens its ${cards} cards (ms a card)`] = Math.round((performance.now() - t) / cards);
      draws += cards;
    }
    queue.push([1 - sender, out.send]);
  }
  const va = await r({ op: "fair_view", party: a.party });
  times.items_in_hand = va.view.players[0].items.length;
  times.link_bytes_shuffle = JSON.stringify(a1.send).length;
  return times;
}"""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import build
    from playwright.sync_api import sync_playwright
    server = build.make_server(ROOT / "dist", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/?test=1"
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, headless=True)
        page = browser.new_page()
        page.add_init_script("globalThis.urzeitTestNoSnapshot = true; globalThis.urzeitTestRelays = []")
        page.goto(url)
        page.wait_for_function("() => window.urzeit && window.urzeit.engineStatus === 'ready'", timeout=120_000)
        for _ in range(args.repeat):
            print(json.dumps(page.evaluate(SCRIPT)))
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
