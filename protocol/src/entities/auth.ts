import { Type, type Static } from 'typebox';
import { Id, Nullable } from '../common';
import { DisplaySession } from './display';

/** An operator's role: admins manage the team; editors edit; viewers read what they may see and write nothing. */
export const OperatorRole = Type.Enum(['admin', 'editor', 'viewer']);
export type OperatorRole = Static<typeof OperatorRole>;
/** A session's role: an operator's, or 'wall' (a display's read-only token). */
export const SessionRole = Type.Enum(['admin', 'editor', 'viewer', 'wall']);
export type SessionRole = Static<typeof SessionRole>;

export const User = Type.Object({
  id: Id,
  email: Type.String(),
  name: Type.String(),
  /** May manage operators and wall displays (absent on a wall display's session: false). Derived: role is 'admin'. */
  admin: Type.Optional(Type.Boolean()),
  /** What the token may do (docs/operators.md "Roles"): an operator's role, or 'wall' for a display's token. */
  role: Type.Optional(SessionRole),
  /** The providers the token may see; null or absent: every provider (docs/operators.md "Access per provider"). */
  provider_ids: Type.Optional(Nullable(Type.Array(Id))),
});
export type User = Static<typeof User>;

export const Credentials = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type Credentials = Static<typeof Credentials>;

export const AuthReply = Type.Object({
  token: Type.String(),
  user: User,
  success: Type.Literal(true),
  /** When the token stops being accepted (ISO-8601). */
  expires_at: Type.String({ format: 'date-time' }),
});
export type AuthReply = Static<typeof AuthReply>;

/** A logout's answer; `end_session_url`: the identity provider's end-session address for this session (docs/sso.md). */
export const LogoutReply = Type.Object({
  success: Type.Boolean(),
  end_session_url: Type.Optional(Type.String()),
});
export type LogoutReply = Static<typeof LogoutReply>;

/**
 * Who a token belongs to. A display token (a wall's read-only credential) also names its display;
 * its `expires_at` is when to ask again, since a display does not expire by itself.
 */
export const SessionReply = Type.Object({
  user: User,
  expires_at: Type.String({ format: 'date-time' }),
  display: Type.Optional(DisplaySession),
});
export type SessionReply = Static<typeof SessionReply>;

/** Header carrying the token on every call (SPEC §7). Accepts `Token <t>` and `Bearer <t>`. */
export const AUTH_HEADER = 'authorization';
