import type { User } from '@odds/protocol';
import { proxy } from 'valtio';
import { ApiError } from '../api/errors';
import { expiryStore, sessionResumed } from '../api/sessionExpiry';
import { forgetToken, readToken, saveToken } from '../api/token';
import { browser } from '../lib/browser';
import { consolePath } from './nextPath';

/**
 * The API client and protocol's route table (its schemas), loaded with the first call: the login
 * page ships without them, and the console has them loaded already by the time it asks.
 */
const client = () => Promise.all([import('../api/client'), import('@odds/protocol')]).then(([{ api }, { routes }]) => ({ api, routes }));

/** SPEC §4: unauthenticated until a token exists in localStorage. */
export const sessionStore = proxy({
  authenticated: readToken() !== null,
  user: null as User | null,
});

/**
 * Logs in. On success the token is stored and the page reloads, so every store starts again
 * with it; from the /login address the reload lands on the page named by `?next=` or home, not
 * on a Not Found page. When the session ended while the console was open (the sign-in dialog),
 * nothing reloads: the page, its state and the calls waiting for the new token carry on.
 * On failure the promise rejects with the server's message for the form to show.
 */
export async function login(email: string, password: string): Promise<void> {
  // The dialog over an open page (not the login screen a refused stored token leads to at start).
  const resuming = expiryStore.expired && sessionStore.authenticated;
  try {
    const { api, routes } = await client();
    const reply = await api(routes.authenticate, { body: { email, password }, silent: true });
    saveToken(reply.token);
    if (resuming) {
      if (reply.user) sessionStore.user = reply.user;
      sessionResumed();
    } else if (window.location.pathname.replace(/\/+$/, '') === '/login') {
      browser.assign(afterLoginPath(window.location.search));
    } else {
      browser.reload();
    }
  } catch (error) {
    if (!resuming) {
      forgetToken();
      sessionStore.authenticated = false;
      sessionStore.user = null;
    }
    throw error;
  }
}

/** Where a login from /login goes: `?next=/path` when it is a route of this console (nextPath.ts), else home. */
export function afterLoginPath(search: string, origin: string = window.location.origin): string {
  return consolePath(new URLSearchParams(search).get('next') ?? '', origin) ?? '/';
}

/**
 * Asks who the stored token belongs to; a token the server refuses (401) when the page opens means
 * logging in again (the login screen; the reload after it comes back to this address).
 */
export async function checkSession(): Promise<void> {
  try {
    const { api, routes } = await client();
    const reply = await api(routes.session, { silent: true });
    sessionStore.user = reply.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetToken();
      sessionStore.authenticated = false;
    }
  }
}

/**
 * Trades the one-time ticket the identity provider's callback left in the address (`#sso=`) for a
 * session, stored as a password login's is; then on to `?next=` or home (or closed, when the
 * sign-in dialog of an open console opened it). Rejects with the
 * server's message (an expired or used ticket) for the login screen to show.
 */
export async function completeSso(ticket: string): Promise<void> {
  const { api, routes } = await client();
  const reply = await api(routes.ssoComplete, { body: { ticket }, silent: true });
  saveToken(reply.token);
  // Opened by the sign-in dialog of a console whose session ended (`window=1`): that page resumes on
  // the stored token (api/otherTabs.ts), so this window closes; one the browser will not let close
  // goes on to the page instead.
  if (new URLSearchParams(window.location.search).get('window') === '1' && browser.closeWindow()) return;
  browser.assign(afterLoginPath(window.location.search));
}

/**
 * Revokes the token on the server (best effort: it may already be gone), forgets it and reloads;
 * a session of the identity provider that offers RP-initiated logout goes there to end its
 * session too (it sends the browser back to the login screen).
 */
export async function logout(): Promise<void> {
  const { api, routes } = await client();
  const reply = await api(routes.logout, { silent: true }).catch(() => null);
  forgetToken();
  if (reply?.end_session_url) browser.assign(reply.end_session_url);
  else browser.reload();
}
