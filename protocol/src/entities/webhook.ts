import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../common';

/**
 * Whether a provider's webhooks have a signing secret, and since when: never the secret itself
 * (write-only). `version`: of its rotations (null: never rotated by an admin, the secret made on
 * the first webhook); `previous_until`: the old secret still signs beside the new one until then.
 */
export const WebhookSecretState = Type.Object({
  configured: Type.Boolean(),
  created_at: Nullable(Timestamp),
  version: Nullable(Type.Integer({ minimum: 1 })),
  previous_until: Nullable(Timestamp),
});
export type WebhookSecretState = Static<typeof WebhookSecretState>;

/**
 * A rotation: the version of the signing the admin saw (null: never rotated), and whether the old
 * secret keeps signing beside the new one for the overlap (24 h), so receivers can move over;
 * false stops it at once (a secret that leaked).
 */
export const WebhookSecretRotation = Type.Object({ version: Nullable(Type.Integer({ minimum: 1 })), overlap: Type.Boolean() });
export type WebhookSecretRotation = Static<typeof WebhookSecretRotation>;

/**
 * A new signing secret (Standard Webhooks `whsec_…`), shown this once to the admin who made it.
 * Receivers verify `webhook-signature` with it (docs/channels.md).
 */
export const WebhookSecretIssued = Type.Object({ secret: Type.String({ pattern: '^whsec_' }), created_at: Timestamp });
export type WebhookSecretIssued = Static<typeof WebhookSecretIssued>;
