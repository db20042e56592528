import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparePlans } from './pglite-prepared';

let client: PGlite;
/** The client as it is before preparePlans wraps it: the reference. */
let plain: PGlite;

beforeEach(async () => {
  [client, plain] = [new PGlite(), new PGlite()];
  for (const db of [client, plain]) await db.exec('create table t (id serial primary key, m int not null, v jsonb, s text)');
  await preparePlans(client);
});
afterEach(async () => {
  await Promise.all([client.close(), plain.close()]);
});

/** The texts prepared in the client's session (as `PREPARE name AS text`). */
const preparedTexts = async () => (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);
const drop = ({ fields: _fields, ...result }: Record<string, unknown>) => result;

describe('PGlite statements prepared from their third run', () => {
  it('answer what the unprepared statement answers: rows, command and affected count', async () => {
    const insert = 'insert into t (m, v, s) values ($1, $2, $3) returning id, m, v, s';
    const update = 'update t set m = m + $1 where m < $2';
    const select = 'select id, m, v, s from t where m >= $1 order by id';
    for (let run = 1; run <= 5; run++) {
      const values = [run, JSON.stringify({ run, quote: "it's", slash: '\\', nested: { text: "'; drop table t; --" } }), `run ${run} ''' \\ é`];
      for (const [text, params] of [
        [insert, values],
        [update, [10, 3]],
        [select, [0]],
      ] as const) {
        expect(drop(await client.query(text, [...params])), `${text} (run ${run})`).toEqual(drop(await plain.query(text, [...params])));
      }
    }
    expect(await preparedTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining(insert), expect.stringContaining(update), expect.stringContaining(select)]),
    );
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(5);
  });

  it('keep a value with a NUL out of the statement text: it is refused as the unprepared one is', async () => {
    const text = 'select $1::text as v';
    for (let run = 1; run <= 3; run++) await client.query(text, ['fine']);
    await expect(client.query(text, ["a\0'); delete from t; --"])).rejects.toThrow();
    await expect(plain.query(text, ["a\0'); delete from t; --"])).rejects.toThrow();
  });

  it('do not abort a transaction when PREPARE refuses, and outlive a transaction rolled back', async () => {
    // A name already taken makes the first PREPARE fail: inside the transaction, which goes on.
    await client.exec('prepare odds_prepared_1 as select 1');
    const text = 'select count(*)::int as n from t where m = $1';
    await client.transaction(async (tx) => {
      for (let run = 1; run <= 4; run++) expect((await tx.query<{ n: number }>(text, [run])).rows).toEqual([{ n: 0 }]);
      await tx.query('insert into t (m) values ($1)', [7]);
      await tx.rollback();
    });
    expect(await preparedTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^PREPARE odds_prepared_1r AS select count/)]));
    expect((await client.query<{ n: number }>(text, [7])).rows).toEqual([{ n: 0 }]);
  });

  it('never wait for a PREPARE queued behind the transaction they run in', async () => {
    const text = 'select count(*)::int as n from t where m = $1';
    for (let run = 1; run <= 2; run++) await client.query(text, [run]);
    const { queued } = await client.transaction(async (tx) => {
      // Its third run, outside the transaction: it prepares, queued behind the transaction.
      const queued = client.query<{ n: number }>(text, [1]);
      // Inside, meanwhile: run as it is, not waiting for that PREPARE (which waits for this transaction).
      const inside = await Promise.race([
        tx.query<{ n: number }>(text, [2]),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('waited for a PREPARE queued behind its own transaction')), 3_000)),
      ]);
      expect(inside.rows).toEqual([{ n: 0 }]);
      // Not awaited in here: it waits for this transaction to end.
      return { queued };
    });
    expect((await queued).rows).toEqual([{ n: 0 }]);
    expect(await preparedTexts()).toEqual(expect.arrayContaining([expect.stringContaining(text)]));
  });

  it('leave transaction and session commands as they are', async () => {
    for (let run = 1; run <= 4; run++) {
      await client.transaction(async (tx) => {
        await tx.query('savepoint a');
        await tx.query('release savepoint a');
      });
    }
    expect(await preparedTexts()).toEqual([]);
  });
});
