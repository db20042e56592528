/**
 * The engine on a broker (docs/scaling-out.md): offers/s for a feed that publishes one message at
 * a time through RabbitMQ, with 1 and then 2 engine worker processes on Postgres, measured two ways:
 * live (the feed publishes while the workers consume: what a feed sees end to end, after a warm-up
 * per match — its kick-off and WARM_OFFERS offers — so the workers hold the match state and have compiled the offer path) and backlog (warmed-up workers paused
 * while the feed is published, then let go: what the workers alone can do); each with the CPU
 * share of every process. Then failover: a
 * worker killed with -9 mid-feed, the time until the other has processed an offer of every match
 * the dead one left unfinished, and what was lost or duplicated. Uses TEST_DATABASE_URL and
 * TEST_AMQP_URL, or starts a throwaway Postgres and RabbitMQ the way .ci/run does (bench-services.ts).
 * SCALE_OFFERS (per match, default 9000) and SCALE_MATCHES (default 4) size it: a round of the
 * workers' CPU per offer is a small sample on a machine the workers share with RabbitMQ, Postgres
 * and the feed, and the rounds' 2 ÷ 1 ratios spread 0.93–1.26× (live) and 0.74–1.33× (backlog) with
 * 4 × 3,000 offers (about 1.4 s of worker CPU a round), 1.05–1.16× and 0.97–1.04× with 4 × 9,000
 * (about 4 s). SCALE_ROUNDS (default 3) repeats the live and
 * backlog runs, 1 and 2 workers alternating, and the ratios printed are the rounds' medians, each
 * round's beside it. Everything it starts
 * (servers, workers, its database, its webhook receiver) is stopped at its end, and when it is
 * interrupted or fails (bench-cleanup.ts). Prints Node's version and the load average before it
 * starts and with its figures; asserts nothing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ensureDemoUser, FeedPublisher, openDatabase, seedDemoData } from '@odds/upstream/testing';
import { startWorker, waitFor, type WorkerProcess } from '../support/engine-cluster';
import { prepareMatches } from '../support/engine-fixture';
import { cleanUp, cleanUpOnInterrupt, ending, onCleanup } from './bench-cleanup';
import { percentile } from './relay-figures';
import { benchServices } from './bench-services';
import { removesTopology } from './bench-topology';
import { listenerOf, probeCpu, treeCpu } from './scale-cpu';
import { feedOf, kickOffOf, runSpacingOf, warmOffersOf, warmUpOf } from './scale-feed';
import { batchesOf, consumedOf, cpuPerOffer, SHARDS, startWorkers, tracked, workerCpu, workerEnv } from './scale-workers';

const OFFERS = Number(process.env.SCALE_OFFERS ?? 9000);
const MATCHES = Number(process.env.SCALE_MATCHES ?? 4);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 3);
/** Match seconds between runs: the rounds' 2 × ROUNDS runs fit under the feed's largest match time. */
const SPACING = runSpacingOf(2 * ROUNDS);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

cleanUpOnInterrupt();
console.log(`scale bench: Node ${process.version}, ${MATCHES} matches × ${OFFERS} offers; load ${load()}`);

// Servers: given, or throwaway ones started by .ci/services.sh (stopped at the end, or when interrupted).
const services = await benchServices(['postgres', 'rabbitmq']);
if (!services) {
  console.log('scale: skipped: no Postgres and RabbitMQ (TEST_DATABASE_URL / TEST_AMQP_URL unset, and none could be started)');
  process.exit(0);
}

const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await admin.connect();
onCleanup('the admin connection to Postgres', () => admin.end());
const dbName = `odds_scale_${Date.now()}`;
await admin.query(`create database ${dbName}`);
onCleanup(`the database ${dbName}`, () => admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {}));
const url = new URL(process.env.TEST_DATABASE_URL!);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const database = await openDatabase(databaseUrl);
onCleanup("the bench's database connection", () => database.close());
await seedDemoData(database.db);
await ensureDemoUser(database.db, 'demo@example.com', 'demo', false);
const { db } = database;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const keys = new Map<string, number>();
const hooks = createServer((request, response) => {
  const key = String(request.headers['idempotency-key']);
  keys.set(key, (keys.get(key) ?? 0) + 1);
  request.resume().on('end', () => response.writeHead(204).end());
});
await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
onCleanup('the webhook receiver', () => {
  hooks.closeAllConnections();
  hooks.close();
});
const matchIds = await prepareMatches(db, `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`, MATCHES * 3);
const routeOf = async (matchId: number) => {
  const [m] = rowsOf<{ provider_id: number; sport_id: number }>(await db.execute(sql`select provider_id, sport_id from matches where id = ${matchId}`));
  return { providerId: m!.provider_id, sportId: m!.sport_id, matchId };
};

