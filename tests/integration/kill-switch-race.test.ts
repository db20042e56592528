/**
 * The kill switch thrown while two engine workers are mid-batch (docs/compliance-operations.md):
 * two dispatchers, each with its own copy of the switch and no notice between them (as two
 * processes), send 200 FCM pushes of one provider through the FCM fake at a shared pace; an admin
 * stops the provider part-way. Nothing reaches the vendor later than the stop's commit plus 1 s,
 * and every delivery not sent fails for good with the stop's words. On Postgres (the engine
 * workers' database); embedded PGlite runs in the process and can hold its I/O for seconds on a
 * loaded machine, which would measure the machine, not the switch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChangeBus,
  closeApnsSessions,
  createTestUpstream,
  Dispatcher,
  jobsFor,
  pendingDeliveries,
  pushContacts,
  resetPacing,
  saveStop,
  sendingFixture,
  statusOf,
  type Db,
  type TestUpstream,
} from '@odds/upstream/testing';
import { acquirePostgres } from '../support/postgres';

const postgres = await acquirePostgres();
if ('skip' in postgres) console.warn(`[kill switch race skipped] ${postgres.skip}`);

type Fixture = Awaited<ReturnType<typeof sendingFixture>>;

describe.skipIf('skip' in postgres)('the kill switch thrown while two workers are mid-batch', () => {
  let upstream: TestUpstream;
  let db: Db;
  let fx: Fixture;

  beforeAll(async () => {
    if ('skip' in postgres) return;
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    db = upstream.database.db;
    // 40 messages a second shared by both workers: 200 pushes take some 5 s, so the stop lands mid-batch.
    fx = await sendingFixture(upstream.app, 'fcm=40,apns=40');
    await resetPacing(db);
  }, 240_000);
  afterAll(async () => {
    closeApnsSessions();
    await fx?.close();
    await upstream?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  const worker = (sender: string) =>
    new Dispatcher(db, new ChangeBus(), null, {
      sender,
      concurrency: 4,
      timeoutMs: 5000,
      channels: fx.settings,
      policy: { scheduleMs: [1000], deadlineMs: 600_000, jitter: 0 },
    });

  it('nothing reaches the vendor later than the stop’s commit plus 1 s; the rest fail with the stop’s words', async () => {
    const ids = await pendingDeliveries(
      db,
      fx,
      await pushContacts(
        db,
        Array.from({ length: 200 }, (_, i) => `fcm-stop-${i}`),
      ),
    );
    const jobs = await jobsFor(db, ids, false);
    const workers = [worker('w1'), worker('w2')];
    for (const [i, w] of workers.entries()) w.enqueue(jobs.filter((_, j) => j % 2 === i));
    await expect.poll(() => fx.fcm.received.length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(10);
    await saveStop(upstream.app.writes, { id: 1, name: 'Ana' }, { provider_id: 1, stopped: true, reason: 'regulator call', version: 0 });
    // The write returns after its commit: any later arrival is measured from no earlier than the commit.
    const committedMs = Date.now();
    await Promise.all(workers.map((w) => w.drain()));
    const late = fx.fcm.received.filter((r) => r.atMs > committedMs + 1000).map((r) => ({ at: r.atMs - committedMs, delivery: r.message.data }));
    expect(late).toEqual([]);
    const statuses = await statusOf(db, ids);
    const sent = statuses.filter((s) => s.status === 'SENT');
    const stopped = statuses.filter((s) => s.status === 'FAILED' && s.error?.startsWith('sends stopped: Ana stopped every send of'));
    expect(sent.length).toBe(new Set(fx.fcm.received.map((r) => r.message.token)).size);
    expect(sent.length + stopped.length).toBe(ids.length);
    // Part-way: some went before the stop, most were held back by it.
    expect(sent.length).toBeGreaterThan(10);
    expect(stopped.length).toBeGreaterThan(50);
  }, 120_000);
});
