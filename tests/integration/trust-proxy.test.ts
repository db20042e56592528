import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelay } from '@odds/relay';
import { trustProxyOption } from '@odds/relay/testing';

/**
 * TRUST_PROXY in each documented form, against a client that writes its own X-Forwarded-For: the
 * address the relay passes on (what the login throttle counts) and whether HSTS is sent.
 */
let upstream: Server;
let upstreamUrl: string;
const seen: IncomingMessage['headers'][] = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    seen.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.end('{}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise((resolve) => upstream.close(resolve)));

/** One call through a relay with TRUST_PROXY=`setting`, as a TLS proxy at 127.0.0.1 forwards it: the client wrote `spoofed`, the proxy appended the client's real address. */
async function through(setting: string): Promise<{ forwardedFor: string | undefined; hsts: boolean }> {
  const relay = await buildRelay({
    upstreamUrl,
    clientDir: fileURLToPath(new URL('../../client/dist', import.meta.url)),
    trustProxy: trustProxyOption(setting),
    live: { changeStream: false },
  });
  try {
    const reply = await relay.app.inject({
      method: 'GET',
      url: '/api/1/providers',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    return { forwardedFor: seen.at(-1)?.['x-forwarded-for'] as string | undefined, hsts: Boolean(reply.headers['strict-transport-security']) };
  } finally {
    await relay.app.close();
  }
}

describe('TRUST_PROXY', () => {
  it('a hop count trusts that many proxies: the client is the address the proxy appended, the spoofed one is ignored, HSTS is sent (ignored before)', async () => {
    expect(await through('1')).toEqual({ forwardedFor: '203.0.113.9', hsts: true });
  });

  it('two hops: the address left of the last proxy entry', async () => {
    expect(await through('2')).toEqual({ forwardedFor: '6.6.6.6', hsts: true });
  });

  it.each(['127.0.0.1', '127.0.0.0/8', '10.0.0.0/8, 127.0.0.1'])('addresses or CIDRs (%s): the first untrusted address from the right', async (setting) => {
    expect(await through(setting)).toEqual({ forwardedFor: '203.0.113.9', hsts: true });
  });

  it('true trusts every entry: the leftmost (client-written) address wins, so only for a proxy that overwrites X-Forwarded-For', async () => {
    expect(await through('true')).toEqual({ forwardedFor: '6.6.6.6', hsts: true });
  });

  it('unset: the socket peer, no HSTS', async () => {
    expect(await through('')).toEqual({ forwardedFor: '127.0.0.1', hsts: false });
  });
});
