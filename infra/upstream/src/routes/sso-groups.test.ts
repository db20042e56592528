import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE, type AuditEntry, type ListReply, type SsoGroupGrant, type SsoGroupGrants } from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

/** The mapping from the identity provider's groups to roles and providers (docs/sso.md): admins only, versioned, audited. */
let upstream: TestUpstream;
let admin: string;
let second: string;

beforeAll(async () => {
  upstream = await createTestUpstream();
  [admin, second] = [await upstream.login(), await upstream.login()];
});
afterAll(async () => upstream.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  upstream.app.inject({ method, url, headers: { authorization: `Token ${token}`, ...headers }, ...(payload && { payload }) });

describe('the groups mapping', () => {
  it('is for admins only: anyone else gets SPEC §8 403 on every call', async () => {
    const ops = await upstream.login(OPS);
    for (const [method, url, body] of [
      ['GET', '/api/1/sso/groups'],
      ['POST', '/api/1/sso/groups', { group: 'x', role: 'admin', provider_ids: null }],
      ['PUT', '/api/1/sso/groups/1', { group: 'x', role: 'admin', provider_ids: null }],
      ['DELETE', '/api/1/sso/groups/1'],
    ] as const) {
      const reply = await call(ops, method, url, body);
      expect(reply.statusCode, `${method} ${url}`).toBe(403);
      expect(reply.json<{ message: string }>().message).toBe(FORBIDDEN_MESSAGE);
    }
  });

  it('creates, changes and removes a row, each on its History; refuses a group twice and an unknown provider', async () => {
    const created = await call(admin, 'POST', '/api/1/sso/groups', { group: ' content-team ', role: 'editor', provider_ids: [2, 1, 2] });
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json<SsoGroupGrant>();
    expect(row).toMatchObject({ group: 'content-team', role: 'editor', provider_ids: [1, 2], version: 1 });
    const twice = await call(admin, 'POST', '/api/1/sso/groups', { group: 'content-team', role: 'viewer', provider_ids: null });
    expect([twice.statusCode, twice.json<{ message: string }>().message]).toEqual([409, 'The group content-team already has access: change its row instead']);
    const unknown = await call(admin, 'POST', '/api/1/sso/groups', { group: 'elsewhere', role: 'viewer', provider_ids: [999_999] });
    expect([unknown.statusCode, unknown.json<{ message: string }>().message]).toEqual([400, 'No provider has the id 999999.']);
    const changed = await call(admin, 'PUT', `/api/1/sso/groups/${row.id}`, { group: 'content-team', role: 'admin', provider_ids: null, version: 1 });
    expect(changed.json<SsoGroupGrant>()).toMatchObject({ role: 'admin', provider_ids: null, version: 2 });
    expect((await call(admin, 'GET', '/api/1/sso/groups')).json<SsoGroupGrants>()).toMatchObject({
      configured: false,
      managed: 'groups',
      claim: 'groups',
      results: [{ id: row.id, role: 'admin' }],
    });
    expect((await call(admin, 'DELETE', `/api/1/sso/groups/${row.id}`, undefined, { 'if-match': '"2"' })).statusCode).toBe(200);
    const history = (await call(admin, 'GET', `/api/1/audit?entity=sso_group&entity_id=${row.id}`)).json<ListReply<AuditEntry>>().results;
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect((await call(admin, 'GET', '/api/1/sso/groups')).json<SsoGroupGrants>().results).toEqual([]);
  });

  it("lets one of two admins who read the same version save; the other gets 409 saying so, and the row is the first one's", async () => {
    const row = (await call(admin, 'POST', '/api/1/sso/groups', { group: 'raced', role: 'viewer', provider_ids: null })).json<SsoGroupGrant>();
    const [a, b] = await Promise.all([
      call(admin, 'PUT', `/api/1/sso/groups/${row.id}`, { group: 'raced', role: 'editor', provider_ids: null, version: 1 }),
      call(second, 'PUT', `/api/1/sso/groups/${row.id}`, { group: 'raced', role: 'admin', provider_ids: null, version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const saved = (a.statusCode === 200 ? a : b).json<SsoGroupGrant>();
    const refused = (a.statusCode === 409 ? a : b).json<{ message: string }>();
    expect(refused.message).toBe(`SSO group ${row.id} was changed by someone else (version 2, you had 1); nothing was saved`);
    const stored = (await call(admin, 'GET', '/api/1/sso/groups')).json<SsoGroupGrants>().results.find((r) => r.id === row.id);
    expect(stored).toMatchObject({ version: 2, role: saved.role });
    // A removal that read an old version is refused the same way.
    expect((await call(admin, 'DELETE', `/api/1/sso/groups/${row.id}?version=1`)).statusCode).toBe(409);
  });
});
