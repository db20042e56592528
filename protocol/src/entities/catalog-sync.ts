import { Type, type Static } from 'typebox';
import { Id, Nullable, Timestamp } from '../common';

/** A UOF tournament urn a provider may opt in (`sr:tournament:16`, `sr:simple_tournament:…`). */
export const TournamentUrn = Type.String({ pattern: '^sr:(simple_)?tournament:\\d{1,12}$', maxLength: 40 });

export const CatalogSyncTournament = Type.Object({ tournament: TournamentUrn, added_by: Type.String(), added_at: Timestamp });
export type CatalogSyncTournament = Static<typeof CatalogSyncTournament>;

/** What a sync run did (docs/catalog.md "The sync worker"). */
export const CatalogSyncRun = Type.Object({
  id: Id,
  /** `schedule` (the horizon), `live` (the live schedule), `manual` (Sync now: both), `fixture` (fixture changes the feed carried). */
  kind: Type.String(),
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('partial'), Type.Literal('failed')]),
  requested_by: Nullable(Type.String()),
  started_at: Timestamp,
  finished_at: Nullable(Timestamp),
  steps: Type.Integer({ minimum: 0 }),
  done: Type.Integer({ minimum: 0 }),
  /** How often another worker took it over after its owner stopped mid-run. */
  takeovers: Type.Integer({ minimum: 0 }),
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  skipped: Type.Integer({ minimum: 0 }),
  /** Calls made to the vendor's API, and how many it answered 429 (waited for, then asked again). */
  calls: Type.Integer({ minimum: 0 }),
  throttled: Type.Integer({ minimum: 0 }),
  changes: Type.Array(
    Type.Object({
      entity: Type.String(),
      ref: Type.String(),
      action: Type.Union([Type.Literal('create'), Type.Literal('update')]),
      fields: Type.Array(Type.String()),
      /** The console's row (a link's: its match) and its name after the write; absent on runs before they were kept. */
      id: Type.Optional(Id),
      name: Type.Optional(Type.String()),
    }),
  ),
  skips: Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer({ minimum: 0 }), refs: Type.Array(Type.String()) })),
  errors: Type.Array(Type.Object({ step: Type.String(), message: Type.String(), at: Timestamp })),
});
export type CatalogSyncRun = Static<typeof CatalogSyncRun>;

/** The Catalog sync panel: whether the sync can run, its settings, a provider's tournaments, state and last runs. */
export const CatalogSyncStatus = Type.Object({
  /** False without UOF_API_URL, or with UOF_SYNC=off in every process; `reason` says why. */
  available: Type.Boolean(),
  reason: Nullable(Type.String()),
  settings: Type.Object({ horizon_days: Type.Integer(), schedule_every_s: Type.Integer(), live_every_s: Type.Integer() }),
  provider_id: Id,
  tournaments: Type.Array(CatalogSyncTournament),
  owner: Nullable(Type.String()),
  lease_until: Nullable(Timestamp),
  requested_at: Nullable(Timestamp),
  requested_by: Nullable(Type.String()),
  last_schedule_at: Nullable(Timestamp),
  last_live_at: Nullable(Timestamp),
  runs: Type.Array(CatalogSyncRun),
});
export type CatalogSyncStatus = Static<typeof CatalogSyncStatus>;

/** The answer of Sync now: the request waiting (the same one when asked twice) and the run it joined, if one was running. */
export const CatalogSyncRequest = Type.Object({ requested_at: Timestamp, requested_by: Type.String(), already_requested: Type.Boolean() });
export type CatalogSyncRequest = Static<typeof CatalogSyncRequest>;
