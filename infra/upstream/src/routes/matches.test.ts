import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, ListReply, Market, Match, MatchContent, SearchResult, Team } from '@odds/protocol';
import { leagues, matchContents, matches, teams, thresholdSets } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let final: Match;
let semi: Match;
let iberiaFinal: Match;
let benelux: number;
let matchResult: Market;

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });
const post = (url: string) => upstream.app.inject({ method: 'POST', url, headers });
const matchOn = async (p: number, date: string, name: string) =>
  (await get(`/api/1/${p}/1/matches?date=${date}&q=${encodeURIComponent(name)}`)).json<ListReply<Match>>().results[0]!;
const contentOf = async (matchId: number) => (await get(`/api/1/matches/content?match_id=${matchId}&limit=100`)).json<ListReply<MatchContent>>();

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  final = await matchOn(1, '2022-12-18', 'Argentina - France');
  semi = await matchOn(1, '2022-12-13', 'Argentina - Croatia');
  iberiaFinal = await matchOn(2, '2022-12-18', 'Argentina - France');
  matchResult = (await get('/api/1/1/1/markets')).json<ListReply<Market>>().results.find((m) => m.type.id === 1)!;
  const { db } = upstream.database;
  // The final's content and thresholds, written as the content and threshold screens would.
  const parts = (title: string) => ({ title: [{ content: title }], content: [{ content: '{{home.name}} against {{away.name}}' }], cta: [], image: [] });
  await db.insert(matchContents).values([
    { matchId: final.id, marketId: matchResult.id, channelId: 1, language: 'en', nodeId: 'PRE', parts: parts('World Cup final tonight') },
    { matchId: final.id, marketId: matchResult.id, channelId: 1, language: 'da', nodeId: 'H1-A0', hold: true, parts: parts('Argentina fører') },
  ]);
  await db.insert(thresholdSets).values({ matchId: final.id, marketId: matchResult.id, type: 'VALUE', thresholds: { home: { value: 2500 } }, timedBefore: 45 });
  // A third provider's feed carries the final under its own event id and Dutch team names.
  const [league] = await db.insert(leagues).values({ providerId: 3, sportId: 1, name: 'WK', path: 'Internationaal / WK', uniqueId: 'wk' }).returning();
  const [home, away] = await db
    .insert(teams)
    .values([
      { providerId: 3, sportId: 1, name: 'Argentinië', teamKey: 'argentinie' },
      { providerId: 3, sportId: 1, name: 'Frankrijk', teamKey: 'frankrijk' },
    ])
    .returning();
  const [match] = await db
    .insert(matches)
    .values({
      providerId: 3,
      sportId: 1,
      leagueId: league!.id,
      homeTeamId: home!.id,
      awayTeamId: away!.id,
      name: 'Argentinië - Frankrijk',
      start: new Date('2022-12-18T15:00:00Z'),
      eventId: 'benelux-wk-64',
    })
    .returning();
  benelux = match!.id;
});
afterAll(() => upstream.close());

describe('GET /api/1/:p/:s/matches?templated=true (matches, templated filter)', () => {
  it('lists only matches that have match content', async () => {
    const body = (await get('/api/1/1/1/matches?templated=true&limit=1000')).json<ListReply<Match>>();
    expect(body.results.map((m) => m.id)).toContain(final.id);
    expect(body.total).toBeLessThan(144);
    for (const match of body.results.slice(0, 5)) expect((await contentOf(match.id)).total).toBeGreaterThan(0);
    expect((await get('/api/1/1/1/matches?templated=false&limit=1')).json<ListReply<Match>>().total).toBe(144);
  });

  it('refuses a templated flag that is not a boolean', async () => {
    const reply = await get('/api/1/1/1/matches?templated=maybe');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('templated must be boolean');
  });
});

