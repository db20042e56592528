import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatResult, type LeagueTableReply, type ListReply, type Match, type MatchLiveState, type MatchResult } from '@odds/protocol';
import { leagues, markets, matches, offers } from '../db/schema';
import { backfillResults } from '../seed/results';
import { createTestUpstream, type TestUpstream } from '../testing';

/** The 2022 final: 2–2 after 90 minutes, 3–3 after extra time, 4–2 on penalties. */
const FINAL: MatchResult = { regular: { home: 2, away: 2 }, after_extra_time: { home: 3, away: 3 }, penalties: { home: 4, away: 2 } };

let upstream: TestUpstream;
let headers: Record<string, string>;
let final: Match;
let leagueId: number;

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object) => upstream.app.inject({ method: 'POST', url, headers, payload });

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  [final] = (await get('/api/1/1/1/matches?q=Argentina - France&date=2022-12-18')).json<ListReply<Match>>().results as [Match];
  const [league] = await upstream.database.db
    .select({ id: leagues.id })
    .from(leagues)
    .where(and(eq(leagues.providerId, 1), eq(leagues.uniqueId, 'fifa-world-cup')));
  leagueId = league!.id;
});
afterAll(() => upstream.close());

describe('one result of the 2022 final everywhere', () => {
  it('reads the same from the match, the league table, the stats and the feed the engine played', async () => {
    const match = (await get(`/api/1/match/${final.id}`)).json<Match>();
    expect(match.result).toEqual(FINAL);
    // What markets settle on stays the 90-minute score, and says so beside the whole result.
    expect(match.score).toEqual(FINAL.regular);

    const { table, season } = (await get(`/api/1/1/league/${leagueId}/table`)).json<LeagueTableReply>();
    expect(table.find((row) => row.match.id === final.id)!.result).toEqual(FINAL);

    const [resultMarket] = await upstream.database.db
      .select({ id: markets.id })
      .from(markets)
      .where(and(eq(markets.providerId, 1), eq(markets.typeId, 1)));
    const stats = (
      await post('/api/1/1/events/query', {
        query: 'team_market_outcomes',
        params: { season_id: season!.id, team_id: final.home.id, market_id: resultMarket!.id },
      })
    ).json<{ results: { match_id: number; result: MatchResult; outcome: string }[] }>();
    const row = stats.results.find((r) => r.match_id === final.id)!;
    expect(row.result).toEqual(FINAL);
    // 1X2 settles on 90 minutes: a draw, though Argentina won the cup.
    expect(row.outcome).toBe('draw');

    // The seeded final was played through the engine from its feed: goals in extra time, the shoot-out at the end.
    const live = (await get(`/api/1/match/${final.id}/live`)).json<MatchLiveState>();
    expect(live.status).toBe('ENDED');
    expect(live.result).toEqual(FINAL);

    expect(new Set([match.result, live.result, row.result].map((r) => formatResult(r!)))).toEqual(new Set(['3–3 a.e.t., 4–2 pens']));
  });

  it('shows it on the banner once the market has no offer', async () => {
    const [resultMarket] = await upstream.database.db
      .select({ id: markets.id })
      .from(markets)
      .where(and(eq(markets.providerId, 1), eq(markets.typeId, 1)));
    await upstream.database.db.delete(offers).where(and(eq(offers.matchId, final.id), eq(offers.marketId, resultMarket!.id)));
    const html = (await get(`/api/1/banner/${final.id}/${resultMarket!.id}`)).body;
    expect(html).toContain('3–3 a.e.t., 4–2 pens');
  });

  it('gives a plain match a plain result, and fills in a database seeded before results had extra time', async () => {
    const [opener] = (await get('/api/1/1/1/matches?date=2018-06-14')).json<ListReply<Match>>().results;
    expect(opener!.result).toEqual({ regular: { home: 5, away: 0 }, after_extra_time: null, penalties: null });

    const { db } = upstream.database;
    await db.update(matches).set({ etHomeScore: null, etAwayScore: null, penHomeScore: null, penAwayScore: null }).where(eq(matches.eventId, 'wc2022-64'));
    expect((await get(`/api/1/match/${final.id}`)).json<Match>().result).toEqual({ ...FINAL, after_extra_time: null, penalties: null });
    // The final's two rows (both providers carry it) lost them; nothing else is touched.
    expect(await backfillResults(db)).toBe(2);
    expect((await get(`/api/1/match/${final.id}`)).json<Match>().result).toEqual(FINAL);
    expect(await backfillResults(db)).toBe(0);
  });
});
