import amqp, { type ChannelModel } from 'amqplib';

/** How long a broker may take to open a connection once TCP has connected. */
const BROKER_CONNECT_TIMEOUT_MS = 15_000;

/**
 * `amqp.connect` that gives up when the broker accepts the TCP connection and then says nothing
 * (amqplib would wait for ever): a RabbitMQ out of file handles does that, accepting every
 * connection and opening none (docs/scaling-out.md). The worker then exits with the reason, for
 * its supervisor to start it again, instead of hanging before it is ready.
 */
export async function connectBroker(url: string, timeoutMs = BROKER_CONNECT_TIMEOUT_MS): Promise<ChannelModel> {
  try {
    return await amqp.connect(url, { timeout: timeoutMs });
  } catch (error) {
    if (error instanceof Error && error.message === 'connect ETIMEDOUT') {
      const { host } = new URL(url);
      throw new Error(`the broker at ${host} did not open a connection within ${timeoutMs / 1000} s (it accepted the TCP connection, then said nothing)`);
    }
    throw error;
  }
}
