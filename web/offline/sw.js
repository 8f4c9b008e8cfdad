// FlashLab's service worker: the app works offline once a lab has been opened (issue 33 item 2).
// vite.config.ts (`offlineServiceWorker`) fills in PRECACHE at build time with this build's file
// list and a version that changes whenever any file changes.
//
// 1. install: cache the app shell (every built file but the lab groups' .wasm) under
//    `flashlab-<version>`. A first install takes control at once (`clients.claim`); a newer
//    version waits until no page of the old one is open, so a page never mixes two builds.
// 2. activate: delete every other `flashlab-*` cache (the old version's), then claim the pages.
// 3. fetch (same origin, GET only): a page navigation goes to the network first and falls back
//    to the cached page; everything else is served from the cache first and, when fetched,
//    stored (a lab group's .wasm is cached on first use). The natively computed results table
//    (not content-hashed) goes network first.
// 4. messages from a page: `cacheUsed` caches what the page loaded before this worker controlled
//    it (the first visit: `urls`) and the core of each lab it opened (`labs`: the simulation
//    worker fetched it, perhaps before this worker controlled it); `cacheAll` caches every lab
//    group's .wasm. Each is answered with `{type: "cached", request, count, labs}`, so the page can say
//    what is available offline.
const PRECACHE = self.__FLASHLAB_PRECACHE__;
const CACHE = `flashlab-${PRECACHE.version}`;
const scope = new URL(self.registration.scope);
const url = (path) => new URL(path, scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.shell.map(url))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("flashlab-") && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, fallbackPath) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackPath ? url(fallbackPath) : request, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(request, { ignoreSearch: true, ignoreVary: true })) ?? (fallbackPath ? await cache.match(url(fallbackPath)) : undefined);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope.origin)) return;
  if (request.mode === "navigate") {
    const path = new URL(request.url).pathname;
    const app = path === scope.pathname || path.endsWith("/index.html");
    event.respondWith(networkFirst(request, app ? "index.html" : null));
    return;
  }
  if (request.url.includes("/results/")) {
    event.respondWith(networkFirst(request, null));
    return;
  }
  event.respondWith(cacheFirst(request));
});

async function cacheUrls(urls) {
  const cache = await caches.open(CACHE);
  let count = 0;
  for (const href of urls) {
    if (!href.startsWith(scope.origin) || (await cache.match(href, { ignoreSearch: true, ignoreVary: true }))) continue;
    try {
      const response = await fetch(href);
      if (response.ok) {
        await cache.put(href, response);
        count += 1;
      }
    } catch {
      // Offline already: what is not cached stays so; the page says what is available.
    }
  }
  return count;
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || typeof data !== "object") return;
  let urls = null;
  let labs = [];
  if (data.type === "cacheUsed") {
    const pages = Array.isArray(data.urls) ? data.urls.filter((u) => typeof u === "string").slice(0, 500) : [];
    labs = Array.isArray(data.labs) ? data.labs.filter((l) => typeof l === "string" && Object.hasOwn(PRECACHE.labs, l)) : [];
    urls = [...pages, ...labs.map((lab) => url(PRECACHE.labs[lab]))];
  }
  if (data.type === "cacheAll") {
    urls = PRECACHE.lazy.map(url);
    labs = Object.keys(PRECACHE.labs);
  }
  if (urls === null) return;
  event.waitUntil(
    cacheUrls(urls).then((count) => event.source?.postMessage({ type: "cached", request: data.type, count, labs, version: PRECACHE.version })),
  );
});
