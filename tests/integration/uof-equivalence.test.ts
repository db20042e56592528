/**
 * One demo match, the 2022 final, played twice into the same upstream on two identically prepared
 * fixtures (tests/support/engine-fixture.ts: the same contacts, threshold sets and content): once
 * as its `odds-feed/1` recording through the ingest route, once as the UOF recording
 * `npm run uof:generate` wrote, published to a UOF-shaped exchange on RabbitMQ and read by the UOF
 * adapter's consumer. Both must give the same offers, firings, deliveries and suppressions.
 * The odds-feed/1 replay is dated a week before the UOF one, so the contacts' rate limits (counted
 * on the feed clock) of one match never reach the other.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUofRoutingKey } from '@odds/protocol';
import {
  aliveXml,
  createTestUpstream,
  deliveries,
  FEEDS_DIR,
  kickOffOffset,
  loopbackWebhooks,
  matchEvents,
  offers,
  readFeedFile,
  readUofRecording,
  replayFeed,
  replayUof,
  snapshotCompleteXml,
  startUof,
  suppressions,
  type TestUpstream,
  thresholdFirings,
  thresholdSets,
  type UofConsumer,
  uofLinks,
  uofProducers,
  UpstreamClient,
} from '@odds/upstream/testing';
import { prepareMatches } from '../support/engine-fixture';
import { acquireRabbit } from '../support/rabbitmq';

const rabbit = await acquireRabbit();
const skip = 'skip' in rabbit ? rabbit.skip : null;
if (skip) console.warn(`[uof equivalence suite skipped] ${skip}`);

const NAME = 'argentina-france-2022-final';
const EVENT = 'sr:match:2022064';
const TOKEN = 'test-uof-token';
const WEEK_MS = 7 * 24 * 3600 * 1000;
const quiet = { warn: () => {}, info: () => {}, error: () => {} };
const systemKey = (type: string) =>
  buildUofRoutingKey({ priority: null, prematch: false, live: false, messageType: type, sportId: null, urnType: null, eventId: null, nodeId: null });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(skip !== null)('a demo match through UOF and through odds-feed/1', () => {
  let upstream: TestUpstream;
  let hooks: Server;
  let api: Server;
  let connection: ChannelModel;
  let channel: Channel;
  let consumer: UofConsumer;
  let viaFeed: number;
  let viaUof: number;
  /** The UOF recording's feed clock at its start (the fake API's snapshot_complete is dated on it). */
  let feedStart = 0;
  const exchange = `uof-equivalence-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    if ('skip' in rabbit) return;
    hooks = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    upstream = await createTestUpstream({ webhooks: loopbackWebhooks() });
    const { db } = upstream.database;
    [viaFeed, viaUof] = (await prepareMatches(db, `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`, 2)) as [number, number];
    await db.insert(uofLinks).values({ matchId: viaUof, event: EVENT, updatedBy: 'test' });
    connection = await amqp.connect(rabbit.url);
    channel = await connection.createChannel();
    // Durable, as the vendor declares it (the replay asserts it so); deleted when the suite ends.
    await channel.assertExchange(exchange, 'topic', { durable: true });
    // The fake UOF API: a recovery is answered at once with an empty snapshot (nothing was sent yet).
    api = createServer((request, reply) => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const producer = url.pathname.includes('/pre/') ? 3 : 1;
      reply.writeHead(202).end('<response response_code="ACCEPTED"/>');
      channel.publish(
        exchange,
        systemKey('snapshot_complete'),
        Buffer.from(snapshotCompleteXml(producer, Number(url.searchParams.get('request_id')), feedStart)),
      );
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    consumer = await startUof(
      {
        amqpUrl: rabbit.url,
        exchange,
        queue: '',
        bindingKeys: ['#'],
        apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
        token: TOKEN,
        aliveTimeoutS: 20,
        recoveryTimeoutS: 30,
        recoveryIntervalS: 30,
        maxMessageBytes: 4 * 1024 * 1024,
        maxAttempts: 3,
        // The recording keeps its 2022 timestamps: no producer is late for being replayed.
        maxDelayS: 0,
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
    for (const server of [api, hooks]) {
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    }
    await upstream?.close();
    if (!('skip' in rabbit)) await rabbit.release();
  });

  /** What the engine made of a match, in feed order, without ids or dates (the two replays are a week apart). */
  async function outcome(matchId: number) {
    const { db } = upstream.database;
    const offerRows = await db.select().from(offers).where(eq(offers.matchId, matchId)).orderBy(asc(offers.sentAt), asc(offers.id));
    const clockOf = new Map(offerRows.map((o) => [o.id, o.matchTime]));
    const setType = new Map((await db.select().from(thresholdSets).where(eq(thresholdSets.matchId, matchId))).map((s) => [s.id, s.type]));
    const at = (offerId: number | null) => (offerId === null ? 'no offer' : `${clockOf.get(offerId) ?? 'PRE'}s`);
    return {
      offers: offerRows.map((o) => [o.marketId, o.outcomeMap, o.score, o.matchTime, o.period, o.prematch, o.suspended, o.status]),
      firings: (await db.select().from(thresholdFirings).where(eq(thresholdFirings.matchId, matchId)).orderBy(asc(thresholdFirings.id))).map((f) => [
        at(f.offerId),
        setType.get(f.thresholdSetId),
        f.outcomes,
        f.matchTime,
      ]),
      deliveries: (await db.select().from(deliveries).where(eq(deliveries.matchId, matchId)))
        .map((d) => `${at(d.offerId)} contact ${d.contactId} ch ${d.channelId} ${d.language} ${d.nodeId} p${d.period} ${d.status}`)
        .sort(),
      suppressions: (await db.select().from(suppressions).where(eq(suppressions.matchId, matchId)))
        .map((s) => `${at(s.offerId)} ${s.matchTime}s contact ${s.contactId ?? '-'} ${s.outcome ?? '-'} ${s.reason} ×${s.count}`)
        .sort(),
    };
  }

  it('gives the same offers, firings, deliveries and suppressions', async () => {
    const { db } = upstream.database;
    const feed = readFeedFile(new URL(`${NAME}.jsonl`, FEEDS_DIR));
    const recording = readUofRecording(new URL(`../../infra/feeds/uof/${NAME}.uof.jsonl`, import.meta.url).pathname);
    const uofBase = Date.parse(feed.header.match.kick_off!) - kickOffOffset(feed.messages);
    feedStart = uofBase;

    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await UpstreamClient.connect({
      url: `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`,
      token: await upstream.login(),
    });
    let started = Date.now();
    await replayFeed({ client, matchId: viaFeed, feed, speed: 0, baseMs: uofBase - WEEK_MS });
    console.log(`[uof equivalence] odds-feed/1: ${feed.messages.length} messages ingested in ${Date.now() - started} ms`);

    // Both producers recovered (producers start down), then the recording as fast as it goes.
    channel.publish(exchange, systemKey('alive'), Buffer.from(aliveXml(1, uofBase)));
    channel.publish(exchange, systemKey('alive'), Buffer.from(aliveXml(3, uofBase)));
    await until(
      () => db.select().from(uofProducers),
      (rows) => rows.filter((p) => p.state === 'up').length === 2,
      20_000,
    );
    started = Date.now();
    await replayUof({ amqpUrl: 'url' in rabbit ? rabbit.url : '', exchange, messages: recording, speed: 0 });
    const offerCount = feed.messages.filter((m) => m.type === 'offer').length;
    await until(
      () => db.select({ id: offers.id }).from(offers).where(eq(offers.matchId, viaUof)),
      (rows) => rows.length >= offerCount,
    );
    await until(
      () => db.select({ kind: matchEvents.kind }).from(matchEvents).where(eq(matchEvents.matchId, viaUof)),
      (rows) => rows.some((r) => r.kind === 'match_end'),
    );
    console.log(`[uof equivalence] UOF: ${recording.length} messages published, consumed and ingested in ${Date.now() - started} ms`);
    await upstream.app.engine.drain();

    const expected = await outcome(viaFeed);
    const actual = await outcome(viaUof);
    // A match worth comparing: every offer, and something fired, delivered and suppressed.
    expect(expected.offers).toHaveLength(offerCount);
    expect(expected.firings.length).toBeGreaterThan(0);
    expect(expected.deliveries.length).toBeGreaterThan(0);
    expect(expected.suppressions.length).toBeGreaterThan(0);
    console.log(
      `[uof equivalence] ${expected.offers.length} offers, ${expected.firings.length} firings, ${expected.deliveries.length} deliveries, ${expected.suppressions.length} suppressions`,
    );
    expect(actual.offers).toEqual(expected.offers);
    expect(actual.firings).toEqual(expected.firings);
    expect(actual.deliveries).toEqual(expected.deliveries);
    expect(actual.suppressions).toEqual(expected.suppressions);
  });
});
