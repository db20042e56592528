import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import type { SessionStore } from '../auth/sessions';
import { Errors } from '../errors';
import { implement } from '../http/implement';

export async function authRoutes(app: FastifyInstance, { sessions }: { sessions: SessionStore }) {
  implement(app, routes.authenticate, async ({ body }) => {
    const result = await sessions.login(body.email, body.password);
    if (!result) throw new Errors.BadCredentials();
    return { token: result.token, user: result.session.user, success: true as const, expires_at: result.session.expiresAt.toISOString() };
  });

  implement(app, routes.session, async ({ request }) => {
    const session = await sessions.check(request.token ?? '');
    if (!session) throw new Errors.Unauthorized();
    return { user: session.user, expires_at: session.expiresAt.toISOString() };
  });

  implement(app, routes.logout, async ({ request }) => {
    if (request.token) await sessions.revoke(request.token);
    return { success: true };
  });
}
