import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildRelay, type Relay } from '@odds/relay';
import { MANY_CLIENTS_ADMISSION } from './admission';
import { createTestUpstream, DEMO, type TestUpstream, type TestUpstreamOptions } from '@odds/upstream/testing';

export { DEMO };

export interface Stack {
  /** The relay's address, e.g. http://127.0.0.1:40123: what a browser opens. */
  url: string;
  upstreamUrl: string;
  upstream: TestUpstream;
  relay: Relay;
  /** Requests the upstream has received, health checks aside (to prove what the relay forwards, and with which request id). */
  upstreamHits: { method: string; url: string; requestId: string | undefined }[];
  close(): Promise<void>;
}

const clientDir = fileURLToPath(new URL('../../client/dist', import.meta.url));

/** The real stack on ephemeral loopback ports: upstream on in-memory PGlite, relay in front of it. */
export async function startStack(options: TestUpstreamOptions = {}, relayPort = 0): Promise<Stack> {
  const upstream = await createTestUpstream(options);
  const upstreamHits: Stack['upstreamHits'] = [];
  upstream.app.addHook('onRequest', async (request) => {
    // The relay's health probe asks /healthz every second whatever the traffic: not a forwarded call.
    if (request.url === '/healthz' || request.url === '/readyz') return;
    // Nor are the safety check's in-process reads of the match tables (light-my-request).
    if (request.headers['user-agent'] === 'lightMyRequest') return;
    upstreamHits.push({ method: request.method, url: request.url, requestId: request.headers['x-request-id'] as string | undefined });
  });
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  const upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  const relay = await buildRelay({ upstreamUrl, clientDir, live: { admission: MANY_CLIENTS_ADMISSION } });
  // A port chosen beforehand when the console's address must be known first (an identity provider's redirect URI).
  await relay.app.listen({ port: relayPort, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}`;
  return {
    url,
    upstreamUrl,
    upstream,
    relay,
    upstreamHits,
    async close() {
      await relay.app.close();
      await upstream.close();
    },
  };
}

/** Logs the demo operator in through the relay and returns the token. */
export async function loginThrough(url: string, credentials: { email: string; password: string } = DEMO): Promise<string> {
  const response = await fetch(`${url}/api/1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
