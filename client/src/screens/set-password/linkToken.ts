/**
 * The fragment key of a set-password address, as protocol's PASSWORD_FRAGMENT_KEY says (kept here as
 * text so the page, which ships with the login page, loads none of the protocol's code).
 */
const LINK_FRAGMENT_KEY = 'token';
const SET_PASSWORD_PATH = '/set-password';

/** The token of a one-time link (`/set-password#token=<token>`), or null. */
export function linkTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(LINK_FRAGMENT_KEY);
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

export const isSetPasswordPath = (pathname: string): boolean => pathname.replace(/\/+$/, '') === SET_PASSWORD_PATH;
