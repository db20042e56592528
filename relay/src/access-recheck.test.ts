import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamClient } from './upstream';

/**
 * The token recheck after the change stream (re)connects must not change whose access a token
 * carries while it waits for its answer: a watch checked meanwhile was cached under the token
 * instead of its operator, so the next watch of that match by the operator missed the cache and
 * reached the upstream (refused when the upstream hangs).
 */
let server: Server;
let baseUrl: string;
const calls = { session: 0, match: 0 };
/** Session answers held back while set (a slow upstream), answered by `release`. */
let holdSessions = false;
const held: (() => void)[] = [];
/** Tokens the upstream refuses now (sessions ended), besides those not starting with `t-`. */
const ended = new Set<string>();
/** The match answers refused with this status while set (an upstream in trouble). */
let matchStatus = 200;
const release = () => {
  holdSessions = false;
  for (const answer of held.splice(0)) answer();
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const token = (request.headers.authorization ?? '').replace(/^Token /, '');
    const reply = (res: ServerResponse, status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url === '/api/1/session') {
      calls.session++;
      const answer = () =>
        token.startsWith('t-') && !ended.has(token)
          ? reply(response, 200, { user: { id: 7, name: 'Operator 7' }, expires_at: new Date(Date.now() + 3_600_000).toISOString() })
          : reply(response, 401, { message: 'Authentication required' });
      if (holdSessions) held.push(answer);
      else answer();
      return;
    }
    if (/^\/api\/1\/match\/\d+$/.test(request.url ?? '')) {
      calls.match++;
      return matchStatus === 200 ? reply(response, 200, { id: 1 }) : reply(response, matchStatus, { message: 'unavailable' });
    }
    reply(response, 404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  calls.session = 0;
  calls.match = 0;
  matchStatus = 200;
  release();
});

describe('rechecking open tokens', () => {
  it("a watch checked during the recheck shares its operator's cached access with later watches", async () => {
    const upstream = new UpstreamClient(baseUrl);
    // The handshake of a console's socket, which stays open (tracked).
    expect(await upstream.checkToken('t-a')).not.toBeNull();
    const untrack = upstream.revocations.track('t-a', () => undefined);
    // The change stream connects: the open token is asked about again, slowly.
    holdSessions = true;
    const recheck = upstream.recheckOpenTokens();
    await waitFor(() => held.length === 1);
    // The console's watch arrives meanwhile: one access call.
    expect(await upstream.matchAccess('t-a', 1)).toEqual({ ok: true });
    expect(calls.match).toBe(1);
    release();
    expect(await recheck).toBe(0);
    // The upstream no longer answers match checks: a second console of the operator (another
    // session) joining the match is answered from the operator's cached access.
    matchStatus = 503;
    expect(await upstream.checkToken('t-b')).not.toBeNull();
    expect(await upstream.matchAccess('t-b', 1)).toEqual({ ok: true });
    expect(await upstream.matchAccess('t-a', 1)).toEqual({ ok: true });
    expect(calls.match).toBe(1);
    untrack();
    await upstream.close();
  });

  it("a token the recheck finds refused is closed and forgotten, its operator's access with it", async () => {
    const upstream = new UpstreamClient(baseUrl);
    const token = 't-ended';
    let closedWith: string | null = null;
    expect(await upstream.checkToken(token)).not.toBeNull();
    expect(await upstream.checkToken('t-c')).not.toBeNull();
    expect(await upstream.matchAccess(token, 1)).toEqual({ ok: true });
    // The session ends while the change stream is away (an account locked ends them all).
    ended.add(token);
    const untrack = upstream.revocations.track(token, (reason) => (closedWith = reason));
    expect(await upstream.recheckOpenTokens()).toBe(1);
    expect(closedWith).toBe('logout');
    expect(await upstream.checkToken(token)).toBeNull();
    // The operator's cached access went with the refused session: the operator's next watch, with
    // another session, asks again.
    calls.match = 0;
    expect(await upstream.matchAccess('t-c', 1)).toEqual({ ok: true });
    expect(calls.match).toBe(1);
    untrack();
    await upstream.close();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}
