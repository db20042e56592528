import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { SOCKET_AUTH_ERROR, type LiveAck, type SocketRefusal, type StatusPayload } from '@odds/protocol';
import { UPSTREAM_UNREACHABLE, WRITE_TIMEOUT_MESSAGE } from '@odds/relay/testing';
import { HangProxy } from '../support/hang-proxy';
import { startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';
import { startStack, type Stack } from '../support/stack';

/**
 * The upstream hangs (a SIGSTOP, a stuck deploy) behind a relay that has never seen the token: what
 * the relay answers, and that everything it refused for the hang succeeds once the upstream is back.
 */
let stack: Stack;
let hang: HangProxy;
let relay: RunningRelay;
let token: string;
let matchIds: number[];
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  stack = await startStack();
  token = await stack.upstream.login();
  const response = await fetch(`${stack.upstreamUrl}/api/1/1/1/matches?limit=3`, { headers: { authorization: `Token ${token}` } });
  matchIds = ((await response.json()) as { results: { id: number }[] }).results.map((match) => match.id);
  hang = await HangProxy.start(stack.upstreamUrl);
  relay = await startRelay(hang.url, { changeStream: false });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  hang?.resume();
  await relay?.close();
  await hang?.close();
  await stack?.close();
});

const open = (auth: { token: string }): LiveSocket => {
  const socket: LiveSocket = connect(relay.url, { auth, transports: ['websocket'], reconnection: false, forceNew: true, autoConnect: false });
  sockets.push(socket);
  return socket;
};
/** Connects; resolves with the refusal (message and data) or null once the relay said hello. */
const handshake = (socket: LiveSocket) =>
  new Promise<{ message: string; data?: SocketRefusal } | null>((resolve) => {
    socket.once('hello', () => resolve(null));
    socket.once('connect_error', (error: Error & { data?: SocketRefusal }) => resolve({ message: error.message, data: error.data }));
    socket.connect();
  });

describe('refusals during an upstream hang say they are passing, and pass', () => {
  it('a handshake refused for the hang is retryable, and succeeds once the upstream answers', async () => {
    hang.hang();
    const socket = open({ token });
    const refused = await handshake(socket);
    expect(refused).toEqual({ message: UPSTREAM_UNREACHABLE, data: { reason: 'unavailable', retryable: true } });
    expect(socket.active).toBe(false);
    hang.resume();
    // What the console does on a retryable refusal (socket.io itself does not retry it): connect again.
    expect(await handshake(socket)).toBeNull();
  }, 30_000);

  it('a refused token is final (auth), whatever the upstream does', async () => {
    const refused = await handshake(open({ token: 'x'.repeat(40) }));
    expect(refused).toEqual({ message: SOCKET_AUTH_ERROR, data: { reason: 'auth', retryable: false } });
  });

  it('a watch refused because the access check timed out is retryable, and a retry after the hang succeeds', async () => {
    const socket = open({ token });
    expect(await handshake(socket)).toBeNull();
    hang.hang();
    const refused: LiveAck = await socket.timeout(20_000).emitWithAck('watch', { matchId: matchIds[1]! });
    expect(refused).toMatchObject({ ok: false, retryable: true });
    hang.resume();
    expect(await socket.timeout(20_000).emitWithAck('watch', { matchId: matchIds[1]! })).toEqual({ ok: true });
  }, 40_000);
});

describe('a write sent during the hang is applied once', () => {
  it('504 says it may have been saved; the retry with the same Idempotency-Key after the hang creates no second contact', async () => {
    const name = `Hang test ${Date.now()}`;
    const create = (key: string) =>
      fetch(`${relay.url}/api/1/contact`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ name, device_id: 'hang-device' }),
        signal: AbortSignal.timeout(30_000),
      });
    const count = async () => {
      const reply = await fetch(`${stack.upstreamUrl}/api/1/contacts?limit=1000`, { headers: { authorization: `Token ${token}` } });
      return ((await reply.json()) as { items: { name: string }[] }).items.filter((c) => c.name === name).length;
    };
    hang.hang();
    const timedOut = await create('save-attempt-1');
    expect(timedOut.status).toBe(504);
    expect(await timedOut.json()).toMatchObject({ message: WRITE_TIMEOUT_MESSAGE });
    hang.resume();
    // The held request reaches the upstream now and commits (what made the duplicate before).
    await until(async () => (await count()) === 1, 'the held write to commit', 10_000);
    const retried = await create('save-attempt-1');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotency-replayed')).toBe('true');
    expect(await count()).toBe(1);
    // A new save attempt (a new key) is a new contact.
    expect((await create('save-attempt-2')).status).toBe(200);
    expect(await count()).toBe(2);
  }, 40_000);
});

describe('a hung upstream is noticed without traffic', () => {
  it('watchers are told "down" without any traffic, /healthz answers during the hang, and "ok" follows the return', async () => {
    const socket = open({ token });
    expect(await handshake(socket)).toBeNull();
    const statuses: StatusPayload[] = [];
    socket.on('status', (status) => statuses.push(status));
    expect(await socket.timeout(20_000).emitWithAck('watch', { matchId: matchIds[2]! })).toEqual({ ok: true });
    await until(() => statuses.some((s) => s.upstream === 'ok'), 'the first status', 10_000);
    const hungAt = Date.now();
    hang.hang();
    // Timings are printed, not asserted (a busy machine): the probe's budget is about 2 probes and a second.
    await until(() => statuses.at(-1)?.upstream === 'down', 'a down status', 15_000);
    const downAfterMs = Date.now() - hungAt;
    const started = performance.now();
    const health = (await (await fetch(`${relay.url}/healthz`, { signal: AbortSignal.timeout(5_000) })).json()) as { upstream: { status: string } };
    console.log(`[upstream-hang] down pushed ${downAfterMs} ms after the hang began; /healthz answered in ${Math.round(performance.now() - started)} ms`);
    expect(health.upstream.status).toBe('down');
    hang.resume();
    await until(() => statuses.at(-1)?.upstream === 'ok', 'an ok status after the return', 10_000);
  }, 40_000);
});
