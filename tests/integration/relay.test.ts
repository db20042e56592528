import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_AUTH_ERROR, type ListReply, type Match } from '@odds/protocol';
import { loginThrough, startStack, type Stack } from '../support/stack';

let stack: Stack;
let token: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack.close();
});

/** Connects a real socket.io client; resolves with the hello payload or rejects with the refusal. */
function connectSocket(auth: Record<string, unknown>): Promise<{ user: { name: string } }> {
  const socket = connect(stack.url, { auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('hello', resolve);
    socket.on('connect_error', reject);
  });
}

describe('relay in front of the upstream', () => {
  it('logs in through the relay', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('lists matches through the relay, with the request id passed on', async () => {
    const response = await fetch(`${stack.url}/api/1/1/1/matches?limit=3`, { headers: { authorization: `Token ${token}`, 'x-request-id': 'trace-me-123' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ListReply<Match>;
    expect(body.total).toBe(144);
    expect(body.results).toHaveLength(3);
    expect(body.results[0]!.league.provider_name).toBe('Nordic Sportsbook');
    // (The relay's health probe may reach the upstream meanwhile: look for the call, not the last hit.)
    expect(stack.upstreamHits).toContainEqual({ method: 'GET', url: '/api/1/1/1/matches?limit=3', requestId: 'trace-me-123' });
  });

  it("passes the upstream's 401 on for a call without a token", async () => {
    const response = await fetch(`${stack.url}/api/1/providers`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Authentication required' });
  });

  it('does not proxy paths outside /api/1/', async () => {
    const before = stack.upstreamHits.length;
    for (const path of ['/api/2/providers', '/api/10/providers', '/api/1x/providers', '/healthz/../api/2/x']) {
      const response = await fetch(`${stack.url}${path}`, { headers: { authorization: `Token ${token}` } });
      expect(response.status, path).toBe(404);
    }
    expect(stack.upstreamHits.slice(before).filter((hit) => /^\/api\/(?:2|10|1x)\//.test(hit.url))).toEqual([]);
  });

  it('serves the client for deep links and reports health', async () => {
    const page = await fetch(`${stack.url}/match/12/thresholds`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const health = (await (await fetch(`${stack.url}/healthz`)).json()) as { relay: string; upstream: { status: string } };
    expect(health).toMatchObject({ relay: 'ok', upstream: { status: 'ok' } });
  });
});

describe('sockets', () => {
  it('are refused without a token', async () => {
    await expect(connectSocket({})).rejects.toThrow(SOCKET_AUTH_ERROR);
  });

  it('are refused with a made-up token', async () => {
    await expect(connectSocket({ token: 'x'.repeat(43) })).rejects.toThrow(SOCKET_AUTH_ERROR);
  });

  it('are accepted with a valid token and greeted with the operator', async () => {
    await expect(connectSocket({ token })).resolves.toEqual({ user: { id: 1, name: 'Demo Operator' } });
  });
});
