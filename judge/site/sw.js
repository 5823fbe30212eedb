/* judge: the site's service worker (judge/site/resolver.py fills in VERSION and PRECACHE).
 *
 * It precaches what ruling needs (the Resolver pages, their styles and scripts, the Pyodide
 * runtime, the engine bundle and the compiled catalogue), so after one visit the Resolver works
 * with the network off. Other pages are kept as they are visited. A new build has a new VERSION:
 * the new worker waits until the page's "new version" button tells it to take over. Taking over,
 * it deletes the old version's caches, the engine's memory snapshot ("judge-snapshot", saved by
 * resolver-worker.js) with them: the next boot makes a new one.
 */
"use strict";

const VERSION = "@VERSION@";
const PRECACHE = @PRECACHE@;
const CACHE = "judge-" + VERSION;
const PAGES = "judge-pages-" + VERSION;
const scope = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((path) => scope + path))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("judge-") && name !== CACHE && name !== PAGES)
    .map((name) => caches.delete(name)))).then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith(answer(request));
});

async function answer(request) {
  const precached = await caches.match(request, { cacheName: CACHE, ignoreSearch: true });
  if (precached) return precached;
  // Other pages and assets: the network first (a newer build shows at once), else the copy kept
  // from an earlier visit.
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      caches.open(PAGES).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: PAGES, ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}
