import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type UofDeadLetter, type UofDeadLettersReply } from '@odds/protocol';
import { auditLog, deadLetters } from '../../db/schema';
import { createTestUpstream, type TestUpstream } from '../../testing';
import { pendingRedrives, redriveDone, writeDeadLetter } from './dead-letters';

let upstream: TestUpstream;
let headers: Record<string, string>;
const xml = '<alive product="1" timestamp="1796000000000" subscribed="1"/>';

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  await writeDeadLetter(db, { kind: 'uof_failed', reason: 'failed 3 times: boom', routingKey: '-.-.-.alive.-.-.-.-', matchId: null, body: xml, keep: true });
  await writeDeadLetter(db, {
    kind: 'uof_too_large',
    reason: 'message of 5000000 bytes is over UOF_MAX_MESSAGE_BYTES (4194304)',
    routingKey: 'hi.-.live.odds_change.1.sr:match.1.-',
    matchId: null,
    body: Buffer.alloc(5_000_000, 'x'),
    keep: false,
  });
});
afterAll(() => upstream.close());

const list = async () => (await upstream.app.inject({ method: 'GET', url: `${routes.uofDeadLetters.path}?limit=10`, headers })).json<UofDeadLettersReply>();
const redrive = (id: number, extra: Record<string, string> = headers) =>
  upstream.app.inject({ method: 'POST', url: routes.uofDeadLetterRedrive.path.replace(':deadLetterId', String(id)), headers: extra });

describe('UOF dead letters', () => {
  it('lists them with counts by kind, size and a capped look at each', async () => {
    const reply = await list();
    expect(reply.counts.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'uof_failed', count: 1 },
      { kind: 'uof_too_large', count: 1 },
    ]);
    const [large, failed] = reply.results;
    expect(failed).toMatchObject({ kind: 'uof_failed', size: xml.length, preview: xml, redrivable: true, redrive_requested_at: null });
    expect(large).toMatchObject({ kind: 'uof_too_large', size: 5_000_000, redrivable: false });
    expect(large!.preview.length).toBe(2_000);
  });

  it('marks a re-drive once (two operators at once: one 409), audited; the adapter then takes it', async () => {
    const failed = (await list()).results.find((l) => l.kind === 'uof_failed')!;
    const replies = await Promise.all([redrive(failed.id), redrive(failed.id)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().message).toBe(`Dead letter ${failed.id} is already waiting to be driven again`);
    expect(replies.find((r) => r.statusCode === 200)!.json<UofDeadLetter>()).toMatchObject({ redrive_requested_by: 'Demo Operator', redriven_at: null });
    const { db } = upstream.database;
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'dead_letter'), eq(auditLog.entityId, failed.id)));
    expect(audit).toHaveLength(1);
    const pending = await pendingRedrives(db);
    expect(pending.map((p) => [p.id, p.body.toString('utf8')])).toEqual([[failed.id, xml]]);
    await redriveDone(db, failed.id, 'handled');
    expect(await pendingRedrives(db)).toEqual([]);
    // Driven: it may be asked for again.
    expect((await redrive(failed.id)).statusCode).toBe(200);
    const [row] = await db.select().from(deadLetters).where(eq(deadLetters.id, failed.id));
    expect(row).toMatchObject({ redrivenAt: null, redriveOutcome: null });
  });

  it('refuses one kept only in part (400), an unknown one (404), and a call without a token (401)', async () => {
    const large = (await list()).results.find((l) => l.kind === 'uof_too_large')!;
    const refused = await redrive(large.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('only its first 4 KB were kept');
    expect((await redrive(999_999)).statusCode).toBe(404);
    expect((await redrive(large.id, {})).statusCode).toBe(401);
  });
});
