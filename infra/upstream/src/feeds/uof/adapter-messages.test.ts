import { readFileSync } from 'node:fs';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedHealthReply, FeedMessage } from '@odds/protocol';
import { deadLetters, matches, matchEvents, matchLiveStates, markets, offers } from '../../db/schema';
import { createTestUpstream, type TestUpstream } from '../../testing';
import { UofAdapter, type Ingest } from './adapter';
import { SKIPPED } from './market-state';
import { notLinkable } from './sports';
import { aliveXml, oddsChangeXml, snapshotCompleteXml } from './test-support';

/**
 * The adapter on messages shaped like the vendor's (fixtures/): nothing is lost whole, the match
 * memory moves only with a commit, market state per market, match states, sports.
 */
let upstream: TestUpstream;
let headers: Record<string, string>;
let adapter: UofAdapter;
let clock = Date.now();
const quiet = { warn: () => {}, info: () => {}, error: () => {} };
const EVENT = 'sr:match:10927088';
const OTHER = 'sr:match:10927089';
const ids: number[] = [];

/** The engine as the adapter calls it, with refusals (4xx) and failures (5xx) the test can ask for. */
const gate: { refuse: ((messages: FeedMessage[]) => string | null) | null; fail: boolean } = { refuse: null, fail: false };
const ingest: Ingest = {
  ingest: async (matchId, messages) => {
    if (gate.fail) {
      gate.fail = false;
      throw Object.assign(new Error('database away'), { statusCode: 503 });
    }
    const refusal = gate.refuse?.(messages) ?? null;
    if (refusal !== null) throw Object.assign(new Error(refusal), { statusCode: 400 });
    return upstream.app.engine.ingest(matchId, messages);
  },
};

const key = (type: string, event = EVENT, sport = 1) => `hi.-.live.${type}.${sport}.sr:match.${event.split(':')[2]}.-`;
/** A fixture with its event and timestamp set (the engine orders by feed time, so each is newer than the last). */
const vendor = (name: string, event = EVENT) => {
  clock += 1000;
  return readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url), 'utf8')
    .replace(/event_id="[^"]+"/, `event_id="${event}"`)
    .replace(/ timestamp="\d+"/, ` timestamp="${clock}"`);
};
const live = (home: number, away: number, event = OTHER) => {
  clock += 1000;
  return oddsChangeXml({
    event,
    timestamp: clock,
    status: { status: 1, matchStatus: 6, home, away, clock: '30:00' },
    markets: [
      {
        id: 1,
        outcomes: [
          [1, 2.1],
          [2, 3.3],
          [3, 3.6],
        ],
      },
      {
        id: 18,
        specifiers: 'total=2.5',
        outcomes: [
          [12, 1.9],
          [13, 1.95],
        ],
      },
    ],
  });
};
const db = () => upstream.database.db;
const ref = (typeId: number, line: number | null) => `${typeId}:${line ?? '-'}`;
const offersOf = (matchId: number) =>
  db()
    .select({ id: offers.id, typeId: markets.typeId, line: markets.line, status: offers.status, suspended: offers.suspended, reasons: offers.reasons })
    .from(offers)
    .innerJoin(markets, eq(markets.id, offers.marketId))
    .where(eq(offers.matchId, matchId))
    .orderBy(asc(offers.id));
const eventsOf = (matchId: number) => db().select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(asc(matchEvents.id));
const liveOf = async (matchId: number) => (await db().select().from(matchLiveStates).where(eq(matchLiveStates.matchId, matchId)))[0]!;
const suspendedRefs = async (matchId: number) => {
  const state = await liveOf(matchId);
  const rows = await db().select({ id: markets.id, typeId: markets.typeId, line: markets.line }).from(markets);
  return rows.filter((r) => state.suspendedMarketIds.includes(r.id)).map((r) => ref(r.typeId, r.line));
};

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const rows = await db()
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.providerId, 1), eq(matches.sportId, 1), gt(matches.start, new Date())))
    .orderBy(asc(matches.start))
    .limit(3);
  ids.push(...rows.map((r) => r.id));
  for (const [i, event] of [EVENT, OTHER].entries()) {
    const reply = await upstream.app.inject({ method: 'PUT', url: `/api/1/match/${ids[i]}/uof`, headers, payload: { event } });
    expect(reply.statusCode).toBe(200);
  }
  adapter = new UofAdapter({
    db: db(),
    ingest,
    bus: upstream.app.engine.bus,
    log: quiet,
    now: () => clock,
    settings: { aliveTimeoutS: 20, recoveryTimeoutS: 60 },
    requestRecovery: async () => {},
  });
  await adapter.start();
  await adapter.producers.stop(); // the test drives the checks itself
  await adapter.handle('-.-.-.alive.-.-.-.-', aliveXml(1, clock));
  await adapter.handle('-.-.-.snapshot_complete.-.-.-.-', snapshotCompleteXml(1, 1, clock));
  expect(adapter.producers.state(1)).toBe('up');
});
afterAll(() => upstream.close());

