import amqp, { type ConfirmChannel, type ChannelModel } from 'amqplib';
import { buildUofRoutingKey } from '@odds/protocol';

/** Publishes what the vendor sends on its exchange when a recovery is done. */
export interface SnapshotPublisher {
  snapshotComplete(o: { product: number; requestId: number; nodeId: number | null; timestamp: number }): Promise<void>;
  /** `alive subscribed="1"` of a producer, as the vendor sends every 10 s (`--alive`). */
  alive?(o: { product: number; timestamp: number }): Promise<void>;
  /** Connects and declares the exchange now (the CLI at start: the adapter only checks it, so it must exist before the API connects). */
  open?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `snapshot_complete` on the UOF exchange, routed `-.-.-.snapshot_complete.-.-.-.{node}` as the
 * vendor routes it, over one confirm channel (connected on first use, again after the broker
 * dropped it). The exchange is asserted as a durable topic exchange: the stand-in plays the vendor,
 * who owns it (the adapter only checks it).
 */
export function amqpSnapshots(amqpUrl: string, exchange: string): SnapshotPublisher {
  let connecting: Promise<{ connection: ChannelModel; channel: ConfirmChannel }> | null = null;
  const open = () => {
    connecting ??= (async () => {
      const connection = await amqp.connect(amqpUrl);
      const forget = () => {
        connecting = null;
      };
      connection.on('close', forget);
      connection.on('error', forget);
      const channel = await connection.createConfirmChannel();
      await channel.assertExchange(exchange, 'topic', { durable: true });
      return { connection, channel };
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };
  const publish = async (messageType: string, nodeId: number | null, body: string) => {
    const { channel } = await open();
    const key = buildUofRoutingKey({ priority: null, prematch: false, live: false, messageType, sportId: null, urnType: null, eventId: null, nodeId });
    channel.publish(exchange, key, Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`), { contentType: 'text/xml' });
    await channel.waitForConfirms();
  };
  return {
    snapshotComplete: ({ product, requestId, nodeId, timestamp }) =>
      publish('snapshot_complete', nodeId, `<snapshot_complete request_id="${requestId}" timestamp="${timestamp}" product="${product}"/>`),
    alive: ({ product, timestamp }) => publish('alive', null, `<alive product="${product}" timestamp="${timestamp}" subscribed="1"/>`),
    open: async () => {
      await open();
    },
    async close() {
      const open = connecting;
      connecting = null;
      if (open) await (await open.catch(() => null))?.connection.close().catch(() => {});
    },
  };
}
