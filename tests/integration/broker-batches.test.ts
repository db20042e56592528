/**
 * Exactly-once effects on the broker, counts included: a long crossing-heavy feed
 * (tests/support/crossing-feed.ts: an exhausted market whose sets keep crossing, suspensions with
 * wide quotes, goals) is decided by the embedded engine in one call, then published to RabbitMQ for
 * other matches (a day apart, so rate limits never meet) and drained by two worker processes with
 * batches of 1, 7 and 200: with the ledger versions of the match's contacts moved under the workers
 * all along (every batch that pushes is decided again), and with a worker killed mid-drain (its
 * messages redelivered to the other). Every run stores the reference's rows, MAX_THRESHOLD counts
 * included.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelSettingsFrom, createTestUpstream, Engine, FeedPublisher, loopbackWebhooks, type TestUpstream } from '@odds/upstream/testing';
import { crossingFeed, storedRows } from '../support/crossing-feed';
import { startWorker, waitFor, type WorkerProcess } from '../support/engine-cluster';
import { prepareMatches } from '../support/engine-fixture';
import { acquirePostgresAndRabbit } from '../support/rabbitmq';

const { postgres, rabbit, skip } = await acquirePostgresAndRabbit('broker batches suite');

const DAY = 86_400_000;
const BASE = Date.parse('2031-07-01T17:59:00Z');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf(skip !== null)('the broker stores what the embedded engine stores, whatever the batches', () => {
  let upstream: TestUpstream;
  let hooks: Server;
  let matchIds: number[];
  let env: Record<string, string>;
  let reference: Awaited<ReturnType<typeof storedRows>>;
  const saved = { ...process.env };

  beforeAll(async () => {
    if ('skip' in postgres || 'skip' in rabbit) return;
    hooks = createServer((request, response) => request.resume().on('end', () => response.writeHead(204).end()));
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const prefix = `batches-${Math.random().toString(36).slice(2, 8)}`;
    env = {
      DATABASE_URL: postgres.url,
      AMQP_URL: rabbit.url,
      AMQP_PREFIX: prefix,
      ENGINE_SHARDS: '4',
      ENGINE_WORKERS: '2',
      ENGINE_STANDBY_DELAY_MS: '300',
      ENGINE_SEND_GRACE_MS: '2000',
    };
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    matchIds = await prepareMatches(upstream.database.db, `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`, 4);
    // The reference: one engine in this process, the whole feed in one call, with the channel
    // settings of a process on this database (the workers'): unconfigured channels are suppressed.
    const channels = channelSettingsFrom({}, { production: false, databaseUrl: postgres.url });
    const engine = new Engine(upstream.database.db, { sending: { webhooks: loopbackWebhooks(postgres.url), channels } });
    await engine.ingest(matchIds[0]!, crossingFeed(BASE));
    await engine.close();
    reference = await storedRows(upstream.database.db, matchIds[0]!);
  }, 240_000);

  afterAll(async () => {
    await upstream?.close();
    hooks?.closeAllConnections();
    hooks?.close();
    process.env = saved;
    if (!('skip' in postgres)) await postgres.release();
  });

  /** Publishes match k's copy of the feed (a day later per match). */
  async function publish(k: number): Promise<number> {
    const matchId = matchIds[k]!;
    const [m] = rowsOf<{ provider_id: number; sport_id: number }>(
      await upstream.database.db.execute(sql`select provider_id, sport_id from matches where id = ${matchId}`),
    );
    const publisher = await FeedPublisher.connect(rabbit && 'url' in rabbit ? rabbit.url : '', 4, { prefix: env.AMQP_PREFIX });
    const feed = crossingFeed(BASE + k * DAY);
    await Promise.all(feed.map((message) => publisher.publish({ providerId: m!.provider_id, sportId: m!.sport_id, matchId }, [message])));
    await publisher.close();
    return feed.length;
  }

  const drained = (k: number, messages: number) =>
    waitFor(
      `match ${matchIds[k]} drained`,
      async () => {
        const [row] = rowsOf<{ n: number; pending: number }>(
          await upstream.database.db.execute(sql`
      select (select count(*)::int from offers where match_id = ${matchIds[k]!}) + (select count(*)::int from match_events where match_id = ${matchIds[k]!}) as n,
             (select count(*)::int from deliveries where match_id = ${matchIds[k]!} and status = 'PENDING') as pending`),
        );
        return row!.n === messages && row!.pending === 0;
      },
      180_000,
    );

  async function workers(batchMax: number): Promise<WorkerProcess[]> {
    return Promise.all([0, 1].map((index) => startWorker({ ...env, ENGINE_WORKER_INDEX: String(index), ENGINE_BATCH_MAX: String(batchMax) })));
  }

  it('reference: the set is exhausted and keeps crossing', () => {
    expect(reference.suppressions.filter((s) => s.includes('MAX_THRESHOLD') && !s.includes(' x1 ')).length).toBeGreaterThan(0);
  });

  it('batches of 1', async () => {
    const n = await publish(1);
    const running = await workers(1);
    try {
      await drained(1, n);
      const metrics = await Promise.all(running.map((w) => w.metrics()));
      expect(Math.max(...metrics.map((m) => m.max_batch_size as number))).toBe(1);
    } finally {
      await Promise.all(running.map((w) => w.stop()));
    }
    expect(await storedRows(upstream.database.db, matchIds[1]!)).toEqual(reference);
  }, 300_000);

  it('batches of 7, the ledger versions of its contacts moved under the workers all along: batches decided again', async () => {
    const n = await publish(2);
    let moving = true;
    const mover = (async () => {
      while (moving) {
        await upstream.database.db.execute(sql`update contact_push_ledger set version = version + 1`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const running = await workers(7);
    try {
      await drained(2, n);
      const metrics = await Promise.all(running.map((w) => w.metrics()));
      // How many batches met a moved version depends on timing (the embedded test forces them):
      // printed, and the rows below must match whatever the count.
      console.log(`[broker-batches] batches decided again: ${metrics.reduce((sum, m) => sum + (m.redecided as number), 0)}`);
    } finally {
      moving = false;
      await mover;
      await Promise.all(running.map((w) => w.stop()));
    }
    expect(await storedRows(upstream.database.db, matchIds[2]!)).toEqual(reference);
  }, 300_000);

  it('batches of 200, the worker holding them killed mid-drain: the other takes them redelivered', async () => {
    // Paused while the feed is published, so the first batch is a full one when they resume.
    const running = await workers(200);
    for (const w of running) w.child.kill('SIGSTOP');
    const n = await publish(3);
    for (const w of running) w.child.kill('SIGCONT');
    try {
      // Kill whichever consumes the match while it holds messages it has not acked.
      let victim: WorkerProcess | undefined;
      const until = Date.now() + 60_000;
      while (!victim && Date.now() < until) {
        const metrics = await Promise.all(running.map((w) => w.metrics()));
        victim = running[metrics.findIndex((m) => (m.consumed as number) > (m.acked as number))];
        if (!victim) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(victim).toBeDefined();
      victim!.child.kill('SIGKILL');
      await drained(3, n);
      expect((await running.find((w) => w !== victim)!.metrics()).redelivered as number).toBeGreaterThan(0);
    } finally {
      await Promise.all(running.map((w) => w.stop()));
    }
    expect(await storedRows(upstream.database.db, matchIds[3]!)).toEqual(reference);
  }, 300_000);
});
