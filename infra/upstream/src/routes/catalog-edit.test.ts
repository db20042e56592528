import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, CatalogMarketType, League, ListReply, Market, Match, Provider, Season, Team } from '@odds/protocol';
import { leagues, matches, teams } from '../db/schema';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let admin: Record<string, string>;
let operator: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  admin = { authorization: `Token ${await upstream.login()}` };
  operator = { authorization: `Token ${await upstream.login(OPS)}` };
});
afterAll(() => upstream.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  upstream.app.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as object }) });
const ok = async <T>(method: Method, url: string, payload?: unknown): Promise<T> => {
  const reply = await call(method, url, payload);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<T>();
};
const history = async (entity: string, id: number) => (await ok<ListReply<AuditEntry>>('GET', `/api/1/audit?entity=${entity}&entity_id=${id}`)).results;

/** A league with a season and two teams of provider 1, football: what most cases start from. */
async function fixture(tag: string) {
  const league = await ok<League>('POST', '/api/1/catalog/leagues', { provider_id: 1, sport_id: 1, name: `Hand League ${tag}` });
  const season = await ok<Season>('POST', `/api/1/catalog/leagues/${league.id}/seasons`, { name: '2026/27' });
  const home = await ok<Team>('POST', '/api/1/catalog/teams', { provider_id: 1, sport_id: 1, name: `Home ${tag}` });
  const away = await ok<Team>('POST', '/api/1/catalog/teams', { provider_id: 1, sport_id: 1, name: `Away ${tag}` });
  return { league, season, home, away };
}

describe('who may edit the catalog', () => {
  it('refuses every write to a non-admin with the 403 of SPEC §8, and writes nothing', async () => {
    const writes: [Method, string, unknown][] = [
      ['POST', '/api/1/catalog/providers', { name: 'X', languages: ['en'], sport_ids: [1] }],
      ['PUT', '/api/1/catalog/providers/1', { name: 'X', languages: ['en'], sport_ids: [1] }],
      ['POST', '/api/1/catalog/leagues', { provider_id: 1, sport_id: 1, name: 'X' }],
      ['PUT', '/api/1/catalog/leagues/1', { name: 'X' }],
      ['POST', '/api/1/catalog/leagues/1/seasons', { name: 'X' }],
      ['PUT', '/api/1/catalog/seasons/1', { name: 'X' }],
      ['POST', '/api/1/catalog/teams', { provider_id: 1, sport_id: 1, name: 'X' }],
      ['PUT', '/api/1/catalog/teams/1', { name: 'X' }],
      ['POST', '/api/1/catalog/matches', { league_id: 1, home_team_id: 1, away_team_id: 2, start: '2027-01-01T12:00:00Z' }],
      ['PUT', '/api/1/catalog/matches/1', { league_id: 1, home_team_id: 1, away_team_id: 2, start: '2027-01-01T12:00:00Z' }],
      ['POST', '/api/1/catalog/market-types', { id: 900, sport_id: 1, name: 'X', outcomes: ['yes'], evaluator: null }],
      ['PUT', '/api/1/catalog/market-types/1', { sport_id: 1, name: 'X', outcomes: ['home'], evaluator: null }],
      ['POST', '/api/1/catalog/seasons/1/fixtures/import', { csv: 'x', dry_run: true }],
    ];
    for (const [method, url, body] of writes) {
      const reply = await call(method, url, body, operator);
      expect(reply.statusCode, `${method} ${url}`).toBe(403);
      expect(reply.json().message).toBe('You do not have permission to perform this action');
    }
    expect((await ok<{ results: Provider[] }>('GET', '/api/1/providers')).results.map((p) => p.name)).not.toContain('X');
    // Reading the market types is for everyone (the screens show them).
    expect((await call('GET', '/api/1/catalog/market-types', undefined, operator)).statusCode).toBe(200);
  });
});

