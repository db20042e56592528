import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../common';
import { Version } from './audit';

/**
 * A provider's credentials for one vendor API (FCM, APNs, SMTP...), managed by admins on the
 * provider's Settings. Secrets are write-only: a reply names which secret fields are set, never
 * their values. The fields themselves come from the server (each vendor's credentials schema), so
 * the console draws a form for a vendor it has never heard of.
 */
export const ChannelVendor = Type.String({ pattern: '^[a-z][a-z0-9_]{1,31}$' });

/**
 * - `configured`: credentials saved, and the vendor has not refused them since;
 * - `failing`: the vendor refused them (wrong key, revoked token): `last_error` says how;
 * - `not_configured`: nothing saved: its contacts are suppressed ("channel not configured").
 */
export const ChannelState = Type.Union([Type.Literal('configured'), Type.Literal('failing'), Type.Literal('not_configured')]);
export type ChannelState = Static<typeof ChannelState>;

/** One field of a vendor's credentials, as the form shows it. */
export const ChannelField = Type.Object({
  name: Type.String(),
  label: Type.String(),
  /** Write-only: never returned; an empty value on save keeps the stored one. */
  secret: Type.Boolean(),
  required: Type.Boolean(),
  /** A key file's text (a PEM, a service-account JSON): a text area. */
  multiline: Type.Boolean(),
  description: Nullable(Type.String()),
});
export type ChannelField = Static<typeof ChannelField>;

export const ChannelCredentials = Type.Object({
  vendor: ChannelVendor,
  /** The vendor as people call it ('Firebase Cloud Messaging (Android, web)'). */
  name: Type.String(),
  /** The contact channels it sends for (PUSH, EMAIL...). */
  channels: Type.Array(Type.String()),
  state: ChannelState,
  last_error: Nullable(Type.String()),
  /** The non-secret settings as saved ({} when not configured). */
  settings: Type.Record(Type.String(), Type.String()),
  /** Names of the secret fields that hold a value. */
  secrets_set: Type.Array(Type.String()),
  fields: Type.Array(ChannelField),
  /** Null when nothing is saved: the first save creates the record. */
  version: Nullable(Version),
  updated_at: Nullable(Timestamp),
});
export type ChannelCredentials = Static<typeof ChannelCredentials>;

export const ChannelCredentialsInput = Type.Object({
  vendor: ChannelVendor,
  settings: Type.Record(Type.String(), Type.String({ maxLength: 2000 })),
  /** Only the secrets to set or replace: a missing or empty one keeps what is stored. */
  secrets: Type.Record(Type.String(), Type.String({ maxLength: 20000 })),
  /** The version read (If-Match works too); null: the caller saw none saved (a 409 if some are); absent: not checked. */
  version: Type.Optional(Nullable(Version)),
});
export type ChannelCredentialsInput = Static<typeof ChannelCredentialsInput>;

export const ChannelTestInput = Type.Object({
  vendor: ChannelVendor,
  /** A device token, chat id, phone number, handle, mailbox or URL, as the vendor addresses one. */
  recipient: Type.String({ minLength: 1, maxLength: 4096 }),
});
export type ChannelTestInput = Static<typeof ChannelTestInput>;

/** What the vendor answered a test message, in the outcome taxonomy of the engine's sends. */
export const ChannelTestReply = Type.Object({
  outcome: Type.Union([
    Type.Literal('sent'),
    Type.Literal('retry'),
    Type.Literal('backoff'),
    Type.Literal('failed'),
    Type.Literal('gone'),
    Type.Literal('misconfigured'),
  ]),
  error: Nullable(Type.String()),
  vendor_id: Nullable(Type.String()),
  state: ChannelState,
});
export type ChannelTestReply = Static<typeof ChannelTestReply>;
