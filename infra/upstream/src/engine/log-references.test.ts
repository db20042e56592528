import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, deliveries, markets, matches, offers, suppressions, thresholdSets } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

/**
 * Offers, deliveries and suppressions reference their offer, market, contact and threshold set by
 * plain ids (schema/live.ts); migration 0006's statement triggers do what the foreign keys did on
 * delete. Checked on the seeded 2022 match with the most deliveries (the seeders ran it through the engine).
 */
let upstream: TestUpstream;
let finalId: number;

const db = () => upstream.database.db;
const rows = async (table: PgTable, where: SQL | undefined) => (await db().select({ n: count() }).from(table).where(where))[0]!.n;

beforeAll(async () => {
  upstream = await createTestUpstream();
  // The match the seeders ran through the engine with the most deliveries (a 2022 match).
  const [busiest] = await db().select({ id: deliveries.matchId }).from(deliveries).groupBy(deliveries.matchId).orderBy(sql`count(*) desc`).limit(1);
  finalId = busiest!.id;
});
afterAll(() => upstream.close());

describe('engine log references', () => {
  it('the seeded match has deliveries and suppressions to work on', async () => {
    expect(await rows(deliveries, eq(deliveries.matchId, finalId))).toBeGreaterThan(0);
    expect(await rows(suppressions, eq(suppressions.matchId, finalId))).toBeGreaterThan(0);
  });

  it('a deleted threshold set leaves its deliveries with a null set', async () => {
    const [used] = await db()
      .select({ id: deliveries.thresholdSetId, n: count() })
      .from(deliveries)
      .where(eq(deliveries.matchId, finalId))
      .groupBy(deliveries.thresholdSetId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const before = await rows(deliveries, eq(deliveries.matchId, finalId));
    await db().delete(thresholdSets).where(eq(thresholdSets.id, used!.id!));
    expect(await rows(deliveries, eq(deliveries.thresholdSetId, used!.id!))).toBe(0);
    expect(await rows(suppressions, eq(suppressions.thresholdSetId, used!.id!))).toBe(0);
    expect(await rows(deliveries, eq(deliveries.matchId, finalId))).toBe(before);
    expect(await rows(deliveries, and(eq(deliveries.matchId, finalId), isNull(deliveries.thresholdSetId)))).toBeGreaterThanOrEqual(used!.n);
  });

  it("a deleted contact takes its deliveries and suppressions along, and no one else's", async () => {
    const [target] = await db()
      .select({ id: deliveries.contactId, n: count() })
      .from(deliveries)
      .where(eq(deliveries.matchId, finalId))
      .groupBy(deliveries.contactId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const others = await rows(deliveries, sql`${deliveries.contactId} <> ${target!.id}`);
    await db().delete(contacts).where(eq(contacts.id, target!.id));
    expect(await rows(deliveries, eq(deliveries.contactId, target!.id))).toBe(0);
    expect(await rows(suppressions, eq(suppressions.contactId, target!.id))).toBe(0);
    expect(await rows(deliveries, undefined)).toBe(others);
  });

  it('a deleted offer leaves its deliveries with a null offer', async () => {
    const [delivered] = await db().select({ id: deliveries.offerId }).from(deliveries).where(eq(deliveries.matchId, finalId)).limit(1);
    const n = await rows(deliveries, eq(deliveries.offerId, delivered!.id!));
    const before = await rows(deliveries, undefined);
    await db().delete(offers).where(eq(offers.id, delivered!.id!));
    expect(n).toBeGreaterThan(0);
    expect(await rows(deliveries, eq(deliveries.offerId, delivered!.id!))).toBe(0);
    expect(await rows(deliveries, undefined)).toBe(before);
  });

  it('a deleted market takes its offers, deliveries and suppressions along', async () => {
    const [market] = await db().select({ id: offers.marketId }).from(offers).where(eq(offers.matchId, finalId)).limit(1);
    expect(await rows(offers, eq(offers.marketId, market!.id))).toBeGreaterThan(0);
    await db().delete(markets).where(eq(markets.id, market!.id));
    expect(await rows(offers, eq(offers.marketId, market!.id))).toBe(0);
    expect(await rows(deliveries, eq(deliveries.marketId, market!.id))).toBe(0);
    expect(await rows(suppressions, eq(suppressions.marketId, market!.id))).toBe(0);
  });

  it('a deleted match takes everything of it along (a foreign key still)', async () => {
    await db().delete(matches).where(eq(matches.id, finalId));
    for (const table of [offers, deliveries, suppressions] as const) expect(await rows(table, eq(table.matchId, finalId))).toBe(0);
  });
});
