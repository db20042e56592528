import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { ContentGroup, ContentGroupInput, ContentGroupSummary, ListReply } from '@odds/protocol';
import type { Db, Queryable, Tx } from '../db/client';
import { contentGroups, contentItems } from '../db/schema';
import { Errors } from '../errors';
import { pageSize } from '../db/paging';
import { checkSport } from './item-writes';
import { toContentItems } from './items';
import { checkLanguage, checkLinkTarget, checkRefs, loadProvider } from './validate';

/**
 * Grouped content (SPEC §2 "Grouped Content"): the same text in several languages, saved as one
 * content item per language that share type, channel, markets, link target and categories.
 */

export async function listGroups(db: Db, providerId: number, sportId: number, start = 0, limit?: number): Promise<ListReply<ContentGroupSummary>> {
  const size = pageSize(limit);
  const where = and(eq(contentGroups.providerId, providerId), eq(contentGroups.sportId, sportId));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select().from(contentGroups).where(where).orderBy(desc(contentGroups.createdAt), desc(contentGroups.id)).limit(size).offset(start),
    db.select({ total: count() }).from(contentGroups).where(where),
  ]);
  const items = rows.length
    ? await db
        .select({ groupId: contentItems.groupId, contentType: contentItems.contentType, channelId: contentItems.channelId })
        .from(contentItems)
        .where(
          inArray(
            contentItems.groupId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(contentItems.id))
    : [];
  const results = rows.map((group): ContentGroupSummary => {
    const members = items.filter((item) => item.groupId === group.id);
    // A group's type and channel are its items'; an emptied group (items deleted one by one) shows the defaults.
    return {
      id: group.id,
      name: group.name,
      content_type: (members[0]?.contentType ?? 'content') as ContentGroupSummary['content_type'],
      channel_id: members[0]?.channelId ?? 1,
      item_count: members.length,
    };
  });
  return { results, total, limit: size };
}

export async function getGroup(db: Queryable, groupId: number, providerId?: number, sportId?: number): Promise<ContentGroup> {
  const [group] = await db.select().from(contentGroups).where(eq(contentGroups.id, groupId));
  if (!group || (providerId !== undefined && group.providerId !== providerId) || (sportId !== undefined && group.sportId !== sportId)) {
    throw new Errors.NotFound('Content group', groupId);
  }
  const rows = await db.select().from(contentItems).where(eq(contentItems.groupId, groupId)).orderBy(asc(contentItems.id));
  return { id: group.id, version: group.version, name: group.name, items: await toContentItems(db, rows) };
}

/** The texts to save: every language checked, blank texts (languages left empty in the form) skipped. */
function texts(input: ContentGroupInput, provider: Awaited<ReturnType<typeof loadProvider>>): [string, string][] {
  const entries = Object.entries(input.content);
  for (const [code] of entries) checkLanguage(code, provider);
  const written = entries.filter(([, text]) => text.trim() !== '');
  if (!written.length) throw new Errors.BadRequest('Write the content in at least one language.');
  return written;
}

async function sharedColumns(tx: Tx, input: ContentGroupInput, provider: Awaited<ReturnType<typeof loadProvider>>, sportId: number) {
  if (input.content_type === 'image') {
    throw new Errors.BadRequest('A group holds texts only; upload image content one item at a time.');
  }
  const marketRows = await checkRefs(tx, { categories: input.categories, markets: input.market_ids }, provider, sportId);
  const linkTarget = await checkLinkTarget(tx, input.link_target, input.content_type, marketRows[0]);
  return {
    contentType: input.content_type,
    channelId: input.channel_id,
    linkTarget,
    categoryIds: [...input.categories],
    marketIds: [...input.market_ids],
    ...(marketRows.length > 0 && { providerLock: true }),
  };
}

export async function createGroup(db: Db, input: ContentGroupInput, providerId: number, sportId: number): Promise<ContentGroup> {
  const id = await db.transaction(async (tx) => {
    const provider = await loadProvider(tx, providerId);
    await checkSport(tx, provider, sportId);
    const written = texts(input, provider);
    const shared = await sharedColumns(tx, input, provider, sportId);
    const [group] = await tx
      .insert(contentGroups)
      .values({ providerId, sportId, name: input.name?.trim() || null })
      .returning({ id: contentGroups.id });
    await tx.insert(contentItems).values(written.map(([language, content]) => ({ ...shared, providerId, sportId, groupId: group!.id, language, content })));
    return group!.id;
  });
  return getGroup(db, id);
}

/**
 * Same payload as create: shared settings go to every item, each language's text replaces its
 * item's, new languages get an item (with the flags of the group's first item) and languages no
 * longer given lose theirs.
 */
export async function updateGroup(db: Db, groupId: number, input: ContentGroupInput, providerId?: number, sportId?: number): Promise<ContentGroup> {
  await db.transaction(async (tx) => {
    const [group] = await tx.select().from(contentGroups).where(eq(contentGroups.id, groupId));
    if (!group || (providerId !== undefined && group.providerId !== providerId) || (sportId !== undefined && group.sportId !== sportId)) {
      throw new Errors.NotFound('Content group', groupId);
    }
    const provider = await loadProvider(tx, group.providerId);
    const written = texts(input, provider);
    const shared = await sharedColumns(tx, input, provider, group.sportId);
    const now = new Date();
    await tx
      .update(contentGroups)
      .set({ name: input.name?.trim() || null, lastModified: now })
      .where(eq(contentGroups.id, groupId));
    const existing = await tx.select().from(contentItems).where(eq(contentItems.groupId, groupId)).orderBy(asc(contentItems.id));
    const template = existing[0];
    const keep = new Set(written.map(([language]) => language));
    const gone = existing.filter((item) => !keep.has(item.language)).map((item) => item.id);
    if (gone.length) await tx.delete(contentItems).where(inArray(contentItems.id, gone));
    for (const [language, content] of written) {
      const item = existing.find((row) => row.language === language);
      if (item) {
        await tx
          .update(contentItems)
          .set({ ...shared, content, lastModified: now })
          .where(eq(contentItems.id, item.id));
      } else {
        await tx.insert(contentItems).values({
          ...shared,
          providerId: group.providerId,
          sportId: group.sportId,
          groupId,
          language,
          content,
          ...(template && {
            sideContext: template.sideContext,
            autoBuild: template.autoBuild,
            deliver: template.deliver,
            providerLock: shared.providerLock ?? template.providerLock,
          }),
        });
      }
    }
  });
  return getGroup(db, groupId);
}