describe('GET /api/1/matches/content (matchesContent)', () => {
  it("lists matches' content with market, channel and language, filterable by hold", async () => {
    const body = await contentOf(final.id);
    const danish = body.results.find((c) => c.language.code === 'da' && c.node_id === 'H1-A0' && c.market?.id === matchResult.id);
    expect(danish).toEqual({
      id: expect.any(Number),
      version: 1,
      match_id: final.id,
      market: { id: matchResult.id, name: 'Match Result' },
      market_type: null,
      channel: { id: 1, name: 'Push notification', code: 'PUSH' },
      ruleset: null,
      language: { code: 'da' },
      node_id: 'H1-A0',
      sub_node: null,
      leaf_node: null,
      link_target: null,
      timed: false,
      contact_id: null,
      period: null,
      meta: { before: null },
      hold: true,
      flags: [],
      content: { title: [{ content: 'Argentina fører' }], content: [{ content: '{{home.name}} against {{away.name}}' }], cta: [], image: [] },
    });
    const toSend = (await get(`/api/1/matches/content?match_id=${final.id}&hold=false&limit=100`)).json<ListReply<MatchContent>>();
    expect(toSend.results.every((c) => !c.hold && c.match_id === final.id)).toBe(true);
    expect(toSend.results.map((c) => c.id)).not.toContain(danish!.id);
    expect(toSend.total).toBe(body.total - body.results.filter((c) => c.hold).length);
  });

  it('refuses too many match ids and an unknown sort', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `match_id=${i + 1}`).join('&');
    expect((await get(`/api/1/matches/content?${ids}`)).json().message).toBe('match_id must NOT have more than 100 items');
    expect((await get('/api/1/matches/content?order_by=colour')).statusCode).toBe(400);
  });
});

describe('GET /api/1/matches/connect/:from (matchConnectSearch)', () => {
  it("finds other providers' matches not on the match's event, with their providers and kick-off", async () => {
    const body = (await get(`/api/1/matches/connect/${benelux}?q=Argentina - France.`)).json<ListReply<SearchResult>>();
    expect(body.results).toEqual(
      expect.arrayContaining([
        { id: iberiaFinal.id, title: 'Argentina - France', providers: ['Nordic Sportsbook', 'Iberia Apuestas'], start: '2022-12-18T15:00:00.000Z' },
        { id: final.id, title: 'Argentina - France', providers: ['Nordic Sportsbook', 'Iberia Apuestas'], start: '2022-12-18T15:00:00.000Z' },
      ]),
    );
    // And the World Cup Classics replay of the final, a fixture of its own; latest modified (then highest id) first.
    expect(body.results.map((r) => r.title)).toEqual(['Argentina - France', 'Argentina - France', 'Argentina - France']);
    expect(body.results.map((r) => r.id)).toEqual([...body.results.map((r) => r.id)].sort((a, b) => b - a));
    // By team name; the final's Iberia counterpart is on its event already.
    expect((await get(`/api/1/matches/connect/${final.id}?q=frankrijk`)).json<ListReply<SearchResult>>().results.map((r) => r.id)).toEqual([benelux]);
  });

  it("offers no target the connect would refuse: an event that already has a match of the source's provider", async () => {
    const ids = (await get(`/api/1/matches/connect/${semi.id}?q=Argentin.`)).json<ListReply<SearchResult>>().results.map((r) => r.id);
    expect(ids).toContain(benelux);
    expect(ids).not.toContain(iberiaFinal.id);
  });

  it('answers 404 for an unknown match and 400 for a limit past 100', async () => {
    expect((await get('/api/1/matches/connect/999999')).json().message).toBe('Match 999999 not found');
    expect((await get(`/api/1/matches/connect/${final.id}?limit=500`)).statusCode).toBe(400);
  });
});

