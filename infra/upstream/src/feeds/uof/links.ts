import { eq, sql } from 'drizzle-orm';
import type { AuditActor, UofLink } from '@odds/protocol';
import { VersionConflict } from '../../coedit/conflict';
import { lastChange } from '../../coedit/versioned';
import type { Db, Queryable } from '../../db/client';
import { auditLog, matches, sports, uofLinks, uofUnlinkedEvents } from '../../db/schema';
import { Errors } from '../../errors';
import { notLinkable, uofSportOf } from './sports';

type LinkRow = typeof uofLinks.$inferSelect;

const present = (matchId: number, row: LinkRow | undefined): UofLink => ({
  match_id: matchId,
  event: row?.event ?? null,
  version: row?.version ?? null,
  updated_at: row?.updatedAt.toISOString() ?? null,
  updated_by: row?.updatedBy ?? null,
});

async function matchExists(db: Queryable, matchId: number): Promise<void> {
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new Errors.NotFound('Match', matchId);
}

export async function readLink(db: Db, matchId: number): Promise<UofLink> {
  await matchExists(db, matchId);
  const [row] = await db.select().from(uofLinks).where(eq(uofLinks.matchId, matchId));
  return present(matchId, row);
}

/**
 * Links a match to a UOF event, or unlinks it (`event` null), in one transaction with its audit
 * row (entity `match`: the link is part of the match's own record). A write naming a version the
 * link no longer has gets 409; an event already linked to another match gets 400 naming it.
 */
export async function writeLink(db: Db, matchId: number, event: string | null, expected: number | null, actor: AuditActor): Promise<UofLink> {
  return db.transaction(async (tx) => {
    await matchExists(tx, matchId);
    const [before] = await tx.select().from(uofLinks).where(eq(uofLinks.matchId, matchId)).for('update');
    if (expected !== null && (before?.version ?? null) !== expected) {
      const last = await lastChange(tx, 'match', matchId);
      throw new VersionConflict(
        `The UOF link of match ${matchId} was changed by someone else (version ${before?.version ?? 'none'}, you had ${expected}); nothing was saved`,
        'match',
        present(matchId, before),
        last?.actor ?? null,
        last?.at ?? null,
      );
    }
    if (event !== null) {
      // Only a sport whose status codes and scores the adapter reads (sports.ts).
      const [sport] = await tx.select({ name: sports.name }).from(matches).innerJoin(sports, eq(sports.id, matches.sportId)).where(eq(matches.id, matchId));
      if (sport && uofSportOf(sport.name) === null) throw new Errors.BadRequest(notLinkable(sport.name));
      const [other] = await tx.select({ matchId: uofLinks.matchId }).from(uofLinks).where(eq(uofLinks.event, event));
      if (other && other.matchId !== matchId)
        throw new Errors.BadRequest(`UOF event ${event} is already linked to match ${other.matchId}; unlink it there first.`);
    }
    if (before?.event === event || (!before && event === null)) return present(matchId, before);
    let after: LinkRow | undefined;
    if (event === null) await tx.delete(uofLinks).where(eq(uofLinks.matchId, matchId));
    else {
      [after] = await tx
        .insert(uofLinks)
        .values({ matchId, event, updatedBy: actor.name })
        .onConflictDoUpdate({ target: uofLinks.matchId, set: { event, version: sql`${uofLinks.version} + 1`, updatedAt: new Date(), updatedBy: actor.name } })
        .returning();
      // Its messages are no longer unlinked.
      await tx.delete(uofUnlinkedEvents).where(eq(uofUnlinkedEvents.event, event));
    }
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorName: actor.name,
      entity: 'match',
      entityId: matchId,
      matchId,
      action: before && event !== null ? 'update' : event === null ? 'delete' : 'create',
      version: after?.version ?? null,
      before: before ? { uof_event: before.event, version: before.version } : null,
      after: after ? { uof_event: after.event, version: after.version } : null,
    });
    return present(matchId, after);
  });
}
