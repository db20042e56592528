import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagues, markets, matches, offers } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let finalId: number;
let final2018: number;
let resultMarket: number;
let iberiaMarket: number;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  [{ id: finalId }] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.providerId, 1), eq(matches.eventId, 'wc2022-64')));
  [{ id: final2018 }] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.providerId, 1), eq(matches.eventId, 'wc2018-64')));
  [{ id: resultMarket }] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.providerId, 1), eq(markets.typeId, 1)));
  [{ id: iberiaMarket }] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.providerId, 2), eq(markets.typeId, 1)));
});
afterAll(() => upstream.close());

const banner = (matchId: number | string, marketId: number | string) =>
  upstream.app.inject({ method: 'GET', url: `/api/1/banner/${matchId}/${marketId}`, headers });

describe('GET /api/1/banner/{matchId}/{marketId}', () => {
  it("shows the match's basics while the market has no offer", async () => {
    // The engine demo may have played this match: without its offers the banner falls back to the result.
    await upstream.database.db.delete(offers).where(and(eq(offers.matchId, final2018), eq(offers.marketId, resultMarket)));
    const reply = await banner(final2018, resultMarket);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-security-policy']).toContain("default-src 'none'");
    const html = reply.body;
    expect(html).toMatch(/^<!doctype html>/);
    for (const text of ['France', 'Croatia', '4–2', 'Full time (half time 2–1)', 'Match Result', 'FIFA World Cup', 'No odds offered for this market yet.'])
      expect(html).toContain(text);
    expect(html).not.toMatch(/<script|<link|<img|src=|href=/i);
  });

  it('shows the score, minute and odds of the latest offer', async () => {
    await upstream.database.db.insert(offers).values([
      {
        matchId: finalId,
        marketId: resultMarket,
        sourceId: 'banner-test-1',
        outcomeMap: { home: 1900, draw: 3300, away: 4200 },
        odds: [],
        score: 'H0-A0',
        matchTime: 600,
        createdAt: new Date('2022-12-18T15:10:00Z'),
      },
      {
        matchId: finalId,
        marketId: resultMarket,
        sourceId: 'banner-test-2',
        outcomeMap: { home: 1450, draw: 4100, away: 7250 },
        odds: [],
        score: 'H1-A0',
        matchTime: 1395,
        createdAt: new Date('2022-12-18T15:24:00Z'),
      },
    ]);
    const html = (await banner(finalId, resultMarket)).body;
    for (const text of ['1–0', '23&#39;', '1.45', '4.10', '7.25', 'Draw', 'Odds at 2022-12-18 15:24 UTC']) expect(html).toContain(text);
    expect(html).not.toContain('1.90');
    // Outcomes in the market type's order, labelled with the teams' names.
    expect(html.indexOf('Argentina</span>')).toBeLessThan(html.indexOf('Draw</span>'));
    expect(html.indexOf('Draw</span>')).toBeLessThan(html.indexOf('France</span>'));
  });

  it('escapes every value it shows', async () => {
    const { db } = upstream.database;
    const [league] = await db.select().from(leagues).innerJoin(matches, eq(matches.leagueId, leagues.id)).where(eq(matches.id, finalId));
    await db.update(leagues).set({ name: '<img src=x onerror="alert(1)">' }).where(eq(leagues.id, league!.leagues.id));
    const html = (await banner(finalId, resultMarket)).body;
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toContain('<img');
    await db.update(leagues).set({ name: league!.leagues.name }).where(eq(leagues.id, league!.leagues.id));
  });

  it("answers 404 for an unknown match or market, 400 for another provider's market or a non-numeric id", async () => {
    expect((await banner(999999, resultMarket)).json().message).toBe('Match 999999 not found');
    expect((await banner(finalId, 999999)).json().message).toBe('Market 999999 not found');
    expect((await banner(finalId, iberiaMarket)).json().message).toBe(`Market ${iberiaMarket} is not a market of this match's provider.`);
    const reply = await banner('final', resultMarket);
    expect([reply.statusCode, reply.json().message]).toEqual([400, 'matchId must be integer']);
  });
});
