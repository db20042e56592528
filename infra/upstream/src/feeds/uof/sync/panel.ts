import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditActor, CatalogSyncRequest, CatalogSyncRun, CatalogSyncStatus, CatalogSyncTournament } from '@odds/protocol';
import type { Db } from '../../../db/client';
import { providers, uofSyncRuns, uofSyncState, uofSyncTournaments } from '../../../db/schema';
import { Errors } from '../../../errors';
import type { SyncSettings } from './settings';

/** The Catalog sync panel's reads and its writes (opt a tournament in or out, Sync now), each one statement or transaction. */

async function providerExists(db: Db, providerId: number): Promise<void> {
  const [row] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId));
  if (!row) throw new Errors.NotFound('Provider', providerId);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function presentRun(run: typeof uofSyncRuns.$inferSelect): CatalogSyncRun {
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    requested_by: run.requestedBy,
    started_at: run.startedAt.toISOString(),
    finished_at: iso(run.finishedAt),
    steps: run.steps.length,
    done: run.done,
    takeovers: run.takeovers,
    created: run.created,
    updated: run.updated,
    unchanged: run.unchanged,
    skipped: run.skipped,
    calls: run.calls,
    throttled: run.throttled,
    changes: run.changes,
    skips: Object.entries(run.skips)
      .map(([reason, s]) => ({ reason, count: s.count, refs: s.refs }))
      .sort((a, b) => b.count - a.count),
    errors: run.errors,
  };
}

const presentTournament = (row: typeof uofSyncTournaments.$inferSelect): CatalogSyncTournament => ({
  tournament: row.tournament,
  added_by: row.addedBy,
  added_at: row.addedAt.toISOString(),
});

export async function readSyncStatus(db: Db, settings: SyncSettings | null, providerId: number): Promise<CatalogSyncStatus> {
  await providerExists(db, providerId);
  const [tournaments, [state], runs] = await Promise.all([
    db.select().from(uofSyncTournaments).where(eq(uofSyncTournaments.providerId, providerId)).orderBy(uofSyncTournaments.tournament),
    db.select().from(uofSyncState).where(eq(uofSyncState.providerId, providerId)),
    db.select().from(uofSyncRuns).where(eq(uofSyncRuns.providerId, providerId)).orderBy(desc(uofSyncRuns.id)).limit(10),
  ]);
  return {
    available: settings !== null,
    reason: settings ? null : 'The catalog sync is off: UOF_API_URL is not set (or UOF_SYNC=off) in this API process; see docs/catalog.md.',
    settings: {
      horizon_days: settings?.horizonDays ?? 0,
      schedule_every_s: settings?.scheduleEveryS ?? 0,
      live_every_s: settings?.liveEveryS ?? 0,
    },
    provider_id: providerId,
    tournaments: tournaments.map(presentTournament),
    owner: state?.leaseUntil && state.leaseUntil.getTime() > Date.now() ? state.owner : null,
    lease_until: iso(state?.leaseUntil ?? null),
    requested_at: iso(state?.requestedAt ?? null),
    requested_by: state?.requestedBy ?? null,
    last_schedule_at: iso(state?.lastScheduleAt ?? null),
    last_live_at: iso(state?.lastLiveAt ?? null),
    runs: runs.map(presentRun),
  };
}

/** Opts a tournament in (again: the same row, unchanged). */
export async function addTournament(db: Db, providerId: number, tournament: string, actor: AuditActor): Promise<CatalogSyncTournament> {
  await providerExists(db, providerId);
  await db.insert(uofSyncTournaments).values({ providerId, tournament, addedBy: actor.name }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(uofSyncTournaments)
    .where(and(eq(uofSyncTournaments.providerId, providerId), eq(uofSyncTournaments.tournament, tournament)));
  return presentTournament(row!);
}

export async function removeTournament(db: Db, providerId: number, tournament: string): Promise<CatalogSyncTournament> {
  const [row] = await db
    .delete(uofSyncTournaments)
    .where(and(eq(uofSyncTournaments.providerId, providerId), eq(uofSyncTournaments.tournament, tournament)))
    .returning();
  if (!row) throw new Errors.NotFound('Synced tournament', tournament);
  return presentTournament(row);
}

/**
 * Sync now: one request waits per provider (set only when none does, in one statement), so two
 * clicks, or two admins, ask once; the worker answers it with a run of the horizon and the live schedule.
 */
export async function requestSync(db: Db, settings: SyncSettings | null, providerId: number, actor: AuditActor): Promise<CatalogSyncRequest> {
  if (!settings) throw new Errors.BadRequest('The catalog sync is off in this deployment: set UOF_API_URL (docs/catalog.md).');
  await providerExists(db, providerId);
  const now = new Date();
  const [fresh] = await db
    .insert(uofSyncState)
    .values({ providerId, requestedAt: now, requestedBy: actor.name })
    .onConflictDoUpdate({
      target: uofSyncState.providerId,
      set: { requestedAt: now, requestedBy: actor.name },
      setWhere: sql`${uofSyncState.requestedAt} is null`,
    })
    .returning({ requestedAt: uofSyncState.requestedAt, requestedBy: uofSyncState.requestedBy });
  if (fresh?.requestedAt) return { requested_at: fresh.requestedAt.toISOString(), requested_by: fresh.requestedBy ?? actor.name, already_requested: false };
  const [waiting] = await db.select().from(uofSyncState).where(eq(uofSyncState.providerId, providerId));
  return { requested_at: iso(waiting!.requestedAt ?? now)!, requested_by: waiting!.requestedBy ?? actor.name, already_requested: true };
}
