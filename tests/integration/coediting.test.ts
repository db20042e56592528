import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  routes,
  versionedWrites,
  type AuditEntry,
  type CatalogMarketType,
  type ContentGroupSummary,
  type ContentItem,
  type Contact,
  type League,
  type ListReply,
  type Match,
  type Market,
  type MatchThresholdSet,
  type Provider,
  type RouteDef,
  type Season,
  type StatEvent,
  type Team,
  type Tracker,
  type VersionedWrite,
} from '@odds/protocol';
import { entities, OPS } from '@odds/upstream/testing';
import { DEMO, startStack, type Stack } from '../support/stack';

/**
 * Co-editing over the real stack (relay in front of the upstream): every versioned write of
 * protocol's table answers 409 on a stale version and changes nothing; threshold sets are not
 * replaced silently; history rows exist only for committed writes.
 */

let stack: Stack;
const tokens: Record<'demo' | 'ops', string> = { demo: '', ops: '' };

async function login(credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${stack.url}/api/1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return ((await response.json()) as { token: string }).token;
}

beforeAll(async () => {
  stack = await startStack();
  tokens.demo = await login(DEMO);
  tokens.ops = await login(OPS);
});
afterAll(() => stack.close());

interface Request {
  route: RouteDef;
  params?: Record<string, number>;
  query?: string;
  body?: unknown;
}

