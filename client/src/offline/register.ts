/**
 * Registers the service worker of a built console (it caches the app shell and the wall's assets,
 * never API data). A failure is logged (SPEC §8) and changes nothing else: the console works without it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  });
}
