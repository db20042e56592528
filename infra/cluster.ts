/**
 * `npm run cluster`: the production shape on this machine (docs/scaling-out.md), over the
 * Postgres, Redis and RabbitMQ given by DATABASE_URL, REDIS_URL and AMQP_URL: one API process
 * (upstream routes; its ingest route publishes to the broker; no engine), two engine workers
 * (`npm run engine`, health and metrics on ENGINE_PORT and ENGINE_PORT+1), and two relays on PORT
 * and PORT+1 sharing Redis. Builds the client if needed. An engine worker that dies is started
 * again a second later (doubling with crashes in a row) (meanwhile the other worker's standby subscriptions take its shards: the
 * failover docs/scaling-out.md describes); the API or a relay ending stops the cluster.
 */
import { startProcess } from '@odds/ops';
import { Launcher } from './launcher';

// Its own settings, checked like any process's; each child checks its own from the whole environment.
const env = startProcess('cluster');
const missing = (['DATABASE_URL', 'REDIS_URL', 'AMQP_URL'] as const).filter((name) => !env[name]);
if (missing.length) {
  console.error(`npm run cluster needs ${missing.join(', ')} (postgres://…, redis://…, amqp://…): see docs/scaling-out.md.`);
  process.exit(2);
}
const port = env.PORT;
const upstreamPort = env.UPSTREAM_PORT;
const enginePort = env.ENGINE_PORT;
const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
const launcher = new Launcher(process.env);

launcher.buildClientIfMissing();
// The API first: it migrates and seeds the database the workers then share.
launcher.run('API', ['infra/upstream/src/main.ts'], { env: { UPSTREAM_PORT: String(upstreamPort) }, onExit: 'stop-all' });
await launcher.waitFor(`${upstreamUrl}/healthz`, 'The API');
for (const index of [0, 1]) {
  launcher.run(`engine worker ${index}`, ['infra/upstream/src/broker/worker-main.ts'], {
    env: { ENGINE_PORT: String(enginePort + index), ENGINE_WORKER_INDEX: String(index), ENGINE_WORKERS: '2' },
  });
}
for (const index of [0, 1])
  launcher.run(`relay ${index}`, ['relay/src/main.ts'], { env: { PORT: String(port + index), UPSTREAM_URL: upstreamUrl }, onExit: 'stop-all' });
for (const index of [0, 1]) await launcher.waitFor(`http://127.0.0.1:${enginePort + index}/healthz`, `Engine worker ${index}`);
for (const index of [0, 1]) await launcher.waitFor(`http://127.0.0.1:${port + index}/healthz`, `Relay ${index}`);
console.log(`
  Odds console cluster is up: http://localhost:${port} and http://localhost:${port + 1} (two relays on Redis)
  API ${upstreamUrl} (ingest publishes to RabbitMQ); engine workers: http://127.0.0.1:${enginePort}/metrics, http://127.0.0.1:${enginePort + 1}/metrics
  Feed it with: npm run feed:replay -- infra/feeds/netherlands-usa-2022-round-of-16.jsonl --upstream ${upstreamUrl} --league 'World Cup Classics'
  Stop with Ctrl+C.
`);
