import { connect as netConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connectIo } from 'socket.io-client';
import WebSocket from 'ws';
import { LIVE_WS_PATH, liveRefusals, routes, SOCKET_AUTH_ERROR, type SocketRefusal } from '@odds/protocol';
import { connectLive, PlainLiveClient, startRelay, type LiveSocket, type RunningRelay } from '../support/live-client';
import { DEFAULT_ADMISSION } from '@odds/relay/testing';
import { loginThrough, startStack, type Stack } from '../support/stack';

/**
 * What a live connection may cost the relay and the upstream: refused tokens are remembered, a
 * client address has a handshake rate and a cap of open connections, so has a token; absurd
 * tokens are refused without asking; `Connection: close` is honoured.
 */
let stack: Stack;
let token: string;
const relays: RunningRelay[] = [];
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const relay of relays) await relay.close();
  await stack?.close();
});

// The relay checks tokens with fetch, in this process: every call to the session route is counted
// (the upstream's own hooks cannot count them: its auth answers 401 before a later hook runs).
let checks = 0;
const realFetch = globalThis.fetch;
vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
  if (String(input instanceof Request ? input.url : input).endsWith(routes.session.path)) checks += 1;
  return realFetch(input, init);
});
const sessionChecks = () => checks;

/** A handshake's outcome: connected, or the refusal's message and data. */
function handshake(url: string, auth: string): Promise<{ ok: true; socket: LiveSocket } | { ok: false; message: string; data?: SocketRefusal }> {
  const socket: LiveSocket = connectIo(url, { auth: { token: auth }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve) => {
    socket.once('hello', () => {
      sockets.push(socket);
      resolve({ ok: true, socket });
    });
    socket.once('connect_error', (error: Error & { data?: SocketRefusal }) => {
      socket.close();
      resolve({ ok: false, message: error.message, data: error.data });
    });
  });
}

async function relayWith(admission: { maxPerAddress?: number; maxPerToken?: number; handshakesPerSecond?: number }): Promise<RunningRelay> {
  const relay = await startRelay(stack.upstreamUrl, { admission: { maxPerAddress: 500, maxPerToken: 50, handshakesPerSecond: 1000, ...admission } });
  relays.push(relay);
  return relay;
}

describe('refused tokens', () => {
  it('a bogus token costs the upstream one check however often it is tried (one per attempt before)', async () => {
    const before = sessionChecks();
    const bogus = 'b'.repeat(43);
    for (let i = 0; i < 20; i++) {
      const result = await handshake(stack.url, bogus);
      expect(result).toMatchObject({ ok: false, message: SOCKET_AUTH_ERROR, data: { reason: 'auth', retryable: false } });
    }
    for (let i = 0; i < 5; i++) {
      const client = await PlainLiveClient.open(stack.url, bogus);
      expect(await client.closed).toMatchObject({ code: 4401 });
    }
    expect(sessionChecks() - before).toBe(1);
  });

  it('a token over 16 KB is refused as invalid without asking the upstream ("back-office unreachable" before)', async () => {
    const before = sessionChecks();
    const huge = 'x'.repeat(17 * 1024);
    expect(await handshake(stack.url, huge)).toMatchObject({ ok: false, message: SOCKET_AUTH_ERROR, data: { reason: 'auth', retryable: false } });
    const client = await PlainLiveClient.open(stack.url);
    client.send('auth', { token: huge });
    expect(await client.next((message) => message.event === 'error' || message.event === 'ack')).toMatchObject({
      data: { ok: false, error: 'Invalid auth message: data does not match its schema' },
    });
    client.close();
    expect(sessionChecks() - before).toBe(0);
  });
});

