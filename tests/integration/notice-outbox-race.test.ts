/**
 * Several API processes on one Postgres publish the change outbox side by side (broker mode):
 * each row is published by exactly one of them (`FOR UPDATE SKIP LOCKED`, deleted in the same
 * transaction), none twice, none left. Each publisher has its own connection pool and bus, as
 * separate processes would; rows are what processes that crashed after their commits left.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@odds/protocol';
import { ChangeBus, type Database, NoticePublisher, openDatabase, recordNotices } from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';

const postgres = await acquirePostgres();
const skip = 'skip' in postgres ? postgres.skip : null;
if (skip) console.warn(`[notice outbox race skipped] ${skip}`);
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  if (!('skip' in postgres)) await postgres.release();
});

const ROWS = 1_000;
const PROCESSES = 4;

describe.skipIf(skip !== null)('the change outbox with several publishers on one Postgres', () => {
  it('publishes every row exactly once and leaves the table empty', async () => {
    if ('skip' in postgres) return;
    for (let i = 0; i < PROCESSES; i++) opened.push(await openDatabase(postgres.url));
    const heard = opened.map(() => [] as ChangeNotice[]);
    const publishers = opened.map((database, i) => {
      const bus = new ChangeBus();
      bus.subscribe((notice) => heard[i]!.push(notice));
      return new NoticePublisher(database.db, bus, { sweepMs: 60_000, delayMs: 0 });
    });
    // Rows arrive while the publishers run: writes keep committing in batches of 50.
    const writing = (async () => {
      for (let at = 0; at < ROWS; at += 50) {
        await recordNotices(
          opened[0]!.db,
          Array.from({ length: 50 }, (_, i) => ({ match_id: 1, topics: ['stats' as const], entity: 'stat_event' as const, entity_id: at + i + 1 })),
        );
        await Promise.all(publishers.map((publisher) => publisher.wake()));
      }
    })();
    await Promise.all(publishers.map((publisher) => publisher.start()));
    await writing;
    await Promise.all(publishers.map((publisher) => publisher.wake()));
    await Promise.all(publishers.map((publisher) => publisher.stop()));

    const ids = heard
      .flat()
      .map((notice) => notice.entity_id!)
      .sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(publishers.reduce((sum, publisher) => sum + publisher.published, 0)).toBe(ROWS);
    const left = (await opened[0]!.db.execute(sql`select count(*)::int as n from change_outbox`)) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
    console.log(`[notice outbox race] rows published per publisher: ${publishers.map((publisher) => publisher.published).join(', ')}`);
  }, 120_000);
});
