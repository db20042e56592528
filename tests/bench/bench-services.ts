/**
 * The servers a bench needs (Postgres, Redis, RabbitMQ): those TEST_DATABASE_URL, TEST_REDIS_URL
 * and TEST_AMQP_URL name, or throwaway ones started the way .ci/run does (.ci/services.sh), which
 * `stop()` stops again. Answers null when some are missing and none could be started.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const START = {
  postgres: ['start_postgres', 'TEST_DATABASE_URL'],
  redis: ['start_redis', 'TEST_REDIS_URL'],
  rabbitmq: ['start_rabbitmq', 'TEST_AMQP_URL'],
} as const;
type Service = keyof typeof START;
const KEPT = ['PG_DIR', 'PG_BIN', 'REDIS_PORT', 'RABBIT_NODE', 'RABBIT_DIR'];

export async function benchServices(needed: Service[]): Promise<{ stop(): void } | null> {
  const missing = needed.filter((s) => !process.env[START[s][1]]);
  if (!missing.length) return { stop() {} };
  const script = `source .ci/services.sh; ${missing.map((s) => `${START[s][0]} >&2`).join(' && ')} && env`;
  const started = spawnSync('bash', ['-c', script], { cwd: root, encoding: 'utf8' });
  process.stderr.write(started.stderr);
  if (started.status !== 0) return null;
  const vars = Object.fromEntries(
    started.stdout
      .trim()
      .split('\n')
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  for (const s of missing) process.env[START[s][1]] = vars[START[s][1]];
  const kept = Object.fromEntries(KEPT.filter((k) => vars[k]).map((k) => [k, vars[k]!]));
  return { stop: () => void spawnSync('bash', ['-c', 'source .ci/services.sh; stop_services'], { cwd: root, env: { ...process.env, ...kept } }) };
}
