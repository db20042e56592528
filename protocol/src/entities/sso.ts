import { Type, type Static } from 'typebox';
import { Id } from '../common';

/**
 * How this console signs operators in (GET /api/1/auth/methods, asked by the login screen before
 * anyone is signed in): with a password, with the company's identity provider (OpenID Connect),
 * or both. `sso.name` is what the button says: "Sign in with <name>".
 */
export const AuthMethods = Type.Object({
  password: Type.Boolean(),
  sso: Type.Union([Type.Null(), Type.Object({ name: Type.String() })]),
});
export type AuthMethods = Static<typeof AuthMethods>;

/** The one-time ticket the identity provider's callback hands the login screen (in the address's fragment). */
export const SsoTicket = Type.Object({ ticket: Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }) });
export type SsoTicket = Static<typeof SsoTicket>;

/**
 * Why a sign-in through the identity provider was refused. The callback sends the login screen
 * back with one of these codes (`/login#sso_error=<code>`), never with text of its own: the
 * address is the browser's, and anyone can write one.
 */
export const ssoRefusals = {
  state: 'This sign-in was not started from this browser, or it took too long. Start again with the sign-in button.',
  nonce: "The identity provider's answer does not belong to this sign-in. Start again with the sign-in button.",
  code: 'The identity provider refused to complete this sign-in (the link may have been used already). Start again with the sign-in button.',
  denied: 'The identity provider did not sign you in.',
  not_invited: 'Your account has not been invited to this console. Ask an admin to invite you.',
  no_access: 'You are in none of the groups that have access to this console. Ask an admin for access.',
  disabled: 'Your account is disabled. Ask an admin to enable it.',
  no_email: 'The identity provider did not tell this console a verified email address of yours.',
  unavailable: 'The identity provider cannot be reached; try again in a moment.',
} as const;
export type SsoRefusal = keyof typeof ssoRefusals;

/** The roles a group of the identity provider can give (admin: manage operators; viewer: read only). */
export const SsoRole = Type.Union([Type.Literal('admin'), Type.Literal('editor'), Type.Literal('viewer')]);
export type SsoRole = Static<typeof SsoRole>;

/**
 * One row of the mapping an admin edits: the members of `group` (a value of the ID token's groups
 * claim) get `role` and the providers named (`null`: every provider) at each sign-in.
 */
export const SsoGroupGrant = Type.Object({
  id: Id,
  group: Type.String(),
  role: SsoRole,
  provider_ids: Type.Union([Type.Null(), Type.Array(Id)]),
  version: Type.Integer(),
  updated_at: Type.String({ format: 'date-time' }),
});
export type SsoGroupGrant = Static<typeof SsoGroupGrant>;

export const SsoGroupGrantInput = Type.Object({
  group: Type.String({ minLength: 1, maxLength: 256 }),
  role: SsoRole,
  provider_ids: Type.Union([Type.Null(), Type.Array(Id, { maxItems: 500 })]),
  /** The version read (or If-Match): a change someone else saved meanwhile is a 409, not overwritten. */
  version: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type SsoGroupGrantInput = Static<typeof SsoGroupGrantInput>;

/** The mapping, and whether it applies (`managed: 'console'`: roles are set on the Operators screen and the mapping is ignored). */
export const SsoGroupGrants = Type.Object({
  /** Whether this console signs in through an identity provider at all (OIDC_ISSUER_URL). */
  configured: Type.Boolean(),
  managed: Type.Union([Type.Literal('groups'), Type.Literal('console')]),
  claim: Type.String(),
  results: Type.Array(SsoGroupGrant),
});
export type SsoGroupGrants = Static<typeof SsoGroupGrants>;
