import { request as httpRequest } from 'node:http';
import { createServer, type Server, type Socket as NetSocket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelay, type Relay } from '@odds/relay';
import { UPSTREAM_DOWN_MESSAGE } from '@odds/relay/testing';
import { connectLive, PlainLiveClient } from '../support/live-client';
import { DEMO, loginThrough, startStack, type Stack } from '../support/stack';

const clientDir = fileURLToPath(new URL('../../client/dist', import.meta.url));
let stack: Stack;
let token: string;
const extra: Relay[] = [];

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
});
afterAll(async () => {
  for (const relay of extra) await relay.app.close();
  await stack.close();
});

async function relayFor(upstreamUrl: string, options: Parameters<typeof buildRelay>[0]['proxy'] = {}, trustProxy = false): Promise<string> {
  const relay = await buildRelay({ upstreamUrl, clientDir, proxy: options, trustProxy });
  extra.push(relay);
  await relay.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}`;
}

/** A raw request: declared length or chunked, optional Expect: 100-continue; resolves with status and body. */
function send(
  url: string,
  {
    method = 'POST',
    path,
    body,
    chunked = false,
    expectContinue = false,
    headers = {},
  }: {
    method?: string;
    path: string;
    body?: Buffer;
    chunked?: boolean;
    expectContinue?: boolean;
    headers?: Record<string, string>;
  },
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Token ${token}`,
          ...headers,
          ...(body && !chunked && { 'content-length': String(body.length) }),
          ...(expectContinue && { expect: '100-continue' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString(), headers: res.headers }));
        res.on('error', reject);
      },
    );
    // The relay may answer (413) and close before the whole body is written: that is the point.
    req.on('error', (error: NodeJS.ErrnoException) => (['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? undefined : reject(error)));
    const write = () => {
      if (!body) return req.end();
      if (!chunked) return req.end(body);
      for (let offset = 0; offset < body.length; offset += 64 * 1024) req.write(body.subarray(offset, offset + 64 * 1024));
      req.end();
    };
    if (expectContinue) req.on('continue', write);
    else write();
  });
}

describe('the relay holds its ground', () => {
  it('answers 413 itself to big bodies in parallel, while small requests are still answered', async () => {
    const big = Buffer.from(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    const bigOnes = Array.from({ length: 6 }, (_, i) => send(stack.url, { path: '/api/1/teams', body: big, chunked: i % 2 === 1 }));
    const started = performance.now();
    const small = await Promise.all(Array.from({ length: 10 }, () => fetch(`${stack.url}/api/1/session`, { headers: { authorization: `Token ${token}` } })));
    const smallMs = performance.now() - started;
    expect(small.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const reply of await Promise.all(bigOnes)) {
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body)).toMatchObject({ statusCode: 413, message: 'The request is too large: at most 1 MB may be sent here.' });
    }
    // Not a timing assertion on speed, only that nothing waited for a timeout.
    expect(smallMs).toBeLessThan(5_000);
    expect(stack.upstreamHits.some((hit) => hit.url === '/api/1/teams')).toBe(false);
  });

  it('lets an upload route take a bigger body than the ordinary limit', async () => {
    // A well-formed form whose 1.5 MB file is no image: past the relay, the upstream refuses it.
    const body = Buffer.concat([
      Buffer.from('--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      Buffer.alloc(1_500_000, 'a'),
      Buffer.from('\r\n--xyz--\r\n'),
    ]);
    const reply = await send(stack.url, { path: '/api/1/content', body, headers: { 'content-type': 'multipart/form-data; boundary=xyz' } });
    expect(reply.status, reply.body).toBe(400);
    expect(stack.upstreamHits.at(-1)?.url).toBe('/api/1/content');
  });

  it('handles Expect: 100-continue', async () => {
    const reply = await send(stack.url, {
      path: '/api/1/authenticate',
      body: Buffer.from(JSON.stringify(DEMO)),
      expectContinue: true,
      headers: { authorization: '' },
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ success: true });
  });

  it('answers 503 with a plain message when the upstream cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const url = await relayFor(`http://127.0.0.1:${port}`);
    for (const [method, path] of [
      ['GET', '/api/1/providers'],
      ['POST', '/api/1/authenticate'],
    ] as const) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        ...(method === 'POST' && { body: JSON.stringify(DEMO) }),
      });
      const text = await response.text();
      expect(response.status, path).toBe(503);
      expect(JSON.parse(text)).toMatchObject({ statusCode: 503, message: UPSTREAM_DOWN_MESSAGE });
      expect(text).not.toContain(String(port));
    }
    const health = await (await fetch(`${url}/healthz`)).text();
    expect(health).toContain('"status":"down"');
    expect(health).not.toContain(String(port));
    expect(health).not.toContain('127.0.0.1');
  });

  it('answers 504 within its timeout when the upstream accepts and never answers', async () => {
    const sockets: NetSocket[] = [];
    const hung: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const url = await relayFor(`http://127.0.0.1:${(hung.address() as AddressInfo).port}`, { timeoutMs: 400 });
      const started = performance.now();
      const response = await fetch(`${url}/api/1/providers`, { headers: { authorization: `Token ${token}` } });
      const elapsed = performance.now() - started;
      expect(response.status).toBe(504);
      expect(await response.json()).toMatchObject({ statusCode: 504, message: UPSTREAM_DOWN_MESSAGE });
      expect(elapsed).toBeGreaterThanOrEqual(350);
      expect(elapsed).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});

