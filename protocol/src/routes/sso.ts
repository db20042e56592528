import { Type } from 'typebox';
import { IdParam, SuccessReply } from '../common';
import { AuthReply } from '../entities/auth';
import { AuthMethods, SsoGroupGrant, SsoGroupGrantInput, SsoGroupGrants, SsoTicket } from '../entities/sso';
import { defineRoute } from './define';

const GroupParams = Type.Object({ grantId: IdParam });
/** What an identity provider may put on its callback (RFC 6749 §4.1.2, RFC 9207's `iss`, OIDC session management). */
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
  iss: Type.Optional(Type.String({ maxLength: 1024 })),
  session_state: Type.Optional(Type.String({ maxLength: 1024 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 2048 })),
});

/**
 * Sign-in through the company's identity provider (OpenID Connect, authorization code with PKCE;
 * docs/sso.md). The first four are public by nature: they are how someone without a session gets
 * one. `authMethods` tells only whether passwords are taken and the provider's display name; the
 * start and the callback are browser navigations bound to one browser by a cookie and checked by
 * state, nonce and PKCE; `ssoComplete` takes the callback's one-time ticket (60 s) as its credential.
 */
export const ssoRoutes = {
  authMethods: defineRoute({
    method: 'GET',
    path: '/api/1/auth/methods',
    service: 'auth',
    public: true,
    summary: "How this console signs in: with a password, with the company's identity provider (its display name), or both.",
    reply: AuthMethods,
  }),
  ssoStart: defineRoute({
    method: 'GET',
    path: '/api/1/auth/oidc/start',
    service: 'auth',
    public: true,
    summary: "Starts a sign-in with the identity provider: redirects (302) there, this browser's attempt held by a cookie. 404 when none is configured.",
    query: Type.Object({
      next: Type.Optional(Type.String({ maxLength: 500 })),
      /** 1: started from the sign-in dialog of an open console, in a window of its own (back on /login with `window=1`). */
      window: Type.Optional(Type.Literal('1')),
    }),
    reply: Type.String(),
  }),
  ssoCallback: defineRoute({
    method: 'GET',
    path: '/api/1/auth/oidc/callback',
    service: 'auth',
    public: true,
    summary:
      "Where the identity provider sends the browser back: checks state, nonce and PKCE, creates or links the account, and redirects (302) to /login with a one-time ticket (or the refusal's code) after '#'.",
    query: CallbackQuery,
    reply: Type.String(),
  }),
  ssoComplete: defineRoute({
    method: 'POST',
    path: '/api/1/auth/oidc/complete',
    service: 'auth',
    public: true,
    summary: "Trades the callback's one-time ticket for a console session, as a password login does.",
    body: SsoTicket,
    reply: AuthReply,
  }),
  ssoGroups: defineRoute({
    method: 'GET',
    path: '/api/1/sso/groups',
    service: 'auth',
    summary: "Admins only: the identity provider's groups and the role and providers each gives at sign-in.",
    reply: SsoGroupGrants,
  }),
  ssoGroupCreate: defineRoute({
    method: 'POST',
    path: '/api/1/sso/groups',
    service: 'auth',
    summary: 'Admins only: gives the members of a group a role and providers (applied at their next sign-in).',
    body: SsoGroupGrantInput,
    reply: SsoGroupGrant,
  }),
  ssoGroupUpdate: defineRoute({
    method: 'PUT',
    path: '/api/1/sso/groups/:grantId',
    service: 'auth',
    summary: "Admins only: changes a group's role and providers (If-Match: the version read).",
    params: GroupParams,
    body: SsoGroupGrantInput,
    reply: SsoGroupGrant,
  }),
  ssoGroupDelete: defineRoute({
    method: 'DELETE',
    path: '/api/1/sso/groups/:grantId',
    service: 'auth',
    summary: "Admins only: removes a group's access (its members lose it at their next sign-in; If-Match or ?version=: the version read).",
    params: GroupParams,
    query: Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }),
    reply: SuccessReply,
  }),
};
