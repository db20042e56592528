import type { Queryable } from '../db/client';
import { changeOutbox } from '../db/schema';
import type { Change } from './bus';

/**
 * Writes notices into the outbox in the caller's transaction: they exist if and only if the write
 * committed, and a publisher (publisher.ts) hands them to the change stream afterwards, so a
 * crash between the commit and the publish delays a notice, never loses it. Returns their rows' ids.
 */
export async function recordNotices(tx: Queryable, notices: readonly Change[]): Promise<number[]> {
  if (!notices.length) return [];
  const rows = await tx
    .insert(changeOutbox)
    .values(notices.map((notice) => ({ notice })))
    .returning({ id: changeOutbox.id });
  return rows.map((row) => row.id);
}
