import type { FastifyInstance } from 'fastify';
import { DEFAULT_PROVIDER_ID, DEFAULT_SPORT_ID, routes } from '@odds/protocol';
import { createGroup, getGroup, listGroups, updateGroup } from '../content/groups';
import type { Db } from '../db/client';
import { implement } from '../http/implement';
import { createOne, writeOne } from '../coedit/versioned';

/** Grouped content: one text per language, saved as content items that share everything else. */
export async function groupRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.groups, async ({ query }) =>
    listGroups(db, query.provider ?? DEFAULT_PROVIDER_ID, query.sport ?? DEFAULT_SPORT_ID, query.start ?? 0, query.limit),
  );

  implement(app, routes.group, async ({ params }) => getGroup(db, params.groupId, params.p, params.s));

  implement(app, routes.groupCreate, async (call) =>
    createOne(app.writes, call, 'content_group', (tx) =>
      createGroup(tx, call.body, call.query.provider ?? DEFAULT_PROVIDER_ID, call.query.sport ?? DEFAULT_SPORT_ID),
    ),
  );

  // The provider and sport, when given, must be the group's own; the group keeps them either way.
  implement(app, routes.groupUpdate, async (call) =>
    writeOne(app.writes, call, 'content_group', call.params.groupId, (tx) =>
      updateGroup(tx, call.params.groupId, call.body, call.query.provider, call.query.sport),
    ),
  );
}
