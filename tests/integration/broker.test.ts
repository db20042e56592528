/**
 * The engine on a broker, with real processes: an API process in broker mode (its ingest route
 * publishes to RabbitMQ), two engine workers (`npm run engine`) on one Postgres, a webhook receiver
 * on loopback. Each match gets the hand-made feed of replay.test.ts, whose deliveries and
 * suppressions were worked out by hand for a single process (tests/support/engine-fixture.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import amqp from 'amqplib';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeadLettersReply, FeedMessage } from '@odds/protocol';
import { createTestUpstream, FeedPublisher, routingKey, type TestUpstream, topologyNames, UpstreamClient } from '@odds/upstream/testing';
import { startWorker, waitFor, type WorkerProcess } from '../support/engine-cluster';
import { EXPECTED_ON_POSTGRES, handMadeFeed, outcomeOf, prepareMatches } from '../support/engine-fixture';
import { acquirePostgresAndRabbit } from '../support/rabbitmq';

const { postgres, rabbit, skip } = await acquirePostgresAndRabbit('broker suite');

const DAY = 86_400_000;
const BASE = Date.parse('2031-06-01T17:59:00Z');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf(skip !== null)('engine workers on RabbitMQ', () => {
  let upstream: TestUpstream;
  let client: UpstreamClient;
  let hooks: Server;
  let smtp: SMTPServer;
  const keys: string[] = [];
  let matchIds: number[];
  const workers: WorkerProcess[] = [];
  let env: Record<string, string>;
  const saved = { ...process.env };

  beforeAll(async () => {
    if ('skip' in postgres || 'skip' in rabbit) return;
    hooks = createServer((request, response) => {
      keys.push(String(request.headers['idempotency-key']));
      request.resume().on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    // The workers' mail server: the email contact is sent to (without one it is CHANNEL_NOT_CONFIGURED).
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, done) => stream.resume().on('end', () => done()),
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const prefix = `test-${Math.random().toString(36).slice(2, 8)}`;
    env = {
      DATABASE_URL: postgres.url,
      AMQP_URL: rabbit.url,
      AMQP_PREFIX: prefix,
      ENGINE_SHARDS: '4',
      ENGINE_WORKERS: '2',
      ENGINE_STANDBY_DELAY_MS: '500',
      ENGINE_SEND_GRACE_MS: '2000',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    };
    // The API process: its ingest route publishes to the broker.
    upstream = await createTestUpstream({ databaseUrl: postgres.url, broker: { url: rabbit.url, prefix, shards: 4 } });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    client = await UpstreamClient.connect({ url: `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`, token: await upstream.login() });
    matchIds = await prepareMatches(upstream.database.db, `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`, 6);
    for (const index of [0, 1]) workers.push(await startWorker({ ...env, ENGINE_WORKER_INDEX: String(index) }));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await upstream?.close();
    hooks?.closeAllConnections();
    hooks?.close();
    await new Promise((resolve) => (smtp ? smtp.close(() => resolve(null)) : resolve(null)));
    process.env = saved;
    if (!('skip' in postgres)) await postgres.release();
  });

  const settled = (ids: number[]) =>
    waitFor(
      `matches ${ids.join(', ')} fully ingested and sent`,
      async () => {
        for (const id of ids) {
          const o = await outcomeOf(upstream.database.db, id);
          if (o.offers + o.events < 19 || o.deliveries.some((d) => d.includes('PENDING'))) return false;
        }
        return true;
      },
      120_000,
    );

  it('two workers, two matches interleaved one message per call: each match as a single process decides it; poison goes to the dead-letter queue and the shard goes on', async () => {
    const [a, b] = [matchIds[0]!, matchIds[1]!];
    const feeds = [handMadeFeed(BASE), handMadeFeed(BASE + DAY)];
    // Poison, published straight to the feed exchange as a careless feed would.
    const names = topologyNames(env.AMQP_PREFIX);
    const connection = await amqp.connect(env.AMQP_URL!);
    const channel = await connection.createConfirmChannel();
    const [match] = rowsOf<{ provider_id: number; sport_id: number }>(
      await upstream.database.db.execute(sql`select provider_id, sport_id from matches where id = ${a}`),
    );
    const route = { providerId: match!.provider_id, sportId: match!.sport_id, matchId: a };
    for (let i = 0; i < feeds[0]!.length; i += 1) {
      await client.ingest(a, [feeds[0]![i]!]);
      await client.ingest(b, [feeds[1]![i]!]);
      if (i === 5) {
        channel.publish(names.feed, routingKey(route), Buffer.from('{"type": "offer", '));
        channel.publish(names.feed, routingKey(route), Buffer.from(JSON.stringify({ type: 'offer', source_id: 'no-odds' })));
        channel.publish(names.feed, routingKey({ ...route, matchId: 999_999 }), Buffer.from(JSON.stringify(feeds[0]![2])));
        await channel.waitForConfirms();
      }
    }
    await settled([a, b]);
    for (const id of [a, b]) expect(await outcomeOf(upstream.database.db, id)).toEqual({ ...EXPECTED_ON_POSTGRES, offers: 11, events: 8 });
    const dead = await client.call<DeadLettersReply>('GET', '/api/1/engine/dead-letters');
    expect(dead).toMatchObject({ mode: 'broker', total: 3, by_kind: { invalid_json: 1, schema: 1, unknown_match: 1 } });
    expect(dead.last.map((d) => d.reason)).toContain('Match 999999 not found');
    expect((await channel.checkQueue(names.dead)).messageCount).toBe(3);
    await connection.close();
    const metrics = await Promise.all(workers.map((w) => w.metrics()));
    expect(metrics.reduce((n, m) => n + (m.dead_lettered as number), 0)).toBe(3);
  });

  it('a worker killed with -9 mid-replay: the other takes its shards; nothing lost, nothing duplicated, webhook sends included', async () => {
    const [c, d] = [matchIds[2]!, matchIds[3]!];
    const feeds = [handMadeFeed(BASE + 2 * DAY), handMadeFeed(BASE + 3 * DAY)];
    const publisher = await FeedPublisher.connect(env.AMQP_URL!, 4, { prefix: env.AMQP_PREFIX });
    const routes = await Promise.all(
      [c, d].map(async (matchId) => {
        const [m] = rowsOf<{ provider_id: number; sport_id: number }>(
          await upstream.database.db.execute(sql`select provider_id, sport_id from matches where id = ${matchId}`),
        );
        return { providerId: m!.provider_id, sportId: m!.sport_id, matchId };
      }),
    );
    const before = await Promise.all(workers.map((w) => w.metrics()));
    let victim: WorkerProcess | null = null;
    for (let i = 0; i < feeds[0]!.length; i += 1) {
      await publisher.publish(routes[0]!, [feeds[0]![i]! as FeedMessage]);
      await publisher.publish(routes[1]!, [feeds[1]![i]! as FeedMessage]);
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (i === 8) {
        // Kill the one that has been consuming these matches (the busier, if both were).
        const now = await Promise.all(workers.map((w) => w.metrics()));
        const gained = now.map((m, k) => (m.consumed as number) - (before[k]!.consumed as number));
        victim = workers[gained[0]! >= gained[1]! ? 0 : 1]!;
        victim.child.kill('SIGKILL');
      }
    }
    await publisher.close();
    await settled([c, d]);
    for (const id of [c, d]) expect(await outcomeOf(upstream.database.db, id)).toEqual({ ...EXPECTED_ON_POSTGRES, offers: 11, events: 8 });
    // Every webhook delivery of these matches reached the receiver, under its own key.
    const sent = rowsOf<{ id: number }>(
      await upstream.database.db.execute(sql`select id from deliveries where match_id in (${c}, ${d}) and channel_id = 6`),
    ).map((r) => `delivery-${r.id}`);
    expect(sent).toHaveLength(6);
    for (const key of sent) expect(keys).toContain(key);
    workers.splice(workers.indexOf(victim!), 1);
  });

  it('rate limits hold across two matches decided at once by different processes, ingested out of feed-time order', async () => {
    const [e, f] = [matchIds[4]!, matchIds[5]!];
    workers.push(await startWorker({ ...env, ENGINE_WORKER_INDEX: '0' }));
    // The same kick-off day, f three minutes later than e: the email contact (one push per 5 min,
    // both matches' home team) gets f's pushes ingested before e's earlier ones.
    const feeds = [handMadeFeed(BASE + 4 * DAY), handMadeFeed(BASE + 4 * DAY + 3 * 60_000)];
    for (let i = 0; i < feeds[0]!.length; i += 1) {
      await client.ingest(f, [feeds[1]![i]!]);
      await client.ingest(e, [feeds[0]![i]!]);
    }
    await settled([e, f]);
    const pushes = rowsOf<{ ms: number }>(
      await upstream.database.db.execute(sql`
      select distinct extract(epoch from d.feed_at) * 1000 as ms from deliveries d join contacts c on c.id = d.contact_id
      where c.name = 'C2 email VIP' and d.match_id in (${e}, ${f}) order by 1`),
    ).map((r) => Number(r.ms));
    for (let i = 1; i < pushes.length; i += 1) expect(pushes[i]! - pushes[i - 1]!).toBeGreaterThanOrEqual(5 * 60_000);
    const refused = rowsOf<{ n: number }>(
      await upstream.database.db.execute(sql`
      select count(*)::int as n from suppressions s join contacts c on c.id = s.contact_id
      where c.name = 'C2 email VIP' and s.match_id in (${e}, ${f}) and s.reason = 'RATE_LIMIT_MINUTES' and s.detail like 'another push%'`),
    );
    expect(refused[0]!.n).toBeGreaterThan(0);
  });
});
