import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { League, LeagueTableReply, ListReply, Match, SearchResult } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let worldCup: League;
let russia: number;
const season = (name: string) => worldCup.seasons.find((s) => s.name === name)!.id;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  worldCup = (await get('/api/1/1/1/leagues?q=FIFA')).json<ListReply<League>>().results[0]!;
  russia = (await get('/api/1/1/1/search?q=Russia&type=teams')).json<ListReply<SearchResult>>().results[0]!.id;
});
afterAll(() => upstream.close());

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });

describe('GET /api/1/leagues/:leagueId (league)', () => {
  it('returns one league with its seasons', async () => {
    expect((await get(`/api/1/leagues/${worldCup.id}`)).json()).toEqual(worldCup);
    expect(worldCup.seasons.map((s) => s.name)).toEqual(['2018', '2022']);
  });

  it('answers 404 for an unknown league', async () => {
    const reply = await get('/api/1/leagues/4040');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('League 4040 not found');
  });
});

describe('GET /api/1/leagues/:leagueId/matches (leagueMatches)', () => {
  it("pages the league's matches with the matches list's filters", async () => {
    const body = (await get(`/api/1/leagues/${worldCup.id}/matches?limit=5`)).json<ListReply<Match>>();
    expect(body.total).toBe(128);
    expect(body.results.map((m) => m.name)).toEqual(['Argentina - France', 'Croatia - Morocco', 'France - Morocco', 'Argentina - Croatia', 'England - France']);
    const opener = (await get(`/api/1/leagues/${worldCup.id}/matches?date=2018-06-14`)).json<ListReply<Match>>();
    expect(opener.results.map((m) => [m.name, m.score, m.ht_score])).toEqual([['Russia - Saudi Arabia', { home: 5, away: 0 }, { home: 2, away: 0 }]]);
  });

  it('answers 404 for an unknown league and 400 for a bad filter', async () => {
    expect((await get('/api/1/leagues/4040/matches')).json().message).toBe('League 4040 not found');
    const bad = await get(`/api/1/leagues/${worldCup.id}/matches?timeframe=SOON`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^timeframe must be/);
  });
});

describe('GET /api/1/:s/league/:leagueId/table (leagueTable)', () => {
  it("shows the latest season's matches, latest first, with real scores and matchdays", async () => {
    const body = (await get(`/api/1/1/league/${worldCup.id}/table`)).json<LeagueTableReply>();
    expect(body.league.name).toBe('FIFA World Cup');
    expect(body.season).toEqual({ id: season('2022'), name: '2022' });
    expect(body.table).toHaveLength(64);
    expect(body.table[0]).toEqual({
      match: { id: expect.any(Number), day: 23, date: '2022-12-18T15:00:00.000Z' },
      home: 'Argentina',
      away: 'France',
      home_id: expect.any(Number),
      away_id: expect.any(Number),
      score: { home: 2, away: 2 },
      ht_score: { home: 2, away: 0 },
      result: { regular: { home: 2, away: 2 }, after_extra_time: { home: 3, away: 3 }, penalties: { home: 4, away: 2 } },
    });
  });

  it('refuses a league of another sport and answers 404 for an unknown league', async () => {
    const other = await get(`/api/1/3/league/${worldCup.id}/table`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(`League ${worldCup.id} (FIFA World Cup) is not a Tennis league.`);
    expect((await get('/api/1/1/league/4040/table')).statusCode).toBe(404);
  });
});

describe('GET /api/1/:s/league/:leagueId/table/:seasonId (leagueSeasonTable)', () => {
  it('gives the 2018 opener and final with their real full-time and half-time scores', async () => {
    const { table } = (await get(`/api/1/1/league/${worldCup.id}/table/${season('2018')}`)).json<LeagueTableReply>();
    expect(table.at(-1)).toMatchObject({
      match: { day: 1, date: '2018-06-14T15:00:00.000Z' },
      home: 'Russia',
      away: 'Saudi Arabia',
      home_id: russia,
      score: { home: 5, away: 0 },
      ht_score: { home: 2, away: 0 },
    });
    expect(table[0]).toMatchObject({ match: { day: 25 }, home: 'France', away: 'Croatia', score: { home: 4, away: 2 }, ht_score: { home: 2, away: 1 } });
  });

  it('keeps the last n played matches with match_limiter', async () => {
    const { table } = (await get(`/api/1/1/league/${worldCup.id}/table/${season('2018')}?match_limiter=2`)).json<LeagueTableReply>();
    expect(table.map((r) => `${r.home} ${r.score!.home}-${r.score!.away} ${r.away}`)).toEqual(['France 4-2 Croatia', 'Belgium 2-0 England']);
  });

  it('answers 404 for a season of another league and 400 for a limiter past 39', async () => {
    const classics = (await get('/api/1/1/1/leagues?q=classics')).json<ListReply<League>>().results[0]!;
    const foreign = await get(`/api/1/1/league/${worldCup.id}/table/${classics.seasons[0]!.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(`Season ${classics.seasons[0]!.id} of league ${worldCup.id} not found`);
    expect((await get(`/api/1/1/league/${worldCup.id}/table/${season('2018')}?match_limiter=40`)).json().message).toBe('match_limiter must be <= 39');
  });
});

describe('GET /api/1/:s/league/:leagueId/table/:seasonId/team/:teamId (leagueTeamTable)', () => {
  const rows = async (q = '') =>
    (await get(`/api/1/1/league/${worldCup.id}/table/${season('2018')}/team/${russia}${q}`))
      .json<LeagueTableReply>()
      .table.map((r) => `${r.home} ${r.score!.home}-${r.score!.away} (${r.ht_score!.home}-${r.ht_score!.away}) ${r.away}`);

  it("lists the team's matches, home or away ones with home_away", async () => {
    expect(await rows()).toEqual([
      'Russia 1-1 (1-1) Croatia',
      'Spain 1-1 (1-1) Russia',
      'Uruguay 3-0 (2-0) Russia',
      'Russia 3-1 (0-0) Egypt',
      'Russia 5-0 (2-0) Saudi Arabia',
    ]);
    expect(await rows('?home_away=home')).toEqual(['Russia 1-1 (1-1) Croatia', 'Russia 3-1 (0-0) Egypt', 'Russia 5-0 (2-0) Saudi Arabia']);
    expect(await rows('?home_away=away&match_limiter=1')).toEqual(['Spain 1-1 (1-1) Russia']);
  });

  it('answers 404 for an unknown team and 400 for an unknown side', async () => {
    const unknown = await get(`/api/1/1/league/${worldCup.id}/table/${season('2018')}/team/99999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Team 99999 not found');
    expect((await get(`/api/1/1/league/${worldCup.id}/table/${season('2018')}/team/${russia}?home_away=both`)).statusCode).toBe(400);
  });
});