/** Publishes every match's warm-up offers and waits until they are stored. */
async function warmUp(feeder: FeedPublisher, routes: Awaited<ReturnType<typeof routeOf>>[], run: number) {
  await Promise.all(routes.map((route) => feeder.publish(route, warmUpOf(route.matchId, run, OFFERS, SPACING))));
  await waitFor(
    'the warm-up offers stored',
    async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`
    select count(*)::int as n from offers where match_id in (${inList(routes.map((r) => r.matchId))}) and source_id like ${`w${run}-%`}`),
      )[0]!.n >=
      routes.length * warmOffersOf(OFFERS),
    300_000,
  );
}

const inList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
const offersOf = async (ids: number[], run?: number) =>
  rowsOf<{ match_id: number; n: number }>(
    await db.execute(sql`
  select match_id, count(*)::int as n from offers where match_id in (${inList(ids)}) ${run === undefined ? sql`` : sql`and source_id like ${`r${run}-%`}`} group by match_id`),
  );
const storedOf = async (ids: number[], run?: number) => (await offersOf(ids, run)).reduce((n, r) => n + r.n, 0);

// The servers' processes, for CPU shares (found by port; null where not visible).
const rabbitPid = listenerOf(Number(new URL(process.env.TEST_AMQP_URL!).port));
const postgresPid = listenerOf(Number(new URL(process.env.TEST_DATABASE_URL!).port));
const cpuProbe = (workers: WorkerProcess[]) =>
  probeCpu({
    publisher: () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    },
    rabbitmq: treeCpu(rabbitPid),
    postgres: treeCpu(postgresPid),
    ...Object.fromEntries(workers.map((w, k) => [`worker ${k + 1}`, treeCpu(w.child.pid!)])),
  });

/**
 * Publishes the matches' feeds (of `run`) interleaved the way a feed does: one feed message per
 * publish call (one AMQP message), without waiting for each call's confirm: calls stay in flight
 * until the publisher's confirm window is full (then the feed waits for room). Resolves once all
 * are confirmed.
 */
async function publishAll(publisher: FeedPublisher, ids: number[], run: number): Promise<void> {
  const routes = await Promise.all(ids.map(routeOf));
  const feeds = ids.map((id) => feedOf(id, run, OFFERS, SPACING));
  const confirms: Promise<void>[] = [];
  for (let i = 0; i < OFFERS; i += 1) {
    for (const [k, route] of routes.entries()) {
      const room = publisher.room();
      if (room) await room;
      confirms.push(publisher.publish(route, [feeds[k]![i]!]));
    }
  }
  await Promise.all(confirms);
}

interface Measured {
  /** Worker CPU (all workers) per offer stored, in ms; and per worker, per message it consumed. */
  cpuMsPerOffer: number;
  cpuPerWorker: string;
  rate: number;
  publishRate: number;
  batchMean: number;
  perWorker: string;
  redecided: number;
  loads: number;
  cpu: Record<string, string>;
}

/** Live: warm-up, then the feed published while the workers consume; timed from first publish to last offer stored. */
async function live(workerCount: number, ids: number[], run: number): Promise<Measured> {
  const prefix = `scale-${workerCount}-live-${Date.now()}`;
  const removeTopology = removesTopology(process.env.TEST_AMQP_URL!, prefix, SHARDS);
  const workers = await startWorkers(databaseUrl, workerCount, prefix);
  const feeder = await FeedPublisher.connect(process.env.TEST_AMQP_URL!, SHARDS, { prefix });
  const routes = await Promise.all(ids.map(routeOf));
  await Promise.all(routes.map((route) => feeder.publish(route, [kickOffOf(route.matchId)])));
  await waitFor(
    'the warm-up stored',
    async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`
    select count(*)::int as n from match_live_states where match_id in (${inList(ids)})`),
      )[0]!.n === ids.length,
    120_000,
  );
  await warmUp(feeder, routes, run);
  const probe = cpuProbe(workers);
  const [cpu0, consumed0] = [workerCpu(workers), await consumedOf(workers)];
  const started = performance.now();
  await publishAll(feeder, ids, run);
  const published = (performance.now() - started) / 1000;
  await feeder.close();
  const total = ids.length * OFFERS;
  await waitFor('every offer stored', async () => (await storedOf(ids, run)) >= total, 600_000);
  const seconds = (performance.now() - started) / 1000;
  const cpu = probe.stop();
  const perOffer = await cpuPerOffer(workers, cpu0, consumed0, total);
  const batches = await batchesOf(workers);
  await Promise.all(workers.map((w) => w.stop()));
  await removeTopology();
  return {
    ...perOffer,
    rate: total / seconds,
    publishRate: total / published,
    batchMean: batches.mean,
    perWorker: batches.perWorker,
    redecided: batches.redecided,
    loads: batches.loads,
    cpu,
  };
}