describe('POST /api/1/matches/connect/:from/to/:to (matchConnect)', () => {
  it("joins the target's event and reassigns the source's teams as the target's", async () => {
    expect((await post(`/api/1/matches/connect/${benelux}/to/${final.id}`)).json()).toEqual({ success: true, id: final.id });
    const joined = (await get(`/api/1/match/${final.id}`)).json<Match>();
    expect(joined).toMatchObject({ provider_count: 3, provider_names: ['Nordic Sportsbook', 'Iberia Apuestas', 'Benelux Odds'] });
    expect((await get(`/api/1/match/${benelux}`)).json<Match>().event_id).toBe(final.event_id);
    const argentinie = (await get(`/api/1/teams?provider=3&q=Argentin`)).json<ListReply<Team>>().results[0]!;
    expect(argentinie.providers).toEqual(['Nordic Sportsbook', 'Iberia Apuestas', 'Benelux Odds']);
    // In the history, in the reassign's transaction: the match's event id, and both teams' connectors.
    const history = (await get(`/api/1/audit?match_id=${benelux}`)).json<ListReply<AuditEntry>>();
    expect(history.results).toEqual([
      expect.objectContaining({
        entity: 'match',
        entity_id: benelux,
        action: 'update',
        actor: expect.objectContaining({ name: 'Demo Operator' }),
        before: expect.objectContaining({ event_id: 'benelux-wk-64' }),
        after: expect.objectContaining({ event_id: final.event_id }),
      }),
    ]);
    const teamsChanged = (await get('/api/1/audit?entity=team')).json<ListReply<AuditEntry>>().results;
    expect(
      teamsChanged
        .map((e) => [(e.before as { name: string }).name, (e.before as { team_key: string }).team_key, (e.after as { team_key: string }).team_key])
        .sort(),
    ).toEqual([
      ['Argentinië', 'argentinie', 'argentina'],
      ['Frankrijk', 'frankrijk', 'france'],
    ]);
  });

  it('refuses a second match of one provider on an event, itself, and unknown matches', async () => {
    const clash = await post(`/api/1/matches/connect/${semi.id}/to/${iberiaFinal.id}`);
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe(`Match ${iberiaFinal.id}'s event already has match ${final.id} of the same provider as match ${semi.id}.`);
    expect((await post(`/api/1/matches/connect/${final.id}/to/${final.id}`)).json().message).toBe('A match cannot be connected to itself.');
    expect((await post(`/api/1/matches/connect/${final.id}/to/${iberiaFinal.id}`)).json().message).toBe(
      `Match ${final.id} is already connected to match ${iberiaFinal.id}.`,
    );
    const unknown = await post(`/api/1/matches/connect/${final.id}/to/999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Match 999999 not found');
    expect((await get(`/api/1/audit?entity=match&entity_id=${semi.id}`)).json<ListReply<AuditEntry>>().total).toBe(0);
    expect((await get(`/api/1/audit?entity=match&entity_id=${final.id}`)).json<ListReply<AuditEntry>>().total).toBe(0);
  });
});

describe('POST /api/1/match/:to/copy/from/:from (matchCopy)', () => {
  it("copies the source's content and threshold sets onto the target, once", async () => {
    expect((await post(`/api/1/match/${semi.id}/copy/from/${final.id}`)).json()).toEqual({ success: true, id: semi.id });
    const copied = await contentOf(semi.id);
    expect(copied.results.map((c) => [c.language.code, c.node_id, c.content.title[0]?.content]).sort()).toEqual(
      expect.arrayContaining([
        ['da', 'H1-A0', 'Argentina fører'],
        ['en', 'PRE', 'World Cup final tonight'],
      ]),
    );
    const { db } = upstream.database;
    const sets = await db.select().from(thresholdSets).where(eq(thresholdSets.matchId, semi.id));
    expect(sets.map((s) => [s.marketId, s.type, s.thresholds, s.timedBefore])).toContainEqual([matchResult.id, 'VALUE', { home: { value: 2500 } }, 45]);
    await post(`/api/1/match/${semi.id}/copy/from/${final.id}`);
    expect((await contentOf(semi.id)).total).toBe(copied.total);
    expect(await db.select().from(thresholdSets).where(eq(thresholdSets.matchId, semi.id))).toHaveLength(sets.length);
  });

  it("refuses another provider's match, the match itself and unknown matches", async () => {
    const foreign = await post(`/api/1/match/${semi.id}/copy/from/${iberiaFinal.id}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`Match ${iberiaFinal.id} is Iberia Apuestas's; copy from a match of Nordic Sportsbook.`);
    expect((await post(`/api/1/match/${semi.id}/copy/from/${semi.id}`)).json().message).toBe('A match cannot be copied onto itself.');
    expect((await post(`/api/1/match/${semi.id}/copy/from/999999`)).json().message).toBe('Match 999999 not found');
  });
});
