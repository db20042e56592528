import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  FORBIDDEN_MESSAGE,
  providerScopeOf,
  routes,
  viewerMayCall,
  type AccessResult,
  type AuthReply,
  type OperatorLinkReply,
  type RouteDef,
} from '@odds/protocol';
import { startTarget, type FuzzTarget, type Reply } from './fuzz/harness';
import { validValue, type Schema } from './fuzz/values';

/**
 * The access matrices of docs/operators.md, walked over every route of the protocol's table (so a
 * route added later is covered without a line here), against a real upstream on a seeded PGlite
 * with write counters on every table:
 * - a viewer gets SPEC §8's 403 from every write, and nothing is written;
 * - an editor granted only provider 2 gets 403 or 404 from every call naming provider 1 or one of
 *   its records, and no reply of any route carries a row of provider 1 (its names are marked).
 */
const VICTIM = 1;
const GRANTED = 2;
const MARK = 'ZQXLEAK';

let target: FuzzTarget;
let viewer: string;
let scoped: string;
/** An id of a provider-1 record per parameter name (a missing kind: an id no row has). */
const victimIds = new Map<string, number>();

const all = (Object.entries(routes) as [string, RouteDef][]).filter(([, route]) => route.public !== true);

async function one(query: string): Promise<number | null> {
  const result = (await target.upstream.database.db.execute(sql.raw(query))) as unknown as { rows: { id: number | null }[] };
  const id = result.rows[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}

/** Invites an operator with this role and providers, sets their password through the link, and returns their token. */
async function operatorWith(role: 'viewer' | 'editor', providerIds: number[] | 'all', email: string): Promise<string> {
  const headers = { authorization: `Token ${target.token}` };
  const invite = await target.upstream.app.inject({
    method: 'POST',
    url: routes.operatorInvite.path,
    headers,
    payload: { email, name: email.split('@')[0], admin: false, role, provider_ids: providerIds },
  });
  expect(invite.statusCode, invite.body).toBe(200);
  const { link } = invite.json<OperatorLinkReply>();
  const token = new URLSearchParams(link.path.split('#')[1]).get('token');
  const set = await target.upstream.app.inject({ method: 'POST', url: routes.passwordSet.path, payload: { token, password: 'a quiet harbour at dawn' } });
  expect(set.statusCode, set.body).toBe(200);
  return set.json<AuthReply>().token;
}

const MATCH = `select min(m.id) as id from matches m where m.provider_id = ${VICTIM}`;
const VICTIM_QUERIES: Record<string, string> = {
  matchId: MATCH,
  match_id: MATCH,
  from: MATCH,
  to: MATCH,
  leagueId: `select min(id) as id from leagues where provider_id = ${VICTIM}`,
  league_id: `select min(id) as id from leagues where provider_id = ${VICTIM}`,
  teamId: `select min(id) as id from teams where provider_id = ${VICTIM}`,
  home_id: `select min(id) as id from teams where provider_id = ${VICTIM}`,
  away_id: `select max(id) as id from teams where provider_id = ${VICTIM}`,
  seasonId: `select min(s.id) as id from seasons s join leagues l on l.id = s.league_id where l.provider_id = ${VICTIM}`,
  marketId: `select min(id) as id from markets where provider_id = ${VICTIM}`,
  thresholdId: `select min(id) as id from saved_thresholds where provider_id = ${VICTIM}`,
  offerId: `select min(o.id) as id from offers o join matches m on m.id = o.match_id where m.provider_id = ${VICTIM}`,
  matchContentId: `select min(c.id) as id from match_contents c join matches m on m.id = c.match_id where m.provider_id = ${VICTIM}`,
  logId: `select min(d.id) as id from deliveries d join matches m on m.id = d.match_id where m.provider_id = ${VICTIM}`,
  groupId: `select min(id) as id from content_groups where provider_id = ${VICTIM}`,
  id: `select min(id) as id from content_items where provider_id = ${VICTIM}`,
  contactId: `select min(id) as id from contacts where provider_id = ${VICTIM}`,
  contact_id: `select min(id) as id from contacts where provider_id = ${VICTIM}`,
  trackerId: `select min(t.id) as id from trackers t join contacts c on c.id = t.contact_id where c.provider_id = ${VICTIM}`,
  imageId: `select min(image_id) as id from content_items where provider_id = ${VICTIM}`,
  event_ids: `select min(e.id) as id from stat_events e join matches m on m.id = e.match_id where m.provider_id = ${VICTIM}`,
};
const PROVIDER_KEYS = ['p', 'providerId', 'provider'];
const idFor = (name: string) => (PROVIDER_KEYS.includes(name) ? VICTIM : (victimIds.get(name) ?? 1));

/** A schema-shaped value (formats and cross-field rules aside), the same for every run. */
const sample = (schema: Schema, seed: number) => fc.sample(validValue(schema), { numRuns: 1, seed })[0];

/** One request to a route, naming provider 1 and its records wherever the route takes them. */
function requestFor(name: string, route: RouteDef, token: string, index: number) {
  const params = Object.fromEntries(Object.keys(route.params?.properties ?? {}).map((key) => [key, idFor(key)]));
  const query = new URLSearchParams();
  for (const key of Object.keys(route.query?.properties ?? {})) if (PROVIDER_KEYS.includes(key) || VICTIM_QUERIES[key]) query.set(key, String(idFor(key)));
  let body: unknown;
  if (route.body && !route.multipart) {
    const value = sample(route.body as Schema, 7919 * (index + 1));
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (VICTIM_QUERIES[key] || PROVIDER_KEYS.includes(key)) record[key] = idFor(key);
        // Rows naming their match (stat events).
        const rows = record[key];
        if (Array.isArray(rows))
          for (const row of rows) if (row && typeof row === 'object' && 'match_id' in row) (row as Record<string, unknown>).match_id = idFor('match_id');
      }
    }
    body = value;
  }
  const search = query.toString();
  return {
    route: name,
    method: route.method,
    url: `${buildPath(route, params)}${search ? `?${search}` : ''}`,
    headers: { authorization: `Token ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: Buffer.from(JSON.stringify(body)) }),
  };
}

async function send(name: string, route: RouteDef, token: string, index: number): Promise<{ reply: Reply; wrote: boolean }> {
  const before = await target.writes();
  const reply = await target.send(requestFor(name, route, token, index));
  return { reply, wrote: (await target.writes()) !== before };
}

beforeAll(async () => {
  target = await startTarget();
  viewer = await operatorWith('viewer', 'all', 'matrix-viewer@example.com');
  scoped = await operatorWith('editor', [GRANTED], 'matrix-scoped@example.com');
  for (const [key, query] of Object.entries(VICTIM_QUERIES)) victimIds.set(key, (await one(query)) ?? 2_000_000_000);
  // Every name of provider 1 carries the mark: a reply with it leaks one of its rows.
  const db = target.upstream.database.db;
  await db.execute(sql.raw(`update providers set name = '${MARK} ' || name where id = ${VICTIM}`));
  for (const table of ['leagues', 'teams', 'contacts', 'markets', 'content_groups', 'saved_thresholds'])
    await db.execute(sql.raw(`update ${table} set name = '${MARK} ' || name where provider_id = ${VICTIM}`));
  await db.execute(sql.raw(`update content_items set content = '${MARK} ' || content where provider_id = ${VICTIM}`));
}, 120_000);
afterAll(async () => {
  await target?.close();
});

describe('the viewer matrix: every write of the contract', () => {
  const writes = all.filter(([, route]) => !viewerMayCall(route));

  it('covers the writes of the table (a GET is never one)', () => {
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.every(([, route]) => route.method !== 'GET')).toBe(true);
  });

  it.each(writes.map(([name, route], index) => ({ name, route, index })))(
    '$name ($route.method $route.path): 403, nothing written',
    async ({ name, route, index }) => {
      const { reply, wrote } = await send(name, route, viewer, index);
      expect(reply.status, reply.text).toBe(403);
      expect(JSON.parse(reply.text).message).toBe(FORBIDDEN_MESSAGE);
      expect(wrote).toBe(false);
    },
  );

  it('reads what it may see, and signs itself out', async () => {
    const headers = { authorization: `Token ${viewer}` };
    for (const url of ['/api/1/providers', `/api/1/match/${victimIds.get('matchId')}`, '/api/1/1/1/leagues', '/api/1/session']) {
      const reply = await target.upstream.app.inject({ method: 'GET', url, headers });
      expect(reply.statusCode, `${url}: ${reply.body}`).toBe(200);
    }
    const session = await target.upstream.app.inject({ method: 'GET', url: '/api/1/session', headers });
    expect(session.json().user).toMatchObject({ role: 'viewer', admin: false });
    const wrongPassword = await target.upstream.app.inject({
      method: 'POST',
      url: routes.passwordChange.path,
      headers,
      payload: { current_password: 'not it at all', new_password: 'another quiet harbour' },
    });
    expect(wrongPassword.statusCode).toBe(400);
  });
});

describe('the provider matrix: every route, as an editor of provider 2 only', () => {
  it('is granted provider 2 only', async () => {
    const reply = await target.upstream.app.inject({ method: 'GET', url: '/api/1/session', headers: { authorization: `Token ${scoped}` } });
    expect(reply.json().user).toMatchObject({ role: 'editor', provider_ids: [GRANTED] });
  });

  // Logout would end the session the matrix walks with (it names no provider; routes/auth tests cover
  // it); the change stream never ends (its filtering: access-live.test.ts and routes/engine tests).
  const walked = all.filter(([name]) => name !== 'logout' && name !== 'changes');
  it.each(walked.map(([name, route], index) => ({ name, route, index })))(
    '$name ($route.method $route.path): refused, or no row of provider 1',
    async ({ name, route, index }) => {
      const { reply, wrote } = await send(name, route, scoped, index);
      expect(reply.status, reply.text).toBeLessThan(500);
      expect(reply.text.includes(MARK), `${name} answered a row of provider 1: ${reply.text.slice(0, 300)}`).toBe(false);
      const scope = providerScopeOf(route);
      if (scope === 'global' || scope === 'filtered') {
        if (reply.status >= 400) expect(wrote).toBe(false);
        return;
      }
      expect([403, 404], `${name}: ${reply.status} ${reply.text.slice(0, 300)}`).toContain(reply.status);
      expect(wrote).toBe(false);
    },
  );

  it('offers only provider 2 in the selector', async () => {
    const reply = await target.upstream.app.inject({ method: 'GET', url: '/api/1/providers', headers: { authorization: `Token ${scoped}` } });
    expect(reply.json().results.map((p: { id: number }) => p.id)).toEqual([GRANTED]);
  });

  it("reads provider 2's own rows", async () => {
    const headers = { authorization: `Token ${scoped}` };
    const leagues = await target.upstream.app.inject({ method: 'GET', url: `/api/1/${GRANTED}/1/leagues`, headers });
    expect(leagues.statusCode, leagues.body).toBe(200);
    expect(leagues.json().results.length).toBeGreaterThan(0);
  });

  it('is refused the live rooms of provider 1 and let into those of provider 2', async () => {
    const granted = await one(`select min(id) as id from matches where provider_id = ${GRANTED}`);
    const reply = await target.upstream.app.inject({
      method: 'POST',
      url: routes.accessBatch.path,
      headers: { authorization: `Token ${target.token}` },
      payload: {
        checks: [
          { token: scoped, match_id: victimIds.get('matchId') },
          { token: scoped, match_id: granted },
        ],
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<{ results: AccessResult[] }>().results.map((r) => r.status)).toEqual([403, 200]);
  });
});
