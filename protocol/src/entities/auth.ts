import { Type, type Static } from 'typebox';
import { Id } from '../common';
import { DisplaySession } from './display';

export const User = Type.Object({
  id: Id,
  email: Type.String(),
  name: Type.String(),
  /** May manage operators and wall displays (absent on a wall display's session: false). */
  admin: Type.Optional(Type.Boolean()),
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
