import { Type, type Static } from 'typebox';
import { BoundedString, Id, Nullable, Timestamp } from '../common';

/**
 * A provider's suppression list (docs/compliance.md): values that must never be sent to, each
 * stored only as a keyed hash (HMAC-SHA256 under the deployment's COMPLIANCE_HASH_KEY), so the list
 * itself holds no personal data and an erased person stays on it.
 */
export const SUPPRESSION_KINDS = ['CUSTOMER_REF', 'DEVICE', 'PHONE', 'EMAIL'] as const;
export const SuppressionKind = Type.Enum(SUPPRESSION_KINDS);
export type SuppressionKind = Static<typeof SuppressionKind>;

/** Why a value is listed: self-excluded, blocked by the sportsbook, objected to direct marketing (GDPR Art. 21), erased, other. */
export const SUPPRESSION_LIST_REASONS = ['EXCLUDED', 'BLOCKED', 'OBJECTION', 'ERASED', 'OTHER'] as const;
export const SuppressionListReason = Type.Enum(SUPPRESSION_LIST_REASONS);
export type SuppressionListReason = Static<typeof SuppressionListReason>;

export const SuppressionEntry = Type.Object({
  id: Id,
  kind: SuppressionKind,
  /** The keyed hash (hex), never the value. */
  hash: Type.String(),
  reason: SuppressionListReason,
  note: Type.String(),
  created_at: Timestamp,
  created_by: Nullable(Type.String()),
});
export type SuppressionEntry = Static<typeof SuppressionEntry>;

export const SuppressionEntryInput = Type.Object({
  kind: SuppressionKind,
  value: BoundedString(320, 1),
  reason: SuppressionListReason,
  note: Type.Optional(BoundedString(500)),
});
export type SuppressionEntryInput = Static<typeof SuppressionEntryInput>;

/** Up to this many entries per import call (a larger list goes in several calls: the client splits a CSV). */
export const SUPPRESSION_IMPORT_MAX = 10_000;

/**
 * An import: entries, or a CSV text with the header `kind,value,reason,note` (note optional).
 * A value already listed keeps its entry (the import is idempotent).
 */
export const SuppressionImport = Type.Object({
  entries: Type.Optional(Type.Array(SuppressionEntryInput, { maxItems: SUPPRESSION_IMPORT_MAX })),
  csv: Type.Optional(Type.String({ maxLength: 900_000 })),
});
export type SuppressionImport = Static<typeof SuppressionImport>;

export const SuppressionImportReply = Type.Object({
  added: Type.Integer({ minimum: 0 }),
  already: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type SuppressionImportReply = Static<typeof SuppressionImportReply>;