/**
 * Backlog: fresh workers warmed up (the warm-up offers of each match: they hold its state), then paused
 * (SIGSTOP) while the feed is published, then let go (SIGCONT) and timed until the last offer is
 * stored: what the workers alone can do with a queue full of work.
 */
async function backlog(workerCount: number, ids: number[], run: number): Promise<Measured> {
  const prefix = `scale-${workerCount}-backlog-${Date.now()}`;
  const removeTopology = removesTopology(process.env.TEST_AMQP_URL!, prefix, SHARDS);
  const workers = await startWorkers(databaseUrl, workerCount, prefix);
  const feeder = await FeedPublisher.connect(process.env.TEST_AMQP_URL!, SHARDS, { prefix });
  const routes = await Promise.all(ids.map(routeOf));
  // The matches kicked off in the live runs: the warm-up offers load their state into the fresh workers.
  await warmUp(feeder, routes, run);
  const consumed0 = await consumedOf(workers);
  for (const w of workers) w.child.kill('SIGSTOP');
  const publishing = performance.now();
  await publishAll(feeder, ids, run);
  const publishRate = (ids.length * OFFERS) / ((performance.now() - publishing) / 1000);
  await feeder.close();
  const total = ids.length * OFFERS;
  const probe = cpuProbe(workers);
  const cpu0 = workerCpu(workers);
  const started = performance.now();
  for (const w of workers) w.child.kill('SIGCONT');
  await waitFor('every offer stored', async () => (await storedOf(ids, run)) >= total, 600_000);
  const seconds = (performance.now() - started) / 1000;
  const cpu = probe.stop();
  const perOffer = await cpuPerOffer(workers, cpu0, consumed0, total);
  const batches = await batchesOf(workers);
  await Promise.all(workers.map((w) => w.stop()));
  await removeTopology();
  return {
    ...perOffer,
    rate: total / seconds,
    publishRate,
    batchMean: batches.mean,
    perWorker: batches.perWorker,
    redecided: batches.redecided,
    loads: batches.loads,
    cpu,
  };
}

