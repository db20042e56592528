/**
 * Retries survive the worker that planned them: two engine workers (`npm run engine`) on one
 * Postgres and RabbitMQ, a short retry schedule, and a webhook receiver that refuses each
 * delivery's first call and holds its second without answering. The worker that ingests the
 * matches is killed with -9 while it holds such calls and planned retries; the other one, whose
 * poller claims due sends with FOR UPDATE SKIP LOCKED, completes every one of them, none twice.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '@odds/protocol';
import { createTestUpstream, FeedPublisher, type TestUpstream } from '@odds/upstream/testing';
import { startWorker, waitFor, type WorkerProcess } from '../support/engine-cluster';
import { handMadeFeed, prepareMatches } from '../support/engine-fixture';
import { acquirePostgresAndRabbit } from '../support/rabbitmq';

const { postgres, rabbit, skip } = await acquirePostgresAndRabbit('broker retries suite');

const DAY = 86_400_000;
const BASE = Date.parse('2031-08-01T17:59:00Z');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf(skip !== null)('retries across engine workers', () => {
  let upstream: TestUpstream;
  let hooks: Server;
  const answers: { key: string; status: number | 'held' }[] = [];
  let held = 0;
  const workers: WorkerProcess[] = [];
  let matchIds: number[];
  let env: Record<string, string>;
  const saved = { ...process.env };

  beforeAll(async () => {
    if ('skip' in postgres || 'skip' in rabbit) return;
    hooks = createServer((request, response) => {
      const key = String(request.headers['idempotency-key']);
      const attempt = answers.filter((a) => a.key === key).length + 1;
      request.resume().on('end', () => {
        if (attempt === 1) {
          answers.push({ key, status: 503 });
          return void response.writeHead(503).end();
        }
        if (attempt === 2) {
          // Held: the caller times out, or dies waiting.
          answers.push({ key, status: 'held' });
          held += 1;
          return;
        }
        answers.push({ key, status: 200 });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const prefix = `test-${Math.random().toString(36).slice(2, 8)}`;
    env = {
      DATABASE_URL: postgres.url,
      AMQP_URL: rabbit.url,
      AMQP_PREFIX: prefix,
      ENGINE_SHARDS: '2',
      // Every shard is each worker's own: the first to subscribe owns them all, the other stands by.
      ENGINE_WORKERS: '1',
      ENGINE_STANDBY_DELAY_MS: '500',
      ENGINE_SEND_GRACE_MS: '2000',
      DELIVERY_RETRY_SCHEDULE: '1s',
      DELIVERY_RETRY_DEADLINE: '10m',
      DELIVERY_TIMEOUT_MS: '3000',
      DELIVERY_POLL_MS: '200',
    };
    // This process publishes the feed (to the exchange under the workers' AMQP_PREFIX).
    upstream = await createTestUpstream({ databaseUrl: postgres.url });
    matchIds = await prepareMatches(upstream.database.db, `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`, 2);
    workers.push(await startWorker({ ...env, DELIVERY_POLL_MS: '100' }));
    // The standby polls rarely, so the owner claims the retries it planned (and is killed holding them).
    workers.push(await startWorker({ ...env, DELIVERY_POLL_MS: '10000' }));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await upstream?.close();
    hooks?.closeAllConnections();
    hooks?.close();
    process.env = saved;
    if (!('skip' in postgres)) await postgres.release();
  });

  it('a worker killed -9 while it holds retries: the other completes them, none delivered twice', async () => {
    const [owner, other] = workers as [WorkerProcess, WorkerProcess];
    const publisher = await FeedPublisher.connect(env.AMQP_URL!, 2, { prefix: env.AMQP_PREFIX });
    for (const [k, matchId] of matchIds.entries()) {
      const [m] = rowsOf<{ provider_id: number; sport_id: number }>(
        await upstream.database.db.execute(sql`select provider_id, sport_id from matches where id = ${matchId}`),
      );
      await publisher.publish({ providerId: m!.provider_id, sportId: m!.sport_id, matchId }, handMadeFeed(BASE + k * DAY) as FeedMessage[]);
    }
    await publisher.close();
    const webhook = async () =>
      rowsOf<{ id: number; status: string; attempts: number }>(
        await upstream.database.db.execute(sql`
      select d.id, d.status, coalesce(s.attempts, 0)::int as attempts from deliveries d left join delivery_sends s on s.delivery_id = d.id
      where d.match_id in (${sql.join(
        matchIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and d.channel_id = 6 order by d.id`),
      );
    // The owner ingested, made the first calls (refused), planned their retries and claimed them: the receiver holds those calls.
    const claimedByOwner = async () =>
      rowsOf<{ id: number }>(
        await upstream.database.db.execute(sql`
      select delivery_id as id from delivery_sends where claimed_by like ${`${owner.child.pid}-%`} and claimed_until > now()`),
      ).map((r) => r.id);
    await waitFor('retries claimed by the owner, held by the receiver', async () => held >= 2 && (await claimedByOwner()).length >= 2, 60_000);
    const holding = await claimedByOwner();
    expect((await owner.metrics()).offers).toBeGreaterThan(0);
    owner.child.kill('SIGKILL');
    await waitFor('every webhook delivery sent', async () => (await webhook()).every((d) => d.status === 'SENT'), 90_000);
    const rows = await webhook();
    expect(rows).toHaveLength(6);
    for (const d of rows) {
      const seen = answers.filter((a) => a.key === `delivery-${d.id}`).map((a) => a.status);
      // Refused, held (or timed out), then accepted once: a call cut off by the kill is made again with the same key.
      expect(seen[0]).toBe(503);
      expect(seen.filter((s) => s === 200)).toHaveLength(1);
      // Each call made was claimed first (a claim cut off before its call counts, never the reverse).
      expect(d.attempts).toBeGreaterThanOrEqual(seen.length);
    }
    // Those the owner held when it died went out again from the other worker, accepted once.
    for (const id of holding) expect(answers.filter((a) => a.key === `delivery-${id}`).map((a) => a.status)).toEqual([503, 'held', 200]);
    const sends = (await other.metrics()).sends as { attempts: number; sent: number };
    expect(sends.sent).toBeGreaterThanOrEqual(holding.length);
    workers.splice(workers.indexOf(owner), 1);
  }, 120_000);
});
