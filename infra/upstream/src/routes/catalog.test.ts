import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { League, ListReply, Match, Provider } from '@odds/protocol';
import { eq } from 'drizzle-orm';
import { matches } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });

describe('GET /api/1/providers', () => {
  it('lists providers with their sports, scores definitions and languages', async () => {
    const { results } = (await get('/api/1/providers')).json<{ results: Provider[] }>();
    expect(results.map((p) => [p.name, p.active])).toEqual([
      ['Nordic Sportsbook', true],
      ['Iberia Apuestas', true],
      ['Benelux Odds', false],
    ]);
    const nordic = results[0]!;
    expect(nordic.meta.languages).toEqual(['en', 'da', 'sv', 'no', 'fi']);
    expect(nordic.sports.map((s) => s.name)).toEqual(['Football', 'Ice Hockey', 'Tennis', 'Basketball']);
    expect(nordic.sports[0]).toMatchObject({ periods: 2, scores: { max_score: 8, increment: 1, max_sub_node: 0 } });
    expect(nordic.sports[2]!.scores.leaf_nodes).toEqual(['0', '15', '30', '40', 'AD']);
  });

  it('leaves out inactive providers with active_only', async () => {
    const { results } = (await get('/api/1/providers?active_only=true')).json<{ results: Provider[] }>();
    expect(results.map((p) => p.name)).toEqual(['Nordic Sportsbook', 'Iberia Apuestas']);
  });

  it('refuses an active_only that is not a boolean', async () => {
    const reply = await get('/api/1/providers?active_only=perhaps');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('active_only must be boolean');
  });
});

describe('GET /api/1/sports', () => {
  it('lists the four sports', async () => {
    expect((await get('/api/1/sports')).json()).toEqual({
      results: [
        { id: 1, name: 'Football' },
        { id: 2, name: 'Ice Hockey' },
        { id: 3, name: 'Tennis' },
        { id: 4, name: 'Basketball' },
      ],
    });
  });
});

describe('GET /api/1/{p}/{s}/leagues', () => {
  it("lists the provider's leagues with seasons, default page size 20", async () => {
    const body = (await get('/api/1/1/1/leagues')).json<ListReply<League>>();
    expect(body.total).toBe(2);
    expect(body.limit).toBe(20);
    expect(body.results[0]).toEqual({
      id: body.results[0]!.id,
      version: 1,
      name: 'FIFA World Cup',
      provider_name: 'Nordic Sportsbook',
      path: 'International / FIFA World Cup',
      unique_id: 'fifa-world-cup',
      event_sync: true,
      seasons: [
        expect.objectContaining({ id: expect.any(Number), version: 1, name: '2018', sync: null, overrides: [] }),
        expect.objectContaining({ id: expect.any(Number), version: 1, name: '2022', sync: null, overrides: [] }),
      ],
      // Made by hand (the demo seed), not synced: docs/catalog.md.
      sync: null,
      overrides: [],
    });
  });

  it('searches by name or path and keeps stats-only leagues with played matches', async () => {
    expect((await get('/api/1/1/1/leagues?q=classics')).json().results.map((l: League) => l.name)).toEqual(['World Cup Classics']);
    expect((await get('/api/1/1/1/leagues?stats_only=true')).json().results.map((l: League) => l.name)).toEqual(['FIFA World Cup']);
  });

  it('sorts in both directions', async () => {
    const names = async (q: string) => (await get(`/api/1/1/1/leagues?${q}`)).json().results.map((l: League) => l.name);
    expect(await names('order_by=-name')).toEqual(['World Cup Classics', 'FIFA World Cup']);
    expect(await names('order_by=name&order_dir=asc')).toEqual(['FIFA World Cup', 'World Cup Classics']);
  });

  it('is empty for a sport the provider has no leagues in', async () => {
    expect((await get('/api/1/1/2/leagues')).json()).toEqual({ results: [], total: 0, limit: 20 });
  });

  it('refuses an unknown sort key and a non-numeric provider', async () => {
    expect((await get('/api/1/1/1/leagues?order_by=colour')).json().message).toMatch(/^Cannot sort by 'colour'/);
    const reply = await get('/api/1/x/1/leagues');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('p must be integer');
  });
});

