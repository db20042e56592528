import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestReply } from '@odds/protocol';
import { contacts, leagues, markets, matches, thresholdSets } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let fixture: number;

const T0 = Date.parse('2031-06-01T18:00:00Z');
const offerAt = (id: string, minute: number, home: number) => ({
  type: 'offer',
  source_id: id,
  sent_at: new Date(T0 + minute * 60_000).toISOString(),
  market: { type_id: 1, line: null },
  outcomes: [
    { label: '1', line: null, odds: home },
    { label: 'X', line: null, odds: 3300 },
    { label: '2', line: null, odds: 3000 },
  ],
  match_time: minute * 60,
  prematch: false,
  score: 'H0-A0',
});
const ingest = async (...messages: object[]) => {
  const reply = await upstream.app.inject({ method: 'POST', url: `/api/1/engine/match/${fixture}/ingest`, headers, payload: { messages } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<IngestReply>();
};

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  const [classics] = await db.select().from(leagues).where(eq(leagues.uniqueId, 'wc-classics'));
  // The sixth Classics fixture: no seeded threshold sets, content or trackers.
  fixture = (await db.select().from(matches).where(eq(matches.leagueId, classics!.id)).orderBy(asc(matches.start)))[5]!.id;
  // No contact's rate limit spans matches: a cached match is then not read before a batch (a
  // rate-limited contact's push times are, with the scopes, before deciding).
  await db.update(contacts).set({ rateLimited: false });
});
afterAll(() => upstream.close());

describe("the batch's write checks the scopes the cached match was decided with", () => {
  it('refuses a batch decided before an edit of the match, which is then decided again with the edit', async () => {
    const { counters } = upstream.app.engine;
    await ingest(offerAt('a', 1, 2000));
    const reloads = counters.reloads;
    // An edit after the match was cached (the database's trigger moves the match's scope).
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
    // Decided on the cache (which knows no set) this would not fire; refused and decided again, it does.
    expect(await ingest(offerAt('b', 2, 2400))).toMatchObject({ offers: 1, firings: 1 });
    expect(counters.reloads - reloads).toBe(1);
    expect(await ingest(offerAt('c', 3, 2000))).toMatchObject({ offers: 1, firings: 0 });
    expect(counters.reloads - reloads).toBe(1);
  });

  it("stands by a batch's decisions when only contacts that concern no one of the match changed", async () => {
    const { counters } = upstream.app.engine;
    const [match] = await upstream.database.db.select().from(matches).where(eq(matches.id, fixture));
    const reloads = counters.reloads;
    const unaffected = counters.unaffected;
    await upstream.database.db
      .insert(contacts)
      .values({ providerId: match!.providerId, sportId: match!.sportId, name: 'Subscribed to nothing', deviceId: 'nobody-scope' });
    expect(await ingest(offerAt('d', 4, 2050))).toMatchObject({ offers: 1 });
    expect(counters.reloads - reloads).toBe(0);
    expect(counters.unaffected - unaffected).toBe(1);
  });
});
