import { deflateSync, crc32 } from 'node:zlib';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { MatchContentParts } from '@odds/protocol';
import type { Tx } from '../db/client';
import { contentCategories, contentGroups, contentItems, images, leagues, markets, matchContents, matches, providers, seasons } from '../db/schema';
import { CATEGORIES, IBERIA_GROUPS, NORDIC_GROUPS, SINGLE_ITEMS, type Category, type GroupSeed, type MarketKey } from './content-texts';
import { CLASSICS_CONTENT, FINAL_2022_CONTENT, FINAL_2022_IBERIA, type MatchContentSeed, SEMI_2022_CONTENT } from './match-content-texts';

/**
 * Demo content (pipeline step 2): categories; grouped and single content items in each provider's
 * languages on push, email and twitter, for the markets step 1 created (without markets, the same
 * items are written for no market); match content for the upcoming World Cup Classics and for the
 * 2022 semi-final and final.
 */
export async function seedContent(tx: Tx): Promise<void> {
  const categoryRows = await tx
    .insert(contentCategories)
    .values(CATEGORIES.map((name) => ({ name })))
    .returning();
  const categoryIds = (names: Category[]) => names.map((name) => categoryRows.find((c) => c.name === name)!.id);
  const [nordic, iberia] = await tx.select().from(providers).orderBy(asc(providers.id)).limit(2);
  if (!nordic || !iberia) return;
  const nordicMarkets = await marketFinder(tx, nordic.id);
  const iberiaMarkets = await marketFinder(tx, iberia.id);

  for (const [provider, find, groups] of [
    [nordic, nordicMarkets, NORDIC_GROUPS],
    [iberia, iberiaMarkets, IBERIA_GROUPS],
  ] as const) {
    for (const group of groups) await seedGroup(tx, provider.id, provider.meta.languages, group, find, categoryIds);
  }

  const picture = await tx.insert(images).values({ mimeType: 'image/png', bytes: pitchPng(), fileName: 'pitch-banner.png' }).returning({ id: images.id });
  await tx.insert(contentItems).values(
    SINGLE_ITEMS.map((item) => {
      const owner = item.provider === 'nordic' ? nordic : iberia;
      const market = item.market ? (item.provider === 'nordic' ? nordicMarkets : iberiaMarkets)(item.market) : null;
      return {
        providerId: owner.id,
        sportId: 1,
        content: item.content,
        contentType: item.type,
        language: item.language,
        channelId: item.channel,
        sideContext: item.side ?? 'none',
        linkTarget: item.linkTarget ?? null,
        categoryIds: categoryIds(item.categories),
        marketIds: market ? [market.id] : [],
        marketTypeIds: item.marketTypeId ? [item.marketTypeId] : [],
        // A market locks content to its provider; type-only templates are shared (SPEC §5).
        providerLock: market !== null,
        autoBuild: item.autoBuild ?? false,
        deliver: item.deliver ?? true,
        imageId: item.image ? picture[0]!.id : null,
        archivedAt: item.archivedAt ? new Date(item.archivedAt) : null,
      };
    }),
  );

  const classics = await tx
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(and(eq(matches.providerId, nordic.id), eq(leagues.uniqueId, 'wc-classics')))
    .orderBy(asc(matches.start))
    .limit(3);
  for (const [i, match] of classics.entries()) {
    // The first upcoming match gets every node; the next ones kick-off content only.
    const seeds = i === 0 ? CLASSICS_CONTENT : CLASSICS_CONTENT.filter((s) => s.node === 'PRE');
    await seedMatchContent(tx, match.id, seeds, nordicMarkets);
  }
  const [final, semi] = await worldCup2022(tx, nordic.id);
  if (final) await seedMatchContent(tx, final, FINAL_2022_CONTENT, nordicMarkets);
  if (semi) await seedMatchContent(tx, semi, SEMI_2022_CONTENT, nordicMarkets);
  const [iberiaFinal] = await worldCup2022(tx, iberia.id);
  if (iberiaFinal) await seedMatchContent(tx, iberiaFinal, FINAL_2022_IBERIA, iberiaMarkets);
}

type Find = (key: MarketKey) => { id: number } | null;

/** The provider's football market of a type (and line), or null when step 1 made none. */
async function marketFinder(tx: Tx, providerId: number): Promise<Find> {
  const rows = await tx
    .select({ id: markets.id, typeId: markets.typeId, line: markets.line })
    .from(markets)
    .where(and(eq(markets.providerId, providerId), eq(markets.sportId, 1)))
    .orderBy(asc(markets.id));
  return (key) => rows.find((m) => m.typeId === key.typeId && (key.line === undefined || m.line === key.line)) ?? null;
}

async function seedGroup(tx: Tx, providerId: number, languages: string[], group: GroupSeed, find: Find, categoryIds: (names: Category[]) => number[]) {
  const market = group.market ? find(group.market) : null;
  const [row] = await tx.insert(contentGroups).values({ providerId, sportId: 1, name: group.name }).returning({ id: contentGroups.id });
  const texts = Object.entries(group.texts).filter(([language]) => languages.includes(language));
  await tx.insert(contentItems).values(
    texts.map(([language, content]) => ({
      providerId,
      sportId: 1,
      groupId: row!.id,
      content,
      contentType: group.type,
      language,
      channelId: group.channel,
      linkTarget: group.linkTarget ?? null,
      categoryIds: categoryIds(group.categories),
      marketIds: market ? [market.id] : [],
      providerLock: market !== null,
      autoBuild: group.autoBuild ?? false,
    })),
  );
}

/** The provider's 2022 final and semi-final (Argentina's), latest first. */
async function worldCup2022(tx: Tx, providerId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: matches.id, name: matches.name })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(and(eq(matches.providerId, providerId), eq(seasons.name, '2022'), eq(leagues.uniqueId, 'fifa-world-cup')))
    .orderBy(desc(matches.start));
  const final = rows.find((m) => m.name === 'Argentina - France');
  const semi = rows.find((m) => m.name === 'Argentina - Croatia');
  return [final?.id, semi?.id].filter((id): id is number => id !== undefined);
}

async function seedMatchContent(tx: Tx, matchId: number, seeds: MatchContentSeed[], find: Find): Promise<void> {
  await tx.insert(matchContents).values(
    seeds.map((seed) => {
      const market = find(seed.market);
      const parts: MatchContentParts = {
        title: seed.title.map((content) => ({ content })),
        content: seed.content.map(([content, link]) => ({ content, link_target: link ?? null })),
        cta: seed.cta.map(([content, link]) => ({ content, link_target: link ?? null })),
        image: [],
      };
      return {
        matchId,
        marketId: market?.id ?? null,
        marketTypeId: seed.market.typeId,
        channelId: seed.channel,
        language: seed.language,
        nodeId: seed.node,
        hold: seed.hold ?? false,
        parts,
      };
    }),
  );
}

/** A small PNG of a football pitch (green with a white halfway line and centre spot), built here so the demo has a real image. */
function pitchPng(width = 96, height = 48): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x++) {
      const line = x === width / 2 || x === width / 2 - 1 || y === 0 || y === height - 1 || x === 0 || x === width - 1;
      const spot = Math.hypot(x - width / 2 + 0.5, y - height / 2 + 0.5) < 2;
      const stripe = Math.floor(x / 8) % 2 === 0;
      rows.push(...(line || spot ? [255, 255, 255] : stripe ? [46, 139, 87] : [34, 120, 70]));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
