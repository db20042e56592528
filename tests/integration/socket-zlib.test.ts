/**
 * Per-message deflate of the relay's socket.io (relay/src/sockets.ts SOCKET_DEFLATE and
 * relay/src/socket-zlib.ts): idle sockets hold no zlib context, big frames still go out deflated,
 * and every message survives contexts being freed and made again. The client is a bare `ws`
 * WebSocket speaking engine.io / socket.io text packets that deflates everything it sends, as
 * Chromium does.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_DEFLATE } from '../../relay/src/sockets';
import { perMessageDeflateOf, manageSocketDeflate, type PerMessageDeflate } from '../../relay/src/socket-zlib';

const IDLE_MS = 150;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i > 200) throw new Error('timed out');
    await sleep(25);
  }
}

class EchoClient {
  /** The `m` events received, in order. */
  readonly received: string[] = [];
  private nextAck = 0;
  private readonly acks = new Map<number, (reply: string) => void>();
  constructor(readonly ws: WebSocket) {}

  static connect(url: string): Promise<EchoClient> {
    const ws = new WebSocket(`${url}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: { threshold: 0 } });
    const client = new EchoClient(ws);
    return new Promise((resolve, reject) => {
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text === '2') return ws.send('3');
        if (text.startsWith('0')) return ws.send('40');
        if (text.startsWith('40')) return resolve(client);
        if (text.startsWith('43')) {
          const bracket = text.indexOf('[');
          const id = Number(text.slice(2, bracket));
          client.acks.get(id)?.((JSON.parse(text.slice(bracket)) as [string])[0]);
          client.acks.delete(id);
        }
        if (text.startsWith('42')) {
          const [event, payload] = JSON.parse(text.slice(2)) as [string, string];
          if (event === 'm') client.received.push(payload);
        }
      });
      ws.on('error', reject);
    });
  }

  /** Bytes read from the TCP socket so far (deflated frames). */
  get wire(): number {
    return (this.ws as unknown as { _socket: NetSocket })._socket.bytesRead;
  }

  echo(text: string): Promise<string> {
    const id = this.nextAck++;
    return new Promise((resolve) => {
      this.acks.set(id, resolve);
      this.ws.send(`42${id}${JSON.stringify(['echo', text])}`);
    });
  }
}

let http: HttpServer | null = null;
let io: Server | null = null;
const clients: EchoClient[] = [];

async function serve(perMessageDeflate: object): Promise<string> {
  http = createServer();
  io = new Server(http, { serveClient: false, perMessageDeflate });
  manageSocketDeflate(io, SOCKET_DEFLATE, IDLE_MS);
  io.on('connection', (socket) => {
    void socket.join('room');
    socket.on('echo', (text: string, ack: (reply: string) => void) => ack(text));
    // Messages to this socket alone (deflated by ws, one at a time) between broadcasts to the room
    // (deflated once for all), big and small: each client must get them all, in this order.
    socket.on('burst', (n: number, ack: () => void) => {
      for (let i = 0; i < n; i++) {
        socket.emit('m', `own ${i} ${big(i)}`);
        io!.to('room').emit('m', `room ${i} ${big(100 + i)}`);
        io!.to('room').emit('m', `small ${i}`);
      }
      ack();
    });
  });
  await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

/** The server side's PerMessageDeflate of its only connection. */
function serverDeflate(): PerMessageDeflate {
  const [socket] = io!.of('/').sockets.values();
  return perMessageDeflateOf(socket!.conn.transport)!;
}

/** A big, compressible message, different each time. */
const big = (n: number) => JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: n * 1000 + i, market: 'Match Odds', price: 1 + i / 100 })));

afterEach(async () => {
  for (const client of clients.splice(0)) client.ws.terminate();
  await new Promise((resolve) => io ? io.close(resolve) : resolve(undefined));
  io = null;
  http = null;
});

describe('socket.io per-message deflate on the relay', () => {
  it('negotiates no context takeover, and an idle socket keeps no zlib context though its client deflates everything', async () => {
    const client = await EchoClient.connect(await serve(SOCKET_DEFLATE));
    clients.push(client);
    const pmd = serverDeflate();
    expect(pmd.params).toMatchObject({ server_no_context_takeover: true, client_no_context_takeover: true, server_max_window_bits: 13 });
    // Small messages both ways (the client's CONNECT was deflated and inflated here).
    expect(await client.echo('short')).toBe('short');
    expect(pmd._inflate).toBeNull();
    // Under the 1 KB threshold nothing was deflated: no context was ever made.
    expect(pmd._deflate).toBeNull();
  });

  it('deflates big frames, frees the deflate once idle, and every message survives its contexts being made again', async () => {
    const client = await EchoClient.connect(await serve(SOCKET_DEFLATE));
    clients.push(client);
    const pmd = serverDeflate();
    for (let round = 0; round < 3; round++) {
      const text = big(round);
      const wire = client.wire;
      expect(await client.echo(text)).toBe(text);
      // The reply went out deflated (JSON records shrink several times) ...
      expect(client.wire - wire).toBeLessThan(text.length / 3);
      // ... and its deflate stays while the socket is busy, then goes.
      expect(pmd._deflate).not.toBeNull();
      expect(pmd._inflate).toBeNull();
      await sleep(IDLE_MS * 3);
      expect(pmd._deflate).toBeNull();
    }
    // A burst: many big messages in flight at once, each answered whole and in order of its ack.
    const texts = Array.from({ length: 20 }, (_, i) => big(10 + i));
    expect(await Promise.all(texts.map((text) => client.echo(text)))).toEqual(texts);
  });

  it('deflates a broadcast once for the room, and keeps every socket\'s messages in order around it', async () => {
    const url = await serve(SOCKET_DEFLATE);
    const deflating = await EchoClient.connect(url);
    // A client that negotiates no deflate gets the same messages, plain.
    const plain = new EchoClient(new WebSocket(`${url}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false }));
    const plainReady = new Promise<void>((resolve) => plain.ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('0')) plain.ws.send('40');
      else if (text.startsWith('40')) resolve();
      else if (text.startsWith('42')) plain.received.push((JSON.parse(text.slice(2)) as [string, string])[1]);
    }));
    await plainReady;
    clients.push(deflating, plain);
    const wire = { deflating: deflating.wire, plain: plain.wire };
    const n = 10;
    await new Promise<void>((resolve) => {
      const id = 99;
      (deflating as unknown as { acks: Map<number, () => void> }).acks.set(id, resolve);
      deflating.ws.send(`42${id}${JSON.stringify(['burst', n])}`);
    });
    const room = Array.from({ length: n }, (_, i) => [`room ${i} ${big(100 + i)}`, `small ${i}`]);
    const want = Array.from({ length: n }, (_, i) => [`own ${i} ${big(i)}`, ...room[i]!]).flat();
    await until(() => deflating.received.length === want.length && plain.received.length === room.flat().length);
    expect(deflating.received).toEqual(want);
    expect(plain.received).toEqual(room.flat());
    // Deflated on the wire for the one, not for the other.
    expect(deflating.wire - wire.deflating).toBeLessThan(want.join('').length / 3);
    expect(plain.wire - wire.plain).toBeGreaterThan(room.flat().join('').length);
  });

  it('writes a big broadcast deflated without making a deflate context on the socket', async () => {
    const client = await EchoClient.connect(await serve(SOCKET_DEFLATE));
    clients.push(client);
    const wire = client.wire;
    const text = big(7);
    io!.to('room').emit('m', text);
    await until(() => client.received.length === 1);
    expect(client.received).toEqual([text]);
    expect(client.wire - wire).toBeLessThan(text.length / 3);
    expect(serverDeflate()._deflate).toBeNull();
  });

  it('inflates a message the client sends in fragments, and closes on one that inflates past the limit', async () => {
    const client = await EchoClient.connect(await serve(SOCKET_DEFLATE));
    clients.push(client);
    const text = big(3);
    const packet = `420${JSON.stringify(['echo', text])}`;
    const reply = new Promise<string>((resolve) => (client as unknown as { acks: Map<number, (reply: string) => void> }).acks.set(0, resolve));
    // One deflated message in three frames (ws deflates it as one stream across them).
    const third = Math.floor(packet.length / 3);
    client.ws.send(packet.slice(0, third), { fin: false });
    client.ws.send(packet.slice(third, 2 * third), { fin: false });
    client.ws.send(packet.slice(2 * third), { fin: true });
    expect(await reply).toBe(text);
    expect(serverDeflate()._inflate).toBeNull();
    // 1 MB of one letter deflates to about 1 KB, under socket.io's 64 KB frame limit, and inflates past its 64 KB message limit.
    const closed = new Promise<void>((resolve) => client.ws.once('close', () => resolve()));
    client.ws.send(`42${JSON.stringify(['echo', 'x'.repeat(1 << 20)])}`);
    await closed;
    // The server lives on: another client is served.
    const next = await EchoClient.connect(`ws://127.0.0.1:${(http!.address() as AddressInfo).port}`);
    clients.push(next);
    expect(await next.echo('still here')).toBe('still here');
  });

  it('keeps the contexts of a connection that carries its dictionary forward (context takeover)', async () => {
    const client = await EchoClient.connect(await serve({ threshold: 1024 }));
    clients.push(client);
    const pmd = serverDeflate();
    expect(pmd.params.server_no_context_takeover).toBeUndefined();
    const first = big(1);
    expect(await client.echo(first)).toBe(first);
    await sleep(IDLE_MS * 3);
    // Freeing these would break the next message: they stay.
    expect(pmd._deflate).not.toBeNull();
    expect(pmd._inflate).not.toBeNull();
    const second = big(2);
    expect(await client.echo(second)).toBe(second);
  });
});
