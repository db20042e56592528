import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  FORBIDDEN_MESSAGE,
  routes,
  type AuditEntry,
  type AuthReply,
  type ChangeNotice,
  type ListReply,
  type Operator,
  type OperatorLinkReply,
  type RouteDef,
  type SessionReply,
} from '@odds/protocol';
import { setAccess } from '../auth/access';
import { tokenHash } from '../auth/sessions';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let admin: Record<string, string>;
const notices: ChangeNotice[] = [];
let stopListening: () => void;
let sequence = 0;

beforeAll(async () => {
  upstream = await createTestUpstream();
  admin = as(await upstream.login());
  stopListening = upstream.app.engine.bus.subscribe((notice) => notices.push(notice));
});
afterAll(async () => {
  stopListening();
  await upstream.close();
});

const as = (token: string) => ({ authorization: `Token ${token}` });
const call = (headers: Record<string, string>, route: RouteDef, params: Record<string, number> = {}, payload?: object) =>
  upstream.app.inject({ method: route.method, url: buildPath(route, params), headers, ...(payload && { payload }) });

/** An operator invited with this access, signed in through their link. */
async function operator(access: { role?: string; provider_ids?: number[] | 'all' } = {}): Promise<{ operator: Operator; token: string }> {
  sequence += 1;
  const invited = await call(admin, routes.operatorInvite, {}, { email: `access${sequence}@example.com`, name: `Access ${sequence}`, admin: false, ...access });
  expect(invited.statusCode, invited.body).toBe(200);
  const { link } = invited.json<OperatorLinkReply>();
  const token = new URLSearchParams(link.path.split('#')[1]).get('token');
  const set = await call({}, routes.passwordSet, {}, { token, password: 'a quiet harbour at dawn' });
  expect(set.statusCode, set.body).toBe(200);
  const listed = (await call(admin, routes.operators)).json<ListReply<Operator>>().results.find((o) => o.email === `access${sequence}@example.com`)!;
  return { operator: listed, token: set.json<AuthReply>().token };
}
const sessionOf = async (token: string) => (await call(as(token), routes.session)).json<SessionReply>().user;

describe('roles', () => {
  it("keeps today's operators as they were: the demo admin is an admin of every provider, ops an editor of all three", async () => {
    expect(await sessionOf(admin.authorization!.slice(6))).toMatchObject({ role: 'admin', admin: true, provider_ids: null });
    const ops = await upstream.login(OPS);
    expect(await sessionOf(ops)).toMatchObject({ role: 'editor', admin: false, provider_ids: null });
    const listed = (await call(admin, routes.operators)).json<ListReply<Operator>>().results.find((o) => o.email === OPS.email)!;
    expect(listed.provider_ids).toEqual([1, 2, 3]);
  });

  it('invites a viewer of one provider; the session says so, and only that provider is offered', async () => {
    const { operator: viewer, token } = await operator({ role: 'viewer', provider_ids: [2] });
    expect(viewer).toMatchObject({ role: 'viewer', admin: false, provider_ids: [2], access_version: 1 });
    expect(await sessionOf(token)).toMatchObject({ role: 'viewer', provider_ids: [2] });
    const providers = (await call(as(token), routes.providers)).json<{ results: { id: number }[] }>();
    expect(providers.results.map((p) => p.id)).toEqual([2]);
    const refused = await call(as(token), routes.teamShortNameSave, { teamId: 1 }, { value: 'XX', version: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FORBIDDEN_MESSAGE);
  });

  it('changes a role and providers (versioned, audited), announces the sessions, and the next call sees them', async () => {
    const { operator: editor, token } = await operator();
    notices.length = 0;
    const changed = await call(
      admin,
      routes.operatorAccess,
      { operatorId: editor.id },
      { role: 'viewer', provider_ids: [1, 3], version: editor.access_version },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Operator>()).toMatchObject({ role: 'viewer', admin: false, provider_ids: [1, 3], access_version: 2 });
    expect(notices.some((n) => n.access_changed?.includes(tokenHash(token)))).toBe(true);
    expect(await sessionOf(token)).toMatchObject({ role: 'viewer', provider_ids: [1, 3] });
    const audit = await upstream.app.inject({ method: 'GET', url: `/api/1/audit?entity=account&entity_id=${editor.id}`, headers: admin });
    const last = audit.json<ListReply<AuditEntry>>().results[0]!;
    expect(last.before).toMatchObject({ role: 'editor', provider_ids: [1, 2, 3] });
    expect(last.after).toMatchObject({ role: 'viewer', provider_ids: [1, 3] });
    // The version read is gone: a second admin's form of before is refused, and nothing changes.
    const stale = await call(admin, routes.operatorAccess, { operatorId: editor.id }, { role: 'admin', provider_ids: 'all', version: editor.access_version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else meanwhile/);
    expect(await sessionOf(token)).toMatchObject({ role: 'viewer' });
  });

  it('lets one of two admins changing the same operator at once win; the other gets 409', async () => {
    const { operator: target } = await operator();
    const both = await Promise.all([
      call(admin, routes.operatorAccess, { operatorId: target.id }, { role: 'viewer', provider_ids: 'all', version: target.access_version }),
      call(admin, routes.operatorAccess, { operatorId: target.id }, { role: 'admin', provider_ids: 'all', version: target.access_version }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const listed = (await call(admin, routes.operators)).json<ListReply<Operator>>().results.find((o) => o.id === target.id)!;
    expect(listed.access_version).toBe(2);
  });

  it('refuses to leave the team without an active admin, and an unknown provider', async () => {
    const me = (await call(admin, routes.operators)).json<ListReply<Operator>>().results.find((o) => o.email === 'demo@example.com')!;
    const others = (await call(admin, routes.operators)).json<ListReply<Operator>>().results.filter((o) => o.admin && o.status === 'active' && o.id !== me.id);
    for (const other of others)
      await call(admin, routes.operatorAccess, { operatorId: other.id }, { role: 'editor', provider_ids: 'all', version: other.access_version });
    const last = await call(admin, routes.operatorAccess, { operatorId: me.id }, { role: 'editor', provider_ids: 'all', version: me.access_version });
    expect(last.statusCode).toBe(409);
    const { operator: editor } = await operator();
    const unknown = await call(admin, routes.operatorAccess, { operatorId: editor.id }, { role: 'editor', provider_ids: [999], version: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No such provider: 999');
  });

  it('is the setAccess the sign-in of an identity provider calls (no version named)', async () => {
    const { operator: editor, token } = await operator();
    const { changed, sessionHashes } = await upstream.database.db.transaction((tx) => setAccess(tx, editor.id, { role: 'viewer', providerIds: [2] }, null));
    expect(changed).toBe(true);
    expect(sessionHashes).toContain(tokenHash(token));
    const again = await upstream.database.db.transaction((tx) => setAccess(tx, editor.id, { role: 'viewer', providerIds: [2] }, null));
    expect(again).toEqual({ changed: false, sessionHashes: [] });
  });

  it('is for admins only', async () => {
    const ops = as(await upstream.login(OPS));
    const reply = await call(ops, routes.operatorAccess, { operatorId: 1 }, { role: 'admin', provider_ids: 'all', version: 1 });
    expect(reply.statusCode).toBe(403);
  });
});