describe('UOF messages are never dropped whole', () => {
  it('ingests a full real-shaped odds_change: every carried market, its goals and period; counts the line and markets it skips', async () => {
    const [match] = ids as [number];
    await adapter.handle(key('odds_change'), vendor('odds_change_live'));
    expect((await offersOf(match)).map((o) => [ref(o.typeId, o.line), o.suspended])).toEqual([
      ['1:-', false],
      ['7:-', false],
      ['12:-', false],
      ['10:-', false],
      ['14:-1000', false],
      ['14:1000', false],
      ['2:2500', false],
      ['2:3500', false],
    ]);
    const events = await eventsOf(match);
    expect(events.filter((e) => e.kind !== 'suspension').map((e) => [e.kind, e.score])).toEqual([
      ['period_start', 'H0-A0'],
      ['goal', 'H0-A1'],
      ['goal', 'H0-A2'],
    ]);
    expect(await suspendedRefs(match)).toEqual(['2:1500']); // settled (-3)
    expect(await liveOf(match)).toMatchObject({ status: 'LIVE', score: 'H0-A2', period: 1, matchTime: 1653 });
    expect(await db().select().from(deadLetters)).toEqual([]);
    await adapter.flush();
    const health = (await upstream.app.inject({ method: 'GET', url: '/api/1/feed-health', headers })).json<FeedHealthReply>();
    expect(health.unknown_markets).toContainEqual(expect.objectContaining({ market: '18 (total=4.5)', outcome: null, reason: SKIPPED.notCarried, count: 1 }));
    expect(health.unknown_markets).toContainEqual(expect.objectContaining({ market: '71 (variant=sr:exact_goals:4+)', reason: SKIPPED.notMapped }));
  });

  it('keeps the match memory as it was when the engine refuses the message or the database is away', async () => {
    const match = ids[1]!;
    gate.refuse = () => 'refused for the test';
    await adapter.handle(key('odds_change', OTHER), live(0, 1));
    gate.refuse = null;
    const [dead] = await db().select().from(deadLetters).where(eq(deadLetters.matchId, match));
    expect(dead).toMatchObject({ kind: 'uof_rejected', reason: 'refused for the test' });
    gate.fail = true;
    await expect(adapter.handle(key('odds_change', OTHER), live(0, 1))).rejects.toThrow('database away');
    // Neither moved the memory: the next message's score is still news, and its goal is stored.
    await adapter.handle(key('odds_change', OTHER), live(0, 1));
    expect((await eventsOf(match)).filter((e) => e.kind === 'goal').map((e) => e.score)).toEqual(['H0-A1']);
    expect((await liveOf(match)).score).toBe('H0-A1');
  });

  it('leaves out the one part the engine refuses and ingests the rest, counting it', async () => {
    const match = ids[1]!;
    const before = (await offersOf(match)).length;
    gate.refuse = (messages) => {
      const i = messages.findIndex((m) => m.type === 'offer' && m.market?.type_id === 2);
      return i < 0 ? null : `message ${i + 1} (${messages[i]!.source_id}): this match's provider has no market of type 2 line 2.5.`;
    };
    await adapter.handle(key('odds_change', OTHER), live(0, 1));
    gate.refuse = null;
    expect((await offersOf(match)).slice(before).map((o) => ref(o.typeId, o.line))).toEqual(['1:-']);
    expect(await db().select().from(deadLetters).where(eq(deadLetters.matchId, match))).toHaveLength(1); // the earlier one only
    await adapter.flush();
    const health = (await upstream.app.inject({ method: 'GET', url: '/api/1/feed-health', headers })).json<FeedHealthReply>();
    expect(health.unknown_markets).toContainEqual(
      expect.objectContaining({ market: '18 (total=2.5)', reason: expect.stringMatching(/^refused by the engine: message 2/) }),
    );
  });
});

