import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { eq } from 'drizzle-orm';
import { clientAddress } from '../auth/throttle';
import { providerOrNotFound } from '../contacts/rules';
import type { Db } from '../db/client';
import { deliveries } from '../db/schema';
import { FALLBACK_VISITOR_KEY, openTrackedLink } from '../engine/channels/tracked-links';
import { rotateSigning, signingState } from '../engine/channels/webhook-signing';
import { Errors } from '../errors';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';

/** Webhook signing secrets (admins, write-only) and the public tracked links (docs/channels.md). */
export async function webhookRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.webhookSecret, async ({ params, user }) => {
    requireAdmin(user);
    await providerOrNotFound(db, params.providerId);
    return signingState(db, params.providerId);
  });

  implement(app, routes.webhookSecretRotate, async ({ params, body, user, request, reply }) => {
    requireAdmin(user);
    await providerOrNotFound(db, params.providerId);
    const key = app.engine.webhooks.secretsKey;
    if (!key) throw new Errors.SigningNotConfigured();
    const { secret, createdAt } = await rotateSigning(app.writes, { user, request, body }, params.providerId, key, body);
    // Shown once: no cache (a proxy's or the browser's) keeps it.
    reply.header('cache-control', 'no-store');
    return { secret, created_at: createdAt.toISOString() };
  });

  // Public (see the route's comment in protocol): an unknown id is a 404, never a redirect.
  implement(app, routes.trackedLink, async ({ params, request, reply }) => {
    const opened = await openTrackedLink(
      db,
      params.linkId,
      {
        userAgent: request.headers['user-agent'],
        address: clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']),
        key: app.engine.webhooks.secretsKey ?? FALLBACK_VISITOR_KEY,
      },
      Date.now(),
    );
    if (!opened) throw new Errors.NotFound('Link', params.linkId);
    if (opened.counted) {
      const [row] = await db.select({ matchId: deliveries.matchId }).from(deliveries).where(eq(deliveries.id, opened.deliveryId));
      if (row) app.changes.publish({ match_id: row.matchId, topics: ['deliveries'], delivery_ids: [opened.deliveryId] });
    }
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return reply.redirect(opened.target, 302) as unknown as string;
  });
}
