/**
 * Publications on relays sharing Redis: two relays watch the same matches (each watched first on
 * one of them, so each leads half). A burst whose notices follow is applied by the relay leading
 * each match with no read at all, and the consoles on both relays get every offer; past a gap
 * (notices lost) each match's feed and offers are read once, by the relay leading it alone.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { connectLive, FeedWriter, LiveView, startRelay, until, type LiveSocket, type RunningRelay } from '../support/live-client';
import { acquireRedis, testPrefix } from '../support/redis';

const N = 6;
const redis = await acquireRedis();
if ('skip' in redis) console.warn(`[live-publications Redis suite skipped] ${redis.skip}`);

describe.skipIf('skip' in redis)('publications on relays sharing Redis', () => {
  let upstream: TestUpstream;
  const relays: RunningRelay[] = [];
  const sockets: LiveSocket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const relay of relays) await relay.close();
    await upstream?.close();
    if (!('skip' in redis)) await redis.release();
  });

  it('each relay applies the publications of the matches it leads, and reads only those past a gap', { timeout: 90_000 }, async () => {
    if ('skip' in redis) return;
    upstream = await createTestUpstream();
    const hits: { path: string; token: string }[] = [];
    upstream.app.addHook('onRequest', async (request) => {
      const url = new URL(request.url, 'http://x');
      hits.push({ path: url.pathname, token: String(request.headers.authorization ?? '').replace(/^Token /, '') });
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

    const prefix = testPrefix('publications');
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
    const everywhere = (count: number) =>
      until(() => views.every((mine) => [...mine.values()].every((view) => view.records('offers').length === count)), `${count} offers everywhere`, 20_000);
    await everywhere(1);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));
    await settle();
    /** A burst of an offer per match, its notices let go together (`lose`: first one whose notices are lost); the feed and offers reads meanwhile. */
    const burst = async (lose = false) => {
      const before = hits.length;
      holding = true;
      if (lose) {
        await Promise.all(writers.map((writer) => writer.offer()));
        held.splice(0);
      }
      await Promise.all(writers.map((writer) => writer.offer()));
      holding = false;
      for (const notice of held.splice(0)) publish(notice);
      return () => hits.slice(before).filter((hit) => /^\/api\/1\/(match\/\d+\/feed|offers\/\d+)$/.test(hit.path));
    };
    // A first burst, then the one measured: what each relay holds follows its notices.
    await burst();
    await everywhere(2);
    await settle();

    const carried = await burst();
    await everywhere(3);
    await settle();
    expect(carried()).toEqual([]);

    const gap = await burst(true);
    await everywhere(5);
    await settle();
    // Each match read once per topic, by the relay leading it (its watcher's token).
    const readBy = (i: number) =>
      gap()
        .filter((hit) => hit.token === tokens[i])
        .map((hit) => Number(/(\d+)(\/feed)?$/.exec(hit.path)![1]));
    for (const i of [0, 1]) expect(readBy(i).sort()).toEqual(half[i]!.flatMap((id) => [id, id]).sort());
    expect(gap()).toHaveLength(2 * N);
  });
});
