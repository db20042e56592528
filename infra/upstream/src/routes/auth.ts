import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { checkAccessBatch } from '../http/access-batch';
import type { DisplayStore } from '../auth/displays';
import { displaySessionReply, operatorSessionReply, signedInReply } from '../auth/session-reply';
import { tokenHash, type SessionStore } from '../auth/sessions';
import type { Db } from '../db/client';
import { clientAddress, LoginThrottle, TooManyFromNetwork, TooManyLogins, waitText } from '../auth/throttle';
import { Errors } from '../errors';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';
import type { IdentityProvider } from '../auth/oidc/provider';

export async function authRoutes(
  app: FastifyInstance,
  {
    sessions,
    displays,
    db,
    throttle = new LoginThrottle(),
    identityProvider = null,
  }: { sessions: SessionStore; displays: DisplayStore; db: Db; throttle?: LoginThrottle; identityProvider?: IdentityProvider | null },
) {
  implement(app, routes.authenticate, async ({ body, request, reply }) => {
    const address = clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']);
    const refused = throttle.begin(body.email, address);
    const tooMany = () => {
      request.log.warn({ address, retryAfterS: refused!.retryAfterS, scope: refused!.scope }, 'login throttled');
      reply.header('retry-after', String(refused!.retryAfterS));
      return refused!.scope === 'account' ? new TooManyLogins(waitText(refused!.retryAfterS)) : new TooManyFromNetwork(waitText(refused!.retryAfterS));
    };
    // A locked account is refused before any hashing; a busy network still gets its password checked.
    if (refused?.scope === 'account') throw tooMany();
    const result = await sessions.login(body.email, body.password, { address, userAgent: request.headers['user-agent'] });
    if (!result) throw refused ? tooMany() : new Errors.BadCredentials();
    throttle.succeeded(body.email, address, !refused);
    return signedInReply(result);
  });

  implement(app, routes.session, async ({ request }) => {
    // A display does not expire: its holder is told to ask again after a day.
    if (request.display && request.user) return displaySessionReply(request.user, request.display);
    const session = await sessions.check(request.token ?? '');
    if (!session) throw new Errors.Unauthorized();
    return operatorSessionReply(session);
  });

  implement(app, routes.accessBatch, async ({ body }) => ({ results: await checkAccessBatch(db, sessions, displays, body.checks) }));

  implement(app, routes.logout, async ({ request }) => {
    if (!request.token) return { success: true };
    // A session signed in through the identity provider ends there too, where it offers RP-initiated logout (docs/sso.md).
    const idToken = identityProvider ? await sessions.idTokenOf(request.token) : null;
    await sessions.revoke(request.token);
    // Subscribers of the change stream (the relay) close this session's live connections at once.
    app.changes.publish({ match_id: 0, topics: [], revoked_tokens: [tokenHash(request.token)] });
    const endSessionUrl = idToken ? await identityProvider!.endSessionUrl(idToken) : null;
    return { success: true, ...(endSessionUrl && { end_session_url: endSessionUrl }) };
  });

  implement(app, routes.displays, async ({ query }) => displays.list(query.start ?? 0, query.limit ?? 50));

  // A display is a long-lived credential: admins create and revoke them.
  implement(app, routes.displayCreate, async ({ body, user }) => {
    requireAdmin(user);
    if (body.match_ids.length === 0 && body.league_id === null) {
      throw new Errors.BadRequest('Choose the matches this display shows, or a league to follow.');
    }
    return displays.create(body, user);
  });

  implement(app, routes.displayRevoke, async ({ params, user }) => {
    requireAdmin(user);
    const { display, revokedHash } = await displays.revoke(params.displayId, user);
    if (!display) throw new Errors.NotFound('Display', params.displayId);
    // Like a logout: the relay closes the display's live connections and its wall says it was revoked.
    if (revokedHash) app.changes.publish({ match_id: 0, topics: [], revoked_tokens: [revokedHash] });
    return display;
  });
}
