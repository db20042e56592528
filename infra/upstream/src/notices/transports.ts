import pg from 'pg';
import { createClient } from 'redis';
import type { ChangeTransport } from './bus';

/** The change stream between processes: Redis pub/sub with REDIS_URL, else Postgres LISTEN/NOTIFY on Postgres. */
export interface ChangeStreamSettings {
  redisUrl: string | null;
  redisPrefix: string;
}

/** Postgres channel / Redis channel (after REDIS_PREFIX) of the change stream. */
const CHANGES_CHANNEL = 'odds_changes';

/**
 * Postgres LISTEN/NOTIFY on one dedicated connection, reconnected after a loss (notices in the gap
 * are missed: the relay polls on its timer meanwhile). NOTIFY is transactional and ordered per
 * sender; payloads stay under 8,000 bytes (ChangeBus splits long id lists).
 */
function postgresTransport(url: string, onError: (error: Error) => void = () => {}): ChangeTransport {
  let client: pg.Client | null = null;
  let closed = false;
  let handler: ((message: string) => void) | null = null;
  // One query at a time on the listening connection: NOTIFYs queue behind each other, in order.
  let queue: Promise<unknown> = Promise.resolve();
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && n.payload) handler?.(n.payload);
    });
    next.on('error', (error) => {
      onError(error);
      if (client === next) client = null;
      next.end().catch(() => {});
      if (!closed) setTimeout(() => void connect().catch(onError), 1_000).unref();
    });
    await next.connect();
    await next.query(`listen ${CHANGES_CHANNEL}`);
    client = next;
  };
  return {
    kind: 'postgres',
    // A NOTIFY payload must be shorter than 8,000 bytes.
    maxMessageBytes: 7_900,
    async listen(onMessage) {
      handler = onMessage;
      await connect();
    },
    async send(message) {
      const sending = queue.then(() => {
        if (!client) throw new Error('change stream: not connected to Postgres');
        return client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, message]);
      });
      queue = sending.catch(() => {});
      await sending;
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

/** Redis pub/sub: one publishing and one subscribed connection (the client reconnects by itself). */
function redisTransport(url: string, prefix = 'odds:', onError: (error: Error) => void = () => {}): ChangeTransport {
  const channel = `${prefix}${CHANGES_CHANNEL}`;
  const publisher = createClient({ url });
  const subscriber = publisher.duplicate();
  publisher.on('error', onError);
  subscriber.on('error', onError);
  return {
    kind: 'redis',
    async listen(onMessage) {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(channel, (message) => onMessage(message));
    },
    async send(message) {
      await publisher.publish(channel, message);
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

/**
 * The transport this process's change stream uses: Redis pub/sub when REDIS_URL is set, else
 * Postgres LISTEN/NOTIFY on a Postgres database, else none (in-process, the embedded default).
 */
export function changeTransportFor(settings: ChangeStreamSettings, databaseUrl: string, onError?: (error: Error) => void): ChangeTransport | null {
  if (settings.redisUrl) return redisTransport(settings.redisUrl, settings.redisPrefix, onError);
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return postgresTransport(databaseUrl, onError);
  return null;
}
