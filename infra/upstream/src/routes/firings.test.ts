import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Firing, ListReply, Match, Suppression } from '@odds/protocol';
import { deliveries, markets, thresholdSets } from '../db/schema';
import { classicsFixture, HOME_RISES_020, resultMarketOf, resultOfferAt } from '../engine/test-feed';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let final: Match;
let fixture: number;

const call = (method: 'GET' | 'POST', url: string, payload?: object) => upstream.app.inject({ method, url, headers, ...(payload && { payload }) });
const T0 = Date.parse('2031-07-01T18:00:00Z');
const offerAt = (id: string, minute: number, home: number) => resultOfferAt(T0, id, minute, home);

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  [final] = (await call('GET', '/api/1/1/1/matches?q=Argentina - France&date=2022-12-18')).json<ListReply<Match>>().results as [Match];
  // The seventh Classics fixture: no seeded threshold sets, feed or content.
  fixture = await classicsFixture(db, 6);
});
afterAll(() => upstream.close());

describe('GET /api/1/match/{matchId}/firings', () => {
  it("lists the seeded final's firings with each fired outcome's odds and why, newest first", async () => {
    const reply = await call('GET', `/api/1/match/${final.id}/firings?limit=100`);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<ListReply<Firing>>();
    expect(body.total).toBeGreaterThan(0);
    const times = body.results.map((f) => f.sent_at);
    expect(times).toEqual([...times].sort().reverse());
    for (const firing of body.results) {
      expect(firing.match_id).toBe(final.id);
      expect(firing.outcomes.length).toBeGreaterThan(0);
      for (const o of firing.outcomes) expect(o.why).toMatch(new RegExp(`^(VALUE|RANGE|RELATIVE) ${o.outcome} `));
    }
    const value = body.results.find((f) => f.threshold_set.type === 'VALUE')!;
    expect(value.outcomes[0]).toMatchObject({ reference_odds: null, reference_at: null });
    expect(value.outcomes[0]!.why).toBe(
      `VALUE ${value.outcomes[0]!.outcome} ≥ ${value.outcomes[0]!.why.split('≥ ')[1]!.split(' ')[0]} reached at ${(value.outcomes[0]!.odds! / 1000).toFixed(2)}`,
    );
  });

  it('filters by market, set, outcome and offer, and pages', async () => {
    const all = (await call('GET', `/api/1/match/${final.id}/firings?limit=1000`)).json<ListReply<Firing>>();
    const first = all.results[0]!;
    const byMarket = (await call('GET', `/api/1/match/${final.id}/firings?market_id=${first.market.id}&limit=1000`)).json<ListReply<Firing>>();
    expect(byMarket.total).toBe(all.results.filter((f) => f.market.id === first.market.id).length);
    const bySet = (await call('GET', `/api/1/match/${final.id}/firings?threshold_set_id=${first.threshold_set.id}&limit=1000`)).json<ListReply<Firing>>();
    expect(bySet.results.every((f) => f.threshold_set.id === first.threshold_set.id)).toBe(true);
    const outcome = first.outcomes[0]!.outcome;
    const byOutcome = (await call('GET', `/api/1/match/${final.id}/firings?outcome=${outcome}&limit=1000`)).json<ListReply<Firing>>();
    expect(byOutcome.total).toBe(all.results.filter((f) => f.outcomes.some((o) => o.outcome === outcome)).length);
    const byOffer = (await call('GET', `/api/1/match/${final.id}/firings?offer_id=${first.offer_id}`)).json<ListReply<Firing>>();
    expect(byOffer.results.map((f) => f.id)).toContain(first.id);
    const page = (await call('GET', `/api/1/match/${final.id}/firings?start=1&limit=1`)).json<ListReply<Firing>>();
    expect(page).toMatchObject({ total: all.total, limit: 1 });
    expect(page.results.map((f) => f.id)).toEqual([all.results[1]!.id]);
  });

  it('refuses bad input with a message, an unknown match with 404, and a call without a token', async () => {
    const bad = async (query: string) => await call('GET', `/api/1/match/${final.id}/firings?${query}`);
    for (const query of ['market_id=abc', 'threshold_set_id=0', 'outcome=a%20b', 'limit=0', 'start=-1', `outcome=${'x'.repeat(33)}`]) {
      const reply = await bad(query);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toEqual(expect.any(String));
    }
    expect((await call('GET', '/api/1/match/999999/firings')).json()).toMatchObject({ statusCode: 404, message: 'Match 999999 not found' });
    expect((await upstream.app.inject({ method: 'GET', url: `/api/1/match/${final.id}/firings` })).statusCode).toBe(401);
  });

  it('stores a RELATIVE firing with its reference, and an exhausted set as one MAX_THRESHOLD record counted across ingests', async () => {
    const { db } = upstream.database;
    const market = await resultMarketOf(db, fixture);
    await db
      .update(markets)
      .set({ meta: { max_threshold: 1 } })
      .where(eq(markets.id, market.id));
    try {
      const [set] = await db
        .insert(thresholdSets)
        .values({
          matchId: fixture,
          marketId: market.id,
          type: 'RELATIVE',
          thresholds: HOME_RISES_020,
        })
        .returning();
      const ingest = (messages: object[]) => call('POST', `/api/1/engine/match/${fixture}/ingest`, { messages });
      // Fires at 2.30 (from 2.00 a minute earlier); then home falls and rises 0.20 twice, in two ingests.
      expect((await ingest([offerAt('a', 1, 2000), offerAt('b', 2, 2300), offerAt('c', 3, 2000), offerAt('d', 4, 2250)])).json()).toMatchObject({ firings: 1 });
      expect((await ingest([offerAt('e', 5, 2000), offerAt('f', 6, 2300)])).json()).toMatchObject({ firings: 0 });
      const fired = (await call('GET', `/api/1/match/${fixture}/firings?threshold_set_id=${set!.id}`)).json<ListReply<Firing>>();
      expect(fired.results.map((f) => f.outcomes)).toEqual([
        [
          {
            outcome: 'home',
            odds: 2300,
            reference_odds: 2000,
            reference_at: new Date(T0 + 60_000).toISOString(),
            why: 'RELATIVE home rose 0.30 (≥ 0.20 within 5 min, REAL) from 2.00 at 18:01:00 to 2.30',
          },
        ],
      ]);
      const listed = (await call('GET', `/api/1/match/${fixture}/suppressions?limit=100`)).json<ListReply<Suppression>>().results;
      const held = listed.filter((s) => s.reason === 'MAX_THRESHOLD');
      expect(held.map((s) => [s.outcome, s.count, s.threshold_set_id])).toEqual([['home', 2, set!.id]]);
    } finally {
      await db.update(markets).set({ meta: market.meta }).where(eq(markets.id, market.id));
    }
  });
});

describe('the seeded deliveries', () => {
  it('are never empty: every Email has a subject and a body', async () => {
    const rows = await upstream.database.db.select({ channelId: deliveries.channelId, log: deliveries.log }).from(deliveries);
    const emails = rows.filter((d) => d.channelId === 2);
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.every((d) => d.log.subject && d.log.body)).toBe(true);
    expect(rows.every((d) => d.log.subject || d.log.body || d.log.cta)).toBe(true);
  });
});
