/**
 * The servers a bench needs (Postgres, Redis, RabbitMQ): those TEST_DATABASE_URL, TEST_REDIS_URL
 * and TEST_AMQP_URL name, or throwaway ones started the way .ci/run does (.ci/services.sh), which
 * `stop()` stops again (their processes and folders), as does the bench's cleanup should it be
 * interrupted or fail first (bench-cleanup.ts). Answers null when some are missing and none could
 * be started; those started before the one that failed are stopped.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './bench-cleanup';

const root = fileURLToPath(new URL('../..', import.meta.url));
const START = {
  postgres: ['start_postgres', 'TEST_DATABASE_URL'],
  redis: ['start_redis', 'TEST_REDIS_URL'],
  rabbitmq: ['start_rabbitmq', 'TEST_AMQP_URL'],
} as const;
type Service = keyof typeof START;
/** What stop_services needs to find the servers it stops (shell variables, not exported: printed by name). */
const KEPT = ['PG_DIR', 'PG_BIN', 'REDIS_PORT', 'RABBIT_NODE', 'RABBIT_DIR'];

/**
 * Starts the missing servers in one shell. A start that fails, or the shell interrupted meanwhile
 * (Ctrl+C reaches it too), stops those already started (and PG_BIN is known before Postgres starts,
 * so an interrupted start_postgres still finds pg_ctl); on success it prints, a `NAME=value` line
 * each, the URLs and what stop_services needs.
 */
const startScript = (missing: Service[]) =>
  [
    'source .ci/services.sh',
    'PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)',
    "trap 'stop_services; exit 130' INT TERM",
    `if ${missing.map((s) => `${START[s][0]} >&2`).join(' && ')}; then`,
    `  for name in ${[...missing.map((s) => START[s][1]), ...KEPT].join(' ')}; do echo "$name=\${!name:-}"; done`,
    'else stop_services; exit 1; fi',
  ].join('\n');

export async function benchServices(needed: Service[]): Promise<{ stop(): Promise<void> } | null> {
  const missing = needed.filter((s) => !process.env[START[s][1]]);
  if (!missing.length) return { stop: async () => {} };
  const started = spawnSync('bash', ['-c', startScript(missing)], { cwd: root, encoding: 'utf8' });
  process.stderr.write(started.stderr);
  if (started.status !== 0) return null;
  const vars = Object.fromEntries(
    started.stdout
      .trim()
      .split('\n')
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  const kept = Object.fromEntries(KEPT.filter((k) => vars[k]).map((k) => [k, vars[k]!]));
  const stop = onCleanup(`the servers it started (${missing.join(', ')})`, () => {
    spawnSync('bash', ['-c', 'source .ci/services.sh; stop_services'], { cwd: root, env: { ...process.env, ...kept } });
    for (const s of missing) delete process.env[START[s][1]];
  });
  for (const s of missing) process.env[START[s][1]] = vars[START[s][1]];
  return { stop };
}
