import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../../db/client';
import { uofSyncHints, uofSyncRuns, uofSyncState, uofSyncTournaments, type SyncStep } from '../../../db/schema';
import type { SyncChange } from './apply';
import { selectRows } from '../../../db/rows';

/**
 * The sync's shared state (one row per provider, uof_sync_state): one worker holds a provider at a
 * time (`owner` until `lease_until`, renewed as it goes), every write of a run checks it still
 * does (fenced), and the run in progress with its cursor (`done` steps) survives the worker.
 */
export type SyncState = typeof uofSyncState.$inferSelect;
export type SyncRun = typeof uofSyncRuns.$inferSelect;

/** The worker no longer holds the provider (its lease ran out and another took it): it stops writing. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/**
 * Takes or renews the provider for `owner` until `nowMs + leaseMs`, unless another worker holds a
 * lease that has not run out. Taking over a run from a worker that stopped counts a takeover.
 * Returns the state as it now is, or null when another worker holds it.
 */
export async function claim(db: Db, providerId: number, owner: string, nowMs: number, leaseMs: number): Promise<SyncState | null> {
  return db.transaction(async (tx) => {
    await tx.insert(uofSyncState).values({ providerId }).onConflictDoNothing();
    const [state] = await tx.select().from(uofSyncState).where(eq(uofSyncState.providerId, providerId)).for('update');
    if (!state) return null;
    if (state.owner && state.owner !== owner && state.leaseUntil && state.leaseUntil.getTime() > nowMs) return null;
    const leaseUntil = new Date(nowMs + leaseMs);
    await tx.update(uofSyncState).set({ owner, leaseUntil }).where(eq(uofSyncState.providerId, providerId));
    if (state.owner !== owner && state.runId !== null)
      await tx
        .update(uofSyncRuns)
        .set({ owner, takeovers: sql`${uofSyncRuns.takeovers} + 1` })
        .where(eq(uofSyncRuns.id, state.runId));
    return { ...state, owner, leaseUntil };
  });
}

/** In a write's transaction: the worker still holds the provider (else LeaseLost, and the write rolls back). */
export async function fence(tx: Tx, providerId: number, owner: string, nowMs: number): Promise<SyncState> {
  const [state] = await tx.select().from(uofSyncState).where(eq(uofSyncState.providerId, providerId)).for('update');
  if (!state || state.owner !== owner || !state.leaseUntil || state.leaseUntil.getTime() <= nowMs)
    throw new LeaseLost(`provider ${providerId}'s sync is no longer held by ${owner}`);
  return state;
}

/** Lets the provider go at once (a worker stopping cleanly), so another worker need not wait for the lease. */
export async function release(db: Db, providerId: number, owner: string): Promise<void> {
  await db
    .update(uofSyncState)
    .set({ owner: null, leaseUntil: null })
    .where(and(eq(uofSyncState.providerId, providerId), eq(uofSyncState.owner, owner)));
}

/** Providers the sync has work for: a tournament opted in, a Sync now waiting, or a run to finish. */
export async function providersToSync(db: Db): Promise<number[]> {
  const providers = await selectRows<{ provider_id: number }>(
    db,
    sql`
    select provider_id from ${uofSyncTournaments}
    union select provider_id from ${uofSyncState} where requested_at is not null or run_id is not null
    order by provider_id`,
  );
  return providers.map((r) => r.provider_id);
}

export async function tournamentsOf(db: Queryable, providerId: number): Promise<string[]> {
  const rows = await db
    .select({ tournament: uofSyncTournaments.tournament })
    .from(uofSyncTournaments)
    .where(eq(uofSyncTournaments.providerId, providerId))
    .orderBy(uofSyncTournaments.tournament);
  return rows.map((r) => r.tournament);
}

/** Starts a run (fenced): its steps, and the state pointing at it; a Sync now it answers is cleared, the hints it reads taken. */
export async function startRun(
  db: Db,
  lease: { providerId: number; owner: string; nowMs: number },
  run: { kind: string; steps: SyncStep[]; requestedBy: string | null; takesHints: boolean; answersRequest: boolean },
): Promise<SyncRun> {
  return db.transaction(async (tx) => {
    await fence(tx, lease.providerId, lease.owner, lease.nowMs);
    const [row] = await tx
      .insert(uofSyncRuns)
      .values({
        providerId: lease.providerId,
        kind: run.kind,
        steps: run.steps,
        requestedBy: run.requestedBy,
        owner: lease.owner,
        startedAt: new Date(lease.nowMs),
      })
      .returning();
    await tx
      .update(uofSyncState)
      .set({ runId: row!.id, ...(run.answersRequest && { requestedAt: null, requestedBy: null }) })
      .where(eq(uofSyncState.providerId, lease.providerId));
    if (run.takesHints) {
      const events = run.steps.flatMap((s) => (s.kind === 'event' ? [s.urn] : []));
      for (const event of events) await tx.delete(uofSyncHints).where(and(eq(uofSyncHints.providerId, lease.providerId), eq(uofSyncHints.event, event)));
    }
    return row!;
  });
}

