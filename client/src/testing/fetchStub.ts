import { vi } from 'vitest';

export interface StubCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: StubCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The error reply shape every service sends (SPEC §8). */
export const errorReply = (statusCode: number, message: string, error = 'Error'): Response =>
  json(statusCode, { statusCode, code: `E${statusCode}`, error, message });

export const PROVIDERS = {
  results: [
    { id: 1, name: 'Nordic Odds', active: true, sports: [], meta: { languages: ['en'] } },
    { id: 2, name: 'Atlantic Bet', active: true, sports: [], meta: { languages: ['en', 'da'] } },
  ],
};
export const SPORTS = {
  results: [
    { id: 1, name: 'Football' },
    { id: 2, name: 'Ice Hockey' },
  ],
};

/**
 * Replaces global fetch with handlers keyed by 'METHOD /path' (no query). Unknown calls answer 404
 * so a test notices a call it did not expect. Every call is recorded for assertions.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    // Lower-cased here: happy-dom's Headers keeps the case names were set with.
    const headers = Object.fromEntries([...new Headers(init.headers).entries()].map(([k, v]) => [k.toLowerCase(), v]));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, headers, body };
    calls.push(call);
    init.signal?.throwIfAborted();
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(call) : errorReply(404, `No stub for ${method} ${url.pathname}`, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The calls the shell makes on every page: providers and sports for the selectors, the session check. */
export const shellHandlers: Record<string, Handler> = {
  'GET /api/1/providers': () => json(200, PROVIDERS),
  'GET /api/1/sports': () => json(200, SPORTS),
  'GET /api/1/session': () => json(200, { user: { id: 1, email: 'demo@example.com', name: 'Demo' }, expires_at: '2030-01-01T00:00:00Z' }),
  // Home's lists (most tests start on /): empty unless a test serves its own.
  'GET /api/1/1/1/matches': () => json(200, { results: [], total: 0, limit: 20 }),
  'GET /api/1/1/1/delivery': () => json(200, { deliveries: [], total: 0 }),
  // The kill switch (the banner of every screen): nothing stopped.
  'GET /api/1/compliance/stops': () => json(200, { results: [] }),
  // How this console signs in (the login screen, the sign-in dialog): with a password only.
  'GET /api/1/auth/methods': () => json(200, { password: true, sso: null }),
};
