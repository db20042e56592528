import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { routes } from '@odds/protocol';
import type { Db } from '../db/client';
import { baskets } from '../db/schema';
import { Errors } from '../errors';
import { implement } from '../http/implement';

/** The basket popup: one basket per operator, kept in the database so it follows them between browsers. */
export async function basketRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.basket, async ({ user }) => {
    const [row] = await db.select().from(baskets).where(eq(baskets.userId, user.id));
    return row ? { items: row.items, required: row.required } : { items: [], required: 0 };
  });

  implement(app, routes.basketSave, async ({ user, body }) => {
    if (body.required > body.items.length) {
      throw new Errors.BadRequest(`Required to trigger (${body.required}) cannot exceed the number of items (${body.items.length}).`);
    }
    const ids = body.items.map((item) => item.match_content_id);
    if (new Set(ids).size !== ids.length) throw new Errors.BadRequest('The basket holds each content item once.');
    const values = { userId: user.id, items: body.items, required: body.required };
    await db
      .insert(baskets)
      .values(values)
      .onConflictDoUpdate({ target: baskets.userId, set: { items: body.items, required: body.required, lastModified: sql`now()` } });
    return { items: body.items, required: body.required };
  });
}
