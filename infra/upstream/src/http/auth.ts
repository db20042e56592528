import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routeNameOf, routes, viewerMayCall, type DisplaySession, type RouteDef, type User } from '@odds/protocol';
import type { DisplayStore } from '../auth/displays';
import { tokenFromHeader, type SessionStore } from '../auth/sessions';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { displayMayCall, displayMaySee } from './display-scope';
import { mayCall } from './provider-scope';

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
        // A viewer makes no write (docs/operators.md "Roles"): refused before its body is even read.
        if (session.user.role === 'viewer') {
          const route = routeOf(request);
          if (route ? !viewerMayCall(route) : request.method !== 'GET') throw new Errors.Forbidden();
        }
        return;
      }
      const principal = await displays.check(token);
      if (!principal) throw new Errors.Unauthorized();
      request.user = { ...principal.user, admin: false, role: 'wall' };
      request.token = token;
      request.display = principal.display;
      if (!displayMayCall(request.method, request.routeOptions.url)) throw new Errors.Forbidden();
      if (!(await displayMaySee(db, principal.display, request.params as Record<string, unknown>))) throw new Errors.Forbidden();
    });
    // An operator granted some providers makes only calls of those (docs/operators.md "Access per
    // provider"), checked once the body is parsed and before it is validated, so a call naming a
    // provider it lacks is a 403 whatever else is wrong with it. One check for every route of the
    // contract, routes added later included.
    app.addHook('preValidation', async (request) => {
      const granted = request.display ? null : request.user?.provider_ids;
      const route = routeOf(request);
      if (!granted || !route) return;
      if (!(await mayCall(db, route, request, granted))) throw new Errors.Forbidden();
    });
  },
  { name: 'auth' },
);

/** The route of the contract a request is for (undefined: a path outside it, such as the docs). */
const routeOf = (request: FastifyRequest): RouteDef | undefined => {
  const name = routeNameOf(request.method, request.routeOptions.url);
  return name === undefined ? undefined : routes[name];
};

/** Operators and wall displays are managed by admins only: anyone else gets SPEC §8's 403. */
export function requireAdmin(user: User | null): void {
  if (user?.admin !== true) throw new Errors.Forbidden();
}
