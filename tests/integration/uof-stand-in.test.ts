/**
 * The UOF stand-in (`npm run uof:fake`) on a real RabbitMQ: a recovery request through the
 * adapter's own client is answered 202 and then by `snapshot_complete` with that request id on
 * the UOF exchange, routed `-.-.-.snapshot_complete.-.-.-.{node}` as the vendor routes it.
 */
import type { AddressInfo } from 'node:net';
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amqpSnapshots, buildStandIn, FALLBACK_PRODUCERS, uofRecoveryApi } from '@odds/upstream/testing';
import { acquireRabbit } from '../support/rabbitmq';

const rabbit = await acquireRabbit();
const skip = 'skip' in rabbit ? rabbit.skip : null;
if (skip) console.warn(`[uof stand-in suite skipped] ${skip}`);

const TOKEN = 'stand-in-broker-token';
// A name of its own: the broker is shared with other suites.
const EXCHANGE = `uof-stand-in-test-${process.pid}-${Date.now()}`;

describe.skipIf(skip !== null)('the UOF stand-in on RabbitMQ', () => {
  let standIn: Awaited<ReturnType<typeof buildStandIn>>;
  let base: string;
  let connection: ChannelModel;
  let channel: Channel;
  const received: ConsumeMessage[] = [];
  const aliveSeen: ConsumeMessage[] = [];

  beforeAll(async () => {
    const url = (rabbit as { url: string }).url;
    standIn = await buildStandIn({ tokens: [TOKEN], snapshots: amqpSnapshots(url, EXCHANGE), snapshotDelayMs: 50, aliveEveryMs: 200 });
    await standIn.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(standIn.app.server.address() as AddressInfo).port}`;
    connection = await amqp.connect(url);
    channel = await connection.createChannel();
    // The adapter checks the exchange and never declares it; the stand-in, playing the vendor, does.
    await channel.assertExchange(EXCHANGE, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, EXCHANGE, '-.-.-.snapshot_complete.#');
    const { queue: alives } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(alives, EXCHANGE, '-.-.-.alive.#');
    await channel.consume(alives, (message) => message && aliveSeen.push(message), { noAck: true });
    await channel.consume(queue, (message) => message && received.push(message), { noAck: true });
  });
  afterAll(async () => {
    await standIn?.app.close();
    await channel?.deleteExchange(EXCHANGE).catch(() => {});
    await connection?.close();
    await (rabbit as { release?: () => Promise<void> }).release?.();
  });

  it('publishes snapshot_complete with the request id of each recovery, after answering it', async () => {
    const recover = uofRecoveryApi(base, TOKEN, (producer) => FALLBACK_PRODUCERS.get(producer)!.path);
    await recover(1, 9001, Date.now() - 5 * 60_000);
    await recover(3, 9002, null);
    const reply = await fetch(`${base}/v1/liveodds/recovery/initiate_request?request_id=9003&node_id=7`, {
      method: 'POST',
      headers: { 'x-access-token': TOKEN },
    });
    expect(reply.status).toBe(202);
    expect(await reply.text()).toContain('response_code="ACCEPTED"');
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
    const seen = received.map((m) => ({ key: m.fields.routingKey, xml: m.content.toString('utf8') })).sort((a, b) => a.xml.localeCompare(b.xml));
    expect(seen.map((s) => s.key)).toEqual(['-.-.-.snapshot_complete.-.-.-.-', '-.-.-.snapshot_complete.-.-.-.-', '-.-.-.snapshot_complete.-.-.-.7']);
    expect(seen.map((s) => /request_id="(\d+)"[^>]*product="(\d+)"/.exec(s.xml)?.slice(1))).toEqual([
      ['9001', '1'],
      ['9002', '3'],
      ['9003', '1'],
    ]);
  });

  it('publishes alive of each active producer (1, 3, 4) when asked to, as the vendor does', async () => {
    await expect
      .poll(() => new Set(aliveSeen.map((m) => /product="(\d+)"/.exec(m.content.toString())?.[1])), { timeout: 10_000 })
      .toEqual(new Set(['1', '3', '4']));
    expect(aliveSeen[0]!.fields.routingKey).toBe('-.-.-.alive.-.-.-.-');
    expect(aliveSeen[0]!.content.toString()).toMatch(/<alive product="\d" timestamp="\d{13}" subscribed="1"\/>$/);
  });

  it('publishes nothing for a refused request', async () => {
    const before = received.length;
    const reply = await fetch(`${base}/v1/liveodds/recovery/initiate_request?request_id=9004&after=1`, {
      method: 'POST',
      headers: { 'x-access-token': TOKEN },
    });
    expect(reply.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.length).toBe(before);
  });
});
