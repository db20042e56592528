/**
 * Registers the service worker of a built console (it caches the app shell and the wall's assets,
 * never API data). A failure is logged (SPEC §8) and changes nothing else: the console works without it.
 * It waits for the page to load and then for an idle moment, so its install (which fetches the files
 * it caches ahead) never competes with the first screen for the network or the main thread.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  };
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 3_000 }) : setTimeout(register, 2_000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
