/**
 * The two shapes the saturday bench loads, as real processes on loopback ports, each carrying
 * saturday-probe.mjs (NODE_OPTIONS) so every Node process reports its requests, event-loop lag,
 * CPU and RSS:
 * - embedded: `npm start` (the supervisor, the upstream on PGlite on disk, one relay), demo feed off;
 * - broker: on Postgres, Redis and RabbitMQ, 2 API processes (the ingest route publishes to the
 *   broker), 2 engine workers, 2 relays sharing Redis (relay i in front of API i).
 * The database is seeded and given the bench's markets and matches (saturday-data.ts) and the
 * book of its feed → channel figures (the stack's `StackBook`: saturday-book.ts, with the vendor
 * fakes' settings for every server process) before the servers start; `openDatabase` reads it
 * again after the window. SATURDAY_NODE_OPTIONS: more Node options for every server process (e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/p`: a CPU profile of each as it ends, to see where time goes).
 * Each thing a stack starts (processes, its data folder, its database) is registered with the
 * bench's cleanup as it starts (bench-cleanup.ts), so an interrupt midway stops it too; `stop()`
 * stops them all in order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, type Db, ensureDemoUser, openDatabase, seedDemoData } from '@odds/upstream/testing';
import { MANY_CLIENTS_ENV } from '../support/admission';
import { ConsoleProcess } from '../support/console-process';
import { startWorker } from '../support/engine-cluster';
import { freePort, killOnExit } from '../support/processes';
import { spawn } from 'node:child_process';
import { onCleanup, stopProcess } from './bench-cleanup';
import { removesTopology } from './bench-topology';
import { listenerOf } from './scale-cpu';
import { prepareSaturday, type FeedMarket } from './saturday-data';

export const PROBE = fileURLToPath(new URL('./saturday-probe.mjs', import.meta.url));

/** The probe in every server process, and SATURDAY_NODE_OPTIONS. */
const NODE_OPTIONS = `--import ${PROBE} ${process.env.SATURDAY_NODE_OPTIONS ?? ''}`.trim();
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Stack {
  mode: 'embedded' | 'broker';
  /** Where consoles connect (relays), and where the feed posts (the upstream or API processes). */
  relays: string[];
  apis: string[];
  matchIds: number[];
  markets: FeedMarket[];
  /** Server processes that are not Node (Postgres with its backends, Redis, RabbitMQ): label → pid. */
  servers: Record<string, number | null>;
  /** The stack's database, to read what the run left (the caller closes it); embedded, the console is stopped first, as PGlite has one process at a time. */
  openDatabase(): Promise<Database>;
  stop(): Promise<void>;
}

/** What the stack's database is given before its servers start, and the settings every server process gets with it. */
export interface StackBook {
  env: Record<string, string>;
  write(db: Db, matchIds: number[]): Promise<void>;
}

async function ready(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function prepare(url: string, n: number, book: StackBook) {
  const database = await openDatabase(url);
  await seedDemoData(database.db);
  await ensureDemoUser(database.db, 'demo@example.com', 'demo', false);
  const prepared = await prepareSaturday(database.db, n);
  await book.write(database.db, prepared.matchIds);
  await database.close();
  return prepared;
}

export async function embeddedStack(n: number, probeDir: string, book: StackBook): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'odds-saturday-'));
  const removeDataDir = onCleanup(`the data folder ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const prepared = await prepare(join(dataDir, 'pglite'), n, book);
  const console_ = await ConsoleProcess.start({
    dataDir,
    feedSpeed: 1,
    env: { ...MANY_CLIENTS_ENV, DEMO_FEED: 'off', LOG_LEVEL: 'error', NODE_OPTIONS, SATURDAY_PROBE_DIR: probeDir, ...book.env },
  });
  killOnExit(console_.child);
  const stopConsole = onCleanup('the console (npm start)', () => console_.stop());
  await ready(`${console_.url}/healthz`);
  return {
    mode: 'embedded',
    relays: [console_.url],
    apis: [`http://127.0.0.1:${console_.upstreamPort}`],
    ...prepared,
    servers: {},
    async openDatabase() {
      await stopConsole();
      return openDatabase(join(dataDir, 'pglite'));
    },
    async stop() {
      await stopConsole();
      await removeDataDir();
    },
  };
}

export async function brokerStack(n: number, probeDir: string, book: StackBook): Promise<Stack> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const endAdmin = onCleanup('the admin connection to Postgres', () => admin.end());
  const dbName = `odds_saturday_${Date.now()}`;
  await admin.query(`create database ${dbName}`);
  const dropDatabase = onCleanup(`the database ${dbName}`, () => admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {}));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const prepared = await prepare(databaseUrl, n, book);
  const prefix = `saturday-${Date.now()}`;
  const shards = 8;
  const removeTopology = removesTopology(process.env.TEST_AMQP_URL!, prefix, shards);
  const common = {
    ...MANY_CLIENTS_ENV,
    DATABASE_URL: databaseUrl,
    AMQP_URL: process.env.TEST_AMQP_URL!,
    AMQP_PREFIX: prefix,
    ENGINE_SHARDS: String(shards),
    REDIS_URL: process.env.TEST_REDIS_URL!,
    REDIS_PREFIX: `${prefix}:`,
    LOG_LEVEL: 'error',
    NODE_OPTIONS,
    SATURDAY_PROBE_DIR: probeDir,
    ...book.env,
  };
  const node = (entry: string, env: Record<string, string>) => {
    const child = killOnExit(
      spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env: { ...process.env, ...common, ...env }, stdio: ['ignore', 'ignore', 'inherit'] }),
    );
    return { child, stop: onCleanup(entry, () => stopProcess(child)) };
  };
  const apiPorts = [await freePort(), await freePort()];
  const apis = apiPorts.map((port) => node('infra/upstream/src/main.ts', { UPSTREAM_PORT: String(port) }));
  for (const port of apiPorts) await ready(`http://127.0.0.1:${port}/healthz`);
  const workers = await Promise.all(
    [0, 1].map(async (index) => {
      // Registered once ready (startWorker hands it over then); one interrupted while starting is left to the cleanup's sweep.
      const worker = await startWorker({ ...common, ENGINE_WORKERS: '2', ENGINE_WORKER_INDEX: String(index) });
      killOnExit(worker.child);
      return { stop: onCleanup(`engine worker ${index}`, () => worker.stop()) };
    }),
  );
  const relayPorts = [await freePort(), await freePort()];
  const relays = relayPorts.map((port, i) => node('relay/src/main.ts', { PORT: String(port), UPSTREAM_URL: `http://127.0.0.1:${apiPorts[i]}` }));
  for (const port of relayPorts) await ready(`http://127.0.0.1:${port}/healthz`);
  return {
    mode: 'broker',
    relays: relayPorts.map((p) => `http://127.0.0.1:${p}`),
    apis: apiPorts.map((p) => `http://127.0.0.1:${p}`),
    ...prepared,
    servers: {
      postgres: listenerOf(Number(new URL(process.env.TEST_DATABASE_URL!).port)),
      redis: listenerOf(Number(new URL(process.env.TEST_REDIS_URL!).port)),
      rabbitmq: listenerOf(Number(new URL(process.env.TEST_AMQP_URL!).port)),
    },
    openDatabase: () => openDatabase(databaseUrl),
    async stop() {
      await Promise.all(relays.map((r) => r.stop()));
      await Promise.all(workers.map((w) => w.stop()));
      await Promise.all(apis.map((a) => a.stop()));
      await removeTopology();
      await dropDatabase();
      await endAdmin();
    },
  };
}
