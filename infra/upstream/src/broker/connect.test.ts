import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectBroker } from './connect';

/** A TCP server that accepts and never answers: what a RabbitMQ out of file handles does. */
function silentBroker() {
  const sockets: Socket[] = [];
  // It reads what the client sends (the AMQP header), so it sees the client close.
  const server = createServer((socket) => sockets.push(socket.resume()));
  return {
    listening: new Promise<string>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve(`amqp://guest:guest@127.0.0.1:${(server.address() as AddressInfo).port}`)),
    ),
    sockets,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('connecting to the broker', () => {
  let broker: ReturnType<typeof silentBroker> | undefined;
  afterEach(() => broker?.close());

  it('gives up, saying why, when the broker accepts the connection and says nothing', async () => {
    broker = silentBroker();
    const url = await broker.listening;
    await expect(connectBroker(url, 300)).rejects.toThrow(/^the broker at 127\.0\.0\.1:\d+ did not open a connection within 0\.3 s/);
    // It did reach the broker (the hang is after TCP), and left no socket open behind it.
    expect(broker.sockets).toHaveLength(1);
    await expect.poll(() => broker!.sockets[0]!.closed).toBe(true);
  });

  it('passes other failures on as they are (nothing listening)', async () => {
    broker = silentBroker();
    const url = await broker.listening;
    await broker.close();
    broker = undefined;
    await expect(connectBroker(url, 300)).rejects.toThrow(/ECONNREFUSED/);
  });
});
