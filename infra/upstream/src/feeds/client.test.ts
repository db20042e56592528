import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedMessage } from '@odds/protocol';
import { UpstreamCallError, UpstreamClient } from './client';

const FAST = { scheduleMs: [10, 20], deadlineMs: Number.POSITIVE_INFINITY, jitter: 0 };
const MESSAGE: FeedMessage = { type: 'event', source_id: 'ko', sent_at: new Date().toISOString(), kind: 'period_start', period: 1, match_time: 0 };
let server: Server | null = null;

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = null;
});

/** An upstream that answers each ingest call with the next status of `answers` (the last repeats). */
async function upstream(answers: number[]): Promise<{ url: string; calls: () => number }> {
  let calls = 0;
  server = createServer((request, response) => {
    const status = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        status === 200 ? { accepted: 1, duplicates: 0, stale: 0, offers: 0, events: 1, firings: 0, deliveries: 0, suppressions: 0 } : { message: 'nope' },
      ),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, calls: () => calls };
}

describe('the feed tools ride out an upstream that is away', () => {
  it('sends again after 502, 503 and 504 until the upstream takes it, telling each wait', async () => {
    const api = await upstream([503, 502, 504, 200]);
    const client = await UpstreamClient.connect({ url: api.url, token: 't'.repeat(32) });
    const waits: number[] = [];
    const reply = await client.ingest(7, [MESSAGE], { policy: FAST, onRetry: (_error, waitMs) => waits.push(waitMs) });
    expect(reply.events).toBe(1);
    expect(api.calls()).toBe(4);
    expect(waits).toEqual([10, 20, 20]);
  });

  it('sends again when nothing answers at all (an API restarting), then goes on', async () => {
    const api = await upstream([200]);
    const port = new URL(api.url).port;
    await new Promise((resolve) => server!.close(resolve));
    const client = await UpstreamClient.connect({ url: api.url, token: 't'.repeat(32) });
    const errors: (number | null)[] = [];
    const sending = client.ingest(7, [MESSAGE], {
      policy: FAST,
      onRetry: (error) => {
        errors.push(error.status);
        // Back after the second refused connection.
        if (errors.length === 2) server!.listen(Number(port), '127.0.0.1');
      },
    });
    await expect(sending).resolves.toMatchObject({ events: 1 });
    expect(errors.slice(0, 2)).toEqual([null, null]);
  });

  it('throws at once when the messages themselves are refused (a 4xx other than 408 and 429)', async () => {
    const api = await upstream([400]);
    const client = await UpstreamClient.connect({ url: api.url, token: 't'.repeat(32) });
    const refused = client.ingest(7, [MESSAGE], { policy: FAST });
    await expect(refused).rejects.toBeInstanceOf(UpstreamCallError);
    await expect(refused).rejects.toMatchObject({ status: 400, transient: false });
    expect(api.calls()).toBe(1);
  });

  it('stops waiting when the tool is stopped (its abort signal), with the last error', async () => {
    const api = await upstream([503]);
    const client = await UpstreamClient.connect({ url: api.url, token: 't'.repeat(32) });
    const stop = new AbortController();
    const sending = client.ingest(7, [MESSAGE], { policy: { ...FAST, scheduleMs: [60_000] }, signal: stop.signal, onRetry: () => stop.abort() });
    await expect(sending).rejects.toMatchObject({ status: 503 });
  });

  it('reads again after a gateway timeout (a busy or restarting API), but not after a refusal', async () => {
    const busy = await upstream([504, 200]);
    const client = await UpstreamClient.connect({ url: busy.url, token: 't'.repeat(32) });
    await expect(client.match(7)).resolves.toBeTruthy();
    expect(busy.calls()).toBe(2);
    await new Promise((resolve) => server!.close(resolve));
    const missing = await upstream([404]);
    const refused = (await UpstreamClient.connect({ url: missing.url, token: 't'.repeat(32) })).match(7);
    await expect(refused).rejects.toMatchObject({ status: 404, transient: false });
    expect(missing.calls()).toBe(1);
  });

  it('signs in again after a gateway timeout, but not after refused credentials', async () => {
    const busy = await upstream([504, 200]);
    await UpstreamClient.connect({ url: busy.url, email: 'a@example.com', password: 'p' });
    expect(busy.calls()).toBe(2);
    await new Promise((resolve) => server!.close(resolve));
    const refusing = await upstream([400]);
    await expect(UpstreamClient.connect({ url: refusing.url, email: 'a@example.com', password: 'p' })).rejects.toMatchObject({ status: 400 });
    expect(refusing.calls()).toBe(1);
  });
});
