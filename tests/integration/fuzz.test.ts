import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTarget, type FuzzTarget } from './fuzz/harness';
import { formatCounts, fuzzRoute, fuzzRoutes, routeSeed, type StatusCounts } from './fuzz/run';

/**
 * The fuzz suite: every route of the protocol's table gets generated requests (valid,
 * wrong-typed, out of bounds, huge, deep, unicode and NUL, broken JSON, other media types) against
 * a real upstream on a seeded PGlite, with a real token. No reply may be a 5xx or come late; every
 * 4xx is a JSON error with a message; no 4xx leaves a committed write behind. Fixed seed and count
 * here; `npm run fuzz -- --runs N [--seed S]` runs longer.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

let target: FuzzTarget;
const counts: StatusCounts = new Map();

beforeAll(async () => {
  target = await startTarget();
});
afterAll(async () => {
  console.log(`fuzz (seed ${SEED}, ${RUNS} per route): ${formatCounts(counts)}`);
  await target?.close();
});

describe('the write counters the fuzzer trusts', () => {
  it('count a committed write and ignore a rolled-back one', async () => {
    const before = await target.writes();
    await target.upstream.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update teams set short_name = 'RB' where id = 1`);
        tx.rollback();
      })
      .catch(() => {});
    expect(await target.writes()).toBe(before);
    const reply = await target.send({
      route: 'teamShortNameSave',
      method: 'POST',
      url: '/api/1/teams/1',
      headers: { 'content-type': 'application/json', authorization: `Token ${target.token}` },
      body: Buffer.from('{"value":"FZ"}'),
    });
    expect(reply.status).toBe(200);
    expect(await target.writes()).not.toBe(before);
  });
});

describe('fuzzing every route of the table', () => {
  const all = fuzzRoutes();
  it.each(all.map(([name, route], index) => ({ name, route, index })))(
    '$name ($route.method $route.path)',
    async ({ name, route, index }) => {
      const seed = routeSeed(SEED, index);
      try {
        await fuzzRoute(target, name, route, { seed, runs: RUNS, counts });
      } catch (error) {
        console.error(`fuzz failure; reproduce with: npm run fuzz -- --runs ${RUNS} --seed ${SEED} --route ${name}`);
        throw error;
      }
    },
    120_000,
  );
});
