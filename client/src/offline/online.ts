import { useSyncExternalStore } from 'react';

/** SPEC §8: what is logged when the network goes away. */
export const OFFLINE_MESSAGE = 'No internet connection found. App is running in offline mode.';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser has a network, re-rendering when that changes. */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/** Logs SPEC §8's offline message when the page starts offline and each time the network goes. */
export function logOfflineState(): void {
  if (!navigator.onLine) console.warn(OFFLINE_MESSAGE);
  window.addEventListener('offline', () => console.warn(OFFLINE_MESSAGE));
}
