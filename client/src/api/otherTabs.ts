import { expiryStore, sessionExpired, sessionResumed } from './sessionExpiry';
import { readToken, TOKEN_KEY, usingDisplayToken } from './token';

/**
 * The session as other tabs of this console change it. Logging out in one tab removes the token
 * every tab shares: the others show the sign-in dialog at once (their pages and unsaved input
 * stay, their calls wait), instead of sending the next save without a token and losing it.
 * Signing in in any tab resumes the others. Returns the function that stops listening.
 */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key is the whole storage cleared.
    if ((event.key !== TOKEN_KEY && event.key !== null) || usingDisplayToken()) return;
    if (readToken() === null) {
      if (!expiryStore.expired) sessionExpired();
    } else if (expiryStore.expired) {
      sessionResumed();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
