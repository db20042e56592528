import { proxy } from 'valtio';

/**
 * The session ending while the console is open: a call refused with 401, or a live
 * socket the relay refuses, marks the session expired. The console then shows a sign-in dialog over
 * the page (the page stays mounted, with its state and unsaved input) and the refused calls wait
 * here; signing in again resumes them with the new token. Nothing is dropped and no list shows its
 * empty state for a refusal.
 */
export const expiryStore = proxy({ expired: false });

let waiters: Array<() => void> = [];
const resumeListeners = new Set<() => void>();

export function sessionExpired(): void {
  expiryStore.expired = true;
}

/** Resolves once the operator has signed in again; rejects with an AbortError when `signal` aborts. */
export function waitForSignIn(signal?: AbortSignal | null): Promise<void> {
  if (!expiryStore.expired) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const abort = () => {
      waiters = waiters.filter((waiter) => waiter !== done);
      reject(signal?.reason instanceof DOMException ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    waiters.push(done);
  });
}

/** The operator signed in again: close the dialog, resume the waiting calls, reconnect what listens. */
export function sessionResumed(): void {
  expiryStore.expired = false;
  const resumed = waiters;
  waiters = [];
  for (const resume of resumed) resume();
  for (const listener of resumeListeners) listener();
}

/** Called after each sign-in that resumes the session (the live socket reconnects with the new token). */
export function onSessionResumed(listener: () => void): () => void {
  resumeListeners.add(listener);
  return () => resumeListeners.delete(listener);
}