describe('handshake rate per address', () => {
  it('refuses handshakes over the rate as passing ("busy", retryable) before any upstream check', async () => {
    const relay = await relayWith({ handshakesPerSecond: 1 });
    const before = sessionChecks();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => handshake(relay.url, `bogus-${i}-${'z'.repeat(30)}`)));
    const busy = results.filter((result) => !result.ok && result.data?.reason === 'busy');
    // A burst of five seconds' worth (5) gets through to be checked, plus what refills while they
    // run (a few more on a slow machine); the rest are refused without asking the upstream.
    expect(busy.length).toBeGreaterThanOrEqual(10);
    expect(busy[0]).toMatchObject({ message: liveRefusals.handshakeRate, data: { retryable: true } });
    expect(sessionChecks() - before).toBe(30 - busy.length);

    // /live: refused before the upgrade, with the same words (tried until the bucket is empty again:
    // it refilled while the handshakes above ran).
    let refused: { status: number; body: string } | null = null;
    for (let i = 0; i < 20 && !refused; i++) refused = await liveUpgrade(relay.url);
    expect(refused?.status).toBe(429);
    expect(JSON.parse(refused!.body)).toMatchObject({ message: liveRefusals.handshakeRate });
  });
});

/** Opens `/live` without a token: null when it opened (closed again at once), else the HTTP refusal. */
function liveUpgrade(url: string): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${LIVE_WS_PATH}`);
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('open', () => {
      ws.close();
      resolve(null);
    });
    ws.once('error', () => undefined);
  });
}

describe('caps of open connections', () => {
  it('per token and per address, socket.io and /live together, with a clear refusal; a closed one frees its place (12,000 accepted before)', async () => {
    const relay = await relayWith({ maxPerToken: 2, maxPerAddress: 3 });
    const other = await loginThrough(stack.url);

    const first = await handshake(relay.url, token);
    const second = await PlainLiveClient.open(relay.url, token);
    await second.next((message) => message.event === 'hello');
    expect(first.ok).toBe(true);
    expect(await handshake(relay.url, token)).toEqual({ ok: false, message: liveRefusals.tooManyForToken(2), data: { reason: 'busy', retryable: true } });
    const overToken = await PlainLiveClient.open(relay.url, token);
    expect(await overToken.closed).toEqual({ code: 1013, reason: 'Too many live connections' });
    expect(overToken.messages).toContainEqual({ event: 'error', data: { message: liveRefusals.tooManyForToken(2) } });

    // Another sign-in from the same address: one more place, then the address is full.
    expect((await handshake(relay.url, other)).ok).toBe(true);
    expect(await handshake(relay.url, other)).toEqual({ ok: false, message: liveRefusals.tooManyForAddress(3), data: { reason: 'busy', retryable: true } });

    // Closing one gives its place back.
    second.close();
    await second.closed;
    await expect.poll(() => relay.relay.hub.stats().connections).toBe(2);
    expect((await handshake(relay.url, other)).ok).toBe(true);
  });

  it('the defaults admit a console with several tabs', async () => {
    const relay = await relayWith(DEFAULT_ADMISSION);
    const opened = await Promise.all(Array.from({ length: 5 }, () => connectLive(relay.url, token)));
    sockets.push(...opened);
    expect(opened.every((socket) => socket.connected)).toBe(true);
  });
});

describe('Connection: close', () => {
  /** A raw HTTP/1.1 request; resolves with the reply's head and whether the relay closed the connection within 2 s. */
  const raw = (path: string, base = stack.url) =>
    new Promise<{ head: string; closed: boolean }>((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const socket = netConnect(Number(port), hostname);
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ head: text.split('\r\n\r\n')[0]!, closed: false });
      }, 2_000);
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => {
        clearTimeout(timer);
        socket.destroy();
        resolve({ head: text.split('\r\n\r\n')[0]!, closed: true });
      });
      socket.on('error', reject);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Token ${token}\r\nConnection: close\r\n\r\n`);
    });

  it.each(['/api/1/1/1/matches?limit=1', '/api/1/session', '/healthz'])('is honoured on %s (a proxied reply kept the socket open before)', async (path) => {
    const { head, closed } = await raw(path);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.toLowerCase()).toMatch(/\r\nconnection: close/);
    expect(closed).toBe(true);
  });

  it('is honoured by the upstream too', async () => {
    const { head, closed } = await raw('/api/1/session', stack.upstreamUrl);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(closed).toBe(true);
  });
});

describe('prototype-pollution bodies', () => {
  it('are refused through the relay saying what was wrong (not "not valid JSON")', async () => {
    const response = await fetch(`${stack.url}/api/1/contacts`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: '{"name":"x","__proto__":{"admin":true}}',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The request body may not contain the key "__proto__" (it could change how objects behave on the server).',
    );
  });
});
