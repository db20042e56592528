/**
 * The fragment key of a wall address, as protocol's DISPLAY_FRAGMENT_KEY says (kept here as text so
 * the login page, which checks for it, loads none of the protocol's code; a test holds them equal).
 */
export const FRAGMENT_KEY = 'display';

/** The display token of a wall address (`/wall#display=<token>`), or null. */
export function displayTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(FRAGMENT_KEY);
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}
