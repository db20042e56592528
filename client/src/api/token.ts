import { readString, writeString } from '../lib/storage';

/** localStorage key of the session token (SPEC §4: unauthenticated until it exists). */
export const TOKEN_KEY = 'token';

/**
 * A wall display's token, which stands in for the operator's for as long as the page shows that
 * display. It lives in memory only (the wall's address carries it), so opening a display in a
 * browser where an operator is signed in neither reads nor replaces the operator's session.
 */
let override: string | null = null;

/** This page has had an operator's token (a call without one now means the session ended elsewhere). */
let signedIn = false;

export const readToken = (): string | null => {
  const token = override ?? (readString(TOKEN_KEY) || null);
  if (token !== null && override === null) signedIn = true;
  return token;
};
export const hadSession = (): boolean => signedIn;
export const saveToken = (token: string): void => writeString(TOKEN_KEY, token);
export const forgetToken = (): void => writeString(TOKEN_KEY, null);
export const setDisplayToken = (token: string | null): void => {
  override = token;
};
/** A wall display's token stands in: a refusal means the display was revoked, not a session to renew. */
export const usingDisplayToken = (): boolean => override !== null;
