import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { endSession, getOperator } from '../auth/accounts';
import type { SessionStore } from '../auth/sessions';
import { actorOf } from '../coedit/versioned';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';

/**
 * Each operator's Sessions list (where and when each signed in, the one asking marked) and the
 * ending of one: by the operator themselves, or by an admin for anyone. An ended session is
 * announced on the change stream (`revoked`), so every relay closes its live connections at once and
 * its console asks to sign in again; the end is on the operator's History. A wall display's token
 * has no sessions list (403).
 */
export async function sessionRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionStore }) {
  const end = async (userId: number, sessionId: number, actor: ReturnType<typeof actorOf>) => {
    const hash = await endSession(db, userId, sessionId, actor);
    sessions.forget([hash]);
    app.changes.publish({ match_id: 0, topics: [], revoked_tokens: [hash], revoked_reason: 'revoked' });
  };

  implement(app, routes.mySessions, async ({ user, request }) => {
    if (request.display || !user) throw new Errors.Forbidden();
    return { results: await sessions.list(user.id, request.token) };
  });

  implement(app, routes.mySessionRevoke, async ({ params, user, request }) => {
    if (request.display || !user) throw new Errors.Forbidden();
    await end(user.id, params.sessionId, actorOf(user));
    return { success: true };
  });

  implement(app, routes.operatorSessions, async ({ params, user, request }) => {
    requireAdmin(user);
    if (!(await getOperator(db, params.operatorId))) throw new Errors.NotFound('Operator', params.operatorId);
    return { results: await sessions.list(params.operatorId, request.token) };
  });

  implement(app, routes.operatorSessionRevoke, async ({ params, user }) => {
    requireAdmin(user);
    await end(params.operatorId, params.sessionId, actorOf(user));
    return { success: true };
  });
}
