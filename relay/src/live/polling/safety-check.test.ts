import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_TOPICS, type LiveTopic } from '@odds/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { createRelayMetrics } from '../../metrics';
import type { LiveResponse, UpstreamClient } from '../../upstream';
import { MatchPoller } from './match-poller';
import type { PollPace } from './poller';
import { SafetyClock } from './safety-clock';
import { MemoryStore } from '../state/store';

const PERIOD_MS = 30_000;
const silent = {
  info() {},
  warn() {},
  debug() {},
  error() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
} as unknown as FastifyBaseLogger;

/** A seeded source of jitter, so a run is repeatable. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * An upstream of quiet matches (empty topics, fixed versions), recording every request and its
 * time; `offer` writes an offer to a match (its feed and offers versions move, as the route's do).
 */
function quietUpstream() {
  const requests: { path: string; at: number }[] = [];
  const versions = new Map<number, Record<string, string>>();
  const feedStart = new Map<number, number>();
  const offers = new Map<number, { id: number; market_id: number; raw: { sent_at: string } }[]>();
  const versionsOf = (matchId: number) => versions.get(matchId) ?? Object.fromEntries(LIVE_TOPICS.map((topic) => [topic, 'v1']));
  const upstream = {
    async getLive(path: string): Promise<LiveResponse> {
      requests.push({ path, at: Date.now() });
      const matchId = Number(/^\/api\/1\/(?:match|offers)\/(\d+)/.exec(path)?.[1]);
      const held = offers.get(matchId) ?? [];
      const afterId = Number(new URL(path, 'http://upstream').searchParams.get('after_id') ?? 0);
      let body: unknown;
      if (path.includes('/live-versions'))
        body = { match_id: matchId, versions: versionsOf(matchId), feed_start: feedStart.get(matchId) ?? 1, feed_end: held.at(-1)?.id ?? null };
      else if (path.includes('/delivery/')) body = { deliveries: [], total: 0 };
      else if (path.includes('/feed') || path.startsWith('/api/1/offers/'))
        body = { results: held.filter((offer) => offer.id > afterId), total: held.length, limit: 1000 };
      else body = { results: [], total: 0, limit: 1000 };
      return { status: 200, text: JSON.stringify(body), etag: null };
    },
  } as unknown as UpstreamClient;
  const move = (matchId: number, topic: LiveTopic) => versions.set(matchId, { ...versionsOf(matchId), [topic]: `moved-${Date.now()}` });
  const offer = (matchId: number, id: number) => {
    offers.set(matchId, [...(offers.get(matchId) ?? []), { id, market_id: 1, raw: { sent_at: new Date().toISOString() } }]);
    move(matchId, 'feed');
    move(matchId, 'offers');
  };
  return { upstream, requests, move, feedStart, offer };
}

let pace: PollPace;
let clock: SafetyClock;
const pollers: MatchPoller[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12, 0, 0) });
  pace = { streaming: true, safetyMs: PERIOD_MS };
  clock = new SafetyClock(seeded(7));
});
afterEach(async () => {
  await Promise.all(pollers.splice(0).map((poller) => poller.stop()));
  vi.useRealTimers();
});

function startPoller(matchId: number, upstream: UpstreamClient): MatchPoller {
  const store = new MemoryStore();
  const poller = new MatchPoller(
    matchId,
    store.nextFence(matchId),
    {
      store,
      upstream,
      credentials: { kind: 'service account', token: async () => 'token', readsOperatorTables: () => true, rejected() {} },
      schedule: { intervalMs: 1_000, pace, backoffMs: 500, maxBackoffMs: 10_000, downAfter: 3 },
      broadcaster: { emit() {} },
      metrics: createRelayMetrics(),
      log: silent,
      clock,
    },
    () => {},
  );
  pollers.push(poller);
  poller.start();
  return poller;
}

const isCheck = (path: string) => path.includes('/live-versions');

/** Requests per whole second in [from, to). */
function perSecond(requests: { at: number }[], from: number, to: number): number[] {
  const counts = new Array<number>(Math.round((to - from) / 1000)).fill(0);
  for (const request of requests) if (request.at >= from && request.at < to) counts[Math.floor((request.at - from) / 1000)]! += 1;
  return counts;
}

