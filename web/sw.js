// Service worker: precaches the whole build on first visit, then answers from the cache so
// the game works with the network off. build.py stamps the cache name below, so every build
// changes this file: browsers then install the new worker, which deletes the old cache.
const CACHE = "__URZEIT_CACHE__";
const MANIFEST = "precache.json";

async function manifest() {
  const response = await fetch(MANIFEST, { cache: "no-cache" });
  return response.json();
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const m = await manifest();
    const cache = await caches.open(CACHE);
    // bypass the HTTP cache: a new build must never store an old file
    await cache.addAll(m.files.map((f) => new Request(f, { cache: "reload" })));
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
