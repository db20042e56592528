import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../common';

/**
 * A provider's blocks and consents source: the sportsbook's endpoints of the Fast Track operator
 * contract (`GET {base}/userblocks/{customerRef}`, `GET {base}/userconsents/{customerRef}`),
 * docs/compliance.md. The secret is write-only: a reply says whether one is set, never what it is.
 */
export const BLOCKS_AUTH = ['api_key', 'bearer', 'basic'] as const;
export const BlocksAuth = Type.Enum(BLOCKS_AUTH);
export type BlocksAuth = Static<typeof BlocksAuth>;

/** ok: the last call answered; unavailable: it did not (down, 5xx, slow, a wrong shape): sends to person contacts are suppressed. */
export const BlocksSourceState = Type.Enum(['not_configured', 'ok', 'unavailable']);
export type BlocksSourceState = Static<typeof BlocksSourceState>;

export const BlocksSource = Type.Object({
  provider_id: Type.Integer({ minimum: 1 }),
  configured: Type.Boolean(),
  base_url: Nullable(Type.String()),
  auth: BlocksAuth,
  /** Basic auth's user name (the secret is its password). */
  username: Nullable(Type.String()),
  secret_set: Type.Boolean(),
  /** "No consent recorded" suppresses a person contact (on for providers created in production mode). */
  consent_required: Type.Boolean(),
  state: BlocksSourceState,
  last_error: Nullable(Type.String()),
  checked_at: Nullable(Timestamp),
  version: Nullable(Type.Integer({ minimum: 1 })),
});
export type BlocksSource = Static<typeof BlocksSource>;

export const BlocksSourceInput = Type.Object({
  /** Null for no source (blocks are then not checked; the suppression list still is). */
  base_url: Nullable(Type.String({ format: 'uri', pattern: '^https?://', maxLength: 500 })),
  auth: BlocksAuth,
  username: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  /** Empty or absent keeps the stored secret. */
  secret: Type.Optional(Type.String({ maxLength: 2000 })),
  consent_required: Type.Boolean(),
  /** The version read; null when none was saved yet. */
  version: Nullable(Type.Integer({ minimum: 1 })),
});
export type BlocksSourceInput = Static<typeof BlocksSourceInput>;
