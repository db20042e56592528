import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuditActor, UofDeadLetter } from '@odds/protocol';
import type { Db } from '../../db/client';
import { auditLog, deadLetters } from '../../db/schema';
import { Errors } from '../../errors';

/** What Feed health shows of a message: its start, as text, NULs removed. */
const PREVIEW_CHARS = 4096;

export interface UofDeadLetterInput {
  kind: string;
  reason: string;
  routingKey: string;
  matchId: number | null;
  body: Buffer | string;
  /** Whether the whole message is kept for a re-drive (not for one refused by its size). */
  keep: boolean;
}

const bytesOf = (body: Buffer | string) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : body);

/** A UOF message in `dead_letters` (shard `uof`) with its reason, size and, unless it was too big, all of it. */
export async function writeDeadLetter(db: Db, input: UofDeadLetterInput): Promise<void> {
  const bytes = bytesOf(input.body);
  // Only the start is decoded: a 50 MB body is never turned into one string.
  const preview = bytes
    .subarray(0, PREVIEW_CHARS)
    .toString('utf8')
    .replace(/\u0000/g, '');
  await db.insert(deadLetters).values({
    kind: input.kind,
    reason: input.reason.slice(0, 1000),
    routingKey: input.routingKey.slice(0, 300),
    shard: 'uof',
    matchId: input.matchId,
    body: preview,
    size: bytes.length,
    payload: input.keep ? bytes.toString('base64') : null,
  });
}

const present = (row: typeof deadLetters.$inferSelect): UofDeadLetter => ({
  id: row.id,
  kind: row.kind,
  reason: row.reason,
  routing_key: row.routingKey,
  match_id: row.matchId,
  size: row.size ?? Buffer.byteLength(row.body),
  preview: row.body.slice(0, 2000),
  redrivable: row.payload !== null,
  created_at: row.createdAt.toISOString(),
  redrive_requested_at: row.redriveRequestedAt?.toISOString() ?? null,
  redrive_requested_by: row.redriveRequestedBy,
  redriven_at: row.redrivenAt?.toISOString() ?? null,
  redrive_outcome: row.redriveOutcome,
});

/** The UOF dead letters, newest first, and their counts by kind (Feed health). */
export async function listDeadLetters(db: Db, limit: number): Promise<{ counts: { kind: string; count: number }[]; results: UofDeadLetter[] }> {
  const [counts, rows] = await Promise.all([
    db.select({ kind: deadLetters.kind, count: sql<number>`count(*)::int` }).from(deadLetters).where(eq(deadLetters.shard, 'uof')).groupBy(deadLetters.kind),
    db.select().from(deadLetters).where(eq(deadLetters.shard, 'uof')).orderBy(desc(deadLetters.id)).limit(limit),
  ]);
  return { counts, results: rows.map(present) };
}

/**
 * An operator asks for a dead letter to be driven through the adapter again (after fixing a
 * mapping, say): marked in one transaction with its audit row; the adapter's process takes it on
 * its next look (every 2 s). A letter asked for and not driven yet answers 409; one without its
 * whole message (refused by size) 400.
 */
export async function requestRedrive(db: Db, id: number, actor: AuditActor): Promise<UofDeadLetter> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(deadLetters)
      .where(and(eq(deadLetters.id, id), eq(deadLetters.shard, 'uof')))
      .for('update');
    if (!row) throw new Errors.NotFound('Dead letter', id);
    if (row.payload === null) throw new Errors.BadRequest(`Dead letter ${id} cannot be driven again: only its first 4 KB were kept (${row.reason}).`);
    if (row.redriveRequestedAt && !row.redrivenAt) throw new Errors.RedriveWaiting(id);
    const at = new Date();
    const [updated] = await tx
      .update(deadLetters)
      .set({ redriveRequestedAt: at, redriveRequestedBy: actor.name, redrivenAt: null, redriveOutcome: null })
      .where(eq(deadLetters.id, id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorName: actor.name,
      entity: 'dead_letter',
      entityId: id,
      matchId: row.matchId,
      action: 'update',
      version: null,
      before: { redrive_requested_at: row.redriveRequestedAt?.toISOString() ?? null },
      after: { redrive_requested_at: at.toISOString(), kind: row.kind, routing_key: row.routingKey },
    });
    return present(updated!);
  });
}

export interface Redrive {
  id: number;
  routingKey: string;
  body: Buffer;
}

/** The re-drives asked for and not driven yet, oldest first (the adapter's process drives them in order). */
export async function pendingRedrives(db: Db, limit = 20): Promise<Redrive[]> {
  const rows = await db
    .select({ id: deadLetters.id, routingKey: deadLetters.routingKey, payload: deadLetters.payload })
    .from(deadLetters)
    .where(and(eq(deadLetters.shard, 'uof'), isNotNull(deadLetters.redriveRequestedAt), isNull(deadLetters.redrivenAt), isNotNull(deadLetters.payload)))
    .orderBy(deadLetters.redriveRequestedAt, deadLetters.id)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, routingKey: r.routingKey, body: Buffer.from(r.payload!, 'base64') }));
}

/** Records what came of a re-drive ('handled', or the reason it was dead-lettered again). */
export async function redriveDone(db: Db, id: number, outcome: string): Promise<void> {
  await db
    .update(deadLetters)
    .set({ redrivenAt: new Date(), redriveOutcome: outcome.slice(0, 1000) })
    .where(eq(deadLetters.id, id));
}
