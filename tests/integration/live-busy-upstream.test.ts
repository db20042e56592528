/**
 * A busy upstream is not a down one: while the upstream answers its health probe, a socket whose
 * token check fails, or a watch whose access check fails (a storm of consoles opening, matches loading: the check times out or is
 * answered 503) is asked again until it passes, not refused; once the probe says the upstream is
 * down, a watch is refused at once as retryable. A relay in front of a real upstream (PGlite) whose
 * access checks and health answers the test controls.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { connectLive, LiveView, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';

let upstream: TestUpstream;
let relay: RunningRelay;
let socket: LiveSocket;
let matchIds: number[];
/** Access checks to answer 503 before letting them through; and whether /healthz fails. */
let busyChecks = 0;
let checksRefused = 0;
let healthDown = false;
/** Session checks (a socket's handshake) to answer 503 before letting them through. */
let busySessions = 0;

beforeAll(async () => {
  upstream = await createTestUpstream();
  upstream.app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/healthz' && healthDown) return reply.status(503).send({ status: 'down' });
    if (path === routes.session.path && busySessions > 0) {
      busySessions -= 1;
      return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'busy' });
    }
    const check = path === routes.accessBatch.path || /^\/api\/1\/match\/\d+$/.test(path);
    if (check && busyChecks > 0) {
      busyChecks -= 1;
      checksRefused += 1;
      return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'busy' });
    }
  });
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  const token = await upstream.login();
  const listed = await fetch(`${url}/api/1/1/1/matches?limit=4`, { headers: { authorization: `Token ${token}` } });
  matchIds = ((await listed.json()) as { results: { id: number }[] }).results.map((match) => match.id);
  relay = await startRelay(url, { changeStream: true });
  socket = await connectLive(relay.url, await upstream.login());
}, 60_000);

afterAll(async () => {
  socket?.close();
  await relay?.close();
  await upstream?.close();
});

describe('a busy upstream', () => {
  it('admits a watch whose access checks fail while the upstream answers its probe', async () => {
    busyChecks = 3;
    const started = Date.now();
    expect(await new LiveView(socket, matchIds[0]!).watch()).toEqual({ ok: true });
    expect(checksRefused).toBe(3);
    // Asked again after 250, 500 and 1,000 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_700);
  });

  it('admits a socket whose token check fails while the upstream answers its probe', async () => {
    busySessions = 2;
    const another = await connectLive(relay.url, await upstream.login());
    expect(busySessions).toBe(0);
    expect(await new LiveView(another, matchIds[2]!).watch()).toEqual({ ok: true });
    another.close();
  });

  it('refuses a watch at once, as retryable, when the probe says the upstream is down', async () => {
    healthDown = true;
    await until(async () => (await (await fetch(`${relay.url}/healthz`)).text()).includes('"status":"down"'), 'the probe to say down', 10_000);
    busyChecks = 1_000;
    const ack = await new LiveView(socket, matchIds[1]!).watch();
    expect(ack).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/cannot be reached/) });
    healthDown = false;
    busyChecks = 0;
  });
});
