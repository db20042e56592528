import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from './upstream';

/**
 * 1,000 consoles watching in one second, each signed in with a session of its own: the relay asks
 * the upstream about each operator and match once, not about each token, and gathers the checks
 * of a burst into a few batch calls (POST /api/1/live/access), not one call per check.
 */
let server: Server;
let baseUrl: string;
/** Upstream calls by kind, and the checks the batches carried. */
const calls = { session: 0, match: 0, batch: 0, batched: 0 };
const reset = () => Object.assign(calls, { session: 0, match: 0, batch: 0, batched: 0 });
const total = () => calls.session + calls.match + calls.batch;
/** Tokens `t-<operator>-<n>`; `bad-…` are refused. */
const userOf = (token: string) => Number(/^t-(\d+)-/.exec(token)?.[1]);
const sessionOf = (user: number) => ({ user: { id: user, name: `Operator ${user}` }, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
/** Matches 1 to MATCHES exist. */
const MATCHES = 300;

beforeAll(async () => {
  server = createServer((request, response) => {
    const token = (request.headers.authorization ?? '').replace(/^Token /, '');
    const reply = (status: number, body: unknown) =>
      setTimeout(() => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)), 30);
    if (request.url === '/api/1/session') {
      calls.session++;
      if (!userOf(token)) return reply(401, { message: 'Authentication required' });
      return reply(200, sessionOf(userOf(token)));
    }
    if (request.url === '/api/1/live/access' && request.method === 'POST') {
      calls.batch++;
      if (!userOf(token)) return reply(401, { message: 'Authentication required' });
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const { checks } = JSON.parse(body) as { checks: { token: string; match_id?: number }[] };
        calls.batched += checks.length;
        const results = checks.map(({ token: checked, match_id: matchId }) => {
          const user = userOf(checked);
          if (!user) return { status: 401 };
          if (matchId !== undefined && matchId > MATCHES) return { status: 404 };
          return { status: 200, session: sessionOf(user) };
        });
        reply(200, { results });
      });
      return;
    }
    const match = /^\/api\/1\/match\/(\d+)$/.exec(request.url ?? '');
    if (match) {
      calls.match++;
      if (!userOf(token)) return reply(401, { message: 'Authentication required' });
      return Number(match[1]) > MATCHES ? reply(404, { message: 'not found' }) : reply(200, { id: Number(match[1]) });
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
    reset();
    const answers = await Promise.all(tokens.map((token, i) => upstream.matchAccess(token, (i % 2) + 1)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    console.log(`[access-burst] 1,000 watches of 5 operators: ${calls.batched} checks in ${total()} upstream calls`);
    // One check per operator and match.
    expect(calls.batched + calls.match).toBeLessThanOrEqual(10);
    // A match the operator may not see is refused for each of its sessions, still with one check.
    reset();
    const refused = await Promise.all(tokens.slice(0, 5).map((token) => upstream.matchAccess(token, 500)));
    expect(refused.every((answer) => !answer.ok && answer.status === 404)).toBe(true);
    expect(calls.batched + calls.match).toBe(5);
    await upstream.close();
  });

  it('1,000 consoles of 1,000 operators on 300 matches, opened in one second, cost a handful of calls', async () => {
    const upstream = new UpstreamClient(baseUrl);
    reset();
    const tokens = Array.from({ length: 1_000 }, (_, i) => `t-${i + 1}-${i}`);
    // Each console: its socket's handshake (the token), then its watch (the match); all within a second.
    const opened = await Promise.all(
      tokens.map(async (token, i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 1_000));
        if (!(await upstream.checkToken(token))) return false;
        return (await upstream.matchAccess(token, (i % MATCHES) + 1)).ok;
      }),
    );
    expect(opened.every(Boolean)).toBe(true);
    console.log(`[access-burst] 1,000 consoles of 1,000 operators: ${calls.batched} checks in ${total()} upstream calls`);
    // Each console's two checks are asked, in a few dozen calls (gathered for 50 ms in a burst), not 2,000.
    expect(calls.batched + calls.session + calls.match).toBe(2_000);
    expect(total()).toBeLessThanOrEqual(50);
    await upstream.close();
  });

  it('a burst at once costs a handful of calls; a bad token among them is refused alone', async () => {
    const upstream = new UpstreamClient(baseUrl);
    reset();
    const tokens = [...Array.from({ length: 999 }, (_, i) => `t-${2_000 + i}-${i}`), 'bad-token'];
    const sessions = await Promise.all(tokens.map((token) => upstream.checkToken(token)));
    expect(sessions.filter(Boolean)).toHaveLength(999);
    expect(sessions.at(-1)).toBeNull();
    const watches = await Promise.all(tokens.slice(0, 999).map((token, i) => upstream.matchAccess(token, (i % MATCHES) + 1)));
    expect(watches.every((answer) => answer.ok)).toBe(true);
    console.log(`[access-burst] 1,000 consoles at once: ${calls.batched} checks in ${total()} upstream calls`);
    // The first token alone (none known yet), then batches of at most 500.
    expect(total()).toBeLessThanOrEqual(6);
    await upstream.close();
  });

  it('a token the handshake did not check is asked about on its own', async () => {
    const upstream = new UpstreamClient(baseUrl);
    reset();
    expect(await upstream.matchAccess('bad-token', 1)).toEqual({ ok: false, status: 401, error: 'Authentication required' });
    expect(await upstream.matchAccess('t-9-1', 1)).toEqual({ ok: true });
    expect(calls.match).toBe(2);
    await upstream.close();
  });
});
