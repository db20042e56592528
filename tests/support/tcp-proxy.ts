import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A loopback TCP proxy to a dependency (Postgres, Redis) that a test can cut and restore, to see
 * how a process behaves while the dependency is unreachable, without stopping a shared server.
 */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones. */
  cut(): void;
  restore(): void;
  /** Cuts (as `cut`) the moment a client sends bytes containing `text`, before they reach the target: an outage in the middle of a request. */
  cutWhenSent(text: string): void;
  close(): Promise<void>;
}

export async function tcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let down = false;
  let trigger: Buffer | null = null;
  const cut = () => {
    down = true;
    for (const socket of open) socket.destroy();
  };
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {});
    }
    client.on('data', (chunk: Buffer) => {
      if (trigger && chunk.includes(trigger)) {
        trigger = null;
        return cut();
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut,
    restore() {
      down = false;
    },
    cutWhenSent(text) {
      trigger = Buffer.from(text);
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
