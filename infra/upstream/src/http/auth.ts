import fp from 'fastify-plugin';
import type { User } from '@odds/protocol';
import { tokenFromHeader, type SessionStore } from '../auth/sessions';
import { Errors } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    token: string | null;
  }
  interface FastifyContextConfig {
    /** The route works without a token (only authenticate). */
    public?: boolean;
  }
}

/** Every call needs a valid token, except routes flagged public; unknown paths too, so nothing is revealed. */
export const authPlugin = fp<{ sessions: SessionStore }>(async (app, { sessions }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    if (request.url === '/docs' || request.url.startsWith('/docs/')) return;
    const token = tokenFromHeader(request.headers.authorization);
    const session = token ? await sessions.check(token) : null;
    if (!session) throw new Errors.Unauthorized();
    request.user = session.user;
    request.token = token;
  });
}, { name: 'auth' });
