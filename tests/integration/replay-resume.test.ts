import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUpstream,
  FEEDS_DIR,
  readFeedFile,
  type RecordedFeed,
  replayLoop,
  resolveMatch,
  type TestUpstream,
  UpstreamClient,
} from '@odds/upstream/testing';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy';

/**
 * The demo's looping replay (what `npm start` runs) through a TCP proxy to a real upstream: a
 * failed call, or a replay started again mid-pass, carries the pass on where it was; the match's
 * feed is not cleared and started over (it went from 20 rows to 3).
 */
let upstream: TestUpstream;
let proxy: TcpProxy;
let client: UpstreamClient;
let token: string;
let matchId: number;
let feed: RecordedFeed;
const OFFERS = 40;

beforeAll(async () => {
  upstream = await createTestUpstream();
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await tcpProxy('127.0.0.1', (upstream.app.server.address() as AddressInfo).port);
  token = await upstream.login();
  client = await UpstreamClient.connect({ url: `http://127.0.0.1:${proxy.port}`, token });
  // The demo recording's first offers, one every 500 ms: a pass of 20 s at speed 1 (long enough
  // for a cut and a resume on a busy machine).
  const demo = readFeedFile(new URL('netherlands-usa-2022-round-of-16.jsonl', FEEDS_DIR));
  const offers = demo.messages.filter((m) => m.type === 'offer').slice(0, OFFERS);
  feed = { header: demo.header, messages: offers.map((m, i) => ({ ...m, offset_ms: i * 500 })) };
  matchId = (await resolveMatch(client, feed.header, { league: 'World Cup Classics' })).id;
});
afterAll(async () => {
  await upstream?.app.close();
  await proxy?.close();
  await upstream?.database.close();
});

/** The match's stored feed rows, read beside the proxy. */
const rows = async () =>
  (await upstream.app.inject({ method: 'GET', url: `/api/1/match/${matchId}/feed?limit=1`, headers: { authorization: `Token ${token}` } })).json<{
    total: number;
  }>().total;

/** Runs a loop, sampling the row count every 50 ms, until its first pass is done (the loop stops before clearing for a second). */
function run() {
  const controller = new AbortController();
  const log: string[] = [];
  const samples: number[] = [];
  const sampler = setInterval(
    () =>
      void rows().then(
        (n) => samples.push(n),
        () => {},
      ),
    50,
  );
  const done = replayLoop({
    client,
    matchId,
    feed,
    speed: 1,
    signal: controller.signal,
    log: (line) => {
      log.push(line);
      if (line.startsWith('pass 1 done')) controller.abort();
    },
    retryMs: 200,
  }).finally(() => clearInterval(sampler));
  return { log, samples, done, stop: () => controller.abort() };
}
const neverDrops = (samples: number[]) => samples.every((n, i) => i === 0 || n >= samples[i - 1]!);

describe('a looping replay that fails a call', () => {
  it('resumes the pass after the upstream was unreachable, keeping every row, each once', async () => {
    const { log, samples, done } = run();
    await expect.poll(rows, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(5);
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 800));
    proxy.restore();
    await done;
    expect(log[0]).toMatch(/^pass 1: cleared match/);
    // The ingest call itself waits out the cut (feeds/client.ts) and the pass goes on where it was;
    // a call that gives up instead (a read of where the pass was) is resumed by the loop.
    expect(
      log.some(
        (line) => /^pass 1: (POST .* no answer|.* 50[234] ).*; sending again in \d+\.\d s$/.test(line) || /^pass 1: resuming at message \d+ of 40$/.test(line),
      ),
    ).toBe(true);
    expect(log.filter((line) => line.includes('cleared'))).toHaveLength(1);
    expect(neverDrops(samples)).toBe(true);
    expect(await rows()).toBe(OFFERS);
  }, 120_000);

  it('a replay started again mid-pass (the process restarted) carries on instead of clearing', async () => {
    const a = run();
    await expect.poll(() => a.log.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(a.log[0]).toMatch(/cleared/);
    await expect.poll(rows, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(5);
    a.stop();
    await a.done;
    const before = await rows();
    const b = run();
    await b.done;
    expect(b.log[0]).toMatch(/^pass 1: resuming at message \d+ of 40$/);
    expect(Math.min(...b.samples)).toBeGreaterThanOrEqual(before);
    expect(await rows()).toBe(OFFERS);
  }, 120_000);
});
