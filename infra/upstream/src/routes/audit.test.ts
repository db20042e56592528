import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery, routes, type AuditEntry, type ListReply, type RouteDef, type Team } from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
const headers: Record<'demo' | 'ops', Record<string, string>> = { demo: {}, ops: {} };

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers.demo = { authorization: `Token ${await upstream.login()}` };
  headers.ops = { authorization: `Token ${await upstream.login(OPS)}` };
});
afterAll(() => upstream.close());

const call = (
  who: 'demo' | 'ops',
  route: RouteDef,
  params: Record<string, number> = {},
  query: Record<string, unknown> = {},
  payload?: object,
  extra: Record<string, string> = {},
) =>
  upstream.app.inject({
    method: route.method,
    url: buildPath(route, params) + buildQuery(query),
    headers: { ...headers[who], ...extra },
    ...(payload && { payload }),
  });

describe('GET /api/1/audit', () => {
  it('lists writes newest first with actor, entity, action, before and after; filters and pages', async () => {
    const team = (await call('demo', routes.teams, {}, { limit: 1, order_by: 'id' })).json<ListReply<Team>>().results[0]!;
    await call('demo', routes.teamShortNameSave, { teamId: team.id }, {}, { value: 'ONE' });
    await call('ops', routes.teamShortNameSave, { teamId: team.id }, {}, { value: 'TWO' });
    const body = (await call('demo', routes.audit, {}, { entity: 'team', entity_id: team.id, limit: 1 })).json<ListReply<AuditEntry>>();
    expect(body.total).toBe(2);
    expect(body.limit).toBe(1);
    expect(body.results[0]).toMatchObject({
      actor: { name: 'Ops Operator' },
      entity: 'team',
      entity_id: team.id,
      match_id: null,
      action: 'update',
      version: team.version! + 2,
      before: { short_name: 'ONE' },
      after: { short_name: 'TWO' },
    });
    const second = (await call('demo', routes.audit, {}, { entity: 'team', entity_id: team.id, start: 1 })).json<ListReply<AuditEntry>>();
    expect(second.results.map((e) => e.actor.name)).toEqual(['Demo Operator']);
  });

  it('refuses an unknown entity and a bad time', async () => {
    expect((await call('demo', routes.audit, {}, { entity: 'offer' })).statusCode).toBe(400);
    expect((await call('demo', routes.audit, {}, { from: 'yesterday' })).statusCode).toBe(400);
  });
});

describe('two operators writing the same version at once', () => {
  it('lets exactly one through; the other gets 409 and its change is not written', async () => {
    const team = (await call('demo', routes.teams, {}, { limit: 2, order_by: 'id' })).json<ListReply<Team>>().results[1]!;
    const version = { 'if-match': `"${team.version}"` };
    const replies = await Promise.all([
      call('demo', routes.teamShortNameSave, { teamId: team.id }, {}, { value: 'AAA' }, version),
      call('ops', routes.teamShortNameSave, { teamId: team.id }, {}, { value: 'BBB' }, version),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.statusCode === 200)!.json<Team>();
    const loser = replies.find((r) => r.statusCode === 409)!.json();
    expect(loser.current).toEqual(winner);
    const now = (await call('demo', routes.team, { teamId: team.id })).json<Team>();
    expect(now.short_name).toBe(winner.short_name);
    expect((await call('demo', routes.audit, {}, { entity: 'team', entity_id: team.id })).json<ListReply<AuditEntry>>().total).toBe(1);
  });

  it('documents the 409 and If-Match of every versioned write in the OpenAPI description', async () => {
    const doc = (await upstream.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown>; description?: string }>>;
    }>();
    const save = doc.paths['/api/1/teams/{teamId}']!.post!;
    expect(Object.keys(save.responses)).toContain('409');
    expect(save.description).toMatch(/If-Match/);
  });
});
