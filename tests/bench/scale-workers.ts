/**
 * The scale bench's engine workers (scale.bench.ts): starting them on the bench's database and
 * broker, and what they report: CPU per offer, messages consumed, batches, re-decisions, loads.
 */
import { startWorker, type WorkerProcess } from '../support/engine-cluster';
import { killOnExit } from '../support/processes';
import { onCleanup } from './bench-cleanup';
import { cpuSeconds } from './scale-cpu';

/** The shard queues the workers share. */
export const SHARDS = 8;

/** A worker's environment: on `databaseUrl` and the test broker, one of `workerCount` sharing the shards. */
export const workerEnv = (databaseUrl: string, workerCount: number, prefix: string) => ({
  DATABASE_URL: databaseUrl,
  AMQP_URL: process.env.TEST_AMQP_URL!,
  AMQP_PREFIX: prefix,
  ENGINE_SHARDS: String(SHARDS),
  ENGINE_WORKERS: String(workerCount),
  LOG_LEVEL: 'error',
});
/**
 * A worker the bench's cleanup stops too, should the bench end (interrupted, failed) before it
 * does (bench-cleanup.ts); its stop() is that cleanup step, run once.
 */
export function tracked(worker: WorkerProcess): WorkerProcess {
  killOnExit(worker.child);
  const stop = onCleanup(`engine worker ${worker.child.pid}`, () => worker.stop());
  return {
    ...worker,
    stop: async () => {
      await stop();
      return worker.child.exitCode;
    },
  };
}

// Each worker takes its own shards (the standby subscriptions come after the run).
export const startWorkers = (databaseUrl: string, workerCount: number, prefix: string) =>
  Promise.all(
    Array.from({ length: workerCount }, async (_, index) =>
      tracked(await startWorker({ ...workerEnv(databaseUrl, workerCount, prefix), ENGINE_WORKER_INDEX: String(index), ENGINE_STANDBY_DELAY_MS: '600000' })),
    ),
  );

/** Each worker's CPU seconds so far (user + system, from /proc). */
export const workerCpu = (workers: WorkerProcess[]) => workers.map((w) => cpuSeconds(w.child.pid!));

/** CPU-ms per offer of the workers together, and of each worker per message it consumed in the run. */
export async function cpuPerOffer(workers: WorkerProcess[], before: number[], consumedBefore: number[], offers: number) {
  const after = workerCpu(workers);
  const spent = after.map((s, k) => (s - before[k]!) * 1000);
  const consumed = (await Promise.all(workers.map((w) => w.metrics()))).map((m, k) => (m.consumed as number) - consumedBefore[k]!);
  return {
    cpuMsPerOffer: spent.reduce((a, b) => a + b, 0) / offers,
    cpuPerWorker: spent.map((ms, k) => (consumed[k] ? (ms / consumed[k]!).toFixed(3) : '-')).join(' / '),
  };
}

export const consumedOf = async (workers: WorkerProcess[]) => (await Promise.all(workers.map((w) => w.metrics()))).map((m) => m.consumed as number);

export async function batchesOf(workers: WorkerProcess[]): Promise<{ mean: number; perWorker: string; redecided: number; loads: number }> {
  const metrics = await Promise.all(workers.map((w) => w.metrics()));
  const batches = metrics.reduce((n, m) => n + (m.batches as number), 0);
  const consumed = metrics.map((m) => m.consumed as number);
  const sum = (key: string) => metrics.reduce((n, m) => n + ((m[key] as number | undefined) ?? 0), 0);
  // Batches decided again after another worker moved a contact's ledger row, and match states read whole.
  return {
    mean: consumed.reduce((a, b) => a + b, 0) / Math.max(1, batches),
    perWorker: consumed.join(' / '),
    redecided: sum('redecided'),
    loads: sum('match_loads'),
  };
}
