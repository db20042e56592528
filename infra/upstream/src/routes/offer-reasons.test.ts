import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply, Offer } from '@odds/protocol';
import { leagues, markets, matches, thresholdSets } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let fixture: number;
let setId: number;

const call = (method: 'GET' | 'POST', url: string, payload?: object) => upstream.app.inject({ method, url, headers, ...(payload && { payload }) });
const at = (clock: number) => new Date(Date.parse('2031-06-01T18:00:00Z') + clock * 1000).toISOString();
const offerAt = (id: string, clock: number, home: number) => ({
  type: 'offer',
  source_id: id,
  sent_at: at(clock),
  market: { type_id: 1, line: null },
  outcomes: [
    { label: '1', line: null, odds: home },
    { label: 'X', line: null, odds: 3300 },
    { label: '2', line: null, odds: 3000 },
  ],
  match_time: clock,
  prematch: false,
  score: 'H0-A0',
});

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  const [classics] = await db.select().from(leagues).where(eq(leagues.uniqueId, 'wc-classics'));
  // The seventh Classics fixture: no seeded threshold sets, content or trackers.
  const fixtures = await db.select().from(matches).where(eq(matches.leagueId, classics!.id)).orderBy(asc(matches.start));
  fixture = fixtures[6]!.id;
  const [market] = await db
    .select()
    .from(markets)
    .where(and(eq(markets.providerId, fixtures[6]!.providerId), eq(markets.typeId, 1)));
  [{ id: setId }] = (await db
    .insert(thresholdSets)
    .values({ matchId: fixture, marketId: market!.id, type: 'VALUE', thresholds: { home: { value: 2500 } } })
    .returning({ id: thresholdSets.id })) as [{ id: number }];
});
afterAll(() => upstream.close());

describe('the offers API says why each set did not fire', () => {
  it('a suspended offer, a set not re-armed and a condition not met, as the engine decided them', async () => {
    const messages = [
      { type: 'event', source_id: 'ko', sent_at: at(0), kind: 'period_start', period: 1, match_time: 0 },
      offerAt('fires', 60, 2600),
      offerAt('still', 90, 2700),
      { type: 'event', source_id: 'susp', sent_at: at(100), kind: 'suspension', suspended: true, match_time: 100 },
      offerAt('suspended', 110, 2800),
      { type: 'event', source_id: 'resume', sent_at: at(120), kind: 'suspension', suspended: false, match_time: 120 },
      offerAt('low', 130, 2300),
    ];
    expect((await call('POST', `/api/1/engine/match/${fixture}/ingest`, { messages })).statusCode).toBe(200);
    const reply = await call('GET', `/api/1/offers/${fixture}?limit=50`);
    expect(reply.statusCode).toBe(200);
    const offers = reply.json<ListReply<Offer>>().results;
    const bySource = (home: number) => offers.find((o) => o.outcome_map.home === home)!;
    expect(bySource(2600).reasons).toEqual([]);
    expect(bySource(2700).reasons).toEqual([
      {
        set_id: setId,
        kind: 'NOT_REARMED',
        outcome: 'home',
        bound: null,
        detail: 'home fired earlier and its price has not left the threshold since, so it is not re-armed',
      },
    ]);
    expect(bySource(2800)).toMatchObject({
      status: 'SUSPENDED',
      reasons: [{ set_id: setId, kind: 'SUSPENDED', outcome: null, bound: null, detail: 'the match was suspended when this offer came' }],
    });
    expect(bySource(2300).reasons).toEqual([
      { set_id: setId, kind: 'NOT_MET', outcome: null, bound: null, detail: 'no outcome met its condition at these odds' },
    ]);
  });
});