async function failover(ids: number[]) {
  const env = { ...workerEnv(databaseUrl, 2, `scale-failover-${Date.now()}`), ENGINE_STANDBY_DELAY_MS: '200', ENGINE_SEND_GRACE_MS: '1000' };
  const removeTopology = removesTopology(env.AMQP_URL, env.AMQP_PREFIX, SHARDS);
  const workers = [tracked(await startWorker({ ...env, ENGINE_WORKER_INDEX: '0' })), tracked(await startWorker({ ...env, ENGINE_WORKER_INDEX: '1' }))];
  await new Promise((resolve) => setTimeout(resolve, 500));
  const publisher = await FeedPublisher.connect(env.AMQP_URL, SHARDS, { prefix: env.AMQP_PREFIX });
  for (const route of await Promise.all(ids.map(routeOf))) await publisher.publish(route, [kickOffOf(route.matchId)]);
  const publishing = publishAll(publisher, ids, 0);
  const total = ids.length * OFFERS;
  await waitFor('a third of the feed stored', async () => (await storedOf(ids)) >= total / 3, 600_000);
  const healths = await Promise.all(workers.map((w) => w.metrics()));
  const victim = (healths[0]!.consumed as number) >= (healths[1]!.consumed as number) ? 0 : 1;
  const atKill = new Map((await offersOf(ids)).map((r) => [r.match_id, r.n]));
  workers[victim]!.child.kill('SIGKILL');
  const killed = performance.now();
  // The matches that stopped: unfinished and not moving for a moment after the kill.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const moving = new Map((await offersOf(ids)).map((r) => [r.match_id, r.n]));
  const stalled = ids.filter((id) => (atKill.get(id) ?? 0) < OFFERS && (moving.get(id) ?? 0) === (atKill.get(id) ?? 0));
  let failoverS = 0;
  if (stalled.length) {
    await waitFor(
      'the stalled matches moving again',
      async () => {
        const now = new Map((await offersOf(ids)).map((r) => [r.match_id, r.n]));
        return stalled.every((id) => (now.get(id) ?? 0) > (atKill.get(id) ?? 0));
      },
      600_000,
    );
    failoverS = (performance.now() - killed) / 1000;
  }
  await publishing;
  await publisher.close();
  await waitFor('every offer stored', async () => (await storedOf(ids)) >= total, 600_000);
  await waitFor(
    'every webhook sent',
    async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from deliveries where status = 'PENDING'`))[0]!.n === 0,
    120_000,
  );
  const stored = await storedOf(ids);
  const [dups] = rowsOf<{ offers: number; deliveries: number }>(
    await db.execute(sql`select
    (select count(*)::int - count(distinct (match_id, source_id))::int from offers where match_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})) as offers,
    (select count(*)::int - count(distinct (offer_id, contact_id, language))::int from deliveries where match_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})) as deliveries`),
  );
  const webhookDeliveries = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from deliveries where channel_id = 6 and match_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  const unsent = webhookDeliveries.filter((d) => !keys.has(`delivery-${d.id}`)).length;
  const resent = webhookDeliveries.filter((d) => (keys.get(`delivery-${d.id}`) ?? 0) > 1).length;
  await Promise.all(workers.map((w) => w.stop()));
  await removeTopology();
  return {
    failoverS,
    stalled: stalled.length,
    lost: total - stored + unsent,
    duplicated: dups!.offers + dups!.deliveries,
    resent,
    webhooks: webhookDeliveries.length,
  };
}

try {
  console.log(
    `scale bench: ${MATCHES} matches × ${OFFERS} offers, one feed message per publish call (AMQP message), Node ${process.version}, Postgres ${(await admin.query('show server_version')).rows[0].server_version}, load ${load()}`,
  );
  const oneIds = matchIds.slice(0, MATCHES);
  const twoIds = matchIds.slice(MATCHES, 2 * MATCHES);
  // Rounds alternate 1 and 2 workers, so that a slow stretch of the machine falls on both; each
  // round's runs have their own source ids and clock (live 1, 3, 5…; backlog 2, 4, 6…).
  const rounds: { one: Measured; two: Measured; oneBacklog: Measured; twoBacklog: Measured }[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const [liveRun, backlogRun] = [1 + 2 * r, 2 + 2 * r];
    const one = await live(1, oneIds, liveRun);
    const two = await live(2, twoIds, liveRun);
    const oneBacklog = await backlog(1, oneIds, backlogRun);
    const twoBacklog = await backlog(2, twoIds, backlogRun);
    rounds.push({ one, two, oneBacklog, twoBacklog });
  }
  const f = await failover(matchIds.slice(2 * MATCHES, 3 * MATCHES));
  const row = (run: string, m: Measured) => ({
    run,
    'offers/s': Math.round(m.rate),
    'published/s': Math.round(m.publishRate),
    'mean batch': Math.round(m.batchMean),
    'consumed per worker': m.perWorker,
    're-decided batches': m.redecided,
    'match state loads': m.loads,
    'worker CPU-ms/offer': m.cpuMsPerOffer.toFixed(3),
    'CPU-ms/message per worker': m.cpuPerWorker,
    ...m.cpu,
  });
  const of = (r: number) => (ROUNDS > 1 ? `, round ${r + 1}` : '');
  console.table(
    rounds.flatMap((m, r) => [
      row(`live, 1 worker${of(r)}`, m.one),
      row(`live, 2 workers${of(r)}`, m.two),
      row(`backlog, 1 worker${of(r)}`, m.oneBacklog),
      row(`backlog, 2 workers${of(r)}`, m.twoBacklog),
    ]),
  );
  const liveRatios = rounds.map((m) => m.two.cpuMsPerOffer / m.one.cpuMsPerOffer);
  const backlogRatios = rounds.map((m) => m.twoBacklog.cpuMsPerOffer / m.oneBacklog.cpuMsPerOffer);
  const median = (values: number[]) => percentile(values, 50);
  const spread = (values: number[]) => (values.length > 1 ? ` (rounds ${values.map((v) => `${v.toFixed(2)}×`).join(', ')})` : '');
  const oneLive = median(rounds.map((m) => m.one.cpuMsPerOffer));
  console.log(
    `worker CPU per offer, 2 workers ÷ 1, median of ${ROUNDS} round(s): live ${median(liveRatios).toFixed(2)}×${spread(liveRatios)}, backlog ${median(backlogRatios).toFixed(2)}×${spread(backlogRatios)}; 1 worker live ${oneLive.toFixed(3)} ms/offer; target ≤ 1.15×`,
  );
  const rate = (pick: (m: (typeof rounds)[number]) => Measured) => Math.round(median(rounds.map((m) => pick(m).rate)));
  console.log(
    `backlog (workers alone), median: 1 worker ${rate((m) => m.oneBacklog)} offers/s, 2 workers ${rate((m) => m.twoBacklog)} offers/s; live, median: 1 worker ${rate((m) => m.one)} offers/s (target ≥ 3,000), 2 workers ${rate((m) => m.two)} offers/s`,
  );
  console.table([
    {
      'failover s': f.failoverS.toFixed(2),
      'matches taken over': f.stalled,
      lost: f.lost,
      duplicated: f.duplicated,
      'webhook deliveries': f.webhooks,
      'webhook resent (same key)': f.resent,
    },
  ]);
  console.log(`scale: failover ${f.failoverS.toFixed(1)} s, lost ${f.lost}, duplicated ${f.duplicated}; Node ${process.version}, load ${load()}`);
} catch (error) {
  if (!ending()) console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit();
