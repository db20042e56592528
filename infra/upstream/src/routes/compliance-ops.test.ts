import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type ChangeNotice, type SendStop, type SendStopsReply, type SuppressionsToday } from '@odds/protocol';
import { auditLog, matches, suppressions } from '../db/schema';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let admin: Record<string, string>;
let operator: Record<string, string>;
const notices: ChangeNotice[] = [];

beforeAll(async () => {
  upstream = await createTestUpstream({ timeZone: 'Europe/Copenhagen' });
  admin = { authorization: `Token ${await upstream.login()}` };
  operator = { authorization: `Token ${await upstream.login(OPS)}` };
  upstream.app.engine.bus.subscribe((notice) => notices.push(notice));
}, 120_000);
afterAll(() => upstream?.close());

const list = async (headers = operator) => (await upstream.app.inject({ method: 'GET', url: routes.sendStops.path, headers })).json<SendStopsReply>().results;
const save = (body: object, headers = admin) => upstream.app.inject({ method: 'POST', url: routes.sendStopSave.path, headers, payload: body });
const scope = async (providerId: number | null) => (await list()).find((s) => (s.provider?.id ?? null) === providerId)!;

describe('the kill switch (compliance operations)', () => {
  it('lists the deployment first, then every provider, none stopped at version 0, to any operator', async () => {
    const stops = await list();
    expect(stops[0]).toEqual({ provider: null, stopped: false, reason: '', changed_by: null, changed_at: null, version: 0 });
    expect(stops.slice(1).map((s) => s.provider!.name)).toEqual([...stops.slice(1).map((s) => s.provider!.name)].sort((a, b) => a.localeCompare(b)));
    expect(stops.length).toBeGreaterThan(2);
    expect((await upstream.app.inject({ method: 'GET', url: routes.sendStops.path })).statusCode).toBe(401);
  });

  it('only admins throw it, and bad input is a 400 or 404 that says why, with nothing written', async () => {
    expect((await save({ provider_id: 1, stopped: true, reason: 'x', version: 0 }, operator)).statusCode).toBe(403);
    const blank = await save({ provider_id: 1, stopped: true, reason: '   ', version: 0 });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'Say why sends are stopped (the reason is shown in every console)']);
    const unknown = await save({ provider_id: 999, stopped: true, reason: 'x', version: 0 });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Provider 999 not found']);
    const resume = await save({ provider_id: 1, stopped: false, reason: '', version: 0 });
    expect([resume.statusCode, resume.json().message]).toEqual([400, 'Sends are not stopped here: there is nothing to resume']);
    expect((await save({ provider_id: 1, stopped: 'yes', reason: 'x', version: 0 })).statusCode).toBe(400);
    expect(await scope(1)).toMatchObject({ stopped: false, version: 0 });
    expect(await upstream.database.db.select().from(auditLog).where(eq(auditLog.entity, 'send_stop'))).toEqual([]);
  });

  it('stops a provider: versioned, audited (who, when, why), announced to every console; two admins racing: one wins, one gets 409', async () => {
    notices.length = 0;
    const [a, b] = await Promise.all([
      save({ provider_id: 1, stopped: true, reason: 'regulator call', version: 0 }),
      save({ provider_id: 1, stopped: true, reason: 'another reason', version: 0 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = (a.statusCode === 200 ? a : b).json<SendStop>();
    expect(won).toMatchObject({ provider: { id: 1 }, stopped: true, changed_by: { name: 'Demo Operator' }, version: 1 });
    expect(Date.now() - Date.parse(won.changed_at!)).toBeLessThan(60_000);
    const audit = await upstream.database.db.select().from(auditLog).where(eq(auditLog.entity, 'send_stop'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorName: 'Demo Operator', action: 'update', version: 1, after: { stopped: true, reason: won.reason, provider_id: 1 } });
    await expect.poll(() => notices.find((n) => n.entities?.some((e) => e.entity === 'send_stop'))).toMatchObject({ provider_id: 1, match_id: 0 });
    // A stale version is refused: the reason cannot be replaced by someone who did not see the stop.
    expect((await save({ provider_id: 1, stopped: false, reason: '', version: 0 })).statusCode).toBe(409);
  });

  it('resumes with the version read, keeping the last reason; the deployment-wide stop has a notice without a provider', async () => {
    const stopped = await scope(1);
    const resumed = await save({ provider_id: 1, stopped: false, reason: '', version: stopped.version });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<SendStop>()).toMatchObject({ stopped: false, reason: stopped.reason, version: 2 });
    notices.length = 0;
    const all = await save({ provider_id: null, stopped: true, reason: 'incident 42', version: 0 });
    expect(all.json<SendStop>()).toMatchObject({ provider: null, stopped: true, reason: 'incident 42', version: 1 });
    await expect.poll(() => notices.find((n) => n.entities?.some((e) => e.entity === 'send_stop'))).toBeDefined();
    expect(notices.find((n) => n.entities?.some((e) => e.entity === 'send_stop'))!.provider_id).toBeUndefined();
    expect((await save({ provider_id: null, stopped: false, reason: '', version: 1 })).statusCode).toBe(200);
  });
});

describe("today's suppressions by reason", () => {
  it('counts the suppressions stored since midnight in the deployment’s time zone, per provider and reason (admins only)', async () => {
    const { db } = upstream.database;
    expect((await upstream.app.inject({ method: 'GET', url: routes.suppressionsToday.path, headers: operator })).statusCode).toBe(403);
    const [match] = await db.select({ id: matches.id, providerId: matches.providerId }).from(matches).limit(1);
    const row = (reason: string, createdAt: Date) => ({
      matchId: match!.id,
      marketId: 1,
      reason,
      detail: 'test',
      feedAt: createdAt,
      createdAt,
    });
    const now = new Date();
    await db.delete(suppressions);
    await db.insert(suppressions).values([
      row('SENDS_STOPPED', now),
      row('SENDS_STOPPED', now),
      row('NO_CONTENT', now),
      // Two days ago: not today in any zone.
      row('NO_CONTENT', new Date(now.getTime() - 48 * 3_600_000)),
    ]);
    const reply = await upstream.app.inject({ method: 'GET', url: routes.suppressionsToday.path, headers: admin });
    expect(reply.statusCode).toBe(200);
    const today = reply.json<SuppressionsToday>();
    expect(today.time_zone).toBe('Europe/Copenhagen');
    expect(today.day).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(now));
    expect(today.results.map((r) => [r.provider.id, r.reason, r.count])).toEqual([
      [match!.providerId, 'SENDS_STOPPED', 2],
      [match!.providerId, 'NO_CONTENT', 1],
    ]);
  });
});
