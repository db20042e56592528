/**
 * `npm run cluster`: the production shape on this machine (docs/scaling-out.md), over the
 * Postgres, Redis and RabbitMQ given by DATABASE_URL, REDIS_URL and AMQP_URL: one API process
 * (upstream routes; its ingest route publishes to the broker; no engine), two engine workers
 * (`npm run engine`, health and metrics on ENGINE_PORT and ENGINE_PORT+1), and two relays on PORT
 * and PORT+1 sharing Redis. Builds the client if needed. An engine worker that dies is started
 * again a second later (meanwhile the other worker's standby subscriptions take its shards: the
 * failover docs/scaling-out.md describes); the API or a relay ending stops the cluster.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const missing = ['DATABASE_URL', 'REDIS_URL', 'AMQP_URL'].filter((name) => !env[name]);
if (missing.length) {
  console.error(`npm run cluster needs ${missing.join(', ')} (postgres://…, redis://…, amqp://…): see docs/scaling-out.md.`);
  process.exit(2);
}
const port = Number(env.PORT ?? 8080);
const upstreamPort = Number(env.UPSTREAM_PORT ?? 8081);
const enginePort = Number(env.ENGINE_PORT ?? 9100);
const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
const children: ChildProcess[] = [];
let stopping = false;

function run(name: string, entry: string, extra: NodeJS.ProcessEnv, { restart = false } = {}): void {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, env: { ...env, ...extra }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    children.splice(children.indexOf(child), 1);
    if (restart) {
      console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); the other worker takes its shards; starting it again in 1 s.`);
      setTimeout(() => stopping || run(name, entry, extra, { restart }), 1_000);
      return;
    }
    console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping the cluster.`);
    void stop(code ?? 1);
  });
  children.push(child);
}

async function stop(code: number): Promise<never> {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

async function waitFor(url: string, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
  await stop(1);
}

if (!existsSync(`${root}/client/dist/index.html`)) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The API first: it migrates and seeds the database the workers then share.
run('API', 'infra/upstream/src/main.ts', { UPSTREAM_PORT: String(upstreamPort) });
await waitFor(`${upstreamUrl}/healthz`, 'The API');
for (const index of [0, 1]) {
  run(`engine worker ${index}`, 'infra/upstream/src/broker/worker-main.ts', { ENGINE_PORT: String(enginePort + index), ENGINE_WORKER_INDEX: String(index), ENGINE_WORKERS: '2' }, { restart: true });
}
for (const index of [0, 1]) run(`relay ${index}`, 'relay/src/main.ts', { PORT: String(port + index), UPSTREAM_URL: upstreamUrl });
for (const index of [0, 1]) await waitFor(`http://127.0.0.1:${enginePort + index}/healthz`, `Engine worker ${index}`);
for (const index of [0, 1]) await waitFor(`http://127.0.0.1:${port + index}/healthz`, `Relay ${index}`);
console.log(`
  Odds console cluster is up: http://localhost:${port} and http://localhost:${port + 1} (two relays on Redis)
  API ${upstreamUrl} (ingest publishes to RabbitMQ); engine workers: http://127.0.0.1:${enginePort}/metrics, http://127.0.0.1:${enginePort + 1}/metrics
  Feed it with: npm run feed:replay -- infra/feeds/netherlands-usa-2022-round-of-16.jsonl --upstream ${upstreamUrl} --league 'World Cup Classics'
  Stop with Ctrl+C.
`);
