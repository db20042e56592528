import { sessionExpired, waitForSignIn } from './sessionExpiry';
import { hadSession, readToken, usingDisplayToken } from './token';

/**
 * fetch with the session's token. A 401 to a call that carried a token means the session ended
 * while the console was open: the call waits for the operator to sign in again (the sign-in
 * dialog) and is then sent again with the new token, so a list loads and a save is made instead of
 * failing silently. A refused call was not carried out, so sending it again is safe.
 * `waitOnExpiry: false` hands the 401 back at once (the session check, the login itself).
 */
export async function authorizedFetch(url: string, init: RequestInit & { headers?: Record<string, string> }, waitOnExpiry = true): Promise<Response> {
  for (;;) {
    const token = readToken();
    // Signed in before, token gone since (logged out in another tab): ask for a sign-in and send
    // this call after it, instead of sending it without a token to be refused.
    if (!token && hadSession() && waitOnExpiry && !usingDisplayToken()) {
      sessionExpired();
      await waitForSignIn(init.signal);
      continue;
    }
    const headers = { ...init.headers, ...(token ? { Authorization: `Token ${token}` } : {}) };
    const response = await fetch(url, { ...init, headers });
    // A wall display has no one to sign in: its refusal is handed back (the wall says it was revoked).
    if (response.status !== 401 || !token || !waitOnExpiry || usingDisplayToken()) return response;
    // A token saved meanwhile (another tab, the dialog) is tried at once; else ask for a sign-in.
    if (readToken() === token) sessionExpired();
    await waitForSignIn(init.signal);
  }
}
