// The console's service worker (written into the build by client/build/serviceWorker.ts).
// It caches the app shell and the wall's assets, never API data: a wall or console reloaded while
// the network is down still starts, shows its offline state and reconnects by itself.
const VERSION = __VERSION__;
const PRECACHE = __PRECACHE__;
const CACHE = `odds-shell-${VERSION}`;
const SHELL = '/index.html';
const NEVER = ['/api/', '/socket.io/', '/live', '/healthz', '/metrics'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

// A new release takes over at once and drops the old release's files.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('odds-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    // The page from the network whenever it answers (so a release is never stale), else the shell.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL, { cacheName: CACHE }).then((hit) => hit ?? Response.error())),
    );
    return;
  }
  // Built files are named by content: a cached one is right for good; others are kept as fetched.
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ??
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith('/assets/')) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
