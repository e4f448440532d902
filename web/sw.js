// Service worker: precaches the whole build on first visit, then answers from the cache so
// the game works with the network off. build.py stamps the cache name below, so every build
// changes this file: browsers then install the new worker, which deletes the old cache.
const CACHE = "__URZEIT_CACHE__";
const MANIFEST = "precache.json";

async function manifest() {
  const response = await fetch(MANIFEST, { cache: "no-cache" });
  return response.json();
}

async function precacheOne(cache, file) {
  let last;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      const response = await fetch(new Request(file, { cache: "reload" }));
      if (response.ok) return cache.put(file, response);
      last = new Error(`${file}: HTTP ${response.status}`);
    } catch (err) { last = err; }
    await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
  }
  throw last;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const m = await manifest();
    const cache = await caches.open(CACHE);
    // one file at a time with retries: a connection cut on a loaded machine or a flaky
    // network must not fail the whole install (addAll would, and not try again until the
    // next visit); the HTTP cache is bypassed, a new build must never store an old file
    for (const f of m.files) await precacheOne(cache, f);
    await cache.put(MANIFEST, new Response(JSON.stringify(m), { headers: { "content-type": "application/json" } }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("urzeit-") && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(event.request, { ignoreSearch: true });
    if (hit) return hit;
    return fetch(event.request);
  })());
});
