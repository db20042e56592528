import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  buildQuery,
  FORBIDDEN_MESSAGE,
  routes,
  type Display,
  type DisplayCreated,
  type DisplayInput,
  type ListReply,
  type Match,
  type RouteDef,
  type SessionReply,
} from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let operator: Record<string, string>;
let match: Match;
let other: Match;

beforeAll(async () => {
  upstream = await createTestUpstream();
  operator = { authorization: `Token ${await upstream.login()}` };
  const list = await call(operator, routes.matches, { p: 1, s: 1 }, { timeframe: 'FUTURE', order_by: 'start', limit: 2 });
  [match, other] = list.json<ListReply<Match>>().results as [Match, Match];
});
afterAll(() => upstream.close());

function call(headers: Record<string, string>, route: RouteDef, params: Record<string, number> = {}, query: Record<string, unknown> = {}, payload?: object) {
  return upstream.app.inject({ method: route.method, url: buildPath(route, params) + buildQuery(query), headers, ...(payload && { payload }) });
}
const input = (over: Partial<DisplayInput> = {}): DisplayInput => ({
  name: 'Trading floor',
  match_ids: [match.id],
  league_id: null,
  market_id: null,
  theme: 'dark',
  ...over,
});
async function create(over: Partial<DisplayInput> = {}): Promise<DisplayCreated> {
  const reply = await call(operator, routes.displayCreate, {}, {}, input(over));
  expect(reply.statusCode).toBe(200);
  return reply.json<DisplayCreated>();
}
const as = (token: string) => ({ authorization: `Token ${token}` });

describe('wall displays', () => {
  it('creates a display whose token is shown once, carried in the wall address, and stored hashed', async () => {
    const created = await create();
    expect(created.path).toBe(`/wall#display=${created.token}`);
    expect(created.display).toMatchObject({
      name: 'Trading floor',
      config: { match_ids: [match.id], league_id: null, market_id: null, theme: 'dark' },
      created_by: { name: 'Demo Operator' },
      revoked_at: null,
    });
    const stored = (await upstream.database.db.execute(sql`select token_hash from displays where id = ${created.display.id}`)) as unknown as {
      rows: { token_hash: string }[];
    };
    const hash = stored.rows[0]!.token_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(created.token);
    const listed = (await call(operator, routes.displays)).json<ListReply<Display>>();
    expect(listed.results[0]).toMatchObject({ id: created.display.id, name: 'Trading floor' });
  });

  it('gives a display token a session naming its display, with a time to ask again instead of an expiry', async () => {
    const { token, display } = await create();
    const session = (await call(as(token), routes.session)).json<SessionReply>();
    expect(session.display).toEqual({ id: display.id, name: 'Trading floor', config: display.config });
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it('lets a display read its own matches as a wall does, and nothing else', async () => {
    const { token } = await create();
    for (const route of [routes.match, routes.matchLiveState, routes.matchFeedEvents, routes.matchOffers, routes.matchFeed, routes.matchDeliveries]) {
      const query = route === routes.matchOffers ? { market_id: 1 } : {};
      expect((await call(as(token), route, { matchId: match.id }, query)).statusCode, route.path).toBe(200);
    }
    const elsewhere = await call(as(token), routes.match, { matchId: other.id });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(FORBIDDEN_MESSAGE);
    for (const [route, params, body] of [
      [routes.matches, { p: 1, s: 1 }, undefined],
      [routes.contacts, {}, undefined],
      [routes.displays, {}, undefined],
      [routes.displayCreate, {}, input()],
      [routes.logout, {}, undefined],
      [routes.matchConnect, { from: match.id, to: other.id }, undefined],
    ] as const) {
      const reply = await call(as(token), route, params as Record<string, number>, {}, body);
      expect(reply.statusCode, route.path).toBe(403);
      expect(reply.json().message).toBe(FORBIDDEN_MESSAGE);
    }
  });

  it("lets a league display read that league's matches and their live data", async () => {
    const { token } = await create({ match_ids: [], league_id: match.league.id });
    expect((await call(as(token), routes.leagueMatches, { leagueId: match.league.id }, { timeframe: 'LIVE' })).statusCode).toBe(200);
    // The wall names the league it follows.
    expect((await call(as(token), routes.session)).json<SessionReply>().display?.league).toEqual({ id: match.league.id, name: match.league.name });
    expect((await call(as(token), routes.matchOffers, { matchId: match.id }, { market_id: 1 })).statusCode).toBe(200);
    expect((await call(as(token), routes.leagueMatches, { leagueId: match.league.id + 1000 })).statusCode).toBe(403);
  });

  it('revokes a display at once, keeping who revoked it; the token is refused from then on', async () => {
    const { token, display } = await create();
    expect((await call(as(token), routes.match, { matchId: match.id })).statusCode).toBe(200);
    const revoked = (await call(operator, routes.displayRevoke, { displayId: display.id })).json<Display>();
    expect(revoked).toMatchObject({ id: display.id, revoked_by: { name: 'Demo Operator' } });
    expect(revoked.revoked_at).not.toBeNull();
    expect((await call(as(token), routes.match, { matchId: match.id })).statusCode).toBe(401);
    expect((await call(as(token), routes.session)).statusCode).toBe(401);
    const again = (await call(operator, routes.displayRevoke, { displayId: display.id })).json<Display>();
    expect(again.revoked_at).toBe(revoked.revoked_at);
  });

  it('refuses a display that shows nothing, a bad theme, and an unknown display to revoke', async () => {
    const empty = await call(operator, routes.displayCreate, {}, {}, input({ match_ids: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose the matches this display shows, or a league to follow.');
    expect((await call(operator, routes.displayCreate, {}, {}, { ...input(), theme: 'neon' })).statusCode).toBe(400);
    expect((await call(operator, routes.displayCreate, {}, {}, { ...input(), name: '' })).statusCode).toBe(400);
    const unknown = await call(operator, routes.displayRevoke, { displayId: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Display 999999 not found');
  });

  it('needs an operator token for every display call', async () => {
    for (const route of [routes.displays, routes.displayCreate]) expect((await call({}, route)).statusCode).toBe(401);
  });
});