describe('providers', () => {
  it('creates a provider with its sports and languages, edits it against its version, and keeps its history', async () => {
    const made = await ok<Provider>('POST', '/api/1/catalog/providers', { name: ' Baltic Bets ', languages: ['en', 'fi'], sport_ids: [1, 2] });
    expect(made).toMatchObject({ name: 'Baltic Bets', active: true, version: 1, meta: { languages: ['en', 'fi'] } });
    expect(made.sports.map((s) => s.id)).toEqual([1, 2]);
    const edited = await ok<Provider>('PUT', `/api/1/catalog/providers/${made.id}`, { name: 'Baltic Bets', languages: ['fi'], sport_ids: [1], version: 1 });
    expect(edited).toMatchObject({ version: 2, meta: { languages: ['fi'] } });
    expect(edited.sports.map((s) => s.id)).toEqual([1]);
    const stale = await call('PUT', `/api/1/catalog/providers/${made.id}`, { name: 'Stale', languages: ['en'], sport_ids: [1], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      entity: 'provider',
      current: { name: 'Baltic Bets', version: 2 },
      changed_by: { name: 'Demo Operator' },
    });
    expect((await history('provider', made.id)).map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('gives a new provider the standard markets of its sports, and a sport given later its own, never twice', async () => {
    const made = await ok<Provider>('POST', '/api/1/catalog/providers', { name: 'Feed Only Bets', languages: ['es'], sport_ids: [1] });
    const names = async (sportId: number) => (await ok<ListReply<Market>>('GET', `/api/1/${made.id}/${sportId}/markets?limit=100`)).results.map((m) => m.name);
    const football = await names(1);
    expect(football).toContain('Resultado del partido');
    expect(football).toContain('Más/Menos de 2.5 goles');
    expect(await names(4)).toEqual([]);
    await ok<Provider>('PUT', `/api/1/catalog/providers/${made.id}`, { name: 'Feed Only Bets', languages: ['es'], sport_ids: [1, 4], version: 1 });
    expect(await names(4)).toContain('Ganador (incl. prórroga)');
    await ok<Provider>('PUT', `/api/1/catalog/providers/${made.id}`, { name: 'Feed Only Bets', languages: ['es'], sport_ids: [4], version: 2 });
    await ok<Provider>('PUT', `/api/1/catalog/providers/${made.id}`, { name: 'Feed Only Bets', languages: ['es'], sport_ids: [1, 4], version: 3 });
    expect(await names(1)).toEqual(football);
  });

  it('refuses a language the product does not offer, an unknown sport and a blank name, in words the form shows', async () => {
    const language = await call('POST', '/api/1/catalog/providers', { name: 'P', languages: ['en', 'xx'], sport_ids: [1] });
    expect([language.statusCode, language.json().message]).toEqual([400, 'Invalid language code: xx.']);
    const sport = await call('POST', '/api/1/catalog/providers', { name: 'P', languages: ['en'], sport_ids: [1, 77] });
    expect([sport.statusCode, sport.json().message]).toEqual([400, 'Unknown sport 77: choose sports the console knows.']);
    const blank = await call('POST', '/api/1/catalog/providers', { name: '   ', languages: ['en'], sport_ids: [1] });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'The provider name is required.']);
    const none = await call('POST', '/api/1/catalog/providers', { name: 'P', languages: [], sport_ids: [1] });
    expect([none.statusCode, none.json().message]).toEqual([400, 'languages must NOT have fewer than 1 items']);
  });
});

describe('leagues and seasons', () => {
  it('creates a league (path and unique id from its name) and a season, lists them, and edits both against their versions', async () => {
    const { league, season } = await fixture('L1');
    expect(league).toMatchObject({ name: 'Hand League L1', path: 'Hand League L1', unique_id: 'hand-league-l1', version: 1, sync: null, overrides: [] });
    expect(season).toMatchObject({ name: '2026/27', version: 1, starts_on: null, ends_on: null });
    const listed = (await ok<ListReply<League>>('GET', '/api/1/1/1/leagues?q=Hand%20League%20L1')).results[0]!;
    expect(listed.seasons.map((s) => s.name)).toEqual(['2026/27']);
    const renamed = await ok<League>('PUT', `/api/1/catalog/leagues/${league.id}`, { name: 'Hand League L1b', path: 'Europe / Hand', version: 1 });
    expect(renamed).toMatchObject({ name: 'Hand League L1b', path: 'Europe / Hand', unique_id: 'hand-league-l1b', version: 2 });
    const dated = await ok<Season>('PUT', `/api/1/catalog/seasons/${season.id}`, {
      name: '2026/27',
      starts_on: '2026-08-01',
      ends_on: '2027-05-31',
      version: 1,
    });
    expect(dated).toMatchObject({ starts_on: '2026-08-01', ends_on: '2027-05-31', version: 2 });
    const stale = await call('PUT', `/api/1/catalog/seasons/${season.id}`, { name: 'Old', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: '2026/27', version: 2 });
    const backwards = await call('PUT', `/api/1/catalog/seasons/${season.id}`, { name: 'X', starts_on: '2027-01-01', ends_on: '2026-01-01' });
    expect(backwards.json().message).toBe('The season cannot end (2026-01-01) before it starts (2027-01-01).');
    expect((await history('league', league.id)).map((e) => e.action)).toEqual(['update', 'create']);
  });

  it('refuses a league of a sport its provider does not offer, and a season of a league that does not exist', async () => {
    const seasonsOf = (await ok<{ results: Provider[] }>('GET', '/api/1/providers')).results.find((p) => p.id === 2)!.sports.map((s) => s.id);
    const missing = [1, 2, 3, 4].find((id) => !seasonsOf.includes(id));
    if (missing !== undefined) {
      const reply = await call('POST', '/api/1/catalog/leagues', { provider_id: 2, sport_id: missing, name: 'Nope' });
      expect(reply.json().message).toBe(`Provider 2 does not offer sport ${missing}: add the sport to the provider first.`);
    }
    const ghost = await call('POST', '/api/1/catalog/leagues/999999/seasons', { name: 'S' });
    expect([ghost.statusCode, ghost.json().message]).toEqual([404, 'League 999999 not found']);
  });

  it("locks a synced league's name and lets the rest be edited", async () => {
    const { league } = await fixture('L2');
    await upstream.database.db.update(leagues).set({ syncSource: 'uof', syncRef: 'sr:tournament:17' }).where(eq(leagues.id, league.id));
    const renamed = await call('PUT', `/api/1/catalog/leagues/${league.id}`, { name: 'Mine now', path: 'X' });
    expect([renamed.statusCode, renamed.json().message]).toEqual([
      400,
      `League ${league.id} is synced from uof: its name is the vendor's and cannot be changed here.`,
    ]);
    const moved = await ok<League>('PUT', `/api/1/catalog/leagues/${league.id}`, { name: league.name, path: 'Europe / Hand' });
    expect(moved).toMatchObject({ path: 'Europe / Hand', sync: { source: 'uof', ref: 'sr:tournament:17' } });
  });
});

describe('teams', () => {
  it('creates and edits a team; on a synced team the name is locked and a short name becomes an override', async () => {
    const { home } = await fixture('T1');
    expect(home).toMatchObject({ name: 'Home T1', short_name: null, provider_name: 'Nordic Sportsbook', version: 1, sync: null, overrides: [] });
    const edited = await ok<Team>('PUT', `/api/1/catalog/teams/${home.id}`, { name: 'Home T1', short_name: 'HT1', version: 1 });
    // The operator's short name even on a hand-made team: a sync that takes the team over keeps it.
    expect(edited).toMatchObject({ short_name: 'HT1', version: 2, overrides: ['short_name'] });
    await upstream.database.db.update(teams).set({ syncSource: 'uof', syncRef: 'sr:competitor:1' }).where(eq(teams.id, home.id));
    const renamed = await call('PUT', `/api/1/catalog/teams/${home.id}`, { name: 'Renamed', short_name: 'HT1' });
    expect(renamed.json().message).toBe(`Team ${home.id} is synced from uof: its name is the vendor's and cannot be changed here.`);
    const shortened = await ok<Team>('PUT', `/api/1/catalog/teams/${home.id}`, { name: 'Home T1', short_name: 'H1' });
    expect(shortened).toMatchObject({ short_name: 'H1', overrides: ['short_name'] });
    // The Teams screen's own short-name save records the same override, once.
    const again = await ok<Team>('POST', `/api/1/teams/${home.id}`, { value: 'HOM' });
    expect(again).toMatchObject({ short_name: 'HOM', overrides: ['short_name'] });
  });
});

describe('matches', () => {
  it('creates a match between two teams of the league, edits it against its version, and refuses a stale edit', async () => {
    const { league, season, home, away } = await fixture('M1');
    const made = await ok<Match>('POST', '/api/1/catalog/matches', {
      league_id: league.id,
      season_id: season.id,
      home_team_id: home.id,
      away_team_id: away.id,
      start: '2026-09-12T14:00:00Z',
    });
    expect(made).toMatchObject({ name: 'Home M1 - Away M1', version: 1, season_id: season.id, start: '2026-09-12T14:00:00.000Z', provider: 1, sync: null });
    expect(made.event_id).toMatch(/^hand-/);
    expect(made.league).toMatchObject({ id: league.id, name: league.name });
    const body = { league_id: league.id, season_id: season.id, home_team_id: away.id, away_team_id: home.id, start: '2026-09-13T14:00:00Z' };
    const swapped = await ok<Match>('PUT', `/api/1/catalog/matches/${made.id}`, { ...body, version: 1 });
    expect(swapped).toMatchObject({ name: 'Away M1 - Home M1', version: 2, home: { id: away.id }, away: { id: home.id } });
    const stale = await call('PUT', `/api/1/catalog/matches/${made.id}`, { ...body, start: '2026-10-01T10:00:00Z', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', entity: 'match', current: { id: made.id, version: 2, start: '2026-09-13T14:00:00.000Z' } });
    const entries = await history('match', made.id);
    expect(entries.map((e) => [e.action, e.match_id])).toEqual([
      ['update', made.id],
      ['create', made.id],
    ]);
  });

  it('refuses a match of one team, of teams of another provider, and of a season of another league', async () => {
    const { league, home, away } = await fixture('M2');
    const other = await fixture('M3');
    const iberian = await ok<Team>('POST', '/api/1/catalog/teams', { provider_id: 2, sport_id: 1, name: 'Equipo M2' });
    const base = { league_id: league.id, home_team_id: home.id, away_team_id: away.id, start: '2026-09-12T14:00:00Z' };
    const refusals: [unknown, string][] = [
      [{ ...base, away_team_id: home.id }, 'A match needs two different teams.'],
      [{ ...base, away_team_id: iberian.id }, `Equipo M2 is not a team of ${league.name}'s provider and sport.`],
      [{ ...base, season_id: other.season.id }, `Season ${other.season.id} is not a season of ${league.name}.`],
      [{ ...base, league_id: 999999 }, 'League 999999 does not exist.'],
    ];
    for (const [body, message] of refusals) {
      const reply = await call('POST', '/api/1/catalog/matches', body);
      expect([reply.statusCode, reply.json().message]).toEqual([400, message]);
    }
    expect((await call('POST', '/api/1/catalog/matches', { ...base, start: 'tomorrow' })).statusCode).toBe(400);
  });

  it("locks a synced match's teams, kick-off and league, and lets its season change", async () => {
    const { league, season, home, away } = await fixture('M4');
    const base = { league_id: league.id, home_team_id: home.id, away_team_id: away.id, start: '2026-09-12T14:00:00Z' };
    const made = await ok<Match>('POST', '/api/1/catalog/matches', base);
    await upstream.database.db.update(matches).set({ syncSource: 'uof', syncRef: 'sr:match:9' }).where(eq(matches.id, made.id));
    const moved = await call('PUT', `/api/1/catalog/matches/${made.id}`, {
      ...base,
      start: '2026-09-12T16:00:00Z',
      home_team_id: away.id,
      away_team_id: home.id,
    });
    expect(moved.json().message).toBe(`Match ${made.id} is synced from uof: its home team, away team, kick-off are the vendor's and cannot be changed here.`);
    const seasoned = await ok<Match>('PUT', `/api/1/catalog/matches/${made.id}`, { ...base, season_id: season.id });
    expect(seasoned).toMatchObject({ season_id: season.id, sync: { source: 'uof', ref: 'sr:match:9' } });
  });

  it('lets one of two admins racing on the same version win; the other gets a 409 and history holds one update', async () => {
    const { league, home, away } = await fixture('M5');
    const base = { league_id: league.id, home_team_id: home.id, away_team_id: away.id, start: '2026-09-12T14:00:00Z' };
    const made = await ok<Match>('POST', '/api/1/catalog/matches', base);
    const replies = await Promise.all(
      ['2026-09-12T15:00:00Z', '2026-09-12T16:00:00Z'].map((start) => call('PUT', `/api/1/catalog/matches/${made.id}`, { ...base, start, version: 1 })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await history('match', made.id)).filter((e) => e.action === 'update')).toHaveLength(1);
  });
});

describe('market types', () => {
  it('creates and edits a market type; keys used by markets cannot be taken away', async () => {
    const made = await ok<CatalogMarketType>('POST', '/api/1/catalog/market-types', {
      id: 901,
      sport_id: 1,
      name: 'Corner Odd/Even',
      outcomes: ['odd', 'even'],
      evaluator: null,
    });
    expect(made).toEqual({ id: 901, version: 1, sport_id: 1, name: 'Corner Odd/Even', outcomes: ['odd', 'even'], evaluator: null });
    const taken = await call('POST', '/api/1/catalog/market-types', { id: 901, sport_id: 1, name: 'Again', outcomes: ['x'], evaluator: null });
    expect(taken.json().message).toBe('Market type 901 already exists (Corner Odd/Even): choose another id.');
    const edited = await ok<CatalogMarketType>('PUT', '/api/1/catalog/market-types/901', {
      sport_id: 1,
      name: 'Corners Odd/Even',
      outcomes: ['odd'],
      evaluator: null,
      version: 1,
    });
    expect(edited).toMatchObject({ name: 'Corners Odd/Even', outcomes: ['odd'], version: 2 });
    const matchResult = (await ok<{ results: CatalogMarketType[] }>('GET', '/api/1/catalog/market-types')).results.find((t) => t.id === 1)!;
    const removing = await call('PUT', '/api/1/catalog/market-types/1', { ...matchResult, outcomes: ['home', 'away'] });
    expect(removing.statusCode).toBe(400);
    expect(removing.json().message).toMatch(/^Market type 1 is used by \d+ market\(s\): outcome draw cannot be removed \(keys may be added\)\.$/);
    const twice = await call('POST', '/api/1/catalog/market-types', { id: 902, sport_id: 1, name: 'Dup', outcomes: ['a', 'a'], evaluator: null });
    expect(twice.json().message).toBe('outcomes must NOT have duplicate items (items ## 1 and 0 are identical)');
  });
});
