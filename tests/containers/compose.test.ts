import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildPath, routes, type FeedMessage, type ListReply, type Offer } from '@odds/protocol';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { feedOrigin, FeedPublisher, readFeedFile, replayFeed, resolveMatch, toMessage, UpstreamClient } from '@odds/upstream/testing';
import { LiveView, until, type LiveSocket } from '../support/live-client';
import { OtlpCollector, type CollectedSpan } from '../support/otlp-collector';
import { bringUp, type Deployment } from './deployment';
import { containersProblem, type ComposeProject } from './podman';

/**
 * The production shape from the image: builds the console's image on a local Debian base (and
 * the Postgres, Redis, RabbitMQ and nginx stand-ins from Debian packages: no registry here),
 * brings infra/compose.yaml up step by step (deployment.ts), then: watches a live match through the
 * load balancer while a recorded feed is published into RabbitMQ, kills the relay holding the
 * socket and the worker ingesting the match, and checks that nothing was lost; finds no secret in
 * any container's environment or command line; restarts and re-creates each relay under a live
 * console; stops Postgres (the relays' 503s reach the client through nginx); restarts each API
 * during a replay (every offer stored once); follows a save and a feed message across the processes
 * (one trace each, at the test's OTLP collector); restores a backup into a wiped database. Skipped, with the reason printed, where containers
 * cannot run.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const FEED = 'netherlands-usa-2022-round-of-16.jsonl';
const SPEED = 60; // the 113 minutes of the recording in about two
/** The match the replay during the API restarts feeds, at twice that speed. */
const REPLAYED = 'england-france-2022-quarter-finals.jsonl';
/** The match whose first messages the trace case ingests. */
const TRACED = 'argentina-croatia-2022-semi-finals.jsonl';
const problem = containersProblem();
if (problem) console.log(`[containers] compose smoke test skipped: ${problem}`);

const work = mkdtempSync(join(tmpdir(), 'odds-containers-'));
const secret = () => randomBytes(18).toString('hex');
const admin = { email: 'admin@odds.example', password: secret() };
let deployment: Deployment;
let project: ComposeProject;
let lb: string;
const phases: string[] = [];
let phaseStarted = performance.now();
const phase = (what: string) => {
  const now = performance.now();
  phases.push(`${what} ${((now - phaseStarted) / 1000).toFixed(1)} s`);
  console.log(`[containers] ${what}: ${((now - phaseStarted) / 1000).toFixed(1)} s`);
  phaseStarted = now;
};

/** Each table of the database: its row count and an md5 of its rows in a fixed order. */
async function tableDigests(url: string): Promise<Map<string, { rows: number; md5: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    );
    const digests = new Map<string, { rows: number; md5: string }>();
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ rows: string; md5: string }>(
        `select count(*) as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${name}" t`,
      );
      digests.set(name, { rows: Number(rows[0]!.rows), md5: rows[0]!.md5 });
    }
    return digests;
  } finally {
    await client.end();
  }
}

/** A figure of a Prometheus text exposition (summed over its label sets). */
const metric = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);

beforeAll(async () => {
  if (problem) return;
  await bringUp(root, work, admin, phase, (created) => {
    deployment = created;
    ({ project, lb } = created);
  });
}, 1_800_000);