export async function readRun(db: Queryable, runId: number): Promise<SyncRun | null> {
  const [run] = await db.select().from(uofSyncRuns).where(eq(uofSyncRuns.id, runId));
  return run ?? null;
}

export async function pendingHints(db: Db, providerId: number, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ event: uofSyncHints.event })
    .from(uofSyncHints)
    .where(eq(uofSyncHints.providerId, providerId))
    .orderBy(uofSyncHints.at)
    .limit(limit);
  return rows.map((r) => r.event);
}

/** What a part of a run did, added to its counters in the caller's (fenced) transaction. */
export interface Outcome {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  changes: SyncChange[];
  skips: { reason: string; ref: string }[];
  errors: { step: string; message: string }[];
  calls: number;
  throttled: number;
}

export const emptyOutcome = (): Outcome => ({ created: 0, updated: 0, unchanged: 0, skipped: 0, changes: [], skips: [], errors: [], calls: 0, throttled: 0 });

const MAX_CHANGES = 200;
const MAX_REFS = 10;
const MAX_ERRORS = 50;

/** Adds an outcome to the run's counters and lists (the first 200 changes, 10 refs per skip reason, 50 errors). */
export async function addOutcome(tx: Tx, runId: number, outcome: Outcome, nowMs: number): Promise<void> {
  const [run] = await tx.select().from(uofSyncRuns).where(eq(uofSyncRuns.id, runId)).for('update');
  if (!run) return;
  const skips = { ...run.skips };
  for (const { reason, ref } of outcome.skips) {
    const entry = skips[reason] ?? { count: 0, refs: [] };
    entry.count += 1;
    if (entry.refs.length < MAX_REFS && !entry.refs.includes(ref)) entry.refs.push(ref);
    skips[reason] = entry;
  }
  const at = new Date(nowMs).toISOString();
  await tx
    .update(uofSyncRuns)
    .set({
      created: run.created + outcome.created,
      updated: run.updated + outcome.updated,
      unchanged: run.unchanged + outcome.unchanged,
      skipped: run.skipped + outcome.skipped,
      calls: run.calls + outcome.calls,
      throttled: run.throttled + outcome.throttled,
      changes: [...run.changes, ...outcome.changes].slice(0, MAX_CHANGES),
      skips,
      errors: [...run.errors, ...outcome.errors.map((e) => ({ ...e, at }))].slice(0, MAX_ERRORS),
    })
    .where(eq(uofSyncRuns.id, runId));
}

/** Moves the run's cursor past a step, with what the step did besides its events (skips, errors, calls), fenced. */
export async function stepDone(db: Db, lease: { providerId: number; owner: string; nowMs: number }, runId: number, done: number, outcome: Outcome) {
  await db.transaction(async (tx) => {
    await fence(tx, lease.providerId, lease.owner, lease.nowMs);
    await addOutcome(tx, runId, outcome, lease.nowMs);
    await tx.update(uofSyncRuns).set({ done }).where(eq(uofSyncRuns.id, runId));
  });
}

/** Ends the run: done, partial (some steps failed) or failed (all did); the state remembers when the schedule / live schedule was read. */
export async function finishRun(db: Db, lease: { providerId: number; owner: string; nowMs: number }, run: SyncRun): Promise<SyncRun> {
  return db.transaction(async (tx) => {
    await fence(tx, lease.providerId, lease.owner, lease.nowMs);
    const [current] = await tx.select().from(uofSyncRuns).where(eq(uofSyncRuns.id, run.id));
    const failedSteps = new Set(current!.errors.map((e) => e.step)).size;
    const status = failedSteps === 0 ? 'done' : failedSteps >= current!.steps.length ? 'failed' : 'partial';
    const at = new Date(lease.nowMs);
    const [finished] = await tx.update(uofSyncRuns).set({ status, finishedAt: at }).where(eq(uofSyncRuns.id, run.id)).returning();
    const readsSchedule = run.kind === 'schedule' || run.kind === 'manual';
    const readsLive = run.kind === 'live' || run.kind === 'manual';
    await tx
      .update(uofSyncState)
      .set({ runId: null, ...(readsSchedule && { lastScheduleAt: at }), ...(readsLive && { lastLiveAt: at }) })
      .where(eq(uofSyncState.providerId, lease.providerId));
    return finished!;
  });
}

/**
 * A fixture_change the feed carried (feeds/uof/adapter.ts): for each provider that syncs, the
 * event's fixture is read at the worker's next tick (one hint per provider and event: a burst of
 * changes reads it once). A provider with nothing opted in gets none.
 */
export async function hintFixtureChange(db: Db, event: string, changeType: number | null): Promise<void> {
  await db.execute(sql`
    insert into ${uofSyncHints} (provider_id, event, change_type)
    select distinct provider_id, ${event}, ${changeType}::integer from ${uofSyncTournaments}
    on conflict (provider_id, event) do update set change_type = excluded.change_type, at = now()`);
}
