import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, League, ListReply, SearchResult, Team } from '@odds/protocol';
import { teams } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let worldCup: League;
let rusland: number;
const team = async (name: string, p = 1) =>
  (await get(`/api/1/teams?provider=${p}&q=${encodeURIComponent(name)}`)).json<ListReply<Team>>().results.find((t) => t.name === name)!;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  worldCup = (await get('/api/1/1/1/leagues?q=FIFA')).json<ListReply<League>>().results[0]!;
  // A third provider's feed names Russia in Dutch, so no connector joins it to the others yet.
  const [row] = await upstream.database.db.insert(teams).values({ providerId: 3, sportId: 1, name: 'Rusland', teamKey: 'rusland' }).returning();
  rusland = row!.id;
});
afterAll(() => upstream.close());

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: unknown) =>
  upstream.app.inject({ method: 'POST', url, headers, ...(payload !== undefined && { payload: payload as object }) });

describe('GET /api/1/teams (teams)', () => {
  it("pages the provider's teams with provider name, short name and connected providers", async () => {
    const body = (await get('/api/1/teams?limit=5')).json<ListReply<Team>>();
    expect(body.total).toBe(40);
    expect(body.limit).toBe(5);
    const argentina = await team('Argentina');
    expect(argentina).toEqual({
      id: argentina.id,
      version: 1,
      name: 'Argentina',
      title: 'Argentina',
      provider_name: 'Nordic Sportsbook',
      short_name: null,
      providers: ['Nordic Sportsbook', 'Iberia Apuestas'],
      // Made by the seed, not synced from a vendor: nothing an operator changed yet.
      sync: null,
      overrides: [],
    });
    expect((await team('Sweden')).providers).toEqual(['Nordic Sportsbook']);
  });

  it('finds teams by keyword or by match id, of every provider with all_providers, sorted and paged', async () => {
    expect((await get('/api/1/teams?q=land&order_by=name')).json<ListReply<Team>>().results.map((t) => t.name)).toEqual([
      'England',
      'Iceland',
      'Netherlands',
      'Poland',
      'Switzerland',
    ]);
    const opener = (await get('/api/1/1/1/matches?date=2018-06-14')).json().results[0];
    expect((await get(`/api/1/teams?q=${opener.id}&order_by=name`)).json<ListReply<Team>>().results.map((t) => t.name)).toEqual(['Russia', 'Saudi Arabia']);
    const everywhere = (await get('/api/1/teams?all_providers=true&q=Argentin&order_by=provider_name')).json<ListReply<Team>>();
    expect(everywhere.results.map((t) => t.provider_name)).toEqual(['Iberia Apuestas', 'Nordic Sportsbook']);
    const page2 = (await get('/api/1/teams?order_by=name&start=2&limit=2')).json<ListReply<Team>>().results.map((t) => t.name);
    expect(page2).toEqual(['Belgium', 'Brazil']);
  });

  it('refuses an unknown sort and a negative start', async () => {
    expect((await get('/api/1/teams?order_by=colour')).json().message).toBe(
      "Cannot sort by 'colour'; use one of: id, name, title, provider_name, short_name, last_modified.",
    );
    const negative = await get('/api/1/teams?start=-1');
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('start must be >= 0');
  });
});

describe('GET /api/1/teams/league/:leagueId (leagueTeams)', () => {
  it("lists the teams that play in the league's matches", async () => {
    const body = (await get(`/api/1/teams/league/${worldCup.id}?order_by=name&limit=3`)).json<ListReply<Team>>();
    expect(body.total).toBe(40);
    expect(body.results.map((t) => t.name)).toEqual(['Argentina', 'Australia', 'Belgium']);
    const classics = (await get('/api/1/1/1/leagues?q=classics')).json<ListReply<League>>().results[0]!;
    expect((await get(`/api/1/teams/league/${classics.id}?limit=1`)).json<ListReply<Team>>().total).toBe(16);
  });

  it('answers 404 for an unknown league', async () => {
    const reply = await get('/api/1/teams/league/4040');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('League 4040 not found');
  });
});

describe('GET /api/1/teams/season/:seasonId (seasonTeams)', () => {
  it("lists a season's 32 teams by name", async () => {
    const season2018 = worldCup.seasons.find((s) => s.name === '2018')!;
    const body = (await get(`/api/1/teams/season/${season2018.id}`)).json<ListReply<Team>>();
    expect(body.total).toBe(32);
    expect(body.results.slice(0, 3).map((t) => t.name)).toEqual(['Argentina', 'Australia', 'Belgium']);
    expect(body.results.map((t) => t.name)).toContain('Russia');
  });

  it('answers 404 for an unknown season', async () => {
    expect((await get('/api/1/teams/season/777')).json().message).toBe('Season 777 not found');
  });
});

