import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { dryRunImport, runImport, type Imported } from '../catalog/edit/fixture-import';
import { actorOf, versionedWrite } from '../coedit/versioned';
import type { Db } from '../db/client';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';

/**
 * A season's fixtures from CSV (docs/catalog.md): a dry run first (what each line would create,
 * match or refuse, nothing written), then the import: one transaction with a history row for every
 * match and team it created; a re-import finds its matches and creates nothing.
 */
export async function fixtureImportRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.fixtureImport, async ({ params, body, user }) => {
    requireAdmin(user);
    if (body.dry_run) return dryRunImport(db, params.seasonId, body.csv);
    const imported = await versionedWrite<Imported>(
      app.writes,
      {
        entity: 'match',
        actor: actorOf(user),
        targets: [],
        created: (result) => result.matchIds,
        alsoCreated: (result) => result.teamIds.map((id) => ({ entity: 'team' as const, id })),
      },
      (tx) => runImport(tx, params.seasonId, body.csv),
    );
    return imported.reply;
  });
}
