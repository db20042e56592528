/**
 * The catalog sync worker (docs/catalog.md "The worker"), on PGlite and on Postgres: a worker
 * stopped mid-run is taken over from its cursor (no duplicates, and the stopped one writes nothing
 * more once it wakes); two workers at once (one syncs); the vendor answering 429 and 500.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uofSyncRuns, uofSyncState, type UofApiCall } from '@odds/upstream/testing';
import { counts, databases, syncBench, type SyncBench } from '../support/catalog-sync';

const NOW = Date.parse('2022-12-20T12:00:00Z');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the stand-in's fault hook did: per path, the times it was called. */
const seen = new Map<string, number[]>();
const fault = (path: string) => {
  const calls = seen.get(path) ?? [];
  calls.push(Date.now());
  seen.set(path, calls);
  if (path.endsWith('/schedules/2022-12-13/schedule.xml') && calls.length <= 2) return { status: 429 as const, retryAfterS: 1 };
  if (path.endsWith('/schedules/2022-12-14/schedule.xml') && calls.length <= 2) return { status: 500 as const };
  if (path.endsWith('/schedules/2022-12-15/schedule.xml')) return { status: 503 as const };
  return null;
};

describe.each(await databases())('the catalog sync worker on $name', ({ url, release }) => {
  let bench: SyncBench;
  const db = () => bench.database.db;
  const runsOf = (providerId: number) => db().select().from(uofSyncRuns).where(eq(uofSyncRuns.providerId, providerId)).orderBy(uofSyncRuns.id);

  beforeAll(async () => {
    seen.clear();
    bench = await syncBench(url, { now: NOW, fault });
  });
  afterAll(async () => {
    await bench?.close();
    await release?.();
  });

  it('takes over a run whose worker stopped mid-way, from its cursor: no duplicates, and the stopped worker writes nothing more', async () => {
    const provider = await bench.provider('Crashes');
    // The first worker hangs on its third call (the second day's schedule), as a process that froze or died.
    let calls = 0;
    let wake: () => void = () => {};
    const woken = new Promise<void>((resolve) => (wake = resolve));
    let hung = false;
    const freezing =
      (inner: UofApiCall): UofApiCall =>
      async (path, init) => {
        calls += 1;
        if (calls === 3) {
          hung = true;
          await woken;
        }
        return inner(path, init);
      };
    // Its lease is short (3 s), long enough for the steps before it on a busy machine.
    const first = bench.worker('2022-12-01', 3, { call: freezing, leaseS: 3, owner: 'first' });
    let settled = false;
    const stuck = first.tick().finally(() => (settled = true));
    while (!hung && !settled) await pause(20);
    expect(hung).toBe(true);
    const [run] = await runsOf(provider);
    expect(run).toMatchObject({ kind: 'schedule', status: 'running', done: 2, owner: 'first' });
    // 1 December's four matches are in; its teams too.
    expect(await counts(bench.database, provider)).toMatchObject({ matches: 4, teams: 8 });

    await pause(3_100);
    const second = bench.worker('2022-12-01', 3, { owner: 'second' });
    await second.tick();
    const [finished] = await runsOf(provider);
    expect(finished).toMatchObject({ id: run!.id, status: 'done', done: 4, owner: 'second', takeovers: 1, created: 1 + 1 + 20 + 10, errors: [] });
    expect(await counts(bench.database, provider)).toEqual({ leagues: 1, seasons: 1, teams: 20, matches: 10, links: 10 });

    // The first wakes up: its lease is gone, so the day it read is not written again.
    wake();
    await stuck;
    expect(await counts(bench.database, provider)).toEqual({ leagues: 1, seasons: 1, teams: 20, matches: 10, links: 10 });
    expect((await runsOf(provider)).map((r) => [r.id, r.status, r.created])).toEqual([[run!.id, 'done', 32]]);
    const [state] = await db().select().from(uofSyncState).where(eq(uofSyncState.providerId, provider));
    expect(state).toMatchObject({ owner: 'second', runId: null });
  });

  it('two workers at once: one holds the provider and syncs it, the other leaves it', async () => {
    const provider = await bench.provider('Races');
    const [a, b] = [bench.worker('2022-12-04', 3, { owner: 'a' }), bench.worker('2022-12-04', 3, { owner: 'b' })];
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    const runs = await runsOf(provider);
    // The schedule, then the live schedule (due next), both by the one holder.
    expect(runs.map((r) => r.kind)).toEqual(['schedule', 'live']);
    expect(new Set(runs.map((r) => r.owner)).size).toBe(1);
    expect(runs[0]).toMatchObject({ status: 'done', created: 1 + 1 + 12 + 6, takeovers: 0 });
    expect(await counts(bench.database, provider)).toEqual({ leagues: 1, seasons: 1, teams: 12, matches: 6, links: 6 });
    const holder = runs[0]!.owner!;
    const [state] = await db().select().from(uofSyncState).where(eq(uofSyncState.providerId, provider));
    expect(state!.owner).toBe(holder);
    // The holder stops cleanly: the other takes the provider at once, without waiting for the lease.
    await (holder === 'a' ? a : b).stop();
    await db().update(uofSyncState).set({ requestedAt: new Date(), requestedBy: 'Test' }).where(eq(uofSyncState.providerId, provider));
    await (holder === 'a' ? b : a).tick();
    expect((await runsOf(provider)).at(-1)).toMatchObject({ kind: 'manual', owner: holder === 'a' ? 'b' : 'a', created: 0, status: 'done' });
  });

  it('waits out a 429 (its Retry-After), backs off a 500 and asks again; a day that keeps failing is an error of the run, the rest is synced', async () => {
    const provider = await bench.provider('Faults');
    await bench.worker('2022-12-13', 6).tick();
    const [run] = await runsOf(provider);
    expect(run).toMatchObject({ kind: 'schedule', status: 'partial', throttled: 2, done: 7 });
    // The tournament, 13th (two 429s, then served), 14th (two 500s, then served), 15th (three 503s), 16th–18th.
    expect(run!.calls).toBe(1 + 3 + 3 + 3 + 3);
    expect(run!.errors).toEqual([
      { step: 'schedule 2022-12-15', message: expect.stringMatching(/schedules\/2022-12-15\/schedule\.xml failed 3 times, last: 503/), at: expect.any(String) },
    ]);
    const thirteenth = seen.get('/v1/sports/en/schedules/2022-12-13/schedule.xml')!;
    expect(thirteenth[1]! - thirteenth[0]!).toBeGreaterThanOrEqual(950);
    expect(await counts(bench.database, provider)).toMatchObject({ matches: 4, links: 4 });
    const names = (await db().execute(sql`select name from matches where provider_id = ${provider} order by start`)) as unknown as { rows: { name: string }[] };
    expect(names.rows.map((r) => r.name)).toEqual(['Argentina - Croatia', 'France - Morocco', 'Croatia - Morocco', 'Argentina - France']);
  });
});
