/**
 * The cross-match read respects the match leases of relays on Redis: two relays watch the same
 * matches (each watched first on one of them, so each leads half), each polls only the matches whose lease it holds, and a burst of notices makes each
 * relay name only its own matches in its one cross-match read, every match named exactly once,
 * with no per-match read of feed or offers, and the consoles on both relays get every offer.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { connectLive, FeedWriter, LiveView, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';
import { acquireRedis, testPrefix } from '../support/redis';

const N = 6;
const redis = await acquireRedis();
if ('skip' in redis) console.warn(`[live-cross-match Redis suite skipped] ${redis.skip}`);

describe.skipIf('skip' in redis)('the cross-match read on relays sharing Redis', () => {
  let upstream: TestUpstream;
  const relays: RunningRelay[] = [];
  const sockets: LiveSocket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const relay of relays) await relay.close();
    await upstream?.close();
    if (!('skip' in redis)) await redis.release();
  });

  it('each relay names only the matches it holds the lease of, each match once', { timeout: 90_000 }, async () => {
    if ('skip' in redis) return;
    upstream = await createTestUpstream();
    const hits: { path: string; after: string | null; token: string }[] = [];
    upstream.app.addHook('onRequest', async (request) => {
      const url = new URL(request.url, 'http://x');
      hits.push({ path: url.pathname, after: url.searchParams.get('after'), token: String(request.headers.authorization ?? '').replace(/^Token /, '') });
    });
    const held: ChangeNotice[] = [];
    let holding = false;
    const bus = upstream.app.engine.bus;
    const publish = bus.publish.bind(bus);
    bus.publish = ((notice: ChangeNotice) => (holding ? void held.push(notice) : publish(notice))) as typeof bus.publish;
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
    const token = await upstream.login();
    const listed = await fetch(`${upstreamUrl}/api/1/1/1/matches?limit=${N}`, { headers: { authorization: `Token ${token}` } });
    const matchIds = ((await listed.json()) as { results: { id: number }[] }).results.map((match) => match.id);
    const writers = matchIds.map((matchId) => new FeedWriter(upstreamUrl, token, matchId));
    // An offer each first: every match has a cursor once read.
    for (const writer of writers) await writer.offer();

    const prefix = testPrefix('cross');
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      relays.push(
        await startRelay(upstreamUrl, {
          redisUrl: redis.url,
          redisPrefix: prefix,
          changeStream: true,
          safetyPollMs: 600_000,
          catchUpMs: 100,
          leaseTtlMs: 3_000,
          crossMatchWindowMs: 50,
          // Every offer read (the offers notices carry: live-carried-offers.test.ts).
          carriedOffers: false,
        }),
      );
      tokens.push(await upstream.login());
      sockets.push(await connectLive(relays[i]!.url, tokens[i]!));
    }
    // Relay 0 is watched first for the first half of the matches, relay 1 for the second: each leads those.
    const half = [matchIds.slice(0, N / 2), matchIds.slice(N / 2)];
    const views = [new Map<number, LiveView>(), new Map<number, LiveView>()];
    const watch = async (i: number, ids: number[]) => {
      for (const matchId of ids) {
        const view = new LiveView(sockets[i]!, matchId);
        expect(await view.watch()).toEqual({ ok: true });
        views[i]!.set(matchId, view);
      }
    };
    await watch(0, half[0]!);
    await watch(1, half[1]!);
    await watch(0, half[1]!);
    await watch(1, half[0]!);
    for (const relay of relays) await until(() => relay.relay.hub.isStreaming, 'the change stream');
    await until(() => views.every((mine) => [...mine.values()].every((view) => view.records('offers').length === 1)), 'the first offers everywhere', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const before = hits.length;
    holding = true;
    await Promise.all(writers.map((writer) => writer.offer()));
    holding = false;
    for (const notice of held.splice(0)) publish(notice);
    await until(() => views.every((mine) => [...mine.values()].every((view) => view.records('offers').length === 2)), 'the burst on both relays', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const made = hits.slice(before);
    const named = tokens.map((relayToken) =>
      made
        .filter((hit) => hit.token === relayToken && hit.path === '/api/1/live/offers')
        .flatMap((hit) => hit.after!.split(',').map((pair) => Number(pair.split(':')[0]))),
    );
    const perMatch = made.filter((hit) => /^\/api\/1\/(match\/\d+\/feed|offers\/\d+)$/.test(hit.path));
    // Every match named once, in one read of the relay leading it.
    expect(named.map((ids) => [...ids].sort())).toEqual(half.map((ids) => [...ids].sort()));
    for (const relayToken of tokens) expect(made.filter((hit) => hit.token === relayToken && hit.path === '/api/1/live/offers')).toHaveLength(1);
    expect(perMatch).toEqual([]);
  });
});
