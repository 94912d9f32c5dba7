// The shell's service worker (part 1 §7): repeat visits load the hashed bundles
// from the cache; pages always come from the network first, so a new release
// (a new index.html naming new bundles) is never hidden behind a stale copy.
// Only when the network fails is the cached page shown.
const CACHE = 'planner-shell-v1';
const HASHED = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.(js|css)$/;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The version check says a new release is out: drop what the old one cached.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'new-version') event.waitUntil(caches.delete(CACHE));
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put('/index.html', response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match('/index.html');
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(request));
  else if (HASHED.test(url.pathname)) event.respondWith(cacheFirst(request));
  // remoteEntry.js, remotes.json and the rest go to the network as usual.
});
