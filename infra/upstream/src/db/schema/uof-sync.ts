import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { providers } from './core';

/**
 * The catalog sync from the UOF Sports API (feeds/uof/sync/, migration 0053, docs/catalog.md):
 * the tournaments a provider opted in, the worker's lease and cursor per provider, its runs,
 * and the fixture changes the feed announced.
 */

/** A tournament (`sr:tournament:16`) whose leagues, seasons, teams and matches the sync keeps for a provider. */
export const uofSyncTournaments = pgTable(
  'uof_sync_tournaments',
  {
    providerId: belongsTo('provider_id', () => providers.id, { onDelete: 'cascade' }),
    tournament: text('tournament').notNull(),
    addedBy: text('added_by').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'uof_sync_tournaments_pkey', columns: [t.providerId, t.tournament] })],
);

/**
 * One row per provider: who holds the sync (`owner` until `lease_until`: one worker at a time),
 * the run in progress (`run_id`: taken over after a crash), a "Sync now" waiting, and when the
 * schedule and the live schedule were last read.
 */
export const uofSyncState = pgTable('uof_sync_state', {
  providerId: integer('provider_id')
    .primaryKey()
    .references(() => providers.id, { onDelete: 'cascade' }),
  owner: text('owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  runId: integer('run_id'),
  requestedAt: timestamp('requested_at', { withTimezone: true }),
  requestedBy: text('requested_by'),
  lastScheduleAt: timestamp('last_schedule_at', { withTimezone: true }),
  lastLiveAt: timestamp('last_live_at', { withTimezone: true }),
});

export type SyncRunStatus = 'running' | 'done' | 'partial' | 'failed';
/** What a run was asked to do, one step at a time (`done` of them are done: the cursor). */
export type SyncStep = { kind: 'tournament'; urn: string } | { kind: 'date'; date: string } | { kind: 'live' } | { kind: 'event'; urn: string };

/** A sync run: its steps and cursor, and what it created, updated, left alone and skipped (with why). */
export const uofSyncRuns = pgTable(
  'uof_sync_runs',
  {
    id: serial('id').primaryKey(),
    providerId: belongsTo('provider_id', () => providers.id, { onDelete: 'cascade' }),
    /** `schedule` (the horizon), `live`, `manual` (Sync now: both), `fixture` (fixture changes). */
    kind: text('kind').notNull(),
    requestedBy: text('requested_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status').$type<SyncRunStatus>().notNull().default('running'),
    steps: jsonb('steps').$type<SyncStep[]>().notNull(),
    done: integer('done').notNull().default(0),
    owner: text('owner'),
    /** How often another worker took the run over (its owner's lease ran out mid-run). */
    takeovers: integer('takeovers').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    calls: integer('calls').notNull().default(0),
    throttled: integer('throttled').notNull().default(0),
    /** The first changes: `{entity, ref, action, fields, id, name}` (the console's row; runs before id and name were kept lack them). */
    changes: jsonb('changes')
      .$type<{ entity: string; ref: string; action: 'create' | 'update'; fields: string[]; id?: number; name?: string }[]>()
      .notNull()
      .default([]),
    /** Skips by reason: reason → {count, refs (the first few)}. */
    skips: jsonb('skips').$type<Record<string, { count: number; refs: string[] }>>().notNull().default({}),
    errors: jsonb('errors').$type<{ step: string; message: string; at: string }[]>().notNull().default([]),
  },
  (t) => [
    index('uof_sync_runs_provider_idx').on(t.providerId, t.id),
    check('uof_sync_runs_status_check', sql`${t.status} in ('running', 'done', 'partial', 'failed')`),
  ],
);

/** A `fixture_change` the feed carried, for each provider that syncs: its fixture is read at the next tick. */
export const uofSyncHints = pgTable(
  'uof_sync_hints',
  {
    providerId: belongsTo('provider_id', () => providers.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    changeType: integer('change_type'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'uof_sync_hints_pkey', columns: [t.providerId, t.event] })],
);
