import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, FORBIDDEN_MESSAGE, routes, type AuditEntry, type ChangeNotice, type ListReply, type OperatorSession, type RouteDef } from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let admin: string;
let notices: ChangeNotice[] = [];
let stopListening: () => void;

beforeAll(async () => {
  upstream = await createTestUpstream();
  admin = await upstream.login();
  stopListening = upstream.app.engine.bus.subscribe((notice) => notices.push(notice));
});
afterAll(async () => {
  stopListening();
  await upstream.close();
});

function call(token: string, route: RouteDef, params: Record<string, number> = {}, headers: Record<string, string> = {}) {
  return upstream.app.inject({ method: route.method, url: buildPath(route, params), headers: { authorization: `Token ${token}`, ...headers } });
}
async function signIn(email: string, password: string, headers: Record<string, string>): Promise<string> {
  const reply = await upstream.app.inject({ method: 'POST', url: '/api/1/authenticate', headers, payload: { email, password } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ token: string }>().token;
}
const listOf = async (token: string, route: RouteDef = routes.mySessions, params: Record<string, number> = {}) =>
  (await call(token, route, params)).json<{ results: OperatorSession[] }>().results;

describe('an operator\u2019s sessions', () => {
  it('lists where and when each signed in, marks the one asking, and never shows a token', async () => {
    const laptop = await signIn(OPS.email, OPS.password, { 'user-agent': 'Laptop Firefox/140', 'x-forwarded-for': '198.51.100.20' });
    const phone = await signIn(OPS.email, OPS.password, { 'user-agent': 'Phone Safari/19', 'x-forwarded-for': '198.51.100.21' });
    const reply = await call(laptop, routes.mySessions);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain(laptop);
    const listed = reply.json<{ results: OperatorSession[] }>().results;
    const mine = listed.find((s) => s.current)!;
    expect(mine).toMatchObject({ address: '198.51.100.20', user_agent: 'Laptop Firefox/140' });
    expect(listed.find((s) => s.user_agent === 'Phone Safari/19')).toMatchObject({ address: '198.51.100.21', current: false });
    expect((await listOf(phone)).filter((s) => s.current).map((s) => s.user_agent)).toEqual(['Phone Safari/19']);
  });

  it('ends one of my other sessions: it is refused at once, announced as revoked, and on my History', async () => {
    const keep = await signIn(OPS.email, OPS.password, { 'user-agent': 'Keep/1' });
    const lost = await signIn(OPS.email, OPS.password, { 'user-agent': 'Lost/1' });
    const target = (await listOf(keep)).find((s) => s.user_agent === 'Lost/1')!;
    notices = [];
    expect((await call(keep, routes.mySessionRevoke, { sessionId: target.id })).statusCode).toBe(200);
    expect((await call(lost, routes.session)).statusCode).toBe(401);
    expect((await call(keep, routes.session)).statusCode).toBe(200);
    expect(notices.find((n) => n.revoked_tokens?.length)).toMatchObject({ revoked_reason: 'revoked' });
    const again = await call(keep, routes.mySessionRevoke, { sessionId: target.id });
    expect(again.statusCode).toBe(404);
    const [me] = (await listOf(keep)).filter((s) => s.current);
    expect(me).toBeDefined();
  });

  it('may not end another operator\u2019s session from my own list (404), nor read theirs (403 unless admin)', async () => {
    const ops = await signIn(OPS.email, OPS.password, {});
    const adminSession = (await listOf(admin)).find((s) => s.current)!;
    expect((await call(ops, routes.mySessionRevoke, { sessionId: adminSession.id })).statusCode).toBe(404);
    expect((await call(admin, routes.session)).statusCode).toBe(200);
    const adminId = (await call(admin, routes.session)).json<{ user: { id: number } }>().user.id;
    const denied = await call(ops, routes.operatorSessions, { operatorId: adminId });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(FORBIDDEN_MESSAGE);
    expect((await call(ops, routes.operatorSessionRevoke, { operatorId: adminId, sessionId: adminSession.id })).statusCode).toBe(403);
  });

  it('an admin lists and ends any operator\u2019s session, on that operator\u2019s History by the admin', async () => {
    const ops = await signIn(OPS.email, OPS.password, { 'x-forwarded-for': '203.0.113.50' });
    const opsId = (await call(ops, routes.session)).json<{ user: { id: number } }>().user.id;
    const theirs = (await listOf(admin, routes.operatorSessions, { operatorId: opsId })).find((s) => s.address === '203.0.113.50')!;
    expect(theirs.current).toBe(false);
    expect((await call(admin, routes.operatorSessionRevoke, { operatorId: opsId, sessionId: theirs.id })).statusCode).toBe(200);
    expect((await call(ops, routes.session)).statusCode).toBe(401);
    const history = await upstream.app.inject({
      method: 'GET',
      url: `/api/1/audit?entity=account&entity_id=${opsId}`,
      headers: { authorization: `Token ${admin}` },
    });
    const [latest] = history.json<ListReply<AuditEntry>>().results;
    expect(latest!.actor.name).toBe('Demo Operator');
    expect((latest!.after as { event: string }).event).toMatch(/^session ended \(signed in .+ from 203\.0\.113\.50\)$/);
  });
});
