import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import amqp from 'amqplib';

/**
 * Raw UOF recordings: JSON Lines, a header (`format` `uof-recording/1`) then one message per line as
 * it came: `offset_ms` from the first, `routing_key`, `xml` (the body, untouched) and `received_at`.
 * A replay publishes them to a UOF-shaped exchange at any speed, so a Saturday captured from UOF
 * replays into tests like odds-feed/1 files.
 */
export const UOF_RECORDING_FORMAT = 'uof-recording/1';

export interface UofRecordedMessage {
  offset_ms: number;
  routing_key: string;
  xml: string;
  received_at: string;
}

export function readUofRecording(path: string): UofRecordedMessage[] {
  const [header, ...lines] = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const format = (JSON.parse(header ?? '{}') as { format?: string }).format;
  if (format !== UOF_RECORDING_FORMAT) throw new Error(`${path} is not a UOF recording (format '${format ?? ''}', expected '${UOF_RECORDING_FORMAT}')`);
  return lines.map((line, i) => {
    const m = JSON.parse(line) as UofRecordedMessage;
    if (typeof m.routing_key !== 'string' || typeof m.xml !== 'string' || !Number.isInteger(m.offset_ms))
      throw new Error(`${path} line ${i + 2} is not a recorded UOF message`);
    return m;
  });
}

/** Records every message the binding keys reach until `stop` resolves; returns how many. */
export async function recordUof(o: { amqpUrl: string; exchange: string; bindingKeys: string[]; out: string; stop: Promise<unknown> }): Promise<number> {
  const connection = await amqp.connect(o.amqpUrl);
  const channel = await connection.createChannel();
  await channel.checkExchange(o.exchange);
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  for (const key of o.bindingKeys) await channel.bindQueue(queue, o.exchange, key);
  const file = createWriteStream(o.out);
  file.write(`${JSON.stringify({ format: UOF_RECORDING_FORMAT, exchange: o.exchange, binding_keys: o.bindingKeys, recorded_at: new Date().toISOString() })}\n`);
  let first: number | null = null;
  let count = 0;
  await channel.consume(
    queue,
    (message) => {
      if (!message) return;
      const now = Date.now();
      first ??= now;
      const line: UofRecordedMessage = {
        offset_ms: now - first,
        routing_key: message.fields.routingKey,
        xml: message.content.toString('utf8'),
        received_at: new Date(now).toISOString(),
      };
      file.write(`${JSON.stringify(line)}\n`);
      count += 1;
    },
    { noAck: true },
  );
  await o.stop;
  await connection.close();
  file.end();
  await once(file, 'finish');
  return count;
}

/** Publishes a recording to the exchange, waiting offset ÷ speed between messages (speed 0: as fast as possible). */
export async function replayUof(o: { amqpUrl: string; exchange: string; messages: UofRecordedMessage[]; speed: number }): Promise<number> {
  const connection = await amqp.connect(o.amqpUrl);
  const channel = await connection.createConfirmChannel();
  // Playing the vendor, who owns the exchange (the adapter only checks it): declared on a fresh broker.
  await channel.assertExchange(o.exchange, 'topic', { durable: true });
  const start = Date.now();
  for (const m of o.messages) {
    if (o.speed > 0) {
      const wait = start + m.offset_ms / o.speed - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    channel.publish(o.exchange, m.routing_key, Buffer.from(m.xml));
  }
  await channel.waitForConfirms();
  await connection.close();
  return o.messages.length;
}