describe('GET /api/1/{p}/{s}/matches', () => {
  const list = async (q = '') => (await get(`/api/1/1/1/matches${q}`)).json<ListReply<Match>>();

  it('pages all matches, newest kick-off first by default', async () => {
    const body = await list();
    expect(body.total).toBe(64 + 64 + 16);
    expect(body.results).toHaveLength(20);
    const starts = body.results.map((m) => m.start);
    expect([...starts].sort().reverse()).toEqual(starts);
  });

  it('gives each match its teams, league and connected providers', async () => {
    const [final] = (await list('?q=Argentina - France&date=2022-12-18')).results;
    expect(final).toMatchObject({
      name: 'Argentina - France',
      home: { name: 'Argentina' },
      away: { name: 'France' },
      start: '2022-12-18T15:00:00.000Z',
      league: { name: 'FIFA World Cup', provider_name: 'Nordic Sportsbook', unique_id: 'fifa-world-cup' },
      league_unique_id: 'fifa-world-cup',
      provider: 1,
      provider_count: 2,
      provider_names: ['Nordic Sportsbook', 'Iberia Apuestas'],
      score: { home: 2, away: 2 },
      ht_score: { home: 2, away: 0 },
    });
    expect(final!.meta.participants.Argentina!.map((p) => p.name)).toContain('Lionel Messi');
  });

  it('filters by date, keyword, match id and league', async () => {
    expect((await list('?date=2018-06-14')).results.map((m) => m.name)).toEqual(['Russia - Saudi Arabia']);
    const byKeyword = await list('?q=croatia&limit=100');
    expect(byKeyword.results.every((m) => m.name.includes('Croatia'))).toBe(true);
    const id = byKeyword.results[0]!.id;
    expect((await list(`?q=${id}`)).results.map((m) => m.id)).toContain(id);
    expect((await list(`?match_id=${id}`)).results.map((m) => m.id)).toEqual([id]);
    const leagueId = byKeyword.results[0]!.league.id;
    expect((await list(`?league_id=${leagueId}&limit=1`)).total).toBeGreaterThan(0);
  });

  it('finds a match by its two teams as an operator types them, either way round', async () => {
    for (const q of ['Argentina - France', 'argentina vs france', 'France v Argentina', 'Argent – Fran']) {
      expect(
        (await list(`?q=${encodeURIComponent(q)}&limit=100`)).results.map((m) => m.name),
        q,
      ).toContain('Argentina - France');
    }
    expect((await list(`?q=${encodeURIComponent('Argentina - Brazil')}&limit=100`)).results.map((m) => m.name)).not.toContain('Argentina - France');
  });

  it('lists upcoming matches for timeframe FUTURE, soonest first when sorted by start', async () => {
    const body = await list('?timeframe=FUTURE&order_by=start&limit=100');
    expect(body.total).toBe(16);
    expect(body.results.every((m) => Date.parse(m.start) > Date.now() && m.score === null)).toBe(true);
    // World Cup Classics start the day after the first start (the seed), at 18:00 UTC, one a day.
    const first = new Date(body.results[0]!.start);
    expect(first.getUTCHours()).toBe(18);
    expect(first.getTime() - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
    expect(Date.parse(body.results[1]!.start) - first.getTime()).toBe(86_400_000);
  });

  it('sorts by team names and pages with start', async () => {
    const byHome = await list('?order_by=home&limit=5');
    expect(byHome.results.map((m) => m.home.name)).toEqual([...byHome.results.map((m) => m.home.name)].sort());
    const second = await list('?order_by=id&start=5&limit=5');
    const first = await list('?order_by=id&limit=10');
    expect(second.results.map((m) => m.id)).toEqual(first.results.slice(5).map((m) => m.id));
  });

  it('flags the match in play and lists it first with order_by=-live', async () => {
    const future = (await list('?timeframe=FUTURE&order_by=start&limit=1')).results[0]!;
    const kickedOff = new Date(Date.now() - 20 * 60_000);
    await upstream.database.db.update(matches).set({ start: kickedOff }).where(eq(matches.id, future.id));
    try {
      const byDefault = await list('?limit=100');
      expect(byDefault.results.filter((m) => m.live).map((m) => m.id)).toEqual([future.id]);
      const liveFirst = await list('?order_by=-live&limit=3');
      expect(liveFirst.results[0]).toMatchObject({ id: future.id, live: true });
      expect(liveFirst.results.slice(1).every((m) => m.live === false)).toBe(true);
      // The rest by kick-off, newest first.
      expect(Date.parse(liveFirst.results[1]!.start)).toBeGreaterThanOrEqual(Date.parse(liveFirst.results[2]!.start));
    } finally {
      await upstream.database.db
        .update(matches)
        .set({ start: new Date(future.start) })
        .where(eq(matches.id, future.id));
    }
  });

  it('ranks a search by team with order_by=relevance: in play first, then upcoming soonest first, then played newest first', async () => {
    // A team of the World Cup Classics (upcoming) that also played in 2018 and 2022.
    const upcoming = (await list('?timeframe=FUTURE&order_by=start&limit=100')).results;
    const team = upcoming.map((m) => m.home.name).find((name) => upcoming.filter((m) => m.home.name === name || m.away.name === name).length >= 2)!;
    const ofTeam = upcoming.filter((m) => m.home.name === team || m.away.name === team);
    const playing = ofTeam.at(-1)!;
    await upstream.database.db
      .update(matches)
      .set({ start: new Date(Date.now() - 20 * 60_000) })
      .where(eq(matches.id, playing.id));
    try {
      const found = (await list(`?q=${encodeURIComponent(team)}&order_by=relevance&limit=100`)).results;
      const stage = (m: Match) => (m.live ? 0 : Date.parse(m.start) > Date.now() ? 1 : 2);
      expect(found[0]).toMatchObject({ id: playing.id, live: true });
      expect(found.map(stage)).toEqual([...found.map(stage)].sort());
      const next = found.filter((m) => stage(m) === 1).map((m) => m.start);
      expect(next.length).toBeGreaterThan(0);
      expect(next).toEqual([...next].sort());
      const played = found.filter((m) => stage(m) === 2).map((m) => m.start);
      expect(played.length).toBeGreaterThan(0);
      expect(played).toEqual([...played].sort().reverse());
    } finally {
      await upstream.database.db
        .update(matches)
        .set({ start: new Date(playing.start) })
        .where(eq(matches.id, playing.id));
    }
  });

  it('refuses bad filters with the reason', async () => {
    expect((await get('/api/1/1/1/matches?date=18-06-2018')).json().message).toMatch(/^date must match pattern/);
    expect((await get('/api/1/1/1/matches?limit=5000')).json().message).toBe('limit must be <= 1000');
    expect((await get('/api/1/1/1/matches?timeframe=SOON')).statusCode).toBe(400);
  });
});

describe('GET /api/1/match/{matchId}', () => {
  it('returns one match', async () => {
    const [any] = (await get('/api/1/1/1/matches?limit=1')).json<ListReply<Match>>().results;
    expect((await get(`/api/1/match/${any!.id}`)).json()).toEqual(any);
  });

  it('answers 404 with a message for an unknown match', async () => {
    const reply = await get('/api/1/match/999999');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('Match 999999 not found');
  });
});
