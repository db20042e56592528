/**
 * One owner at a time of a job several API processes could run (db/lease.ts: the UOF consumer):
 * processes with their own pools race for the lease; never two hold it, a clean stop hands it over
 * at once, and a holder that can no longer renew steps down before a successor may take it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { claimLease, type Database, LeaseHolder, openDatabase } from '@odds/upstream/testing';
import { until } from '../support/live-client';
import { acquirePostgres } from '../support/postgres';

const postgres = await acquirePostgres();
const skip = 'skip' in postgres ? postgres.skip : null;
if (skip) console.warn(`[process lease skipped] ${skip}`);
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  if (!('skip' in postgres)) await postgres.release();
});
const quiet = { info() {}, warn() {} };
const open = async () => {
  if ('skip' in postgres) throw new Error(postgres.skip);
  const database = await openDatabase(postgres.url);
  opened.push(database);
  return database;
};

describe.skipIf(skip !== null)('a lease in Postgres held by one process at a time', () => {
  it('gives a lease raced for by 40 claims at once to exactly one owner, who alone renews it', async () => {
    const databases = [await open(), await open(), await open(), await open()];
    const won = await Promise.all(Array.from({ length: 40 }, (_, i) => claimLease(databases[i % 4]!.db, 'race', `owner-${i}`, 60_000)));
    const winners = won.flatMap((ok, i) => (ok ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(await claimLease(databases[1]!.db, 'race', `owner-${winners[0]}`, 60_000)).toBe(true);
    expect(await claimLease(databases[2]!.db, 'race', 'someone-else', 60_000)).toBe(false);
  });

  it('runs the job in one of three processes at a time, and hands it over when its holder stops', async () => {
    const databases = [await open(), await open(), await open()];
    let running = 0;
    let most = 0;
    const starts: number[] = [];
    const holders = databases.map(
      (database, i) =>
        new LeaseHolder(
          database.db,
          'job',
          300,
          async () => {
            running += 1;
            most = Math.max(most, running);
            starts.push(i);
            return {
              close: async () => {
                running -= 1;
              },
            };
          },
          quiet,
        ),
    );
    await Promise.all(holders.map((holder) => holder.run()));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(holders.filter((holder) => holder.holding)).toHaveLength(1);
    const first = holders.findIndex((holder) => holder.holding);
    await holders[first]!.close();
    // Released on a clean stop: a standby takes it at its next claim (a third of the lease's time).
    await until(() => holders.some((holder, i) => i !== first && holder.holding), 'a standby to take the job over', 5_000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(holders.filter((holder) => holder.holding)).toHaveLength(1);
    expect(most).toBe(1);
    expect(starts).toHaveLength(2);
    for (const holder of holders) await holder.close();
    expect(running).toBe(0);
  });

  it('steps down when it cannot renew, before a successor can take the expired lease', async () => {
    const [a, b] = [await open(), await open()];
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name} start`);
      return { close: async () => void log.push(`${name} stop`) };
    };
    const holderA = new LeaseHolder(a.db, 'outage', 1_500, job('a'), quiet);
    await holderA.run();
    expect(holderA.holding).toBe(true);
    const holderB = new LeaseHolder(b.db, 'outage', 1_500, job('b'), quiet);
    await holderB.run();
    expect(holderB.holding).toBe(false);
    // A's database goes away (its pool closed): its renewals fail and it stops its job by itself at
    // two thirds of the lease's time, a third (500 ms: timers late under load) before B may take it.
    await a.close();
    await until(() => holderB.holding, 'the standby to take the expired lease', 5_000);
    expect(log).toEqual(['a start', 'a stop', 'b start']);
    await holderA.close();
    await holderB.close();
  });
});
