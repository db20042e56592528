import { Type, type Static } from 'typebox';
import { IdParam } from '../common';
import { AuthReply, Credentials, LogoutReply, SessionReply } from '../entities/auth';
import { defineRoute } from './define';

/** The most checks one access batch carries: a burst of watches larger than this is sent in several. */
export const ACCESS_BATCH_MAX = 500;

/** One token to check, and (for a watch) the match it asks to see. */
export const AccessCheck = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 1024 }),
  match_id: Type.Optional(IdParam),
});
export type AccessCheck = Static<typeof AccessCheck>;

/**
 * The answer to one check, what the two single calls would have answered: 200 with the session
 * (GET /api/1/session); 401 for a token that is no session or display; with a match, 403 when a
 * display may not show it and 404 when there is no such match (GET /api/1/match/:id).
 */
export const AccessResult = Type.Object({
  status: Type.Union([Type.Literal(200), Type.Literal(401), Type.Literal(403), Type.Literal(404)]),
  session: Type.Optional(SessionReply),
});
export type AccessResult = Static<typeof AccessResult>;

export const authRoutes = {
  authenticate: defineRoute({
    method: 'POST',
    path: '/api/1/authenticate',
    service: 'auth',
    public: true,
    summary: 'Log in with email and password; returns a token to send as `Authorization: Token <token>`.',
    body: Credentials,
    reply: AuthReply,
  }),
  session: defineRoute({
    method: 'GET',
    path: '/api/1/session',
    service: 'auth',
    summary: 'The user a token belongs to and when it expires (used by the relay to check sockets).',
    reply: SessionReply,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/1/logout',
    service: 'auth',
    summary:
      "Revoke the token of this request (no body). A session signed in through an identity provider that offers RP-initiated logout also gets `end_session_url`: where the console sends the browser to end the provider's session too.",
    reply: LogoutReply,
  }),
  accessBatch: defineRoute({
    // A burst of consoles opening at once (a relay restart, a busy kick-off) would otherwise cost
    // the upstream one session check and one match check per console.
    method: 'POST',
    path: '/api/1/live/access',
    service: 'auth',
    summary:
      "The relay's check of a burst of sockets and watches in one call: for each token (and match), what GET /api/1/session and GET /api/1/match/:id would answer it. The calling token must be an operator's.",
    body: Type.Object({ checks: Type.Array(AccessCheck, { minItems: 1, maxItems: ACCESS_BATCH_MAX }) }),
    reply: Type.Object({ results: Type.Array(AccessResult) }),
  }),
};
