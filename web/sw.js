// Service worker: precaches the whole build on first visit, then answers from the cache so
// the game works with the network off. The build writes the cache name and file list into
// precache.json; a new build is a new cache, and the old one is deleted on activation.
const MANIFEST = "precache.json";

async function manifest() {
  const response = await fetch(MANIFEST, { cache: "no-cache" });
  return response.json();
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const m = await manifest();
    const cache = await caches.open(m.cache);
    await cache.addAll(m.files);
    await cache.put(MANIFEST, new Response(JSON.stringify(m), { headers: { "content-type": "application/json" } }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const current = [];
    for (const name of names) {
      const cache = await caches.open(name);
      if (await cache.match(MANIFEST)) current.push(name);
    }
    current.sort();
    const keep = current[current.length - 1];
    await Promise.all(names.filter((n) => n.startsWith("urzeit-") && n !== keep).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    const hit = await caches.match(event.request, { ignoreSearch: true });
    if (hit) return hit;
    return fetch(event.request);
  })());
});
