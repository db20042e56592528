import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessCheck,
  type AccessResult,
  ACCESS_BATCH_MAX,
  buildPath,
  buildQuery,
  type DisplayCreated,
  type ListReply,
  type Match,
  type RouteDef,
  routes,
  type SessionReply,
} from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

/**
 * The relay's batch of session and match checks answers each check as the two single calls
 * (GET /api/1/session, GET /api/1/match/:id) answer that token: operators, a wall display of
 * listed matches, one following a league, a revoked display, a logged-out session, garbage.
 */
let upstream: TestUpstream;
let operator: string;
let matchIds: number[];
const tokens: Record<string, string> = {};

const as = (token: string) => ({ authorization: `Token ${token}` });
function call(token: string, route: RouteDef, params: Record<string, number> = {}, payload?: object) {
  return upstream.app.inject({ method: route.method, url: buildPath(route, params) + buildQuery({}), headers: as(token), ...(payload && { payload }) });
}

beforeAll(async () => {
  upstream = await createTestUpstream();
  operator = await upstream.login();
  const list = await upstream.app.inject({
    method: 'GET',
    url: buildPath(routes.matches, { p: 1, s: 1 }) + buildQuery({ timeframe: 'FUTURE', order_by: 'start', limit: 3 }),
    headers: as(operator),
  });
  const matches = list.json<ListReply<Match>>().results;
  matchIds = [...matches.map((match) => match.id), 999_999];
  const display = async (body: object) =>
    (await call(operator, routes.displayCreate, {}, { name: 'Wall', market_id: null, theme: 'dark', ...body })).json<DisplayCreated>();
  tokens.operator = operator;
  tokens.second = await upstream.login();
  tokens.listed = (await display({ match_ids: [matches[0]!.id], league_id: null })).token;
  tokens.league = (await display({ match_ids: [], league_id: matches[0]!.league.id })).token;
  const revoked = await display({ match_ids: [matches[0]!.id], league_id: null });
  await call(operator, routes.displayRevoke, { displayId: revoked.display.id });
  tokens.revoked = revoked.token;
  const loggedOut = await upstream.login();
  await call(loggedOut, routes.logout);
  tokens.loggedOut = loggedOut;
  tokens.garbage = 'not-a-token';
});
afterAll(() => upstream.close());

/** What the single calls answer, in the batch's shape. */
async function single({ token, match_id: matchId }: AccessCheck): Promise<AccessResult> {
  const session = await call(token, routes.session);
  if (session.statusCode !== 200) return { status: 401 };
  if (matchId === undefined) return { status: 200, session: session.json<SessionReply>() };
  const match = await call(token, routes.match, { matchId });
  return match.statusCode === 200 ? { status: 200, session: session.json<SessionReply>() } : { status: match.statusCode as AccessResult['status'] };
}

/** A display's session tells when to ask again (now + a day): compared to the minute. */
const comparable = (result: AccessResult) =>
  result.session ? { ...result, session: { ...result.session, expires_at: result.session.expires_at.slice(0, 16) } } : result;

describe('the access batch', () => {
  it('answers every check as the single calls answer it', async () => {
    const checks: AccessCheck[] = Object.values(tokens).flatMap((token) => [{ token }, ...matchIds.map((id) => ({ token, match_id: id }))]);
    const reply = await call(operator, routes.accessBatch, {}, { checks });
    expect(reply.statusCode).toBe(200);
    const { results } = reply.json<{ results: AccessResult[] }>();
    const expected = await Promise.all(checks.map(single));
    expect(results.map(comparable)).toEqual(expected.map(comparable));
    // Every kind of answer is among them: the comparison covers each branch.
    expect(new Set(results.map((result) => result.status))).toEqual(new Set([200, 401, 403, 404]));
  });

  it('is an operator call: a display token is refused, and so is a batch larger than the limit', async () => {
    expect((await call(tokens.listed!, routes.accessBatch, {}, { checks: [{ token: operator }] })).statusCode).toBe(403);
    expect((await call(tokens.garbage!, routes.accessBatch, {}, { checks: [{ token: operator }] })).statusCode).toBe(401);
    const tooMany = Array.from({ length: ACCESS_BATCH_MAX + 1 }, () => ({ token: operator }));
    const refused = await call(operator, routes.accessBatch, {}, { checks: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBeTruthy();
  });
});
