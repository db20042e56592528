import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, ChangeNotice, FeedHealthReply, ListReply, UofLink } from '@odds/protocol';
import { deadLetters, matchEvents, matches, offers, uofProducers, uofRecoveries } from '../../db/schema';
import { createTestUpstream, type TestUpstream } from '../../testing';
import { FeedStallMonitor } from '../health/monitor';
import { UofAdapter } from './adapter';
import { aliveXml, betStopXml, fixtureChangeXml, oddsChangeXml, productDownXml, snapshotCompleteXml } from './test-support';

let upstream: TestUpstream;
let headers: Record<string, string>;
let matchId: number;
let clock = Date.now();
const asked: { producer: number; requestId: number; afterMs: number | null }[] = [];
let failRecovery = false;
let adapter: UofAdapter;
const quiet = { warn: () => {}, info: () => {}, error: () => {} };

const EVENT = 'sr:match:10927088';
const key = (type: string) => `hi.-.live.${type}.1.sr:match.10927088.-`;
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, extra: Record<string, string> = {}) =>
  upstream.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload && { payload }) });
const live = (
  minute: number,
  home: number,
  away: number,
  markets = [
    {
      id: 1,
      outcomes: [
        [1, 2.1],
        [2, 3.3],
        [3, 3.6],
      ] as [number, number][],
    },
    {
      id: 18,
      specifiers: 'total=2.5',
      outcomes: [
        [12, 1.9],
        [13, 1.95],
      ] as [number, number][],
    },
    { id: 26, outcomes: [[70, 1.8]] as [number, number][] },
  ],
  requestId?: number,
) => oddsChangeXml({ event: EVENT, timestamp: clock, requestId, status: { status: 1, matchStatus: 6, home, away, clock: `${minute}:00` }, markets });
const offersOf = () => upstream.database.db.select().from(offers).where(eq(offers.matchId, matchId)).orderBy(asc(offers.id));

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  // A future fixture of the first provider's football, unplayed.
  [{ id: matchId }] = (await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.providerId, 1), eq(matches.sportId, 1), gt(matches.start, new Date())))
    .orderBy(asc(matches.start))
    .limit(1)) as [{ id: number }];
  adapter = new UofAdapter({
    db,
    ingest: upstream.app.engine,
    bus: upstream.app.engine.bus,
    log: quiet,
    now: () => clock,
    settings: { aliveTimeoutS: 20, recoveryTimeoutS: 60 },
    // The fake fixture API: sr:match:5 is Ajax - PSV (its kick-off comes from its fixture_change).
    fetchFixture: async (event) => (event === 'sr:match:5' ? { home: 'Ajax', away: 'PSV', startTime: Date.parse('2031-01-01T19:00:00Z') } : null),
    requestRecovery: async (producer, requestId, afterMs) => {
      asked.push({ producer, requestId, afterMs });
      if (failRecovery) throw new Error('fake UOF API answered 503');
    },
  });
  await adapter.start();
  await adapter.producers.stop(); // the test drives the checks itself
});
afterAll(() => upstream.close());

