import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** One client connection and its (lazily opened) connection to the upstream, with what the hang holds back. */
interface Link {
  client: Socket;
  upstream: Socket | null;
  toUpstream: Buffer[];
  toClient: Buffer[];
  clientEnded: boolean;
}

/**
 * A TCP forwarder in front of the upstream that hangs it as a `SIGSTOP` would: while hung,
 * connections are accepted (the kernel's backlog does that for a stopped process) and what clients
 * send is held, as the stopped process's socket buffers hold it, even if the client gives up and
 * closes; nothing comes back. On resume the held bytes reach the upstream, so a request sent
 * during the hang is carried out (a write committed) after it, as with a real SIGCONT. In process,
 * so a test hangs the upstream without stopping the worker its own PGlite runs in.
 */
export class HangProxy {
  private readonly server: Server;
  private readonly links = new Set<Link>();
  private hung = false;

  private constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => {
      const link: Link = { client, upstream: null, toUpstream: [], toClient: [], clientEnded: false };
      this.links.add(link);
      client.on('data', (chunk) => (this.hung || !link.upstream ? link.toUpstream.push(chunk) : link.upstream.write(chunk)));
      client.on('end', () => {
        link.clientEnded = true;
        if (!this.hung) link.upstream?.end();
      });
      client.on('error', () => undefined);
      client.on('close', () => {
        link.clientEnded = true;
        if (!this.hung) link.upstream?.end();
      });
      if (!this.hung) this.open(link);
    });
  }

  private open(link: Link): void {
    const upstream = connect(this.target.port, this.target.host);
    link.upstream = upstream;
    upstream.on('data', (chunk) => (this.hung ? link.toClient.push(chunk) : !link.client.destroyed && link.client.write(chunk)));
    upstream.on('error', () => undefined);
    upstream.on('close', () => {
      this.links.delete(link);
      link.client.destroy();
    });
    for (const chunk of link.toUpstream.splice(0)) upstream.write(chunk);
    if (link.clientEnded) upstream.end();
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
  }

  resume(): void {
    this.hung = false;
    for (const link of this.links) {
      if (!link.upstream) {
        this.open(link);
        continue;
      }
      for (const chunk of link.toUpstream.splice(0)) link.upstream.write(chunk);
      for (const chunk of link.toClient.splice(0)) if (!link.client.destroyed) link.client.write(chunk);
      if (link.clientEnded) link.upstream.end();
    }
  }

  async close(): Promise<void> {
    for (const link of this.links) {
      link.client.destroy();
      link.upstream?.destroy();
    }
    await new Promise((resolve) => this.server.close(resolve));
  }
}
