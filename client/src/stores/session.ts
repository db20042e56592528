import type { User } from '@odds/protocol';
import { proxy } from 'valtio';
import { ApiError } from '../api/errors';
import { forgetToken, readToken, saveToken } from '../api/token';
import { browser } from '../lib/browser';

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
 * with it. On failure the operator stays on the login screen, unauthenticated, and the promise
 * rejects with the server's message for the form to show.
 */
export async function login(email: string, password: string): Promise<void> {
  try {
    const { api, routes } = await client();
    const reply = await api(routes.authenticate, { body: { email, password }, silent: true });
    saveToken(reply.token);
    browser.reload();
  } catch (error) {
    forgetToken();
    sessionStore.authenticated = false;
    sessionStore.user = null;
    throw error;
  }
}

/** Asks who the stored token belongs to; a token the server refuses (401) means logging in again. */
export async function checkSession(): Promise<void> {
  try {
    const { api, routes } = await client();
    const reply = await api(routes.session);
    sessionStore.user = reply.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetToken();
      sessionStore.authenticated = false;
    }
  }
}

/** Revokes the token on the server (best effort: it may already be gone), forgets it and reloads. */
export async function logout(): Promise<void> {
  const { api, routes } = await client();
  await api(routes.logout, { silent: true }).catch(() => undefined);
  forgetToken();
  browser.reload();
}
