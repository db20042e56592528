import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP forwarder in front of the upstream that can hang it as a `SIGSTOP` would: while hung,
 * connections are accepted (the kernel's backlog does that for a stopped process) but nothing
 * moves in either direction; on resume everything held flows on, so a request sent during the hang
 * is answered (and a write committed) after it. In process, so a test hangs the upstream without
 * stopping the worker its own PGlite runs in.
 */
export class HangProxy {
  private readonly server: Server;
  private readonly pairs = new Set<[Socket, Socket]>();
  private hung = false;
  private readonly waiting: (() => void)[] = [];

  private constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => {
      client.pause();
      const open = () => {
        const upstream = connect(this.target.port, this.target.host);
        const pair: [Socket, Socket] = [client, upstream];
        this.pairs.add(pair);
        const drop = () => {
          this.pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
        if (this.hung) upstream.pause();
        else client.resume();
      };
      if (this.hung) this.waiting.push(open);
      else open();
    });
  }

  static async start(targetUrl: string): Promise<HangProxy> {
    const target = new URL(targetUrl);
    const proxy = new HangProxy({ host: target.hostname, port: Number(target.port) });
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  hang(): void {
    this.hung = true;
    for (const [client, upstream] of this.pairs) {
      client.pause();
      upstream.pause();
    }
  }

  resume(): void {
    this.hung = false;
    for (const [client, upstream] of this.pairs) {
      client.resume();
      upstream.resume();
    }
    for (const open of this.waiting.splice(0)) open();
  }

  async close(): Promise<void> {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise((resolve) => this.server.close(resolve));
  }
}
