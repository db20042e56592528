import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { contactPushLedger, deliveries, offers } from '../db/schema';
import { epochMs } from './load';
import { pushedOffer, type LimitedContact, type PushTime, type RateLimiter } from './rate-limit';
import type { DeliveryRecord } from './records';

type Handle = Queryable;

/** Another worker pushed to one of these contacts since their push times were read: decide again. */
export class StaleLedger extends Error {
  constructor(readonly contactIds: number[]) {
    super(`push ledger moved for contacts ${contactIds.join(', ')}`);
  }
}

/** Contacts whose pushes span matches (rate_limit_minutes set, or a compliance daily cap): only they need the shared ledger. */
export const spansMatches = (c: LimitedContact) => (c.rateLimited && (c.rateLimitMinutes ?? 0) > 0) || (c.dailyCap ?? null) !== null;

/** The ledger version of each contact (0 for one never pushed to). */
async function versionsOf(db: Handle, contactIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ contactId: contactPushLedger.contactId, version: contactPushLedger.version })
    .from(contactPushLedger)
    .where(inArray(contactPushLedger.contactId, contactIds));
  const versions = new Map(contactIds.map((id) => [id, 0]));
  for (const r of rows) versions.set(r.contactId, r.version);
  return versions;
}

/** Reads the push times of the contacts (every match) afresh, as of their ledger versions. */
async function reseedPushTimes(db: Handle, contactIds: number[], limiter: RateLimiter, known?: Map<number, number>): Promise<void> {
  if (!contactIds.length) return;
  // Version first: a push committed in between is then read with an older version (a harmless
  // extra re-read), never the other way round.
  const versions = known ?? (await versionsOf(db, contactIds));
  // One row per push (an offer delivered to the contact, in however many languages); a deleted
  // offer's deliveries still count, one push per market and feed time.
  const goneAt = sql`case when ${offers.sourceId} is null then ${deliveries.feedAt} end`;
  const rows = await db
    .select({
      contactId: deliveries.contactId,
      matchId: deliveries.matchId,
      marketId: deliveries.marketId,
      sourceId: offers.sourceId,
      feedMs: epochMs(sql`min(${deliveries.feedAt})`),
    })
    .from(deliveries)
    .leftJoin(offers, eq(offers.id, deliveries.offerId))
    .where(inArray(deliveries.contactId, contactIds))
    .groupBy(deliveries.contactId, deliveries.matchId, deliveries.marketId, offers.sourceId, goneAt);
  const pushes = new Map<number, PushTime[]>(contactIds.map((id) => [id, []]));
  for (const r of rows) {
    const offer = r.sourceId === null ? `gone:${r.matchId}:${r.marketId}:${r.feedMs}` : pushedOffer(r.matchId, r.sourceId);
    pushes.get(r.contactId)!.push({ offer, feedMs: r.feedMs });
  }
  for (const id of contactIds) limiter.seedPushTimes(id, pushes.get(id)!, versions.get(id)!);
}

/**
 * Brings the push times of the match's rate-limited contacts up to date before a batch is decided:
 * one small read of their ledger versions (unless the caller read them, `known`: scopes.ts's
 * knownVersions reads them with the scopes), and a re-read of the pushes of those that moved.
 */
export async function refreshPushTimes(db: Handle, contacts: Iterable<LimitedContact>, limiter: RateLimiter, known?: Map<number, number>): Promise<void> {
  const ids = [...contacts].filter(spansMatches).map((c) => c.id);
  if (!ids.length) return;
  const versions = known ?? (await versionsOf(db, ids));
  const stale = ids.filter((id) => versions.get(id) !== limiter.versionOf(id));
  if (stale.length) await reseedPushTimes(db, stale, limiter, versions);
}

/** The rate-limited contacts a batch pushes to, in id order (the order their rows are locked in). */
export function pushedContacts(pushes: readonly DeliveryRecord[]): number[] {
  return [...new Set(pushes.filter((d) => spansMatches(d.contact)).map((d) => d.contact.id))].sort((a, b) => a - b);
}

/**
 * The ledger version each contact's push times were at when the batch was decided (read right
 * after the decision, which runs without a pause: these are the times its checks saw). The claim
 * compares the rows with these, not with the cache's current versions: another batch of this
 * process may have moved the cache on meanwhile (its own commit, or a re-read of the pushes)
 * without this batch's decision having seen what moved it.
 */
export function decidedVersions(contactIds: readonly number[], limiter: RateLimiter): Map<number, number> {
  return new Map(contactIds.map((id) => [id, limiter.versionOf(id)]));
}

/**
 * In the transaction that writes the batch: locks the ledger rows of the contacts it pushes to
 * (FOR UPDATE, in id order: one lock order for every batch of every process, so none deadlock),
 * checks that each is still at the version the batch was decided with (else StaleLedger: nothing
 * is written, the batch is decided again), and moves them on. The locks are held to the commit,
 * so the check and the deliveries it allows are one atomic step: the next batch to push to the
 * contact, in this process or another, waits for this one and then finds the version moved.
 * Returns the new versions, for `RateLimiter.committed` once the transaction has committed.
 */
export async function claimPushes(tx: Tx, decided: ReadonlyMap<number, number>): Promise<Map<number, number>> {
  const contactIds = [...decided.keys()].sort((a, b) => a - b);
  if (!contactIds.length) return new Map();
  await tx
    .insert(contactPushLedger)
    .values(contactIds.map((contactId) => ({ contactId })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ contactId: contactPushLedger.contactId, version: contactPushLedger.version })
    .from(contactPushLedger)
    .where(inArray(contactPushLedger.contactId, contactIds))
    .orderBy(contactPushLedger.contactId)
    .for('update');
  // A contact's first row reads 0, which is also what refreshPushTimes assumed before it existed.
  const stale = rows.filter((r) => r.version !== decided.get(r.contactId)).map((r) => r.contactId);
  if (stale.length) throw new StaleLedger(stale);
  const moved = await tx
    .update(contactPushLedger)
    .set({ version: sql`${contactPushLedger.version} + 1` })
    .where(inArray(contactPushLedger.contactId, contactIds))
    .returning({ contactId: contactPushLedger.contactId, version: contactPushLedger.version });
  return new Map(moved.map((r) => [r.contactId, r.version]));
}