describe('safety checks', () => {
  it('100 matches watched in the same second: one check each per period, spread (no second above twice the mean)', async () => {
    const { upstream, requests } = quietUpstream();
    for (let matchId = 1; matchId <= 100; matchId++) {
      startPoller(matchId, upstream);
      await vi.advanceTimersByTimeAsync(10);
    }
    // Watching: one check and one read per topic each (the snapshot's data), all in that second.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests.filter((request) => isCheck(request.path))).toHaveLength(100);
    expect(requests).toHaveLength(100 * (1 + LIVE_TOPICS.length));
    // The first checks after watching come at each match's slot, between half a period and one and a half later.
    await vi.advanceTimersByTimeAsync(PERIOD_MS / 2);
    const from = Date.now();
    await vi.advanceTimersByTimeAsync(3 * PERIOD_MS);
    const later = requests.filter((request) => request.at >= from);
    // Quiet matches: nothing but their checks, one per match per period.
    expect(later.every((request) => isCheck(request.path))).toBe(true);
    expect(later).toHaveLength(300);
    const counts = perSecond(later, from, from + 3 * PERIOD_MS);
    const mean = 300 / counts.length;
    console.log(`[safety-check] 100 matches: checks per second mean ${mean.toFixed(2)}, worst ${Math.max(...counts)}`);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2 * mean);
    for (let matchId = 1; matchId <= 100; matchId++) {
      expect(
        later.filter((request) => request.path === `/api/1/match/${matchId}/live-versions`),
        `match ${matchId}`,
      ).toHaveLength(3);
    }
  });

  it('reads only the topics whose version moved, and every topic when the feed was cleared', async () => {
    const { upstream, requests, move, feedStart } = quietUpstream();
    startPoller(5, upstream);
    await vi.advanceTimersByTimeAsync(1_000);
    move(5, 'stats');
    move(5, 'deliveries');
    let from = Date.now();
    await vi.advanceTimersByTimeAsync(PERIOD_MS * 1.5);
    const reads = requests.filter((request) => request.at >= from && !isCheck(request.path)).map((request) => request.path.split('?')[0]);
    expect(reads.sort()).toEqual(['/api/1/delivery/match/5', '/api/1/events/match/5']);
    // The whole window of deliveries (a change may be deep in it), not the head.
    expect(requests.find((request) => request.at >= from && request.path.startsWith('/api/1/delivery/'))!.path).toContain('limit=1000');
    feedStart.set(5, 900);
    from = Date.now();
    await vi.advanceTimersByTimeAsync(PERIOD_MS * 1.5);
    const afterClear = new Set(requests.filter((request) => request.at >= from && !isCheck(request.path)).map((request) => request.path.split('?')[0]));
    expect(afterClear.size).toBe(LIVE_TOPICS.length);
  });

  it('reads the feed and offers only when they moved past what is held (a live match whose notices brought its offers reads nothing more)', async () => {
    const { upstream, requests, offer } = quietUpstream();
    const poller = startPoller(5, upstream);
    offer(5, 1);
    await vi.advanceTimersByTimeAsync(1_000);
    // Offers arrive with their notices, each read as it comes: between two checks the versions moved.
    for (let id = 2; id <= 6; id++) {
      offer(5, id);
      poller.trigger(['feed', 'offers']);
      await vi.advanceTimersByTimeAsync(5_000);
    }
    const noticed = Date.now();
    await vi.advanceTimersByTimeAsync(PERIOD_MS * 1.5);
    const afterNotices = requests.filter((request) => request.at >= noticed);
    expect(afterNotices.length).toBeGreaterThan(0);
    expect(afterNotices.filter((request) => !isCheck(request.path)).map((request) => request.path)).toEqual([]);
    // An offer whose notice was lost: the next check finds it and reads it.
    offer(5, 7);
    const lost = Date.now();
    await vi.advanceTimersByTimeAsync(PERIOD_MS * 1.5);
    const reads = requests.filter((request) => request.at >= lost && !isCheck(request.path)).map((request) => request.path);
    expect(reads.map((path) => path.split('?')[0]).sort()).toEqual(['/api/1/match/5/feed', '/api/1/offers/5']);
    expect(reads.every((path) => path.includes('after_id=6'))).toBe(true);
  });

  it('after the change stream returns, every match is checked once within the catch-up window, spread, and keeps its slot', async () => {
    const { upstream, requests } = quietUpstream();
    for (let matchId = 1; matchId <= 100; matchId++) startPoller(matchId, upstream);
    await vi.advanceTimersByTimeAsync(1_000);
    const from = Date.now();
    for (const poller of pollers) poller.catchUp(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    const caughtUp = requests.filter((request) => request.at >= from);
    expect(caughtUp).toHaveLength(100);
    expect(Math.max(...perSecond(caughtUp, from, from + 5_000))).toBeLessThanOrEqual(2 * (100 / 5));
    // Then back to one check per match per period, spread as before.
    const steady = Date.now() + PERIOD_MS;
    await vi.advanceTimersByTimeAsync(3 * PERIOD_MS);
    const counts = perSecond(requests, steady, steady + 2 * PERIOD_MS);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(200);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2 * (200 / counts.length));
  });
});

describe('SafetyClock', () => {
  it('gives slots that spread evenly however many matches there are', () => {
    const slots = new SafetyClock(seeded(1));
    for (const n of [10, 100, 300]) {
      const clockOf = new SafetyClock(seeded(n));
      const taken = Array.from({ length: n }, () => clockOf.slot());
      const buckets = new Array<number>(30).fill(0);
      for (const slot of taken) buckets[Math.floor(slot * 30)]! += 1;
      expect(Math.max(...buckets), `${n} matches`).toBeLessThanOrEqual(Math.max(2, Math.ceil((2 * n) / 30)));
    }
    expect(slots.delay(0.5, 1_000, slots.delay(0, 1, 0))).toBeGreaterThanOrEqual(500);
  });
});
