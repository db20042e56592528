import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { deliveries, deliverySends } from '../db/schema';
import { Errors } from '../errors';
import type { SendResult } from './channels/webhook';
import { nextAttemptAt, type RetryPolicy } from './retry-policy';

/** A call's result as recorded: a webhook's, or a vendor's outcome (dispatch.ts) with its message id. */
export type SettleResult = SendResult & { vendorId?: string | null };

/** What became of a call: sent, a retry planned for `at`, or failed for good. */
export type SendOutcome = { kind: 'SENT' } | { kind: 'RETRY'; at: number } | { kind: 'FAILED' };

export interface Settle {
  sender: string;
  policy: RetryPolicy;
  nowMs: number;
  random?: () => number;
}

/**
 * Records a call's result, in one transaction with the send row locked: SENT; or, for a failure,
 * the next attempt (retry-policy.ts) with the delivery still PENDING and its last error; or FAILED
 * when the failure is final or no retry fits before the deadline. A failure is only this sender's
 * to record while it still holds the claim (its lease may have run out and another sender taken
 * the delivery); a success is always recorded. Null when nothing was recorded.
 */
export async function settleSend(db: Db, deliveryId: number, result: SettleResult, settle: Settle): Promise<SendOutcome | null> {
  return db.transaction(async (tx) => {
    const [send] = await tx.select().from(deliverySends).where(eq(deliverySends.deliveryId, deliveryId)).for('update');
    const now = new Date(settle.nowMs);
    const pending = and(eq(deliveries.id, deliveryId), eq(deliveries.status, 'PENDING'));
    if (result.status === 'SENT') {
      const [sent] = await tx
        .update(deliveries)
        .set({ status: 'SENT', sentAt: now, ...(result.stats && { stats: result.stats }), ...(result.vendorId && { vendorMessageId: result.vendorId }) })
        .where(pending)
        .returning({ id: deliveries.id });
      await tx.update(deliverySends).set({ claimedBy: null, claimedUntil: null, nextAttemptAt: null }).where(eq(deliverySends.deliveryId, deliveryId));
      return sent ? { kind: 'SENT' } : null;
    }
    if (!send || send.claimedBy !== settle.sender) return null;
    const failures = send.failures + 1;
    const deadline = send.deadlineAt?.getTime() ?? settle.nowMs + settle.policy.deadlineMs;
    const next = result.final ? null : nextAttemptAt(settle.policy, failures, settle.nowMs, deadline, result.retryAfterMs ?? null, settle.random);
    const error = result.error ?? 'failed';
    const [updated] = await tx
      .update(deliveries)
      .set({ error, ...(next === null && { status: 'FAILED' }) })
      .where(pending)
      .returning({ id: deliveries.id });
    await tx
      .update(deliverySends)
      .set({
        claimedBy: null,
        claimedUntil: null,
        failures,
        lastError: error,
        nextAttemptAt: next === null ? null : new Date(next),
      })
      .where(eq(deliverySends.deliveryId, deliveryId));
    if (!updated) return null;
    return next === null ? { kind: 'FAILED' } : { kind: 'RETRY', at: next };
  });
}

/**
 * An operator's retry of a FAILED delivery (in the caller's transaction, which audits it): back to
 * PENDING, due at once, with a fresh deadline and backoff; its attempts keep counting. Only a
 * FAILED delivery may be retried (409 otherwise: a PENDING one is being retried already, a SENT
 * or RECORDED one has gone). Returns the delivery's match.
 */
export async function retryFailed(tx: Tx | Db, deliveryId: number, policy: RetryPolicy, nowMs: number): Promise<{ matchId: number }> {
  const [delivery] = await tx
    .select({ status: deliveries.status, matchId: deliveries.matchId })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId))
    .for('update');
  if (!delivery) throw new Errors.NotFound('Delivery', deliveryId);
  if (delivery.status !== 'FAILED') throw new Errors.NotRetryable(deliveryId, delivery.status);
  await tx.update(deliveries).set({ status: 'PENDING' }).where(eq(deliveries.id, deliveryId));
  const now = new Date(nowMs);
  const deadline = new Date(nowMs + policy.deadlineMs);
  await tx
    .insert(deliverySends)
    .values({ deliveryId, matchId: delivery.matchId, attempts: 0, failures: 0, nextAttemptAt: now, deadlineAt: deadline })
    .onConflictDoUpdate({
      target: deliverySends.deliveryId,
      set: { failures: 0, nextAttemptAt: now, deadlineAt: deadline, claimedBy: null, claimedUntil: null },
    });
  return { matchId: delivery.matchId };
}
