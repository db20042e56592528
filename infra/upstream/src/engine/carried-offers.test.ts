import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@odds/protocol';
import { leagues, markets, matches, thresholdSets } from '../db/schema';
import { offersSince } from '../reads/offers';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let fixture: number;
const notices: ChangeNotice[] = [];
let unsubscribe: () => void;

const T0 = Date.parse('2031-06-01T18:00:00Z');
const offerAt = (id: string, clock: number, home: number) => ({
  type: 'offer',
  source_id: id,
  sent_at: new Date(T0 + clock * 60_000).toISOString(),
  market: { type_id: 1, line: null },
  outcomes: [
    { label: '1', line: null, odds: home },
    { label: 'X', line: null, odds: 3300 },
    { label: '2', line: null, odds: 3000 },
  ],
  match_time: clock * 60,
  prematch: false,
  score: 'H0-A0',
});
const ingest = async (messages: object[]) => {
  const reply = await upstream.app.inject({ method: 'POST', url: `/api/1/engine/match/${fixture}/ingest`, headers, payload: { messages } });
  expect(reply.statusCode, reply.body).toBe(200);
  return notices.at(-1)!;
};

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  const [classics] = await db.select().from(leagues).where(eq(leagues.uniqueId, 'wc-classics'));
  // The sixth Classics fixture: no seeded threshold sets, content or trackers.
  fixture = (await db.select().from(matches).where(eq(matches.leagueId, classics!.id)).orderBy(asc(matches.start)))[5]!.id;
  unsubscribe = upstream.app.engine.bus.subscribe((notice) => notices.push(notice));
});
afterAll(async () => {
  unsubscribe();
  await upstream.close();
});

describe("the offers an ingest's change notice carries", () => {
  it('are, byte for byte, what the incremental read answers after the id the notice names', async () => {
    const first = await ingest([offerAt('a', 1, 2000), offerAt('b', 2, 2100), offerAt('g', 2, 2050)]);
    expect(first.offers_after).toBe(0);
    expect(first.offers!.map((o) => o.id)).toEqual(first.offer_ids);
    // A later batch, with an offer older than one already evaluated (stale: stored, not evaluated).
    const second = await ingest([offerAt('c', 4, 2200), offerAt('d', 3, 2150), offerAt('h', 5, 2300)]);
    expect(second.offers_after).toBe(Math.max(...first.offer_ids));
    for (const notice of [first, second]) {
      const read = await offersSince(upstream.database.db, [[fixture, notice.offers_after!]], 1000);
      const upTo = Math.max(...notice.offer_ids);
      expect(JSON.stringify(notice.offers)).toBe(JSON.stringify(read.results.filter((o) => o.id <= upTo)));
    }
    expect(second.offers!.map((o) => o.match_time)).toEqual([180, 240, 300]);
  });

  it('are left out when an offer of the batch fired (its record names its deliveries): the relay reads them', async () => {
    const { db } = upstream.database;
    const [match] = await db.select().from(matches).where(eq(matches.id, fixture));
    const [market] = await db
      .select()
      .from(markets)
      .where(and(eq(markets.providerId, match!.providerId), eq(markets.sportId, match!.sportId), eq(markets.typeId, 1)))
      .orderBy(asc(markets.id))
      .limit(1);
    await db.insert(thresholdSets).values({
      matchId: fixture,
      marketId: market!.id,
      type: 'RELATIVE',
      thresholds: { home: { direction: 'RISE', metric: 'VALUE', value: 200, time_amount: 5, time_unit: 'MINUTES', time_basis: 'REAL' } },
    });
    await ingest([offerAt('e', 6, 2000)]);
    const fired = await ingest([offerAt('f', 7, 2400)]);
    const [read] = (await offersSince(db, [[fixture, Math.max(...fired.offer_ids) - 1]], 10)).results;
    expect(read!.status).toBe('TRIGGERED');
    expect(fired.offer_ids).toHaveLength(1);
    expect(fired.offers).toBeUndefined();
    expect(fired.offers_after).toBeUndefined();
  });
});
