import { Type, type Static } from 'typebox';
import { Id, Nullable, Timestamp } from '../common';
import { OperatorRole } from './auth';

/**
 * Operator accounts, managed by admins from the Operators screen. Each has a role (admin, editor,
 * viewer; `admin` is kept as the derived flag) and the providers it may see (docs/operators.md).
 * pending: invited, no password chosen yet; disabled: switched off by an admin (cannot sign in).
 */
export const OperatorStatus = Type.Enum(['active', 'pending', 'disabled']);
export type OperatorStatus = Static<typeof OperatorStatus>;

export const Operator = Type.Object({
  id: Id,
  email: Type.String(),
  name: Type.String(),
  /** Derived: role is 'admin'. */
  admin: Type.Boolean(),
  role: OperatorRole,
  /** The providers granted; null: every provider (an admin without grants). */
  provider_ids: Nullable(Type.Array(Id)),
  /** The version of the role and grants, named by a change of them (409 when another admin changed them first). */
  access_version: Type.Integer({ minimum: 1 }),
  status: OperatorStatus,
  created_at: Timestamp,
  /** Who created the account (null: the command line, or the demo seed). */
  created_by_name: Nullable(Type.String()),
  last_sign_in_at: Nullable(Timestamp),
});
export type Operator = Static<typeof Operator>;

/** Passwords: at least this long, not among the 10,000 most common, and hard enough to guess (all checked by the server). */
export const PASSWORD_MIN_LENGTH = 12;
/** The most a password may be (scrypt hashes any length; this bounds the work per attempt). */
export const PASSWORD_MAX_LENGTH = 1024;
/** How long an invite or reset link works. */
export const PASSWORD_LINK_HOURS = 72;
/** The fragment key of a set-password address: `/set-password#token=…` (a fragment is never sent to a server). */
export const PASSWORD_FRAGMENT_KEY = 'token';

/** Providers an operator is granted: their ids, or 'all' (an admin: every provider, now and later; anyone else: every provider there is now). */
export const ProviderGrant = Type.Union([Type.Array(Id, { maxItems: 1000, uniqueItems: true }), Type.Literal('all')]);
export type ProviderGrant = Static<typeof ProviderGrant>;

/** An admin's change of an operator's role and providers, naming the `access_version` it read. */
export const OperatorAccessInput = Type.Object({
  role: OperatorRole,
  provider_ids: ProviderGrant,
  version: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type OperatorAccessInput = Static<typeof OperatorAccessInput>;

/** Body of an invite: who to invite; the account waits for its password (status pending). */
export const OperatorInvite = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  admin: Type.Boolean(),
  /** Wins over `admin` when given; absent: admin or editor as `admin` says. */
  role: Type.Optional(OperatorRole),
  /** The providers to grant; absent: every provider there is now. */
  provider_ids: Type.Optional(ProviderGrant),
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

/**
 * Why a session ended while its console was open (sent on its socket just before it is closed):
 * `revoked` when the operator ended it from another session's list, or an admin did.
 */
export const SessionEndReason = Type.Enum(['logout', 'disabled', 'password', 'revoked']);
export type SessionEndReason = Static<typeof SessionEndReason>;

/**
 * One signed-in session of an operator, as their Sessions list shows it: where (the address and
 * browser it signed in from) and when (signed in, last seen, expires). Never its token.
 */
export const OperatorSession = Type.Object({
  id: Id,
  created_at: Timestamp,
  /** The last call it made, to the minute. */
  last_seen_at: Timestamp,
  expires_at: Timestamp,
  /** The client's address as the services saw it at sign-in (behind the relay: the address it forwarded). */
  address: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  /** The session asking. */
  current: Type.Boolean(),
});
export type OperatorSession = Static<typeof OperatorSession>;