describe('market state per market', () => {
  it('bet_stop then a partial odds_change: the markets that did not reappear stay suspended', async () => {
    const [match] = ids as [number];
    await adapter.handle(key('bet_stop'), vendor('bet_stop_groups'));
    expect(await suspendedRefs(match)).toEqual(['2:1500', '7:-'].sort());
    await adapter.handle(key('bet_stop'), vendor('bet_stop'));
    const all = ['1:-', '2:1500', '2:2500', '2:3500', '7:-', '10:-', '12:-', '14:-1000'];
    expect((await suspendedRefs(match)).sort()).toEqual(expect.arrayContaining(all.sort()));
    const before = (await offersOf(match)).length;
    await adapter.handle(key('odds_change'), vendor('odds_change_partial'));
    const after = await suspendedRefs(match);
    expect(after).not.toContain('1:-');
    expect(after).not.toContain('2:2500');
    expect(after).toEqual(expect.arrayContaining(['2:3500', '7:-', '10:-', '12:-', '14:-1000']));
    expect((await offersOf(match)).slice(before).map((o) => [ref(o.typeId, o.line), o.status === 'SUSPENDED'])).toEqual([
      ['1:-', false],
      ['2:2500', false],
    ]);
  });

  it('a settled market stays closed until its rollback; its own active odds then lift it', async () => {
    const [match] = ids as [number];
    await adapter.handle(key('odds_change'), vendor('odds_change_live'));
    await adapter.handle(key('bet_settlement'), vendor('bet_settlement_void'));
    await adapter.handle(key('odds_change'), vendor('odds_change_live'));
    const btts = async () => (await offersOf(match)).filter((o) => o.typeId === 10).at(-1)!;
    expect(await btts()).toMatchObject({ status: 'SUSPENDED', suspended: true });
    await adapter.handle(key('rollback_bet_settlement'), vendor('rollback_bet_settlement'));
    expect(await suspendedRefs(match)).toContain('10:-');
    await adapter.handle(key('odds_change'), vendor('odds_change_live'));
    expect((await btts()).status).not.toBe('SUSPENDED');
    expect(await suspendedRefs(match)).not.toContain('10:-');
    // A cancellation of a time window leaves the market open.
    await adapter.handle(key('bet_cancel'), vendor('bet_cancel_window'));
    expect(await suspendedRefs(match)).not.toContain('1:-');
  });
});

describe('match state', () => {
  it('a cancelled match keeps its kick-off and fires nothing (MATCH_OFF)', async () => {
    const match = ids[1]!;
    const [{ start }] = (await db().select({ start: matches.start }).from(matches).where(eq(matches.id, match))) as [{ start: Date }];
    await adapter.handle(key('fixture_change', OTHER), vendor('fixture_change_cancelled', OTHER));
    expect((await liveOf(match)).status).toBe('CANCELLED');
    expect((await db().select({ start: matches.start }).from(matches).where(eq(matches.id, match)))[0]!.start).toEqual(start);
    // Prices without a status (a status would say the match's state again).
    await adapter.handle(
      key('odds_change', OTHER),
      live(0, 1)
        .replace(/<sport_event_status.*<\/sport_event_status>/, '')
        .replace('2.10', '4.50'),
    );
    const offer = (await offersOf(match)).filter((o) => o.typeId === 1).at(-1)!;
    expect(offer.status).toBe('SKIPPED');
    expect(offer.reasons.length).toBeGreaterThan(0);
    expect(offer.reasons.every((r) => r.kind === 'MATCH_OFF' && r.detail.includes('cancelled'))).toBe(true);
  });
});

describe('sports', () => {
  it('refuses to link a basketball match, with the reason', async () => {
    const match = ids[2]!;
    await db().update(matches).set({ sportId: 4 }).where(eq(matches.id, match));
    const reply = await upstream.app.inject({ method: 'PUT', url: `/api/1/match/${match}/uof`, headers, payload: { event: 'sr:match:20440301' } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(notLinkable('Basketball'));
  });

  it('never reads goals from another sport: a basketball final of 129-93 on a linked event is counted, not 222 goals', async () => {
    const [match] = ids as [number];
    const goals = async () => (await eventsOf(match)).filter((e) => e.kind === 'goal').length;
    const before = await goals();
    await adapter.handle(key('odds_change', EVENT, 2), vendor('odds_change_basketball'));
    await adapter.handle(key('odds_change', EVENT, 5), vendor('odds_change_tennis'));
    expect(await goals()).toBe(before);
    await adapter.flush();
    const health = (await upstream.app.inject({ method: 'GET', url: '/api/1/feed-health', headers })).json<FeedHealthReply>();
    expect(health.unknown_markets).toContainEqual(expect.objectContaining({ market: 'sport 2', count: 1 }));
    expect(health.unknown_markets).toContainEqual(expect.objectContaining({ market: 'sport 5', count: 1 }));
  });
});
