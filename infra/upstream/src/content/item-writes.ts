import { and, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { ContentItem, ContentItemInput, ContentTemplate } from '@odds/protocol';
import type { Db, Queryable, Tx } from '../db/client';
import { contentGroups, contentItems, images, providerSports } from '../db/schema';
import { Errors } from '../errors';
import { getContentItem, getItemRow } from './items';
import { checkLanguage, checkLinkTarget, checkRefs, loadProvider, type ProviderInfo } from './validate';

/** An uploaded image, already checked (images.ts). */
export interface NewImage {
  mimeType: string;
  bytes: Buffer;
  fileName: string | null;
}

export async function checkSport(db: Queryable, provider: ProviderInfo, sportId: number): Promise<void> {
  const [offered] = await db
    .select()
    .from(providerSports)
    .where(and(eq(providerSports.providerId, provider.id), eq(providerSports.sportId, sportId)));
  if (!offered) throw new Errors.BadRequest(`${provider.name} does not offer sport ${sportId}.`);
}

/** The checked columns of an item body; shared by create and update. */
async function itemColumns(tx: Tx, input: ContentItemInput, provider: ProviderInfo, sportId: number) {
  const language = checkLanguage(input.language, provider);
  if (input.content_type !== 'image' && input.content.trim() === '') {
    throw new Errors.BadRequest(`Write the ${input.content_type} text; only image content may be empty.`);
  }
  const marketRows = await checkRefs(
    tx,
    { categories: input.categories, markets: input.markets, marketTypes: input.market_types, groupId: input.group_id },
    provider,
    sportId,
  );
  const linkTarget = await checkLinkTarget(tx, input.link_target, input.content_type, marketRows[0]);
  return {
    content: input.content,
    contentType: input.content_type,
    language,
    channelId: input.channel_id,
    sideContext: input.side_context ?? 'none',
    linkTarget,
    ...(input.categories && { categoryIds: [...input.categories] }),
    ...(input.markets && { marketIds: [...input.markets] }),
    ...(input.market_types && { marketTypeIds: [...input.market_types] }),
    ...(input.group_id !== undefined && { groupId: input.group_id }),
    ...(input.auto_build !== undefined && { autoBuild: input.auto_build }),
    ...(input.deliver !== undefined && { deliver: input.deliver }),
    // Selecting a market locks content to its provider (SPEC §5).
    providerLock: marketRows.length > 0 || (input.provider_lock ?? false),
  };
}

/** Creates an item, with its image stored in the same transaction. */
export async function createItem(db: Db, input: ContentItemInput, providerId: number, sportId: number, image: NewImage | null): Promise<ContentItem> {
  if (input.content_type === 'image' && !image) throw new Errors.BadRequest('Image content needs an image file (PNG, JPEG, GIF or WebP) in the `image` part.');
  if (input.content_type !== 'image' && image) throw new Errors.BadRequest(`An image file goes with image content only, not with ${input.content_type}.`);
  const id = await db.transaction(async (tx) => {
    const provider = await loadProvider(tx, providerId);
    await checkSport(tx, provider, sportId);
    const columns = await itemColumns(tx, input, provider, sportId);
    const [stored] = image ? await tx.insert(images).values(image).returning({ id: images.id }) : [];
    const [row] = await tx
      .insert(contentItems)
      .values({ ...columns, providerId, sportId, imageId: stored?.id ?? null })
      .returning({ id: contentItems.id });
    return row!.id;
  });
  return getContentItem(db, id);
}

/** Updates an item's texts and settings; its provider, sport and image stay. */
export async function updateItem(db: Db, id: number, input: ContentItemInput): Promise<ContentItem> {
  await db.transaction(async (tx) => {
    const existing = await getItemRow(tx, id);
    if (input.content_type === 'image' && !existing.imageId) {
      throw new Errors.BadRequest('This item has no image file; create image content with its file instead.');
    }
    const provider = await loadProvider(tx, existing.providerId);
    const columns = await itemColumns(tx, input, provider, existing.sportId);
    // A provider_lock left out keeps the item's lock rather than lifting it.
    const providerLock = columns.providerLock || (input.provider_lock ?? existing.providerLock);
    await tx
      .update(contentItems)
      .set({ ...columns, providerLock, lastModified: new Date() })
      .where(eq(contentItems.id, id));
  });
  return getContentItem(db, id);
}

/**
 * Deletes items by id, all or none: an unknown id fails the whole call. Images and groups left
 * with nothing referring to them go too.
 */
export async function deleteItems(db: Db, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: contentItems.id, imageId: contentItems.imageId, groupId: contentItems.groupId })
      .from(contentItems)
      .where(inArray(contentItems.id, unique));
    const missing = unique.find((id) => !found.some((row) => row.id === id));
    if (missing !== undefined) throw new Errors.NotFound('Content item', missing);
    await tx.delete(contentItems).where(inArray(contentItems.id, unique));
    const imageIds = found.map((row) => row.imageId).filter((v): v is number => v !== null);
    if (imageIds.length) {
      await tx
        .delete(images)
        .where(and(inArray(images.id, imageIds), notExists(tx.select({ one: sql`1` }).from(contentItems).where(eq(contentItems.imageId, images.id)))));
    }
    const groupIds = found.map((row) => row.groupId).filter((v): v is number => v !== null);
    if (groupIds.length) {
      await tx.delete(contentGroups).where(
        and(
          inArray(contentGroups.id, groupIds),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(contentItems)
              .where(and(isNotNull(contentItems.groupId), eq(contentItems.groupId, contentGroups.id))),
          ),
        ),
      );
    }
    return unique.length;
  });
}

/** Flips one template flag in a single statement (two quick clicks flip twice) and returns both flags. */
export async function toggleItem(db: Db, id: number, flag: 'autoBuild' | 'deliver'): Promise<ContentTemplate> {
  const column = contentItems[flag];
  const [row] = await db
    .update(contentItems)
    .set({ [flag]: sql`not ${column}`, lastModified: new Date() })
    .where(eq(contentItems.id, id))
    .returning({ id: contentItems.id, auto_build: contentItems.autoBuild, deliver: contentItems.deliver });
  if (!row) throw new Errors.NotFound('Content item', id);
  return row;
}
