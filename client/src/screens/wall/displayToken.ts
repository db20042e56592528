import { DISPLAY_FRAGMENT_KEY } from '@odds/protocol';

/** The display token of a wall address (`/wall#display=<token>`), or null. */
export function displayTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(DISPLAY_FRAGMENT_KEY);
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}
