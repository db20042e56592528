import fp from 'fastify-plugin';
import type { DisplaySession, User } from '@odds/protocol';
import type { DisplayStore } from '../auth/displays';
import { tokenFromHeader, type SessionStore } from '../auth/sessions';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { displayMayCall, displayMaySee } from './display-scope';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    token: string | null;
    /** Set when the token is a wall display's: the request may only read what a wall shows. */
    display: DisplaySession | null;
  }
  interface FastifyContextConfig {
    /** The route works without a token (only authenticate). */
    public?: boolean;
  }
}

/**
 * Every call needs a valid token, except routes flagged public; unknown paths too, so nothing is
 * revealed. An operator's session may make every call; a display's token only the reads of a wall,
 * for its own matches (403 otherwise, with SPEC §8's message).
 */
export const authPlugin = fp<{ sessions: SessionStore; displays: DisplayStore; db: Db }>(
  async (app, { sessions, displays, db }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('token', null);
    app.decorateRequest('display', null);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.public) return;
      if (request.url === '/docs' || request.url.startsWith('/docs/')) return;
      const token = tokenFromHeader(request.headers.authorization);
      if (!token) throw new Errors.Unauthorized();
      const session = await sessions.check(token);
      if (session) {
        request.user = { ...session.user, admin: session.admin };
        request.token = token;
        return;
      }
      const principal = await displays.check(token);
      if (!principal) throw new Errors.Unauthorized();
      request.user = { ...principal.user, admin: false };
      request.token = token;
      request.display = principal.display;
      if (!displayMayCall(request.method, request.routeOptions.url)) throw new Errors.Forbidden();
      if (!(await displayMaySee(db, principal.display, request.params as Record<string, unknown>))) throw new Errors.Forbidden();
    });
  },
  { name: 'auth' },
);

/** Operators and wall displays are managed by admins only: anyone else gets SPEC §8's 403. */
export function requireAdmin(user: User | null): void {
  if (user?.admin !== true) throw new Errors.Forbidden();
}
