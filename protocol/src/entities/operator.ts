import { Type, type Static } from 'typebox';
import { Id, Nullable, Timestamp } from '../common';

/**
 * Operator accounts, managed by admins from the Operators screen. The spec names no roles; the one
 * flag kept is `admin`: who may manage operators and wall displays.
 * pending: invited, no password chosen yet; disabled: switched off by an admin (cannot sign in).
 */
export const OperatorStatus = Type.Enum(['active', 'pending', 'disabled']);
export type OperatorStatus = Static<typeof OperatorStatus>;

export const Operator = Type.Object({
  id: Id,
  email: Type.String(),
  name: Type.String(),
  admin: Type.Boolean(),
  status: OperatorStatus,
  created_at: Timestamp,
  /** Who created the account (null: the command line, or the demo seed). */
  created_by_name: Nullable(Type.String()),
  last_sign_in_at: Nullable(Timestamp),
});
export type Operator = Static<typeof Operator>;

/** Passwords: at least this long, and not among the 10,000 most common (checked by the server). */
export const PASSWORD_MIN_LENGTH = 12;
/** The most a password may be (scrypt hashes any length; this bounds the work per attempt). */
export const PASSWORD_MAX_LENGTH = 1024;
/** How long an invite or reset link works. */
export const PASSWORD_LINK_HOURS = 72;
/** The fragment key of a set-password address: `/set-password#token=…` (a fragment is never sent to a server). */
export const PASSWORD_FRAGMENT_KEY = 'token';

/** Body of an invite: who to invite; the account waits for its password (status pending). */
export const OperatorInvite = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  admin: Type.Boolean(),
});
export type OperatorInvite = Static<typeof OperatorInvite>;

/** A one-time set-password link, shown once to the admin who made it (and mailed when SMTP is set up). */
export const PasswordLink = Type.Object({
  /** The address on this console, e.g. `/set-password#token=<token>`. */
  path: Type.String(),
  expires_at: Timestamp,
  /** Whether it was also sent by mail to the operator (an SMTP server is configured and took it). */
  mailed: Type.Boolean(),
});
export type PasswordLink = Static<typeof PasswordLink>;

export const OperatorLinkReply = Type.Object({ operator: Operator, link: PasswordLink });
export type OperatorLinkReply = Static<typeof OperatorLinkReply>;

export const OperatorStatusInput = Type.Object({ status: Type.Enum(['active', 'disabled']) });
export type OperatorStatusInput = Static<typeof OperatorStatusInput>;

export const OperatorAdminInput = Type.Object({ admin: Type.Boolean() });
export type OperatorAdminInput = Static<typeof OperatorAdminInput>;

/** Body of the set-password page: the link's token (from the address fragment) and the new password. */
export const PasswordSetInput = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
});
export type PasswordSetInput = Static<typeof PasswordSetInput>;

export const PasswordChangeInput = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  new_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
});
export type PasswordChangeInput = Static<typeof PasswordChangeInput>;

/** Why a session ended while its console was open (sent on its socket just before it is closed). */
export const SessionEndReason = Type.Enum(['logout', 'disabled', 'password']);
export type SessionEndReason = Static<typeof SessionEndReason>;