describe('security headers', () => {
  const expectHeaders = (headers: Headers, what: string) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp, what).toContain("frame-ancestors 'self'");
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
    expect(headers.get('strict-transport-security'), what).toBeNull();
  };

  it('are on HTML, assets, API replies and errors', async () => {
    const page = await fetch(`${stack.url}/`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    expectHeaders(page.headers, 'page');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    expectHeaders((await fetch(`${stack.url}${asset}`)).headers, 'asset');
    expectHeaders((await fetch(`${stack.url}/api/1/providers`, { headers: { authorization: `Token ${token}` } })).headers, 'api 200');
    expectHeaders((await fetch(`${stack.url}/api/1/providers`)).headers, 'api 401');
    expectHeaders((await fetch(`${stack.url}/healthz`)).headers, 'health');
  });

  it('add HSTS only for requests that came over https through a trusted proxy', async () => {
    const url = await relayFor(stack.upstreamUrl, {}, true);
    const secure = await fetch(`${url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect((await fetch(`${url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
    // Not trusted: the header says nothing.
    expect((await fetch(`${stack.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });

  it('/healthz shows no internal address and /metrics scrapes change nothing', async () => {
    const health = await (await fetch(`${stack.url}/healthz`)).text();
    expect(health).not.toContain(stack.upstreamUrl);
    const loopMax = async () => Number(/^nodejs_eventloop_delay_max_seconds (\S+)$/m.exec(await (await fetch(`${stack.url}/metrics`)).text())?.[1]);
    const first = await loopMax();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await loopMax()).toBeGreaterThanOrEqual(first);
  });
});

describe('sessions', () => {
  it('throttles failed logins per account with 429, Retry-After and a message', async () => {
    const attempt = () =>
      fetch(`${stack.url}/api/1/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'intruder-target@example.com', password: 'guess' }),
      });
    const replies = await Promise.all(Array.from({ length: 12 }, attempt));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const refused = replies.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/),
    });
    // Another account from the same address still gets in.
    expect(await loginThrough(stack.url)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  for (const via of ['the relay', 'the upstream directly'] as const) {
    it(`logout through ${via} closes the session's open socket and /live connection within 1 s`, async () => {
      const session = await loginThrough(stack.url);
      const socket = await connectLive(stack.url, session);
      const live = await PlainLiveClient.open(stack.url, session);
      await live.next((m) => m.event === 'hello');
      // The change stream is held while connections are open: wait until it is there.
      const started = Date.now();
      while (
        !((await (await fetch(`${stack.url}/healthz`)).json()) as { live: { change_stream: boolean } }).live.change_stream &&
        Date.now() - started < 10_000
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const socketGone = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(performance.now())));
      const liveGone = live.closed.then((close) => ({ ...close, at: performance.now() }));
      const loggedOutAt = performance.now();
      const base = via === 'the relay' ? stack.url : stack.upstreamUrl;
      expect((await fetch(`${base}/api/1/logout`, { method: 'POST', headers: { authorization: `Token ${session}` } })).status).toBe(200);
      const [socketAt, liveClose] = await Promise.all([socketGone, liveGone]);
      expect(socketAt - loggedOutAt).toBeLessThan(1_000);
      expect(liveClose.at - loggedOutAt).toBeLessThan(1_000);
      expect(liveClose.code).toBe(4401);
      // And the old token is not admitted again (no cached session).
      await expect(connectLive(stack.url, session)).rejects.toThrow();
    });
  }
});