async function send(who: 'demo' | 'ops', { route, params = {}, query = '', body }: Request, version?: number) {
  const headers: Record<string, string> = { authorization: `Token ${tokens[who]}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (version !== undefined) headers['if-match'] = `"${version}"`;
  const response = await fetch(`${stack.url}${buildPath(route, params)}${query}`, {
    method: route.method,
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> & { current?: { version?: number } } };
}

const get = async <T>(route: RouteDef, params: Record<string, number> = {}, query = ''): Promise<T> => (await send('demo', { route, params, query })).json as T;

async function row(entity: keyof typeof entities, id: number): Promise<Record<string, unknown> | undefined> {
  const result = await stack.upstream.database.db.execute(sql`select * from ${sql.identifier(entities[entity].table)} where id = ${id}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
}

const history = async (entity: string, id: number) =>
  (await get<ListReply<AuditEntry>>(routes.audit, {}, `?entity=${entity}&entity_id=${id}&limit=1000`)).results;

const upcoming = async () => (await get<ListReply<Match>>(routes.matches, { p: 1, s: 1 }, '?timeframe=FUTURE&order_by=start&limit=10')).results;
const marketNamed = async (name: string) => (await get<ListReply<Market>>(routes.markets, { p: 1, s: 1 }, '?limit=100')).results.find((m) => m.name === name)!;

/** A record to write, the write (its If-Match is added by the test), and for deletes another write that moves the version on. */
interface Fixture {
  id: number;
  write: Request;
  bump?: Request;
}

const contactInput = (c: Contact) => ({
  name: c.name,
  sport_id: c.sport_id,
  channel_id: c.channel_id,
  active: c.active,
  sub_all: c.sub_all,
  rate_limited: c.rate_limited,
  email: c.email,
  twitter: c.twitter,
  device_id: c.device_id,
  segment: c.segment,
  list_id: c.list_id,
  mobile: c.mobile,
  raw_filter: c.raw_filter,
  rate_limit_minutes: c.rate_limit_minutes,
  limiter: c.limiter,
  languages: c.languages,
  leagues: c.leagues.map((l) => l.id),
  teams: c.teams.map((t) => t.id),
});
const contactNamed = async (name: string) => (await get<{ items: Contact[] }>(routes.contacts, {}, '?limit=100')).items.find((c) => c.name === name)!;
const matchContentBody = (marketId: number, hold: boolean) => ({
  market_id: marketId,
  channel_id: 1,
  language: 'en',
  node_id: 'PRE',
  hold,
  content: { title: [{ content: 'Co-editing test' }], content: [], cta: [], image: [] },
});

/** One fixture per versioned write of protocol's table; the test below fails if one is missing. */
const fixtures: Record<VersionedWrite, () => Promise<Fixture>> = {
  async matchThresholdsSave() {
    const match = (await upcoming())[6]!;
    const market = await marketNamed('Both Teams to Score');
    const body = { type: 'VALUE', market_id: market.id, thresholds: { yes: { value: 1800 } } };
    const created = (await send('ops', { route: routes.matchThresholdsSave, params: { matchId: match.id }, body })).json as unknown as MatchThresholdSet;
    return {
      id: created.id,
      write: { route: routes.matchThresholdsSave, params: { matchId: match.id }, body: { ...body, thresholds: { yes: { value: 1900 } } } },
    };
  },
  async matchContentSave() {
    const match = (await upcoming())[7]!;
    const market = await marketNamed('Match Result');
    const created = (await send('ops', { route: routes.matchContentSave, params: { matchId: match.id }, body: matchContentBody(market.id, false) })).json as {
      id: number;
    };
    return {
      id: created.id,
      write: { route: routes.matchContentSave, params: { matchId: match.id }, body: { ...matchContentBody(market.id, true), id: created.id } },
    };
  },
  async matchContentDelete() {
    const match = (await upcoming())[8]!;
    const market = await marketNamed('Match Result');
    const created = (await send('ops', { route: routes.matchContentSave, params: { matchId: match.id }, body: matchContentBody(market.id, false) })).json as {
      id: number;
    };
    return {
      id: created.id,
      write: { route: routes.matchContentDelete, params: { matchContentId: created.id } },
      bump: { route: routes.matchContentSave, params: { matchId: match.id }, body: { ...matchContentBody(market.id, true), id: created.id } },
    };
  },
  async statEventsSave() {
    const match = (await get<ListReply<Match>>(routes.matches, { p: 1, s: 1 }, '?timeframe=PAST&order_by=start&limit=1')).results[0]!;
    const [event] = (await get<ListReply<StatEvent>>(routes.matchStatEvents, { matchId: match.id })).results;
    const { version: _, ...input } = event!;
    return { id: event!.id, write: { route: routes.statEventsSave, body: { events: [{ ...input, tags: ['edited'] }] } } };
  },
  async trackerSave() {
    const tracker = (await get<ListReply<Tracker>>(routes.trackers, {}, '?limit=100')).results[0]!;
    const body = {
      contact_id: tracker.contact_id,
      language: tracker.language,
      model_type: tracker.model_type,
      model_id: tracker.model_id,
      active: !tracker.active,
      spec: tracker.spec,
    };
    return { id: tracker.id, write: { route: routes.trackerSave, params: { trackerId: tracker.id }, body } };
  },
  async contactUpdate() {
    const contact = await contactNamed('Trading desk – test iPhone');
    return {
      id: contact.id,
      write: { route: routes.contactUpdate, params: { contactId: contact.id }, body: { ...contactInput(contact), rate_limit_minutes: 7 } },
    };
  },
  async contactDelete() {
    const created = (await send('ops', { route: routes.contactCreate, body: { name: 'Push – to delete', device_id: 'device-del' } }))
      .json as unknown as Contact;
    return {
      id: created.id,
      write: { route: routes.contactDelete, params: { contactId: created.id } },
      bump: { route: routes.contactToggleActive, params: { contactId: created.id } },
    };
  },
  async contactToggleActive() {
    const contact = await contactNamed('Finnish casual bettors');
    return { id: contact.id, write: { route: routes.contactToggleActive, params: { contactId: contact.id } } };
  },
  async contentUpdate() {
    const item = (await get<ListReply<ContentItem>>(routes.contents, {}, '?limit=1&order_by=id')).results[0]!;
    return {
      id: item.id,
      write: {
        route: routes.contentUpdate,
        params: { id: item.id },
        body: { content: `${item.content} (edited)`, content_type: item.content_type, language: item.language, channel_id: item.channel_id },
      },
    };
  },
  async contentAutoToggle() {
    const item = (await get<ListReply<ContentItem>>(routes.contents, {}, '?limit=2&order_by=id')).results[1]!;
    return { id: item.id, write: { route: routes.contentAutoToggle, params: { id: item.id } } };
  },
  async contentActiveToggle() {
    const item = (await get<ListReply<ContentItem>>(routes.contents, {}, '?limit=3&order_by=id')).results[2]!;
    return { id: item.id, write: { route: routes.contentActiveToggle, params: { id: item.id } } };
  },
  async groupUpdate() {
    const summary = (await get<ListReply<ContentGroupSummary>>(routes.groups, {}, '?limit=1')).results[0]!;
    const group = await get<{ id: number; name: string | null; items: ContentItem[] }>(routes.group, { p: 1, s: 1, groupId: summary.id });
    const body = {
      name: `${group.name ?? 'Group'} (edited)`,
      content_type: group.items[0]!.content_type,
      channel_id: group.items[0]!.channel_id,
      content: Object.fromEntries(group.items.map((item) => [item.language, item.content])),
      market_ids: group.items[0]!.markets.map((m) => m.id),
      categories: group.items[0]!.categories.map((c) => c.id),
    };
    return { id: group.id, write: { route: routes.groupUpdate, params: { groupId: group.id }, body } };
  },
  async marketMetaSave() {
    const market = await marketNamed('Match Result');
    return { id: market.id, write: { route: routes.marketMetaSave, params: { p: 1, s: 1, marketId: market.id }, body: { market_meta: { first_minute: 2 } } } };
  },
  async savedThresholdDelete() {
    const match = (await upcoming())[9]!;
    const market = await marketNamed('Both Teams to Score');
    const body = { type: 'VALUE', market_id: market.id, thresholds: { yes: { value: 1700 } }, saveAsTemplate: 'Co-editing template' };
    await send('ops', { route: routes.matchThresholdsSave, params: { matchId: match.id }, body });
    const saved = (await get<ListReply<{ id: number; name: string | null }>>(routes.marketThresholds, { marketId: market.id })).results.find(
      (s) => s.name === 'Co-editing template',
    )!;
    // No route edits a saved threshold in place, so its version is moved on as another operator's save would.
    await stack.upstream.database.db.execute(sql`update saved_thresholds set version = version + 1 where id = ${saved.id}`);
    return { id: saved.id, write: { route: routes.savedThresholdDelete, params: { thresholdId: saved.id } } };
  },
  async teamShortNameSave() {
    const team = (await get<ListReply<Team>>(routes.teams, {}, '?limit=1&order_by=id')).results[0]!;
    return { id: team.id, write: { route: routes.teamShortNameSave, params: { teamId: team.id }, body: { value: 'EDT' } } };
  },
  async providerUpdate() {
    return { id: 3, write: { route: routes.providerUpdate, params: { providerId: 3 }, body: { active: false } } };
  },
  // The catalog made by hand is for admins: the second operator is made one for these writes.
  async providerEdit() {
    await catalogAdmins();
    const provider = (await get<{ results: Provider[] }>(routes.providers)).results.find((p) => p.id === 2)!;
    const body = { name: provider.name, languages: provider.meta.languages, sport_ids: provider.sports.map((s) => s.id) };
    return { id: 2, write: { route: routes.providerEdit, params: { providerId: 2 }, body } };
  },
  async leagueEdit() {
    const { league } = await catalogFixture();
    return { id: league.id, write: { route: routes.leagueEdit, params: { leagueId: league.id }, body: { name: league.name, path: 'Edited / Path' } } };
  },
  async seasonEdit() {
    const { season } = await catalogFixture();
    return { id: season.id, write: { route: routes.seasonEdit, params: { seasonId: season.id }, body: { name: season.name, starts_on: '2030-01-01' } } };
  },
  async teamEdit() {
    const { home } = await catalogFixture();
    return { id: home.id, write: { route: routes.teamEdit, params: { teamId: home.id }, body: { name: home.name, short_name: 'EDT' } } };
  },
  async matchEdit() {
    const { match, season } = await catalogFixture();
    const body = { league_id: match.league.id, season_id: season.id, home_team_id: match.home.id, away_team_id: match.away.id, start: match.start };
    return { id: match.id, write: { route: routes.matchEdit, params: { matchId: match.id }, body } };
  },
  async marketTypeEdit() {
    await catalogAdmins();
    const type = (await get<{ results: CatalogMarketType[] }>(routes.catalogMarketTypes)).results.find((t) => t.id === 1)!;
    return {
      id: 1,
      write: {
        route: routes.marketTypeEdit,
        params: { typeId: 1 },
        body: { sport_id: type.sport_id, name: type.name, outcomes: type.outcomes, evaluator: type.evaluator },
      },
    };
  },
};

/** The second operator made an admin the way an admin does it (the Operators screen's access call), so their session knows at once. */
async function catalogAdmins(): Promise<void> {
  const result = await stack.upstream.database.db.execute(sql`select id, role, access_version from users where email = ${OPS.email}`);
  const [ops] = (result as unknown as { rows: { id: number; role: string; access_version: number }[] }).rows;
  if (ops!.role === 'admin') return;
  const made = await send('demo', {
    route: routes.operatorAccess,
    params: { operatorId: ops!.id },
    body: { role: 'admin', provider_ids: 'all', version: ops!.access_version },
  });
  expect(made.status).toBe(200);
}

/** A league with a season, two teams and a match of theirs, made by hand (once per file). */
let catalogMade: Promise<{ league: League; season: Season; home: Team; match: Match }> | undefined;
function catalogFixture() {
  catalogMade ??= (async () => {
    await catalogAdmins();
    const made = async <T>(route: RouteDef, body: unknown, params: Record<string, number> = {}) =>
      (await send('demo', { route, params, body })).json as unknown as T;
    const league = await made<League>(routes.leagueCreate, { provider_id: 1, sport_id: 1, name: 'Co-editing League' });
    const season = await made<Season>(routes.seasonCreate, { name: '2030' }, { leagueId: league.id });
    const home = await made<Team>(routes.teamCreate, { provider_id: 1, sport_id: 1, name: 'Co-editing Home' });
    const away = await made<Team>(routes.teamCreate, { provider_id: 1, sport_id: 1, name: 'Co-editing Away' });
    const body = { league_id: league.id, home_team_id: home.id, away_team_id: away.id, start: '2030-06-01T12:00:00.000Z' };
    const match = await made<Match>(routes.matchCreate, body);
    return { league, season, home, match };
  })();
  return catalogMade;
}

describe('versioned writes (table-driven from protocol)', () => {
  it('has a fixture for every versioned write', () => {
    expect(Object.keys(fixtures).sort()).toEqual(Object.keys(versionedWrites).sort());
  });

  for (const [name, { entity }] of Object.entries(versionedWrites)) {
    it(`${name}: a stale version answers 409 with the current record and who changed it, and writes nothing`, async () => {
      const fixture = await fixtures[name as VersionedWrite]();
      const read = await row(entity, fixture.id);
      expect(read, 'the fixture made a record').toBeDefined();
      const seen = read!.version as number;
      // Another operator writes first, with the version both read.
      if (fixture.bump) expect((await send('ops', fixture.bump)).status).toBe(200);
      else if (name !== 'savedThresholdDelete') expect((await send('ops', fixture.write, seen)).status, name).toBe(200);
      const after = await row(entity, fixture.id);
      const movedOn = name === 'savedThresholdDelete' ? seen : seen + 1;
      expect(after!.version).toBe(movedOn);
      const historyBefore = await history(entity, fixture.id);

      const stale = await send('demo', fixture.write, name === 'savedThresholdDelete' ? seen - 1 : seen);
      expect(stale.status, JSON.stringify(stale.json)).toBe(409);
      expect(stale.json).toMatchObject({ code: 'CONFLICT', entity });
      expect((stale.json.current as { version: number }).version).toBe(movedOn);
      if (name !== 'savedThresholdDelete') expect(stale.json).toMatchObject({ changed_by: { name: 'Ops Operator' }, changed_at: expect.any(String) });
      expect(await row(entity, fixture.id), 'nothing written').toEqual(after);
      expect(await history(entity, fixture.id), 'no history row').toEqual(historyBefore);

      // Against the version it has now, the same write goes through, in the name of who sent it.
      const fresh = await send('demo', fixture.write, movedOn);
      expect(fresh.status, JSON.stringify(fresh.json)).toBe(200);
      const [latest] = await history(entity, fixture.id);
      expect(latest).toMatchObject({ actor: { name: 'Demo Operator' }, entity, entity_id: fixture.id });
    });
  }
});

describe('threshold sets are never replaced silently', () => {
  it('answers 409 with the existing set unless the save says replace: true or names its version', async () => {
    const match = (await upcoming())[4]!;
    const market = await marketNamed('Match Result');
    const save = (body: object) => send('ops', { route: routes.matchThresholdsSave, params: { matchId: match.id }, body: { market_id: market.id, ...body } });
    const first = await save({ type: 'VALUE', thresholds: { home: { value: 2500 }, draw: { value: 3400 }, away: { value: 3000 } } });
    const existing = (await get<ListReply<MatchThresholdSet>>(routes.matchThresholds, { matchId: match.id }, `?market_id=${market.id}`)).results.find(
      (s) => s.contact_id === null && s.line === null,
    )!;
    expect(first.status === 200 || first.status === 409).toBe(true);
    const refused = await save({ type: 'VALUE', thresholds: { home: { value: 2500 } } });
    expect(refused.status).toBe(409);
    expect(refused.json.current).toEqual(existing);
    expect((await row('threshold_set', existing.id))!.thresholds).toEqual(existing.thresholds);
    const replaced = await save({ type: 'VALUE', thresholds: { home: { value: 2500 } }, replace: true });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ id: existing.id, version: existing.version! + 1, thresholds: { home: { value: 2500 } } });
    const byVersion = await save({ type: 'VALUE', thresholds: { home: { value: 2600 } }, version: existing.version! + 1 });
    expect(byVersion.json).toMatchObject({ id: existing.id, version: existing.version! + 2 });
  });
});

