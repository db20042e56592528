/**
 * The UOF adapter on a real RabbitMQ: its consumer on a UOF-shaped topic exchange, a local fake of
 * the UOF API that answers a recovery request by publishing the snapshot (odds_change with the
 * request id, then snapshot_complete) to that exchange, and the engine of an in-memory upstream.
 * Prints how many 40-market odds_change messages one process parses and ingests per second.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUofRoutingKey } from '@odds/protocol';
import {
  aliveXml,
  createTestUpstream,
  deadLetters,
  fortyMarkets,
  matches,
  oddsChangeXml,
  offers,
  readUofRecording,
  recordUof,
  replayUof,
  snapshotCompleteXml,
  startUof,
  type TestUpstream,
  type UofConsumer,
  uofLinks,
  uofProducers,
  uofRecoveries,
} from '@odds/upstream/testing';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ask, connectLive, LiveView, startRelay } from '../support/live-client';
import { acquireRabbit } from '../support/rabbitmq';

const rabbit = await acquireRabbit();
const skip = 'skip' in rabbit ? rabbit.skip : null;
if (skip) console.warn(`[uof broker suite skipped] ${skip}`);

const EVENT = 'sr:match:10927088';
const TOKEN = 'test-uof-token';
const quiet = { warn: () => {}, info: () => {}, error: () => {} };
const eventKey = (type: string, node: number | null = null) =>
  buildUofRoutingKey({ priority: 'hi', prematch: false, live: true, messageType: type, sportId: 1, urnType: 'sr:match', eventId: 10927088, nodeId: node });
const systemKey = (type: string) =>
  buildUofRoutingKey({ priority: null, prematch: false, live: false, messageType: type, sportId: null, urnType: null, eventId: null, nodeId: null });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(skip !== null)('the UOF adapter on RabbitMQ', () => {
  let upstream: TestUpstream;
  let connection: ChannelModel;
  let channel: Channel;
  let api: Server;
  let consumer: UofConsumer;
  let matchId: number;
  let clock = Date.now();
  const exchange = `uof-test-${process.pid}-${Date.now()}`;
  const requests: { path: string; token: string | undefined }[] = [];
  const publish = (key: string, xml: string) => channel.publish(exchange, key, Buffer.from(xml));
  const offersOf = () => upstream.database.db.select().from(offers).where(eq(offers.matchId, matchId)).orderBy(asc(offers.id));

  beforeAll(async () => {
    if ('skip' in rabbit) return;
    upstream = await createTestUpstream();
    const { db } = upstream.database;
    [{ id: matchId }] = (await db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.providerId, 1), eq(matches.sportId, 1), gt(matches.start, new Date())))
      .orderBy(asc(matches.start))
      .limit(1)) as [{ id: number }];
    await db.insert(uofLinks).values({ matchId, event: EVENT, updatedBy: 'test' });
    connection = await amqp.connect(rabbit.url);
    channel = await connection.createChannel();
    // Durable, as the vendor declares it (the replay asserts it so); deleted when the suite ends.
    await channel.assertExchange(exchange, 'topic', { durable: true });
    // The fake UOF API: a recovery request is answered 202, then its snapshot arrives over AMQP.
    api = createServer((request, reply) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      requests.push({ path: `${request.method} ${url.pathname}${url.search}`, token: request.headers['x-access-token'] as string | undefined });
      if (request.method !== 'POST' || url.pathname !== '/v1/liveodds/recovery/initiate_request' || request.headers['x-access-token'] !== TOKEN) {
        reply.writeHead(403).end('forbidden');
        return;
      }
      reply.writeHead(202).end('<response response_code="ACCEPTED"/>');
      const requestId = Number(url.searchParams.get('request_id'));
      setTimeout(() => {
        publish(
          eventKey('odds_change', 1),
          oddsChangeXml({
            event: EVENT,
            timestamp: clock,
            requestId,
            status: { status: 1, matchStatus: 6, home: 0, away: 0, clock: '10:00' },
            markets: fortyMarkets(2.1),
          }),
        );
        publish(systemKey('snapshot_complete'), snapshotCompleteXml(1, requestId, clock));
      }, 20);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    consumer = await startUof(
      {
        amqpUrl: rabbit.url,
        exchange,
        queue: '',
        bindingKeys: ['#'],
        apiUrl,
        token: TOKEN,
        aliveTimeoutS: 20,
        recoveryTimeoutS: 30,
        recoveryIntervalS: 30,
        maxMessageBytes: 4 * 1024 * 1024,
        maxAttempts: 3,
        maxDelayS: 20,
      },
      db,
      upstream.app.engine,
      upstream.app.engine.bus,
      quiet,
    );
    // The connection is made in the background: published before the queue is bound would be lost.
    await until(
      async () => consumer.status.state,
      (state) => state === 'connected',
    );
  });
  afterAll(async () => {
    await consumer?.close();
    await channel?.deleteExchange(exchange).catch(() => undefined);
    await channel?.close().catch(() => undefined);
    await connection?.close().catch(() => undefined);
    await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
    await upstream?.close();
    if (!('skip' in rabbit)) await rabbit.release();
  });

  it('recovers a producer through the fake API and its snapshot on the exchange, then ingests live odds', async () => {
    publish(systemKey('alive'), aliveXml(1, clock));
    const producer = await until(
      async () => (await upstream.database.db.select().from(uofProducers).where(eq(uofProducers.id, 1)))[0],
      (p) => p?.state === 'up',
    );
    expect(producer).toMatchObject({ subscribed: true, reason: null });
    // producers.xml first (this fake does not serve it: the built-in list is used), then the recovery.
    expect(requests).toEqual([
      { path: 'GET /v1/descriptions/producers.xml', token: TOKEN },
      { path: 'POST /v1/liveodds/recovery/initiate_request?request_id=1', token: TOKEN },
    ]);
    const [recovery] = await upstream.database.db.select().from(uofRecoveries);
    expect(recovery).toMatchObject({ requestId: 1, messages: 1, status: 'complete' });
    // The snapshot's offers were stored suspended (the producer was held down).
    expect((await offersOf()).map((o) => o.suspended)).toEqual([true, true, true]);
    clock += 5_000;
    const published = Date.now();
    publish(
      eventKey('odds_change'),
      oddsChangeXml({ event: EVENT, timestamp: clock, status: { status: 1, matchStatus: 6, home: 0, away: 0, clock: '10:05' }, markets: fortyMarkets(2.15) }),
    );
    const rows = await until(offersOf, (r) => r.length === 6);
    console.log(`[uof] publish to stored offers (engine evaluated, committed): ${Date.now() - published} ms`);
    expect(rows.slice(3).map((o) => [o.suspended, o.outcomeMap])).toEqual([
      [false, { home: 2150, draw: 3300, away: 3600 }],
      [false, { over: 1900, under: 1950 }],
      [false, { yes: 1800, no: 2000 }],
    ]);
  });

  it('parses and ingests 40-market odds_change messages in order (throughput printed)', async () => {
    const N = 300;
    const before = (await offersOf()).length;
    const started = Date.now();
    for (let n = 0; n < N; n += 1) {
      clock += 1000;
      publish(
        eventKey('odds_change'),
        oddsChangeXml({
          event: EVENT,
          timestamp: clock,
          status: { status: 1, matchStatus: 6, home: 0, away: 0, clock: `${11 + Math.floor(n / 60)}:${String(n % 60).padStart(2, '0')}` },
          markets: fortyMarkets(2 + (n % 50) / 100),
        }),
      );
    }
    await until(offersOf, (r) => r.length === before + 3 * N, 120_000);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `[uof] ${N} odds_change of 40 markets (3 mapped) parsed and ingested in ${seconds.toFixed(2)} s: ${(N / seconds).toFixed(0)} messages/s, ${((N * 40) / seconds).toFixed(0)} markets/s`,
    );
    const rows = (await offersOf()).slice(before);
    // In publishing order: match clock never goes back.
    const clocks = rows.map((o) => o.matchTime!);
    expect(clocks).toEqual([...clocks].sort((a, b) => a - b));
  });

  it("reaches a console's socket through the relay: publish → the offer delta the Graph tab draws (time printed)", async () => {
    // The console's graph is fed by the relay's offers topic over socket.io: a client watching the match.
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const relay = await startRelay(`http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`);
    const socket = await connectLive(relay.url, await upstream.login());
    try {
      const view = new LiveView(socket, matchId);
      expect(await ask(socket, 'watch', matchId)).toMatchObject({ ok: true });
      await until(
        async () => view.topics.has('offers'),
        (held) => held,
      );
      const times: number[] = [];
      for (let n = 0; n < 10; n += 1) {
        clock += 1000;
        const home = 2.5 + n / 100;
        const published = Date.now();
        publish(
          eventKey('odds_change'),
          oddsChangeXml({
            event: EVENT,
            timestamp: clock,
            status: { status: 1, matchStatus: 6, home: 0, away: 0, clock: `40:0${n}` },
            markets: fortyMarkets(home),
          }),
        );
        // The delta carrying this message's Match Result offer (odds in thousandths).
        await until(
          async () =>
            view.deltas.some(
              (d) => d.topic === 'offers' && d.upserts.some((o) => (o as { outcome_map: Record<string, number> }).outcome_map.home === Math.round(home * 1000)),
            ),
          (seen) => seen,
        );
        times.push(Date.now() - published);
      }
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `[uof] publish → the console's socket (offers delta through the relay), 10 odds_change of 40 markets one at a time: median ${sorted[5]} ms, max ${sorted[9]} ms (${times.join(', ')} ms)`,
      );
    } finally {
      socket.close();
      await relay.close();
    }
  });

  it('records UOF messages as they came and replays them into the exchange, ingested the same', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'uof-rec-')), 'rec.jsonl');
    let stop!: () => void;
    const recording = recordUof({
      amqpUrl: 'url' in rabbit ? rabbit.url : '',
      exchange,
      bindingKeys: ['#'],
      out,
      stop: new Promise<void>((resolve) => {
        stop = resolve;
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the recorder's queue is bound
    const before = (await offersOf()).length;
    for (let n = 0; n < 3; n += 1) {
      clock += 1000;
      publish(
        eventKey('odds_change'),
        oddsChangeXml({
          event: EVENT,
          timestamp: clock,
          status: { status: 1, matchStatus: 6, home: 0, away: 0, clock: `30:0${n}` },
          markets: fortyMarkets(3 + n / 10),
        }),
      );
    }
    await until(offersOf, (r) => r.length === before + 9);
    stop();
    expect(await recording).toBe(3);
    const messages = readUofRecording(out);
    expect(messages.map((m) => m.routing_key)).toEqual([eventKey('odds_change'), eventKey('odds_change'), eventKey('odds_change')]);
    expect(messages[0]!.xml).toContain('<odds_change');
    // The same messages again: the same source ids, so nothing new is stored (a replay into a fresh match would store them once).
    await replayUof({ amqpUrl: 'url' in rabbit ? rabbit.url : '', exchange, messages, speed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await offersOf()).length).toBe(before + 9);
  });

  it('ingests a vendor-shaped live odds_change over the broker: its carried markets, its goals, nothing dead-lettered', async () => {
    // Written from the vendor's XSD and the SDKs' test messages (fixtures/): markets and a line
    // (total=4.5) the provider does not carry beside the ones it does, scores and the period.
    clock += 1000;
    const xml = readFileSync(new URL('../../infra/upstream/src/feeds/uof/fixtures/odds_change_live.xml', import.meta.url), 'utf8')
      .replace(/event_id="[^"]+"/, `event_id="${EVENT}"`)
      .replace(/ timestamp="\d+"/, ` timestamp="${clock}"`);
    const before = (await offersOf()).length;
    publish(eventKey('odds_change'), xml);
    const stored = await until(offersOf, (r) => r.length >= before + 8);
    expect(stored.length).toBe(before + 8);
    const token = await upstream.login();
    const live = await upstream.app.inject({ method: 'GET', url: `/api/1/match/${matchId}/live`, headers: { authorization: `Token ${token}` } });
    expect(live.json()).toMatchObject({ score: 'H0-A2', period: 1 });
    expect(await upstream.database.db.select().from(deadLetters)).toEqual([]);
  });
});
