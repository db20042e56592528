import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { League, ListReply, Market, Match, StatEvent } from '@odds/protocol';
import { TEAM_TAGS } from '../content/tags';
import { matches, statEvents } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let opener: Match;
let worldCup: League;
let season2018: number;
let live: number;
const market = {} as Record<string, Market>;

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown) => upstream.app.inject({ method: 'POST', url, headers, payload: payload as object });
const query = (name: string, params: Record<string, unknown>, s = 1) => post(`/api/1/${s}/events/query`, { query: name, params });

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  opener = (await get('/api/1/1/1/matches?date=2018-06-14')).json<ListReply<Match>>().results[0]!;
  worldCup = (await get('/api/1/1/1/leagues?q=FIFA')).json<ListReply<League>>().results[0]!;
  season2018 = worldCup.seasons.find((s) => s.name === '2018')!.id;
  for (const m of (await get('/api/1/1/1/markets')).json<ListReply<Market>>().results) market[m.name] = m;
  // A match kicked off half an hour ago, with one corner so far.
  const { db } = upstream.database;
  const [row] = await db
    .insert(matches)
    .values({
      providerId: 1,
      sportId: 1,
      leagueId: opener.league.id,
      homeTeamId: opener.home.id,
      awayTeamId: opener.away.id,
      name: 'Russia - Saudi Arabia',
      start: new Date(Date.now() - 30 * 60_000),
      eventId: 'rematch-1',
    })
    .returning();
  live = row!.id;
  await db.insert(statEvents).values({ matchId: live, typeId: 6, period: 1, gameTime: 28, teamId: opener.home.id });
});
afterAll(() => upstream.close());

describe('GET /api/1/events (statEvents)', () => {
  it('lists every World Cup goal of both providers, newest first, paged', async () => {
    const body = (await get(`/api/1/events?limit=2&match_id=${opener.id}&sort=timestamp`)).json<ListReply<StatEvent>>();
    expect(body.total).toBe(5);
    expect(body.results.map((e) => [e.game_time, e.extra_time])).toEqual([
      [12, 0],
      [43, 0],
    ]);
    // A list across matches names each event's team, since the matches' teams are not at hand.
    expect(body.results.map((e) => e.team_name)).toEqual([opener.home.name, opener.home.name]);
    expect((await get('/api/1/events?limit=1')).json<ListReply<StatEvent>>().total).toBe(169 + 172 * 2 + 1);
    const reversed = (await get(`/api/1/events?match_id=${opener.id}&sort=timestamp&reverse=true&start=1&limit=1`)).json<ListReply<StatEvent>>();
    expect(reversed.results.map((e) => [e.game_time, e.extra_time])).toEqual([[90, 1]]);
  });

  it("counts a market's events: its provider's goals, first-half ones for a half-time market", async () => {
    expect((await get(`/api/1/events?market_id=${market['Match Result']!.id}&limit=1`)).json<ListReply<StatEvent>>().total).toBe(169 + 172);
    const halfTime = (await get(`/api/1/events?market_id=${market['Half-time Result']!.id}`)).json<ListReply<StatEvent>>();
    expect(halfTime.total).toBe(65 + 67);
    expect(halfTime.results.every((e) => e.period === 1 && e.type <= 3)).toBe(true);
  });

  it('keeps matches in play with inplay_only', async () => {
    const body = (await get('/api/1/events?inplay_only=true')).json<ListReply<StatEvent>>();
    expect(body.results.map((e) => [e.match_id, e.type, e.game_time])).toEqual([[live, 6, 28]]);
  });

  it('refuses a limit past 1000, an unknown sort and an unknown market', async () => {
    expect((await get('/api/1/events?limit=1001')).json().message).toBe('limit must be <= 1000');
    expect((await get('/api/1/events?sort=-colour')).json().message).toBe(
      "Cannot sort by 'colour'; use one of: id, timestamp, match_id, type, period, game_time.",
    );
    const unknown = await get('/api/1/events?market_id=9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Market 9999 not found');
  });
});

describe('GET /api/1/events/match/:matchId (matchStatEvents)', () => {
  it("gives the opener's five goals in match order, with scorers and stoppage time", async () => {
    const body = (await get(`/api/1/events/match/${opener.id}`)).json<ListReply<StatEvent>>();
    const names = opener.meta.participants.Russia!;
    expect(body.results.map((e) => [e.period, e.game_time, e.extra_time, e.type, e.team, names.find((p) => p.id === e.participant)?.name, e.tags])).toEqual([
      [1, 12, 0, 1, opener.home.id, 'Gazinsky', ['positive', 'opener']],
      [1, 43, 0, 1, opener.home.id, 'Cheryshev', ['positive']],
      [2, 71, 0, 1, opener.home.id, 'Dzyuba', ['positive']],
      [2, 90, 1, 1, opener.home.id, 'Cheryshev', ['positive', 'stoppage_time']],
      [2, 90, 4, 1, opener.home.id, 'Golovin', ['positive', 'stoppage_time']],
    ]);
    expect(body.results[0]!.timestamp).toBe('2018-06-14T15:12:00.000Z');
  });

  it('answers 404 for an unknown match', async () => {
    expect((await get('/api/1/events/match/999999')).json().message).toBe('Match 999999 not found');
  });
});