describe('history', () => {
  it('has rows only for committed writes: a write that fails inside its transaction leaves none', async () => {
    const match = (await upcoming())[1]!;
    const sets = (await get<ListReply<MatchThresholdSet>>(routes.matchThresholds, { matchId: match.id })).results;
    expect(sets.length).toBeGreaterThan(0);
    const otherMatch = (await upcoming())[2]!;
    const foreign = (await get<ListReply<MatchThresholdSet>>(routes.matchThresholds, { matchId: otherMatch.id })).results[0]!;
    // One id of another match: the whole delete is refused after the first ids were locked and checked.
    const ids = [...sets.map((s) => s.id), foreign.id];
    const refused = await send('ops', {
      route: routes.matchThresholdsDelete,
      params: { matchId: match.id },
      query: `?${ids.map((id) => `thresholds_id=${id}`).join('&')}`,
    });
    expect(refused.status).toBe(404);
    for (const set of sets) {
      expect(await row('threshold_set', set.id)).toBeDefined();
      expect(await history('threshold_set', set.id)).toEqual([]);
    }
    // Committed, each deleted set has its row, and stays readable there.
    const deleted = await send('ops', { route: routes.matchThresholdsDelete, params: { matchId: match.id }, query: `?thresholds_id=${sets[0]!.id}` });
    expect(deleted.status).toBe(200);
    const [entry] = await history('threshold_set', sets[0]!.id);
    expect(entry).toMatchObject({
      action: 'delete',
      actor: { name: 'Ops Operator' },
      match_id: match.id,
      after: null,
      before: { id: sets[0]!.id, market_id: sets[0]!.market_id },
    });
    const byMatch = (await get<ListReply<AuditEntry>>(routes.audit, {}, `?match_id=${match.id}`)).results;
    expect(byMatch.map((e) => e.entity_id)).toContain(sets[0]!.id);
    const opsUser = entry!.actor.id!;
    const byActor = (await get<ListReply<AuditEntry>>(routes.audit, {}, `?actor_id=${opsUser}&limit=1000`)).results;
    expect(byActor.every((e) => e.actor.name === 'Ops Operator')).toBe(true);
    const future = await get<ListReply<AuditEntry>>(routes.audit, {}, `?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.total).toBe(0);
  });

  it('reads single records with an ETag of their version', async () => {
    const contact = await contactNamed('Trading desk – test iPhone');
    const response = await fetch(`${stack.url}${buildPath(routes.contact, { contactId: contact.id })}`, { headers: { authorization: `Token ${tokens.demo}` } });
    expect(response.headers.get('etag')).toBe(`"${contact.version}"`);
    const direct = await fetch(`${stack.upstreamUrl}${buildPath(routes.contact, { contactId: contact.id })}`, {
      headers: { authorization: `Token ${tokens.demo}` },
    });
    expect(direct.headers.get('etag')).toBe(`"${contact.version}"`);
  });
});
