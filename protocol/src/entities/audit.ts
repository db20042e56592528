import { Type, type Static } from 'typebox';
import { Id, Nullable, Timestamp } from '../common';

/**
 * Optimistic concurrency (co-editing). Every editable record carries `version`, which each write
 * increments. A write names the version it read, as `If-Match: "<version>"` or `version` in the
 * body; when the record has moved on, the write answers 409 CONFLICT with the current record, who
 * changed it and when, and writes nothing. A write that names no version is applied as before.
 */
export const Version = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** The optional `version` a write body may carry (instead of an `If-Match` header). */
export const VersionField = { version: Type.Optional(Version) };

/** The editable entities, as history and conflicts name them. */
export const AuditEntity = Type.Union([
  Type.Literal('threshold_set'),
  Type.Literal('match_content'),
  Type.Literal('stat_event'),
  Type.Literal('tracker'),
  Type.Literal('contact'),
  Type.Literal('content_item'),
  Type.Literal('content_group'),
  Type.Literal('market'),
  Type.Literal('saved_threshold'),
  Type.Literal('team'),
  Type.Literal('provider'),
  // A match's own record (teams, kick-off, league, season; its connector: the event it belongs to): versioned, audited and announced.
  Type.Literal('match'),
  // An operator account (not versioned; its password hash is never written to history).
  Type.Literal('account'),
  // A group of the identity provider and what it gives at sign-in (docs/sso.md).
  Type.Literal('sso_group'),
  // A delivery the engine made: not editable, but an operator's retry of a FAILED one is audited (an update: FAILED → PENDING).
  Type.Literal('delivery'),
  // A row of the UOF market mapping (entity_id: the UOF market id); not versioned, audited.
  Type.Literal('uof_market_map'),
  // A provider's credentials for one vendor channel (channel_credentials): versioned; its secrets live in another table and never reach history.
  Type.Literal('channel_credentials'),
  // A UOF dead letter (entity_id: its id): an operator's re-drive is audited (not versioned).
  Type.Literal('dead_letter'),
  // Compliance (docs/compliance.md): a jurisdiction's rules (versioned), a provider's blocks source (versioned; its secret never reaches history).
  Type.Literal('jurisdiction_rule'),
  Type.Literal('blocks_source'),
  // The kill switch of a provider or of the deployment (send_stops): versioned, audited.
  Type.Literal('send_stop'),
  // A provider's webhook signing (webhook_signing): a rotation is versioned and audited; the secrets live in another table and never reach history.
  Type.Literal('webhook_signing'),
  // The catalog made by hand (docs/catalog.md): a league, a season of one, a market type (all versioned).
  Type.Literal('league'),
  Type.Literal('season'),
  Type.Literal('market_type'),
]);
export type AuditEntity = Static<typeof AuditEntity>;

export const AuditAction = Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]);
export type AuditAction = Static<typeof AuditAction>;

export const AuditActor = Type.Object({ id: Nullable(Id), name: Type.String() });
export type AuditActor = Static<typeof AuditActor>;

/** One write through the API: who, when, what, and the record before and after (null when created / deleted). */
export const AuditEntry = Type.Object({
  id: Id,
  at: Timestamp,
  actor: AuditActor,
  entity: AuditEntity,
  entity_id: Id,
  match_id: Nullable(Id),
  action: AuditAction,
  version: Nullable(Type.Integer()),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type AuditEntry = Static<typeof AuditEntry>;

/** Body of a 409: the record as it is now, and the last change that made it so. */
export const ConflictReply = Type.Object({
  statusCode: Type.Literal(409),
  code: Type.String(),
  error: Type.String(),
  message: Type.String(),
  entity: AuditEntity,
  current: Type.Unknown(),
  changed_by: Nullable(AuditActor),
  changed_at: Nullable(Timestamp),
});
export type ConflictReply = Static<typeof ConflictReply>;
