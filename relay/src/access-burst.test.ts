import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from './upstream';

/**
 * 1,000 consoles watching in one second, each signed in with a session of its own, five operators
 * among them: the relay asks the upstream about each operator and match once, not about each token.
 */
let server: Server;
let baseUrl: string;
const calls = { session: 0, match: 0 };
/** Tokens `t-<operator>-<n>`; `bad-…` are refused. */
const userOf = (token: string) => Number(/^t-(\d+)-/.exec(token)?.[1]);

beforeAll(async () => {
  server = createServer((request, response) => {
    const token = (request.headers.authorization ?? '').replace(/^Token /, '');
    const reply = (status: number, body: unknown) =>
      setTimeout(() => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)), 30);
    if (request.url === '/api/1/session') {
      calls.session++;
      if (!userOf(token)) return reply(401, { message: 'Authentication required' });
      return reply(200, { user: { id: userOf(token), name: `Operator ${userOf(token)}` }, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    }
    const match = /^\/api\/1\/match\/(\d+)$/.exec(request.url ?? '');
    if (match) {
      calls.match++;
      if (!userOf(token)) return reply(401, { message: 'Authentication required' });
      return Number(match[1]) > 100 ? reply(404, { message: 'not found' }) : reply(200, { id: Number(match[1]) });
    }
    reply(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('access checks of a burst of watches', () => {
  it('1,000 watches of 5 operators on 2 matches cost the upstream at most 10 access calls', async () => {
    const upstream = new UpstreamClient(baseUrl);
    const tokens = Array.from({ length: 1_000 }, (_, i) => `t-${(i % 5) + 1}-${i}`);
    // The handshakes (each socket's token checked once, as before), fifty at a time.
    for (let i = 0; i < tokens.length; i += 50) await Promise.all(tokens.slice(i, i + 50).map((token) => upstream.checkToken(token)));
    calls.match = 0;
    const answers = await Promise.all(tokens.map((token, i) => upstream.matchAccess(token, (i % 2) + 1)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    console.log(`[access-burst] 1,000 watches: ${calls.match} upstream access calls`);
    expect(calls.match).toBeLessThanOrEqual(10);
    // A match the operator may not see is refused for each of its sessions, still with one call.
    calls.match = 0;
    const refused = await Promise.all(tokens.slice(0, 5).map((token) => upstream.matchAccess(token, 500)));
    expect(refused.every((answer) => !answer.ok && answer.status === 404)).toBe(true);
    expect(calls.match).toBe(5);
    await upstream.close();
  });

  it('a token the handshake did not check is asked about on its own', async () => {
    const upstream = new UpstreamClient(baseUrl);
    calls.match = 0;
    expect(await upstream.matchAccess('bad-token', 1)).toEqual({ ok: false, status: 401, error: 'Authentication required' });
    expect(await upstream.matchAccess('t-9-1', 1)).toEqual({ ok: true });
    expect(calls.match).toBe(2);
    await upstream.close();
  });
});
