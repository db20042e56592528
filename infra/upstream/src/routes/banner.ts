import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { BANNER_CSP, renderBanner } from '../content/banner';
import type { Db } from '../db/client';
import { implement } from '../http/implement';

/** The creative of a match and market, as an HTML page for a sandboxed frame. */
export async function bannerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.banner, async ({ params, reply }) => {
    const html = await renderBanner(db, params.matchId, params.marketId);
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', BANNER_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store');
    return html;
  });
}