describe('linking a match to a UOF event', () => {
  it('links, reads, refuses bad or stale writes, audits', async () => {
    expect((await call('GET', `/api/1/match/${matchId}/uof`)).json()).toEqual({
      match_id: matchId,
      event: null,
      version: null,
      updated_at: null,
      updated_by: null,
    });
    const bad = await call('PUT', `/api/1/match/${matchId}/uof`, { event: '10927088' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('event');
    expect((await call('PUT', '/api/1/match/99999999/uof', { event: EVENT })).statusCode).toBe(404);
    const linked = await call('PUT', `/api/1/match/${matchId}/uof`, { event: 'sr:match:1' });
    expect(linked.json<UofLink>()).toMatchObject({ event: 'sr:match:1', version: 1, updated_by: expect.any(String) });
    const moved = await call('PUT', `/api/1/match/${matchId}/uof`, { event: EVENT, version: 1 });
    expect(moved.json<UofLink>()).toMatchObject({ event: EVENT, version: 2 });
    const stale = await call('PUT', `/api/1/match/${matchId}/uof`, { event: 'sr:match:2' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ entity: 'match', current: { event: EVENT, version: 2 } });
    const other = (await upstream.database.db.select({ id: matches.id }).from(matches).where(gt(matches.id, matchId)).limit(1))[0]!.id;
    const taken = await call('PUT', `/api/1/match/${other}/uof`, { event: EVENT });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(`UOF event ${EVENT} is already linked to match ${matchId}; unlink it there first.`);
    expect((await call('GET', `/api/1/match/${matchId}/uof`)).json<UofLink>().event).toBe(EVENT);
    const history = (await call('GET', `/api/1/audit?entity=match&entity_id=${matchId}`)).json<ListReply<AuditEntry>>().results;
    expect(
      history.map((h) => [
        h.action,
        (h.before as { uof_event?: string } | null)?.uof_event ?? null,
        (h.after as { uof_event?: string } | null)?.uof_event ?? null,
      ]),
    ).toEqual([
      ['update', 'sr:match:1', EVENT],
      ['create', null, 'sr:match:1'],
    ]);
  });
});

describe('the UOF adapter', () => {
  it('holds a producer down until its recovery completes, then ingests offers like odds-feed/1', async () => {
    await adapter.handle('-.-.-.alive.-.-.-.-', aliveXml(1, clock));
    expect(asked).toEqual([{ producer: 1, requestId: 1, afterMs: null }]);
    expect(adapter.producers.state(1)).toBe('recovering');
    // The snapshot: a live match at 10:00, 0-0; stored but suspended while the producer is held down.
    await adapter.handle(key('odds_change'), live(10, 0, 0, undefined, 1));
    expect((await offersOf()).map((o) => [o.status, o.suspended])).toEqual([
      ['SUSPENDED', true],
      ['SUSPENDED', true],
    ]);
    await adapter.handle('-.-.-.snapshot_complete.-.-.-.-', snapshotCompleteXml(1, 1, clock));
    expect(adapter.producers.state(1)).toBe('up');
    const [recovery] = await upstream.database.db.select().from(uofRecoveries);
    expect(recovery).toMatchObject({ producer: 1, requestId: 1, messages: 1, attempts: 1, status: 'complete' });
    clock += 30_000;
    await adapter.handle(key('odds_change'), live(10, 0, 0).replace('2.10', '2.15'));
    const after = (await offersOf()).slice(2);
    // Evaluated like any offer (the seeded default sets fire on these prices): not suspended.
    expect(after.map((o) => [o.status, o.suspended, o.outcomeMap, o.matchTime, o.score])).toEqual([
      ['TRIGGERED', false, { home: 2150, draw: 3300, away: 3600 }, 600, 'H0-A0'],
      ['TRIGGERED', false, { over: 1900, under: 1950 }, 600, 'H0-A0'],
    ]);
    const events = await upstream.database.db.select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(asc(matchEvents.id));
    // Each market its snapshot priced is lifted (its state is not known before), then the match once its producer is up.
    expect(events.map((e) => [e.kind, e.suspended, e.marketId !== null])).toEqual([
      ['period_start', null, false],
      ['suspension', false, true],
      ['suspension', false, true],
      ['suspension', false, false],
    ]);
  });

  it('turns goals into events and a bet_stop into a suspension of each market', async () => {
    clock += 30_000;
    await adapter.handle(key('odds_change'), live(12, 1, 0));
    await adapter.handle(key('bet_stop'), betStopXml(EVENT, clock + 1));
    const events = await upstream.database.db.select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(asc(matchEvents.id));
    const goal = events.findIndex((e) => e.kind === 'goal');
    expect([events[goal]!.side, events[goal]!.score]).toEqual(['home', 'H1-A0']);
    // bet_stop groups="all": a suspension of each of the provider's markets, not of the match.
    const stops = events.slice(goal + 1);
    expect(stops.length).toBeGreaterThanOrEqual(5);
    expect(stops.every((e) => e.kind === 'suspension' && e.suspended === true && e.marketId !== null)).toBe(true);
  });

  it('counts unknown markets and unlinked events, dead-letters malformed XML', async () => {
    await adapter.handle('hi.-.live.odds_change.1.sr:match.5.-', oddsChangeXml({ event: 'sr:match:5', timestamp: clock, markets: [] }));
    await adapter.handle('hi.-.live.fixture_change.1.sr:match.5.-', fixtureChangeXml('sr:match:5', Date.parse('2031-01-01T20:00:00Z'), clock));
    await adapter.handle(key('odds_change'), '<odds_change product="1"');
    await adapter.flush();
    const health = (await call('GET', '/api/1/feed-health')).json<FeedHealthReply>();
    expect(health.unknown_markets).toEqual([expect.objectContaining({ market: '26', outcome: null, count: 3 })]);
    expect(health.unlinked_events).toEqual([
      expect.objectContaining({ event: 'sr:match:5', count: 2, home: 'Ajax', away: 'PSV', kick_off: '2031-01-01T20:00:00.000Z' }),
    ]);
    const [dead] = await upstream.database.db.select().from(deadLetters).where(eq(deadLetters.kind, 'uof_malformed'));
    expect(dead).toMatchObject({ routingKey: key('odds_change'), reason: expect.stringContaining('not well-formed XML') });
  });

  it("moves an unplayed match's kick-off on fixture_change", async () => {
    const start = Date.parse('2031-07-01T19:00:00Z');
    await adapter.handle('lo.pre.-.fixture_change.1.sr:match.10927088.-', fixtureChangeXml(EVENT, start, clock));
    const [row] = await upstream.database.db.select({ start: matches.start }).from(matches).where(eq(matches.id, matchId));
    expect(row!.start.toISOString()).toBe(new Date(start).toISOString());
  });

  it('puts a producer down on missing alive, suspending its matches; recovery after=last good', async () => {
    clock += 21_000;
    await adapter.producers.check();
    expect(adapter.producers.state(1)).toBe('down');
    const [producer] = await upstream.database.db.select().from(uofProducers).where(eq(uofProducers.id, 1));
    expect(producer).toMatchObject({ state: 'down', reason: 'no alive for 20 s' });
    const last = await upstream.database.db.select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(asc(matchEvents.id));
    expect(last.at(-1)).toMatchObject({ kind: 'suspension', suspended: true });
    await adapter.handle('-.-.-.alive.-.-.-.-', aliveXml(1, clock));
    expect(asked.at(-1)).toEqual({ producer: 1, requestId: 2, afterMs: producer!.lastGoodAt!.getTime() });
    await adapter.handle('-.-.-.snapshot_complete.-.-.-.-', snapshotCompleteXml(1, 2, clock));
    expect(adapter.producers.state(1)).toBe('up');
  });

  it('puts a producer down on subscribed="0" (recovering at once, asked once) and on product_down', async () => {
    clock += 30_000; // the interval since its last request
    await adapter.handle('-.-.-.alive.-.-.-.-', aliveXml(1, clock, false));
    expect(adapter.producers.state(1)).toBe('recovering');
    expect(asked.at(-1)!.requestId).toBe(3);
    // UOF says subscribed=0 on every alive until the recovery is done: it is not asked again.
    clock += 10_000;
    await adapter.handle('-.-.-.alive.-.-.-.-', aliveXml(1, clock, false));
    expect(asked.at(-1)!.requestId).toBe(3);
    await adapter.handle('-.-.-.snapshot_complete.-.-.-.-', snapshotCompleteXml(1, 3, clock));
    await adapter.handle('-.-.-.product_down.-.-.-.-', productDownXml(1, clock));
    expect(adapter.producers.state(1)).toBe('down');
    const [producer] = await upstream.database.db.select().from(uofProducers).where(eq(uofProducers.id, 1));
    expect(producer!.reason).toBe('product_down');
  });

  it('asks again no sooner than 30 s after a failed request, and when its recovery has been quiet for the timeout', async () => {
    const alive = async (advanceMs: number) => {
      clock += advanceMs;
      await adapter.handle('-.-.-.alive.-.-.-.-', aliveXml(1, clock));
      await adapter.producers.check();
    };
    failRecovery = true;
    await alive(30_000);
    expect(asked.at(-1)!.requestId).toBe(4);
    failRecovery = false;
    await alive(10_000);
    expect(asked.at(-1)!.requestId).toBe(4); // not 1 s after the failure: 30 s after the request
    await alive(20_000);
    expect(asked.at(-1)!.requestId).toBe(5);
    // Answered, but nothing of it came: asked again once it has been quiet for the timeout (60 s here).
    for (let n = 0; n < 3; n += 1) await alive(15_000);
    expect(asked.at(-1)!.requestId).toBe(5);
    await alive(15_000);
    expect(asked.at(-1)!.requestId).toBe(6);
    const [recovery] = await upstream.database.db.select().from(uofRecoveries).where(eq(uofRecoveries.requestId, 6));
    expect(recovery).toMatchObject({ attempts: 3, status: 'running' });
    expect(adapter.producers.state(1)).toBe('recovering');
  });
});

describe('the feed-stall alarm', () => {
  it('stalls a live match whose producer is down or whose feed is quiet, and clears when messages return', async () => {
    const notices: ChangeNotice[] = [];
    const bus = upstream.app.engine.bus;
    const unsubscribe = bus.subscribe((n) => n.feed_health && notices.push(n));
    let now = Date.now();
    const monitor = new FeedStallMonitor(upstream.database.db, bus, { stallAfterS: 60 }, quiet, () => now);
    await monitor.tick();
    // The producer is recovering: the match is stalled at once.
    expect(notices.map((n) => [n.feed_health!.match_id, n.feed_health!.stalled, n.feed_health!.producer])).toEqual([[matchId, true, 'recovering']]);
    await adapter.handle('-.-.-.snapshot_complete.-.-.-.-', snapshotCompleteXml(1, asked.at(-1)!.requestId, clock));
    clock += 1000;
    await adapter.handle(key('odds_change'), live(14, 1, 0));
    await monitor.tick();
    expect(notices.at(-1)!.feed_health).toMatchObject({ match_id: matchId, stalled: false, producer: 'up', feed: 'uof', event: EVENT });
    now += 61_000;
    await monitor.tick();
    expect(notices.at(-1)!.feed_health).toMatchObject({ match_id: matchId, stalled: true, producer: 'up' });
    await monitor.tick();
    expect(notices).toHaveLength(3); // no repeat while it lasts
    const health = (await call('GET', '/api/1/feed-health')).json<FeedHealthReply>();
    expect(health.matches.find((m) => m.match_id === matchId)).toMatchObject({ feed: 'uof', event: EVENT, producer: 'up' });
    expect(monitor.current.get(matchId)!.stalled).toBe(true);
    expect((await call('GET', `/api/1/match/${matchId}/feed-health`)).json()).toMatchObject({ match_id: matchId, feed: 'uof', event: EVENT, producer: 'up' });
    const history = (await call('GET', `/api/1/audit?entity=match&entity_id=${matchId}`)).json<ListReply<AuditEntry>>().results;
    expect(history.filter((h) => h.actor.name === 'Feed monitor').map((h) => (h.after as { feed_stalled: boolean }).feed_stalled)).toEqual([true, false, true]);
    unsubscribe();
  });
});

describe('unlinking', () => {
  it('unlinks a match (audited); its feed is then its own, and its messages count as unlinked', async () => {
    const reply = await call('DELETE', `/api/1/match/${matchId}/uof`);
    expect(reply.json<UofLink>()).toEqual({ match_id: matchId, event: null, version: null, updated_at: null, updated_by: null });
    expect((await call('GET', `/api/1/match/${matchId}/feed-health`)).json()).toMatchObject({ feed: 'odds-feed', event: null, producer: null });
    const history = (await call('GET', `/api/1/audit?entity=match&entity_id=${matchId}`)).json<ListReply<AuditEntry>>().results;
    expect(history.find((h) => h.action === 'delete')).toMatchObject({ before: { uof_event: EVENT }, after: null });
    clock += 3_000; // past the link cache
    await adapter.handle(key('odds_change'), live(20, 1, 0));
    await adapter.flush();
    const health = (await call('GET', '/api/1/feed-health')).json<FeedHealthReply>();
    expect(health.unlinked_events.find((u) => u.event === EVENT)).toMatchObject({ count: 1 });
    expect((await call('GET', '/api/1/match/99999999/feed-health')).statusCode).toBe(404);
  });
});
