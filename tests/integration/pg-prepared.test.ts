/**
 * Statements a process runs often are prepared on Postgres (infra/upstream/src/db/pg-prepared.ts):
 * from the third run on they go with a name, node-postgres prepares them once per connection, and
 * the answers are those of the unnamed statement, in a transaction or not.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';

const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[prepared statements on Postgres skipped] ${postgres.skip}`);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf('skip' in postgres)('statements prepared on Postgres', () => {
  let database: Database;

  beforeAll(async () => {
    if ('skip' in postgres) return;
    database = await openDatabase(postgres.url);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  /** The statements prepared on every connection of the pool, as each one answers (a connection at a time). */
  const prepared = async () => {
    const texts = new Set<string>();
    await database.db.transaction(async (tx) => {
      for (const row of rowsOf<{ statement: string }>(await tx.execute(sql`select statement from pg_prepared_statements`))) texts.add(row.statement);
    });
    for (const row of rowsOf<{ statement: string }>(await database.db.execute(sql`select statement from pg_prepared_statements`))) texts.add(row.statement);
    return [...texts];
  };

  it('answers as the unnamed statement does, in a transaction or not, and prepares what runs a third time', async () => {
    const { db } = database;
    await db.execute(sql`create table prepared_probe (id serial primary key, m int not null, note text)`);
    const insert = (m: number, note: string) => db.execute(sql`insert into prepared_probe (m, note) values (${m}, ${note}) returning id, m, note`);
    const answers: unknown[] = [];
    for (let run = 1; run <= 5; run++) {
      answers.push(rowsOf(await insert(run, `run ${run} 'quoted'`)));
      await db.transaction(async (tx) => {
        answers.push(rowsOf(await tx.execute(sql`select count(*)::int as n, max(m) as top from prepared_probe where m <= ${run}`)));
      });
    }
    expect(answers).toEqual([1, 2, 3, 4, 5].flatMap((run) => [[{ id: run, m: run, note: `run ${run} 'quoted'` }], [{ n: run, top: run }]]));
    const texts = await prepared();
    expect(texts.some((text) => text.startsWith('insert into prepared_probe'))).toBe(true);
    expect(texts.some((text) => text.startsWith('select count(*)::int as n, max(m) as top from prepared_probe'))).toBe(true);
    // Commands of a transaction are not prepared.
    expect(texts.some((text) => /^(begin|commit)/i.test(text))).toBe(false);
  });
});
