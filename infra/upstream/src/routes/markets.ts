import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { listMarketTypes, listMarkets, listRuleSets, saveMarketMeta } from '../catalog/markets';
import type { Db } from '../db/client';
import { implement } from '../http/implement';
import { writeOne } from '../coedit/versioned';

/** A provider's markets and their settings, market types and rule sets. */
export async function marketRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.markets, async ({ params, query }) => listMarkets(db, params.p, params.s, query));

  implement(app, routes.marketMetaSave, async (call) =>
    writeOne(app.writes, call, 'market', call.params.marketId, (tx) =>
      saveMarketMeta(tx, call.params.p, call.params.s, call.params.marketId, call.body.market_meta),
    ),
  );

  implement(app, routes.marketTypes, async ({ params }) => listMarketTypes(db, params.s));

  implement(app, routes.rules, async ({ params }) => listRuleSets(db, params.p, params.s));
}