describe('POST /api/1/events (statEventsSave) and DELETE /api/1/events (statEventsDelete)', () => {
  let created: StatEvent[] = [];

  it('adds rows without an id and updates rows with one, in one call', async () => {
    const [first] = (await get(`/api/1/events/match/${opener.id}`)).json<ListReply<StatEvent>>().results;
    const reply = await post('/api/1/events', {
      events: [
        { match_id: opener.id, type: 4, period: 1, game_time: 45, extra_time: 2, team: opener.away.id, tags: ['dissent'], timestamp: '2018-06-14T15:47:00Z' },
        { match_id: opener.id, type: 6, period: 2, game_time: 61, team: opener.home.id },
        { ...first!, tags: ['opener', 'header'] },
      ],
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json<ListReply<StatEvent>>();
    expect(body.total).toBe(3);
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      version: 1,
      match_id: opener.id,
      type: 4,
      period: 1,
      game_time: 45,
      extra_time: 2,
      team: opener.away.id,
      participant: null,
      tags: ['dissent'],
      timestamp: '2018-06-14T15:47:00.000Z',
    });
    expect(body.results[2]).toEqual({ ...first, tags: ['opener', 'header'], version: first!.version! + 1 });
    created = body.results.slice(0, 2);
    expect((await get(`/api/1/events/match/${opener.id}`)).json<ListReply<StatEvent>>().total).toBe(7);
  });

  it('saves nothing when one row is wrong, and says which', async () => {
    const good = { match_id: opener.id, type: 5, period: 2, game_time: 80, team: opener.home.id };
    const wrongTeam = await post('/api/1/events', { events: [good, { ...good, team: 99999 }] });
    expect(wrongTeam.statusCode).toBe(400);
    expect(wrongTeam.json().message).toBe(`Team 99999 does not play in match ${opener.id}.`);
    expect((await get(`/api/1/events/match/${opener.id}`)).json<ListReply<StatEvent>>().total).toBe(7);
    expect((await post('/api/1/events', { events: [{ ...good, participant: 42 }] })).json().message).toBe(
      `Participant 42 is not on Russia's list for match ${opener.id}.`,
    );
    expect((await post('/api/1/events', { events: [{ ...good, type: 99 }] })).json().message).toBe('Unknown stat event type 99.');
    expect((await post('/api/1/events', { events: [{ ...good, match_id: 999999 }] })).json().message).toBe('Match 999999 not found');
    expect((await post('/api/1/events', { events: [{ ...good, id: 999999 }] })).json().message).toBe('Stat event 999999 not found');
    expect((await post('/api/1/events', { events: [{ ...good, period: 5 }] })).json().message).toBe('events.0.period must be <= 4');
    expect((await post('/api/1/events', { events: [] })).json().message).toBe('events must NOT have fewer than 1 items');
  });

  it('deletes events by id, all or none', async () => {
    const ids = created.map((e) => `event_ids=${e.id}`).join('&');
    const missing = await upstream.app.inject({ method: 'DELETE', url: `/api/1/events?${ids}&event_ids=999999`, headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Stat event 999999 not found');
    const reply = await upstream.app.inject({ method: 'DELETE', url: `/api/1/events?${ids}`, headers });
    expect(reply.json()).toEqual({ success: true, deleted: 2 });
    expect((await get(`/api/1/events/match/${opener.id}`)).json<ListReply<StatEvent>>().total).toBe(5);
    expect((await upstream.app.inject({ method: 'DELETE', url: '/api/1/events', headers })).json().message).toBe(
      "query must have required property 'event_ids'",
    );
  });
});

describe('GET /api/1/events/types (eventTypes) and GET /api/1/events/tags (eventTags)', () => {
  it('lists the event types and the query tags', async () => {
    expect((await get('/api/1/events/types')).json<ListReply<{ name: string }>>().results.map((t) => t.name)).toEqual([
      'Goal',
      'Own goal',
      'Penalty goal',
      'Yellow card',
      'Red card',
      'Corner',
      'Substitution',
    ]);
    expect((await get('/api/1/events/tags')).json()).toEqual({ results: TEAM_TAGS, total: TEAM_TAGS.length, limit: TEAM_TAGS.length });
  });

  it('answers 404 for a type path that does not exist', async () => {
    expect((await get('/api/1/events/types/1')).statusCode).toBe(404);
  });
});

describe('GET /api/1/:s/events/apex/:leagueId/:teamId (apex)', () => {
  const apex = (q: string) => get(`/api/1/1/events/apex/${worldCup.id}/${opener.home.id}?${q}`);

  it('gives the outcome a team reaches most often on a side, from real results', async () => {
    // Russia at home in 2018: 5-0, 3-1, 1-1.
    expect((await apex(`side=home&market_id=${market['Match Result']!.id}`)).json()).toEqual({ result: { apex: 'home', ratio: 67 } });
    // Away: 0-3 at Uruguay (over 2.5), 1-1 at Spain (under): a tie goes to the first-listed outcome.
    const ou = market['Over/Under 2.5 Goals']!.id;
    expect((await apex(`side=away&market_id=${ou}`)).json()).toEqual({ result: { apex: 'over', ratio: 50 } });
    expect((await apex(`side=away&market_id=${ou}&outcome=under`)).json()).toEqual({ result: { apex: 'under', ratio: 50 } });
    expect((await apex(`side=away&market_id=${market['Match Result']!.id}&outcome=away`)).json()).toEqual({ result: { apex: null, ratio: null } });
  });

  it("refuses an unknown outcome, another provider's market and a missing side", async () => {
    expect((await apex(`side=home&market_id=${market['Match Result']!.id}&outcome=yes`)).json().message).toBe(
      "Unknown outcome 'yes' for Match Result; use home, draw, away.",
    );
    const spanish = (await get('/api/1/2/1/markets?limit=1')).json<ListReply<Market>>().results[0]!;
    expect((await apex(`side=home&market_id=${spanish.id}`)).json().message).toBe(
      `Market ${spanish.id} (Resultado del partido) is not a market of this league's provider and sport.`,
    );
    expect((await apex(`market_id=${spanish.id}`)).json().message).toBe("query must have required property 'side'");
  });
});

describe('POST /api/1/:s/events/query (statsQuery)', () => {
  it("computes a team's season record and per-match market outcomes", async () => {
    expect((await query('team_record', { season_id: season2018, team_id: opener.home.id })).json()).toEqual({
      results: [{ team_id: opener.home.id, season_id: season2018, played: 5, wins: 2, draws: 2, losses: 1, goals_for: 10, goals_against: 6, win_rate: 40 }],
    });
    const outcomes = (
      await query('team_market_outcomes', { season_id: season2018, team_id: opener.home.id, market_id: market['Both Teams to Score']!.id })
    ).json().results;
    expect(outcomes.map((r: { home: string; away: string; outcome: string; state: string }) => `${r.home}-${r.away} ${r.outcome} ${r.state}`)).toEqual([
      'Russia-Croatia yes positive',
      'Spain-Russia yes positive',
      'Uruguay-Russia no negative',
      'Russia-Egypt yes positive',
      'Russia-Saudi Arabia no negative',
    ]);
    const asTeam = (
      await query('team_market_outcomes', { season_id: season2018, team_id: opener.home.id, market_id: market['Match Result']!.id, home_away: 'away' })
    ).json().results;
    expect(asTeam.map((r: { outcome: string; state: string; side: string }) => [r.side, r.outcome, r.state])).toEqual([
      ['away', 'draw', 'negative'],
      ['away', 'home', 'negative'],
    ]);
  });

  it('computes outcome ratios and goal minutes', async () => {
    expect((await query('outcome_ratios', { season_id: season2018, market_id: market['Match Result']!.id })).json().results).toEqual([
      { outcome: 'home', matches: 25, ratio: 39 },
      { outcome: 'draw', matches: 14, ratio: 22 },
      { outcome: 'away', matches: 25, ratio: 39 },
    ]);
    const minutes = (await query('goal_minutes', { season_id: season2018 })).json().results as { band: string; goals: number }[];
    expect(minutes.map((b) => b.band)).toEqual(['0-15', '16-30', '31-45', '46-60', '61-75', '76-90', '91-120']);
    expect(minutes.reduce((sum, b) => sum + b.goals, 0)).toBe(169);
    const russia = (await query('goal_minutes', { season_id: season2018, team_id: opener.home.id })).json().results as { scored: number; conceded: number }[];
    // 10-6 in 90 minutes, plus a goal each in extra time of the quarter-final against Croatia (2-2 a.e.t.).
    expect([russia.reduce((s, b) => s + b.scored, 0), russia.reduce((s, b) => s + b.conceded, 0)]).toEqual([11, 7]);
    expect(russia.at(-1)).toEqual({ band: '91-120', scored: 1, conceded: 1 });
  });

  it('refuses an unknown query, a missing parameter and a season of another sport', async () => {
    expect((await query('drop_tables', {})).json().message).toBe(
      "Unknown query 'drop_tables'; use one of: team_record, team_market_outcomes, outcome_ratios, goal_minutes.",
    );
    expect((await query('team_record', { season_id: season2018 })).json().message).toBe('Query team_record needs the parameter team_id.');
    expect((await query('team_record', { season_id: 'first', team_id: 1 })).json().message).toBe(
      'Parameter season_id of query team_record must be a whole number.',
    );
    expect((await query('goal_minutes', { season_id: season2018 }, 4)).json().message).toBe(
      `League ${worldCup.id} (FIFA World Cup) is not a Basketball league.`,
    );
    expect((await post('/api/1/1/events/query', { query: 'DROP TABLE', params: {} })).statusCode).toBe(400);
  });
});
