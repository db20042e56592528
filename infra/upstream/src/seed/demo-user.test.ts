import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { ensureDemoUser } from './index';

let database: Database;
beforeAll(async () => {
  database = await openDatabase('memory://');
});
afterAll(() => database.close());

describe('the demo operator', () => {
  it('is created once when two API processes start together on one database', async () => {
    // Both look before either inserts (their lookups and password hashing interleave).
    await Promise.all([
      ensureDemoUser(database.db, 'race@example.com', 'demo', false, 'Race Operator'),
      ensureDemoUser(database.db, 'race@example.com', 'demo', false, 'Race Operator'),
    ]);
    const rows = (await database.db.execute(sql`select count(*)::int as n from users where lower(email) = 'race@example.com'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(1);
  });
});