afterAll(async () => {
  if (project) {
    const problems = await project.down();
    const removed = await project.podman(['rmi', '-f', deployment.env.ODDS_IMAGE!], { allowFailure: true });
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
      for (const service of ['lb', 'relay-1', 'relay-2', 'api-1', 'api-2'])
        console.log(`[containers] ${service}'s last lines:\n${await project.logs(service, 40)}`);
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
    const publisher = await FeedPublisher.connect(deployment.amqpUrl, 8);
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
            `fetch('http://127.0.0.1:8080/metrics',{headers:{authorization:'Bearer '+require('fs').readFileSync('/run/secrets/metrics_token','utf8')}}).then(r=>r.text()).then(t=>console.log(t))`,
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
    // The next cases start from the whole deployment: what was killed is started again.
    for (const service of [relay, worker]) {
      await project.podman(['start', await project.container(service)]);
      await project.healthy(service);
    }
  }, 600_000);
  it("keeps every secret out of the containers' environment and command lines (they are files under /run/secrets)", async () => {
    const names = (await project.podman(['ps', '-a', '--filter', `label=com.docker.compose.project=${project.name}`, '--format', '{{.Names}}'])).output
      .trim()
      .split('\n');
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) {
      const seen = (await project.podman(['inspect', '--format', '{{json .Config.Env}} {{json .Config.Cmd}} {{json .Args}} {{json .Path}}', name])).output;
      for (const [file, value] of Object.entries(deployment.secrets))
        expect(seen.includes(value), `${file} in ${name}'s environment or command line`).toBe(false);
    }
    // And they work from the files: the relays and the APIs answer /metrics only with the token.
    expect(await project.node('relay-1', `fetch('http://127.0.0.1:8080/metrics').then(r=>console.log(r.status))`)).toContain('401');
  });

  it("follows a save from a relay through an API to its change notice, and a feed message from the API's ingest through RabbitMQ to a worker's decision, as one trace each", async () => {
    // The containers reach the test machine at host.containers.internal: the collector listens there only.
    const host = (await project.node('api-1', `require('dns').lookup('host.containers.internal',(e,a)=>console.log(a))`)).trim();
    const collector = await OtlpCollector.start(host, deployment.otlpPort);
    try {
      const client = await UpstreamClient.connect({ url: lb, ...admin });
      const feed = readFeedFile(join(root, 'infra/feeds', TRACED));
      const match = await resolveMatch(client, feed.header, { league: 'World Cup Classics' });
      await client.call('POST', routes.statEventsSave.path, { events: [{ match_id: match.id, type: 6, period: 1, game_time: 33 }] });
      const origin = feedOrigin(feed);
      await client.ingest(
        match.id,
        feed.messages.slice(0, 20).map((recorded) => toMessage(recorded, Date.now(), origin) as FeedMessage),
      );

      /** The one trace holding a span of `service` named `name`, once every process exported its part (5 s batches). */
      const traceOf = async (service: string, name: string, expected: { service: string; name: string | RegExp }[]) => {
        let spans: CollectedSpan[] = [];
        await until(
          () => {
            const first = collector.spans.find((span) => span.service === service && span.name === name);
            spans = first ? collector.trace(first.traceId) : [];
            return expected.every(({ service, name }) => spans.some((span) => span.service === service && span.name.match(name)));
          },
          `the trace of ${service}'s '${name}' to hold ${expected.map(({ service, name }) => `${service} '${name}'`).join(', ')}`,
          60_000,
        ).catch((error: Error) => {
          throw new Error(`${error.message}; it holds ${spans.map((span) => `${span.service} '${span.name}'`).join(', ') || 'nothing'}`);
        });
        return spans;
      };
      const named = (spans: CollectedSpan[], service: string, name: string | RegExp) =>
        spans.find((span) => span.service === service && span.name.match(name))!;

      const save = await traceOf('odds-api', `POST ${routes.statEventsSave.path}`, [
        { service: 'odds-relay', name: 'POST /api/1/*' },
        { service: 'odds-api', name: 'save stat_event' },
        { service: 'odds-api', name: 'publish change notice' },
      ]);
      // The API's span is the remote child of the relay's: the traceparent went through nginx.
      expect(named(save, 'odds-api', `POST ${routes.statEventsSave.path}`).parentSpanId).toBe(named(save, 'odds-relay', 'POST /api/1/*').spanId);
      expect(named(save, 'odds-relay', 'POST /api/1/*').parentSpanId).toBe('');

      const ingest = await traceOf('odds-api', `POST ${routes.ingest.path}`, [
        { service: 'odds-relay', name: 'POST /api/1/*' },
        { service: 'odds-api', name: 'publish odds.feed' },
        { service: 'odds-worker', name: /^process odds\.shard\.\d+$/ },
        { service: 'odds-worker', name: 'engine ingest' },
        { service: 'odds-worker', name: 'engine decide' },
      ]);
      // The worker's batch is the child of the publish: the traceparent went in the AMQP headers.
      expect(named(ingest, 'odds-worker', /^process /).parentSpanId).toBe(named(ingest, 'odds-api', 'publish odds.feed').spanId);
      console.log(
        `[containers] traced: a save in ${new Set(save.map((span) => span.service)).size} processes (${save.length} spans), a feed message in ${new Set(ingest.map((span) => span.service)).size} (${ingest.length} spans)`,
      );
    } finally {
      await collector.close();
    }
  }, 120_000);

  it('reaches a relay again within 10 s after it is restarted and after it is re-created, while a console stays live', async () => {
    const client = await UpstreamClient.connect({ url: lb, ...admin });
    const token = client.headers.authorization.replace(/^Token /, '');
    const match = await resolveMatch(client, readFeedFile(join(root, 'infra/feeds', FEED)).header, { league: 'World Cup Classics' });
    const socket: LiveSocket = connect(lb, { auth: { token }, transports: ['websocket'], reconnection: true, reconnectionDelayMax: 2_000, forceNew: true });
    await new Promise((resolve) => socket.once('hello', resolve));
    const view = new LiveView(socket, match.id);
    expect((await view.watch()).ok).toBe(true);
    /** Seconds until every one of 10 calls through the load balancer is answered by the relay left up. */
    const servedBy = async (up: string, down: string) => {
      await project.podman(['stop', '-t', '2', await project.container(down)]);
      const started = performance.now();
      await until(
        async () => {
          for (let i = 0; i < 10; i++) if ((await fetch(`${lb}/healthz`).catch(() => null))?.status !== 200) return false;
          return true;
        },
        `the load balancer to reach ${up} alone`,
        30_000,
      );
      const seconds = (performance.now() - started) / 1000;
      await project.podman(['start', await project.container(down)]);
      await project.healthy(down);
      return seconds;
    };
    await project.podman(['restart', '-t', '2', await project.container('relay-1')]);
    await project.healthy('relay-1');
    const afterRestart = await servedBy('relay-1', 'relay-2');
    const before = await project.container('relay-2');
    await project.podman(['rm', '-f', '-t', '2', before]);
    await project.compose(['up', '-d', '--no-deps', 'relay-2']);
    await project.healthy('relay-2');
    const afterRecreate = await servedBy('relay-2', 'relay-1');
    console.log(
      `[containers] the load balancer reached relay-1 ${afterRestart.toFixed(1)} s after its restart, re-created relay-2 ${afterRecreate.toFixed(1)} s after`,
    );
    expect(afterRestart).toBeLessThanOrEqual(10);
    expect(afterRecreate).toBeLessThanOrEqual(10);
    // The console came through: connected, and its watch answers.
    await until(() => socket.connected, 'the console to be connected', 30_000);
    expect((await view.watch()).ok).toBe(true);
    socket.close();
  }, 300_000);

  it("passes the relays' 503s through while Postgres is stopped: the console's services-down view, never nginx's 502", async () => {
    const client = await UpstreamClient.connect({ url: lb, ...admin });
    await project.podman(['stop', '-t', '5', await project.container('postgres')]);
    try {
      await until(async () => (await fetch(`${lb}/readyz`)).status === 503, '/readyz to answer 503 through the load balancer', 60_000);
      const offers = await fetch(`${lb}${buildPath(routes.matchOffers, { matchId: 1 })}`, { headers: client.headers });
      expect(offers.status).toBe(503);
      expect(((await offers.json()) as { code?: string }).code).toBeTruthy();
      const page = await fetch(`${lb}/`);
      expect({ status: page.status, html: (await page.text()).includes('<div id="root">') }).toEqual({ status: 200, html: true });
    } finally {
      await project.podman(['start', await project.container('postgres')]);
      await project.healthy('postgres');
    }
    await until(async () => (await fetch(`${lb}/readyz`)).status === 200, '/readyz to answer 200 again', 120_000);
  }, 300_000);

  it('stores every offer of a replay once while each API process restarts under it', async () => {
    const client = await UpstreamClient.connect({ url: lb, ...admin });
    const feed = readFeedFile(join(root, 'infra/feeds', REPLAYED));
    const match = await resolveMatch(client, feed.header, { league: 'World Cup Classics' });
    const offersInFeed = feed.messages.filter((m) => m.type === 'offer').length;
    let retries = 0;
    const replaying = replayFeed({
      client,
      matchId: match.id,
      feed,
      speed: SPEED * 2,
      batchSize: 10,
      onRetry: () => {
        retries += 1;
      },
    });
    for (const api of ['api-1', 'api-2']) {
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      await project.podman(['restart', '-t', '5', await project.container(api)]);
      await project.healthy(api);
    }
    await replaying;
    let last = '';
    await until(
      async () => {
        const rest = await client.call<ListReply<Offer>>('GET', buildPath(routes.matchOffers, { matchId: match.id }));
        last = `REST ${rest.results.length} offers of ${offersInFeed} in the feed`;
        return rest.results.length === offersInFeed;
      },
      'every offer of the replay stored once',
      90_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${last}`);
    });
    console.log(`[containers] ${last} after both APIs restarted under the replay (${retries} calls sent again)`);
  }, 600_000);
  it('restores a backup into a wiped database: the same rows in every table, and the console signs in with its old token', async () => {
    const client = await UpstreamClient.connect({ url: lb, ...admin });
    // The drill's maintenance window: nothing writes while the rows are compared (the relays stay,
    // answering 503 meanwhile).
    const writers = ['api-1', 'api-2', 'worker-1', 'worker-2'];
    for (const service of writers) await project.podman(['stop', '-t', '5', await project.container(service)]);
    const before = await tableDigests(deployment.postgresUrl);
    expect(before.get('deliveries')?.rows, 'the replays made deliveries').toBeGreaterThan(0);
    // The backup job of docs/deploying.md: pg_dump in the postgres container, to a file outside it.
    const postgresContainer = await project.container('postgres');
    const dump = join(work, 'odds.dump');
    const dumped = await project.podman(['exec', postgresContainer, 'pg_dump', '-U', 'odds', '-d', 'odds', '--format=custom', '-f', '/tmp/odds.dump']);
    expect(dumped.code).toBe(0);
    await project.podman(['cp', `${postgresContainer}:/tmp/odds.dump`, dump]);
    // Wiped: the database dropped (its connections ended) and made again, empty.
    await project.podman(['exec', postgresContainer, 'dropdb', '-U', 'odds', '--force', 'odds']);
    await project.podman(['exec', postgresContainer, 'createdb', '-U', 'odds', 'odds']);
    expect((await tableDigests(deployment.postgresUrl)).size).toBe(0);
    // The restore of docs/deploying.md, from the file.
    await project.podman(['cp', dump, `${postgresContainer}:/tmp/restore.dump`]);
    const restored = await project.podman(['exec', postgresContainer, 'pg_restore', '-U', 'odds', '-d', 'odds', '--no-owner', '/tmp/restore.dump']);
    expect(restored.code, restored.output).toBe(0);
    expect(await tableDigests(deployment.postgresUrl)).toEqual(before);
    for (const service of writers) await project.podman(['start', await project.container(service)]);
    for (const service of writers) await project.healthy(service);
    // The session survived in the restored database: the old token works through the load balancer.
    await until(
      async () => (await fetch(`${lb}${buildPath(routes.matchOffers, { matchId: 1 })}`, { headers: client.headers })).status === 200,
      'the old token to be accepted after the restore',
      60_000,
    );
  }, 300_000);
});
