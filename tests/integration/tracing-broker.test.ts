/**
 * OpenTelemetry across the broker (docs/tracing.md): a feed message is one trace from the API's
 * ingest route through its publish to RabbitMQ, the engine worker's batch, the engine's decision and
 * the webhook call it made. The API process (broker mode) and an engine worker run in this process
 * on one tracer provider, the SDK's in-memory exporter behind it; the worker learns its parent only
 * from the `traceparent` header of the AMQP messages, which a queue of this test sees on the wire.
 * Needs Postgres and RabbitMQ (TEST_DATABASE_URL, TEST_AMQP_URL); skipped with the reason otherwise.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import amqp, { type ChannelModel } from 'amqplib';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '@odds/ops';
import { buildPath, routes } from '@odds/protocol';
import { channelSettingsFrom, createTestUpstream, Engine, EngineWorker, loopbackWebhooks, topologyNames, type TestUpstream } from '@odds/upstream/testing';
import { waitFor } from '../support/engine-cluster';
import { handMadeFeed, prepareMatches } from '../support/engine-fixture';
import { acquirePostgresAndRabbit } from '../support/rabbitmq';

const { postgres, rabbit, skip } = await acquirePostgresAndRabbit('tracing across the broker');

const SHARDS = 2;
const BASE = Date.parse('2031-08-01T17:59:00Z');

describe.skipIf(skip !== null)('a feed message, traced across the broker', () => {
  const exporter = new InMemorySpanExporter();
  const prefix = `trace-${Math.random().toString(36).slice(2, 8)}`;
  let tracing: Tracing;
  let upstream: TestUpstream;
  let apiUrl: string;
  let engine: Engine;
  let worker: EngineWorker;
  let hooks: Server;
  let spy: ChannelModel;
  let matchId: number;
  /** What the webhook receiver got, and the headers of the AMQP messages on the feed exchange. */
  const hookCalls: IncomingHttpHeaders[] = [];
  const onWire: Record<string, unknown>[] = [];

  beforeAll(async () => {
    if ('skip' in postgres || 'skip' in rabbit) return;
    tracing = await startTracing('console', {}, { exporter });
    hooks = createServer((request, response) => {
      hookCalls.push(request.headers);
      request.resume().on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const webhooks = loopbackWebhooks(postgres.url);
    upstream = await createTestUpstream({ databaseUrl: postgres.url, broker: { url: rabbit.url, prefix, shards: SHARDS }, webhooks });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
    [matchId] = (await prepareMatches(upstream.database.db, `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`, 1)) as [number];
    // A queue of the test's own on the feed exchange: every message as it is on the wire.
    spy = await amqp.connect(rabbit.url);
    const channel = await spy.createChannel();
    const names = topologyNames(prefix);
    await channel.assertExchange(names.feed, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, names.feed, '#');
    await channel.consume(queue, (message) => message && onWire.push(message.properties.headers ?? {}), { noAck: true });
    // The engine worker, on the channel settings of a process on this database.
    const channels = channelSettingsFrom({}, { production: false, databaseUrl: postgres.url });
    engine = new Engine(upstream.database.db, { sending: { webhooks, channels } });
    worker = new EngineWorker({ amqpUrl: rabbit.url, db: upstream.database.db, engine, shards: SHARDS, prefix });
    await worker.start();
  }, 240_000);

  afterAll(async () => {
    await worker?.stop();
    await engine?.close();
    await spy?.close();
    await upstream?.close();
    hooks?.closeAllConnections();
    hooks?.close();
    await tracing?.shutdown();
    if (!('skip' in postgres)) await postgres.release();
  });

  it('is one trace from the ingest route through the broker and the worker’s decision to the webhook call', async () => {
    const token = await upstream.login();
    // Up to the first offer that fires: the webhook contact gets a delivery (tests/support/engine-fixture.ts).
    const messages = handMadeFeed(BASE).slice(0, 4);
    // The demo data seeded above went through the engine too: its traces are not this one.
    exporter.reset();
    const ingested = await fetch(`${apiUrl}${buildPath(routes.ingest, { matchId })}`, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages }),
    });
    expect(ingested.status).toBe(200);
    const finished = () => exporter.getFinishedSpans();
    const named = (name: string) => finished().filter((span) => span.name === name);
    await waitFor('the webhook call’s span', async () => named('send webhook').length > 0, 60_000);

    const [api] = named(`POST ${routes.ingest.path}`);
    const [publish] = named(`publish ${prefix}.feed`);
    const consumed = finished().filter((span) => span.name.startsWith(`process ${prefix}.shard.`));
    const ingests = named('engine ingest');
    const decisions = named('engine decide');
    const [send] = named('send webhook');
    const idOf = (span: ReadableSpan | undefined) => span?.spanContext().spanId;
    const parentOf = (span: ReadableSpan | undefined) => span?.parentSpanContext?.spanId;

    // One trace, begun at the API (the feed sent no traceparent).
    const { traceId } = api!.spanContext();
    expect(api!.parentSpanContext).toBeUndefined();
    expect([publish, ...consumed, ...ingests, ...decisions, send].map((span) => span?.spanContext().traceId)).toEqual(
      [publish, ...consumed, ...ingests, ...decisions, send].map(() => traceId),
    );
    // The publish: a PRODUCER span of the ingest call, until the broker confirmed its four messages.
    expect(publish).toMatchObject({
      kind: 3,
      attributes: { 'messaging.system': 'rabbitmq', 'messaging.destination.name': `${prefix}.feed`, 'messaging.batch.message_count': 4 },
    });
    expect(parentOf(publish)).toBe(idOf(api));
    // On the wire: each message carries the publish's traceparent in its AMQP headers.
    await waitFor('the messages on the test’s queue', async () => onWire.length === 4, 10_000);
    expect(onWire.map((headers) => headers.traceparent)).toEqual(onWire.map(() => `00-${traceId}-${idOf(publish)}-01`));
    // The worker: a CONSUMER span per batch, the remote child of the publish; the engine inside it.
    expect(consumed.length).toBeGreaterThan(0);
    for (const batch of consumed) {
      expect(batch.kind).toBe(4);
      expect(batch.parentSpanContext).toMatchObject({ spanId: idOf(publish), isRemote: true });
      expect(batch.attributes).toMatchObject({ 'messaging.operation.type': 'process', 'odds.match_id': matchId });
    }
    expect(ingests.map(parentOf).every((id) => consumed.some((batch) => idOf(batch) === id))).toBe(true);
    expect(decisions.map(parentOf).every((id) => ingests.some((ingest) => idOf(ingest) === id))).toBe(true);
    // The decision that made the delivery, and the channel call continuing its trace (queued, sent later).
    const deciding = ingests.find((ingest) => Number(ingest.attributes['odds.deliveries']) > 0);
    expect(deciding).toBeDefined();
    expect(decisions.some((decision) => parentOf(decision) === idOf(deciding) && Number(decision.attributes['odds.deliveries']) > 0)).toBe(true);
    expect(send).toMatchObject({ kind: 2, attributes: { 'odds.channel': 'webhook', 'odds.match_id': matchId, 'odds.outcome': 'sent' } });
    expect(parentOf(send)).toBe(idOf(deciding));
    // The trace stays ours: no traceparent goes to a customer's webhook (nor to a vendor).
    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0]!.traceparent).toBeUndefined();
  });
});
