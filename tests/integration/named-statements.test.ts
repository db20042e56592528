/**
 * The statements the process runs often go as prepared statements by name (infra/upstream/src/db/named.ts):
 * on PGlite through its protocol (pglite-named.ts), on Postgres as drizzle's named query, which
 * node-postgres prepares once per connection. The same suite runs on both: the rows are those of
 * `db.execute`, the statement is prepared once and executed by name, it outlives a rolled-back
 * transaction, and transactions running it at once neither wait on each other nor mix.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, type Queryable, selectNamed, selectRows } from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';

const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[named statements on Postgres skipped] ${postgres.skip}`);

const rowsOf = <T = Record<string, unknown>>(db: Queryable, statement: SQL) => selectRows<T>(db, statement);

/** This connection's prepared statement `name`: how often it ran (each run plans: custom or generic), or undefined. */
const runsOf = async (db: Queryable, name: string) => {
  const [row] = await rowsOf<{ runs: number; from_sql: boolean }>(
    db,
    sql`select (generic_plans + custom_plans)::int as runs, from_sql from pg_prepared_statements where name = ${name}`,
  );
  return row;
};

/** Fails a promise that takes longer than `ms` (a run waiting for a lock its own transaction holds never ends). */
const within = <T>(promise: Promise<T>, ms = 5_000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

class Rollback extends Error {}

const drivers: [string, string | null][] = [
  ['PGlite', 'memory://'],
  ['Postgres', 'skip' in postgres ? null : postgres.url],
];

describe.each(drivers)('named statements on %s', (driver, url) => {
  const skip = url === null;
  let database: Database;

  beforeAll(async () => {
    if (url === null) return;
    database = await openDatabase(url);
    await database.db.execute(sql`create table named_probe (id serial primary key, m int not null, note text, doc jsonb, at timestamptz, price numeric)`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    if (driver === 'Postgres' && !('skip' in postgres)) await postgres.release();
  });

  const insert = (m: number, note: string | null) =>
    sql`insert into named_probe (m, note, doc, at, price)
      values (${m}, ${note}, ${JSON.stringify({ m, note, nested: { quote: "it's", slash: '\\' } })}::jsonb, ${new Date(Date.UTC(2031, 5, m)).toISOString()}::timestamptz, ${`${m}.50`}::numeric)
      returning id, m, note, doc, at, price`;
  const countOf = (m: number) => sql`select count(*)::int as n, max(note) as note from named_probe where m = ${m}`;

  it.skipIf(skip)('answers the rows db.execute answers, types parsed alike, and is prepared once and run by name', async () => {
    const { db } = database;
    const note = `'; drop table named_probe; -- é \\ ''`;
    const named = await selectNamed<Record<string, unknown>>(db, 'probe_insert', insert(1, note));
    const [plain] = await rowsOf<{ id: number }>(db, insert(1, note));
    expect(named).toEqual([{ ...plain, id: plain!.id - 1 }]);
    expect(named[0]).toMatchObject({ m: 1, note, doc: { m: 1, note, nested: { quote: "it's", slash: '\\' } } });
    // drizzle reads timestamps as the text Postgres sends (its mapping to Date is the schema's).
    expect(typeof (named[0] as { at: unknown }).at).toBe('string');
    await db.transaction(async (tx) => {
      // One connection (a transaction's): the statement is there, and each run is a run of it.
      const before = (await runsOf(tx, 'probe_count'))?.runs ?? 0;
      for (let run = 0; run < 3; run++) expect(await selectNamed(tx, 'probe_count', countOf(1))).toEqual(await rowsOf(tx, countOf(1)));
      expect(await runsOf(tx, 'probe_count')).toEqual({ runs: before + 3, from_sql: false });
    });
  });

  it.skipIf(skip)('outlives a rolled-back transaction, whose rows are gone', async () => {
    const { db } = database;
    const pidOf = async (q: Queryable) => (await rowsOf<{ pid: number }>(q, sql`select pg_backend_pid() as pid`))[0]!.pid;
    let pid = 0;
    await expect(
      db.transaction(async (tx) => {
        pid = await pidOf(tx);
        expect(await selectNamed(tx, 'probe_rolled_back', insert(7, 'rolled back'))).toHaveLength(1);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    await db.transaction(async (tx) => {
      // The same connection again (the pool hands out the one released last).
      expect(await pidOf(tx)).toBe(pid);
      expect(await runsOf(tx, 'probe_rolled_back')).toEqual({ runs: 1, from_sql: false });
      expect(await selectNamed(tx, 'probe_count', countOf(7))).toEqual([{ n: 0, note: null }]);
      expect(await selectNamed(tx, 'probe_rolled_back', insert(7, 'kept'))).toMatchObject([{ m: 7, note: 'kept' }]);
    });
    expect(await selectNamed(db, 'probe_count', countOf(7))).toEqual([{ n: 1, note: 'kept' }]);
  });

  it.skipIf(skip)('serves transactions and runs outside them at once, prepared on first use by any of them', async () => {
    const { db } = database;
    // Two transactions interleave their runs (two connections on Postgres; on PGlite the second
    // waits for the first, as a transaction does there), while runs outside go between.
    const writer = (m: number) =>
      db.transaction(async (tx) => {
        const ids: number[] = [];
        for (let run = 0; run < 5; run++) {
          ids.push(...(await selectNamed<{ id: number }>(tx, 'probe_race', insert(m, `run ${run}`))).map((r) => r.id));
          await new Promise((resolve) => setImmediate(resolve));
        }
        expect(await selectNamed(tx, 'probe_count', countOf(m))).toEqual([{ n: 5, note: 'run 4' }]);
        return ids;
      });
    const outside = Promise.all([20, 21, 22].map((m) => selectNamed<{ n: number }>(db, 'probe_race_count', countOf(m))));
    const [first, second, counts] = await within(Promise.all([writer(20), writer(21), outside]));
    expect(new Set([...first, ...second]).size).toBe(10);
    // Each outside run saw each writer's rows all or none.
    for (const [row] of counts.slice(0, 2)) expect([0, 5]).toContain(row!.n);
    expect(await selectNamed(db, 'probe_count', countOf(20))).toEqual([{ n: 5, note: 'run 4' }]);
    expect(await selectNamed(db, 'probe_count', countOf(21))).toEqual([{ n: 5, note: 'run 4' }]);
  });

  it.skipIf(skip)('runs a statement from outside while a transaction is open, without entering or waiting on it for ever', async () => {
    const { db } = database;
    let outside: Promise<unknown> | undefined;
    await within(
      db
        .transaction(async (tx) => {
          await selectNamed(tx, 'probe_inside', insert(30, 'uncommitted'));
          outside = selectNamed(db, 'probe_count', countOf(30));
          // Inside meanwhile, by name too (on PGlite the outside run is queued behind this transaction).
          expect(await selectNamed(tx, 'probe_count', countOf(30))).toEqual([{ n: 1, note: 'uncommitted' }]);
          throw new Rollback();
        })
        .catch((error) => {
          if (!(error instanceof Rollback)) throw error;
        }),
    );
    // It never saw the uncommitted row (on PGlite it ran after the rollback, on Postgres beside it).
    expect(await within(outside!)).toEqual([{ n: 0, note: null }]);
  });

  it.skipIf(skip)('refuses another text under a name already used, and fails as drizzle does', async () => {
    const { db } = database;
    await selectNamed(db, 'probe_once', sql`select ${1}::int as one`);
    // (node-postgres refuses it on the connection that has the name: the pool hands out the one released last.)
    const refused = await selectNamed(db, 'probe_once', sql`select ${2}::int as two`).catch((error: unknown) => error);
    expect((refused as { cause?: Error }).cause?.message).toMatch(/probe_once/);
    const failed = await selectNamed(db, 'probe_divide', sql`select 1 / ${0}::int as x`).catch((error: unknown) => error);
    expect((failed as { cause?: { code?: string } }).cause?.code).toBe('22012');
    // The database goes on after the failures.
    expect(await selectNamed(db, 'probe_once', sql`select ${3}::int as one`)).toEqual([{ one: 3 }]);
  });
});
