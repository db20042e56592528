/**
 * The first segments of the console's own routes (router/routes.tsx). A `?next=` naming anything
 * else after a login goes home: only a path the console itself serves is ever followed.
 */
const CONSOLE_SEGMENTS = new Set([
  'home',
  'matches',
  'displays',
  'league',
  'leagues',
  'teams',
  'markets',
  'settings',
  'reports',
  'cms',
  'contacts',
  'events',
  'event',
  'trackers',
  'tracker',
  'match',
  'wall',
]);

/**
 * Where a login from /login may go: `next` when, resolved against the console's origin with the
 * URL parser a browser uses, it stays on that origin and names one of the console's routes (not
 * /login itself); else null. Text a browser would read differently from the parser here is refused
 * before parsing: backslashes (read as '/'), and tabs, newlines and other control characters
 * (which browsers strip, so `/<TAB>/evil.example` becomes `//evil.example`).
 */
export function consolePath(next: string, origin: string): string | null {
  if (!next.startsWith('/') || /[\\\u0000-\u001f\u007f-\u009f\s]/u.test(next)) return null;
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username || url.password) return null;
  // The path the router will match: its first segment must be one of the console's.
  const first = url.pathname.split('/')[1] ?? '';
  if (!CONSOLE_SEGMENTS.has(first)) return null;
  const path = url.pathname + url.search + url.hash;
  // What the browser is sent to must itself read as a path of this origin, never a scheme-relative address.
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}