describe('GET /api/1/teams/:teamId (team)', () => {
  it('returns one team', async () => {
    const sweden = await team('Sweden');
    expect((await get(`/api/1/teams/${sweden.id}`)).json()).toEqual(sweden);
  });

  it('answers 404 for an unknown team and 400 for an id that is not a number', async () => {
    expect((await get('/api/1/teams/99999')).json().message).toBe('Team 99999 not found');
    expect((await get('/api/1/teams/abc')).json().message).toBe('teamId must be integer');
  });
});

describe('POST /api/1/teams/:teamId (teamShortNameSave)', () => {
  it('saves a short name (trimmed), which moves the team to the top of the default sort, and clears it', async () => {
    const argentina = await team('Argentina');
    expect((await post(`/api/1/teams/${argentina.id}`, { value: ' ARG ' })).json()).toEqual({
      ...argentina,
      short_name: 'ARG',
      version: argentina.version! + 1,
      // The operator's now: a vendor's sync leaves it (docs/catalog.md).
      overrides: ['short_name'],
    });
    expect((await get('/api/1/teams?limit=1')).json<ListReply<Team>>().results[0]!.short_name).toBe('ARG');
    expect((await get('/api/1/teams?q=ARG')).json<ListReply<Team>>().results.map((t) => t.name)).toEqual(['Argentina']);
    expect((await post(`/api/1/teams/${argentina.id}`, { value: '' })).json<Team>().short_name).toBeNull();
  });

  it('refuses a name past 64 characters and answers 404 for an unknown team', async () => {
    const argentina = await team('Argentina');
    const long = await post(`/api/1/teams/${argentina.id}`, { value: 'x'.repeat(65) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('value must NOT have more than 64 characters');
    expect((await post('/api/1/teams/99999', { value: 'X' })).statusCode).toBe(404);
  });
});

describe('GET /api/1/teams/connect/:from (teamConnectSearch)', () => {
  it("finds other providers' teams not connected to the team yet", async () => {
    const body = (await get(`/api/1/teams/connect/${rusland}?q=Rus.`)).json<ListReply<SearchResult>>();
    expect(body).toEqual({ results: [{ id: (await team('Russia')).id, title: 'Russia', providers: ['Nordic Sportsbook'] }], total: 1, limit: 10 });
    // Iberia's Argentina is connected to Nordic's already.
    const argentina = await team('Argentina');
    expect((await get(`/api/1/teams/connect/${argentina.id}?q=Argentin`)).json<ListReply<SearchResult>>().total).toBe(0);
  });

  it('answers 404 for an unknown team and 400 for a bad limit', async () => {
    expect((await get('/api/1/teams/connect/99999')).json().message).toBe('Team 99999 not found');
    expect((await get(`/api/1/teams/connect/${rusland}?limit=0`)).json().message).toBe('limit must be >= 1');
  });
});

describe('POST /api/1/teams/connect/:from/to/:to (teamConnect)', () => {
  it("reassigns a team as another provider's team: they share its connector", async () => {
    const russia = await team('Russia');
    expect((await post(`/api/1/teams/connect/${rusland}/to/${russia.id}`)).json()).toEqual({ success: true, id: russia.id });
    expect((await get(`/api/1/teams/${rusland}`)).json<Team>().providers).toEqual(['Nordic Sportsbook', 'Benelux Odds']);
    expect((await get(`/api/1/teams/${russia.id}`)).json<Team>().providers).toEqual(['Nordic Sportsbook', 'Benelux Odds']);
    // In the history: the connector before and after, as a new version; connecting again changes and records nothing.
    const history = () => get(`/api/1/audit?entity=team&entity_id=${rusland}`).then((r) => r.json<ListReply<AuditEntry>>());
    const [entry] = (await history()).results;
    expect(entry).toMatchObject({
      action: 'update',
      actor: { name: 'Demo Operator' },
      version: 2,
      before: { team_key: 'rusland', version: 1 },
      after: { version: 2 },
    });
    const [russiaRow] = await upstream.database.db.select({ key: teams.teamKey }).from(teams).where(eq(teams.id, russia.id));
    expect((entry!.after as { team_key: string }).team_key).toBe(russiaRow!.key);
    expect((await post(`/api/1/teams/connect/${rusland}/to/${russia.id}`)).statusCode).toBe(200);
    expect((await history()).total).toBe(1);
  });

  it('refuses a team of the same provider, the team itself and unknown teams', async () => {
    const [russia, sweden] = [await team('Russia'), await team('Sweden')];
    const same = await post(`/api/1/teams/connect/${russia.id}/to/${sweden.id}`);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe("Russia and Sweden are teams of the same provider; connect a team to another provider's team.");
    expect((await post(`/api/1/teams/connect/${russia.id}/to/${russia.id}`)).json().message).toBe('A team cannot be connected to itself.');
    const unknown = await post(`/api/1/teams/connect/${russia.id}/to/99999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Team 99999 not found');
    expect((await get(`/api/1/audit?entity=team&entity_id=${russia.id}`)).json<ListReply<AuditEntry>>().total).toBe(0);
  });
});
