import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { keepStatistics } from './statistics';

let database: Database;
const silent = { debug: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
/** The planner's row estimate of a table (-1 before it was ever analyzed). */
const estimate = async (table: string) =>
  Number(
    ((await database.db.execute(sql`select reltuples from pg_class where relname = ${table}`)) as unknown as { rows: { reltuples: number }[] }).rows[0]!
      .reltuples,
  );

beforeAll(async () => {
  database = await openDatabase('memory://');
});
afterAll(() => database.close());

describe('keepStatistics (PGlite has no autovacuum)', () => {
  it('refreshes the planner statistics on its interval, and stops', async () => {
    await database.db.execute(sql`create table grows (id int)`);
    await database.db.execute(sql`insert into grows select generate_series(1, 500)`);
    expect(await estimate('grows')).toBe(-1);
    const statistics = keepStatistics(database, silent, 50);
    await expect.poll(() => estimate('grows'), { timeout: 5_000 }).toBe(500);
    statistics.stop();
    await database.db.execute(sql`insert into grows select generate_series(1, 500)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await estimate('grows')).toBe(500);
  });
});
