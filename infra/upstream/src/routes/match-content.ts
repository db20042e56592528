import type { FastifyInstance } from 'fastify';
import { idsOf, routes } from '@odds/protocol';
import { deleteMatchContent, listMatchContent, saveMatchContent } from '../content/match-content';
import { createOne, writeOne } from '../coedit/versioned';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { implement } from '../http/implement';

/** A match's content: the Content tab's Form and Preview (SPEC §2 Match pages). */
export async function matchContentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The body schema is a union (timed or not); its validator would only say 'timed must be equal to
  // constant', so the rule of SPEC §5 is checked first, in its own words.
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST' || request.routeOptions.url !== routes.matchContentSave.path) return;
    const body = request.body as { timed?: unknown; contact_id?: unknown; meta?: { before?: unknown } } | null;
    const minutes = Number(body?.meta?.before);
    if (body?.timed === true && (body.contact_id == null || !Number.isInteger(minutes) || minutes < 1)) {
      throw new Errors.BadRequest('Timed content needs a timing in minutes (meta.before) and a contact (contact_id).');
    }
  });

  implement(app, routes.matchContent, async ({ params, query }) => listMatchContent(db, params.matchId, idsOf(query.ids)));

  implement(app, routes.matchContentSave, async (call) => {
    const save = (tx: Db) => saveMatchContent(tx, call.params.matchId, call.body);
    return call.body.id ? writeOne(app.writes, call, 'match_content', call.body.id, save) : createOne(app.writes, call, 'match_content', save);
  });

  implement(app, routes.matchContentDelete, async (call) =>
    writeOne(
      app.writes,
      call,
      'match_content',
      call.params.matchContentId,
      async (tx) => {
        await deleteMatchContent(tx, call.params.matchContentId);
        return { success: true };
      },
      'delete',
    ),
  );
}
