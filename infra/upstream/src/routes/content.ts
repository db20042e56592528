import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { DEFAULT_PROVIDER_ID, DEFAULT_SPORT_ID, routes } from '@odds/protocol';
import { compileRequest, parseContent } from '../content/compiler';
import { FORM_LIMITS, readContentForm } from '../content/images';
import { createItem, deleteItems, toggleItem, updateItem } from '../content/item-writes';
import { getContentItem, listContents } from '../content/items';
import { contentOptions } from '../content/options';
import type { Db } from '../db/client';
import { contentCategories, images } from '../db/schema';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import { expectedVersion } from '../coedit/conflict';
import { actorOf, createOne, versionedWrite, writeOne } from '../coedit/versioned';

/** The content (cms) service: content items, their images, categories and the compilers (SPEC §7 Content). */
export async function contentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Registered here, not on the app: only the content create takes multipart bodies.
  await app.register(multipart, { limits: FORM_LIMITS });

  implement(app, routes.contentCategories, async () => {
    const results = await db.select().from(contentCategories).orderBy(contentCategories.id);
    return { results, total: results.length, limit: Math.max(results.length, 1) };
  });

  implement(app, routes.contents, async ({ query }) => listContents(db, query));

  implement(app, routes.contentItem, async ({ params }) => getContentItem(db, params.id));

  implement(app, routes.contentCreate, async (call) => {
    const { query, request } = call;
    const { input, image } = await readContentForm(request);
    return createOne(app.writes, call, 'content_item', (tx) =>
      createItem(tx, input, query.provider ?? DEFAULT_PROVIDER_ID, query.sport ?? DEFAULT_SPORT_ID, image),
    );
  });

  implement(app, routes.contentUpdate, async (call) =>
    writeOne(app.writes, call, 'content_item', call.params.id, (tx) => updateItem(tx, call.params.id, call.body)),
  );

  implement(app, routes.contentDelete, async (call) => {
    const ids = [...new Set([call.params.id, ...(call.query.ids ?? [])])];
    const expected = expectedVersion(call.request.headers, {});
    const deleted = await versionedWrite(
      app.writes,
      {
        entity: 'content_item',
        actor: actorOf(call.user),
        targets: ids.map((id) => ({ id, expected: id === call.params.id ? expected : null, action: 'delete' as const })),
      },
      (tx) => deleteItems(tx, ids),
    );
    return { success: true, deleted };
  });

  implement(app, routes.contentParse, async ({ body }) => parseContent(db, body));

  implement(app, routes.contentAutoToggle, async (call) =>
    writeOne(app.writes, call, 'content_item', call.params.id, (tx) => toggleItem(tx, call.params.id, 'autoBuild')),
  );

  implement(app, routes.contentActiveToggle, async (call) =>
    writeOne(app.writes, call, 'content_item', call.params.id, (tx) => toggleItem(tx, call.params.id, 'deliver')),
  );

  implement(app, routes.contentCompiler, async ({ body }) => compileRequest(db, body));

  implement(app, routes.contentOptions, async ({ body }) => contentOptions(db, body));

  implement(app, routes.contentImage, async ({ params, reply }) => {
    const [image] = await db.select().from(images).where(eq(images.id, params.imageId));
    if (!image) throw new Errors.NotFound('Image', params.imageId);
    // Only sniffed PNG, JPEG, GIF or WebP are stored; nosniff and a closed CSP keep it an image.
    reply
      .header('content-type', image.mimeType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, max-age=86400');
    return image.bytes;
  });
}
