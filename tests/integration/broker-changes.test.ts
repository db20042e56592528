/**
 * Change notices across processes (docs/scaling-out.md): an engine worker process stores what it
 * consumed from RabbitMQ and announces it; the API process (`infra/upstream/src/main.ts`, its own
 * process, no engine of its own ingesting: its ingest route only publishes) must carry that notice
 * on its change stream, read here with the relay's own subscriber (relay/src/live/polling/change-stream.ts).
 * Once over Postgres LISTEN/NOTIFY (no REDIS_URL), once over Redis pub/sub (REDIS_URL set, when a
 * Redis is available).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice, FeedMessage, IngestReply } from '@odds/protocol';
import { type Database, DEMO, matches, offers, openDatabase } from '@odds/upstream/testing';
import { ChangeStream, createRelayMetrics } from '@odds/relay/testing';
import { startWorker, waitFor, type WorkerProcess } from '../support/engine-cluster';
import { acquirePostgres } from '../support/postgres';
import { freePort } from '../support/processes';
import { acquireRabbit } from '../support/rabbitmq';
import { acquireRedis, testPrefix } from '../support/redis';

const root = fileURLToPath(new URL('../..', import.meta.url));
const postgres = await acquirePostgres();
const rabbit = 'skip' in postgres ? { skip: 'no Postgres' } : await acquireRabbit();
const redis = await acquireRedis();
const skip = 'skip' in postgres ? postgres.skip : 'skip' in rabbit ? rabbit.skip : null;
if (skip) console.warn(`[broker change stream suite skipped] ${skip}`);
if (skip && !('skip' in postgres)) await postgres.release();
if ('skip' in redis) console.warn(`[broker change stream over Redis skipped] ${redis.skip}`);

/** The API process (`npm start`'s upstream entry), resolved once it answers /healthz. */
async function startApi(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; output: string[] }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/upstream/src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, UPSTREAM_PORT: String(port), UPSTREAM_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `the API process on ${url}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`the API process exited with ${child.exitCode}:\n${output.join('')}`);
      return fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    120_000,
  );
  return { url, child, output };
}

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

describe.skipIf(skip !== null)('change notices of an engine worker reach the API process’s change stream', () => {
  let database: Database;
  let matchId: number;
  const saved = { ...process.env };

  beforeAll(async () => {
    if ('skip' in postgres) return;
    // The first API process migrates and seeds; the test reads the database beside it.
    database = await openDatabase(postgres.url);
  }, 120_000);

  afterAll(async () => {
    process.env = saved;
    await database?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  const transports = [
    { name: 'Postgres LISTEN/NOTIFY', redisUrl: null as string | null },
    ...('skip' in redis ? [] : [{ name: 'Redis pub/sub', redisUrl: redis.url }]),
  ];

  it.each(transports)(
    'over $name',
    async ({ redisUrl }) => {
      if ('skip' in postgres || 'skip' in rabbit) return;
      const prefix = `test-changes-${Math.random().toString(36).slice(2, 8)}`;
      const env: Record<string, string> = {
        DATABASE_URL: postgres.url,
        AMQP_URL: rabbit.url,
        AMQP_PREFIX: prefix,
        ENGINE_SHARDS: '2',
        ENGINE_WORKERS: '1',
        ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: testPrefix('changes') } : { REDIS_URL: '' }),
      };
      const api = await startApi(env);
      let worker: WorkerProcess | null = null;
      let stream: ChangeStream | null = null;
      try {
        worker = await startWorker(env);
        const login = await fetch(`${api.url}/api/1/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(DEMO),
        });
        expect(login.status).toBe(200);
        const { token } = (await login.json()) as { token: string };
        matchId ??= (await database.db.select({ id: matches.id }).from(matches).orderBy(matches.id).limit(1))[0]!.id;

        // The relay's subscriber, as a relay runs it against this API process.
        const notices: ChangeNotice[] = [];
        let connected = false;
        stream = new ChangeStream({
          baseUrl: api.url,
          credentials: { kind: 'service account', token: async () => token, readsOperatorTables: () => true, rejected: () => {} } as never,
          onNotice: (notice) => notices.push(notice),
          onConnected: () => (connected = true),
          metrics: createRelayMetrics(),
          log: pino({ level: 'silent' }),
        });
        stream.setActive(true);
        await waitFor('the change stream connected', async () => connected, 30_000);

        const sourceId = `cross-${prefix}`;
        const offer: FeedMessage = {
          type: 'offer',
          source_id: sourceId,
          sent_at: new Date().toISOString(),
          market: { type_id: 1, line: null },
          outcomes: [
            { label: '1', line: null, odds: 2100 },
            { label: 'X', line: null, odds: 3300 },
            { label: '2', line: null, odds: 3500 },
          ],
          match_time: null,
          prematch: true,
          score: 'PRE',
        } as FeedMessage;
        const ingest = await fetch(`${api.url}/api/1/engine/match/${matchId}/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
          body: JSON.stringify({ messages: [offer] }),
        });
        expect(ingest.status).toBe(200);
        // Broker mode: the API only published it; storing and announcing it is the worker's.
        expect((await ingest.json()) as IngestReply).toMatchObject({ accepted: 1, offers: 0 });

        await waitFor(
          'the worker stored the offer',
          async () => (await database.db.select({ id: offers.id }).from(offers).where(eq(offers.sourceId, sourceId))).length === 1,
          60_000,
        );
        const [stored] = await database.db.select({ id: offers.id }).from(offers).where(eq(offers.sourceId, sourceId));
        await waitFor('the worker’s notice on the API’s change stream', async () => notices.some((n) => n.offer_ids.includes(stored!.id)), 30_000);
        const notice = notices.find((n) => n.offer_ids.includes(stored!.id))!;
        expect(notice).toMatchObject({ match_id: matchId, topics: expect.arrayContaining(['feed', 'offers']), reset: false });
        expect(notice.seq).toBeGreaterThan(0);
        const metrics = (await worker.metrics()) as { acked: number };
        expect(metrics.acked).toBeGreaterThanOrEqual(1);
      } finally {
        await stream?.close();
        if (worker) await worker.stop();
        await stopProcess(api.child);
      }
    },
    240_000,
  );
});
