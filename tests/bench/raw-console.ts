/**
 * A console as cheap as a socket can be, for benches holding hundreds to ten thousand of them in
 * one process: a bare `ws` WebSocket speaking engine.io 4 / socket.io 5 text packets (open `0`,
 * ping `2` → pong `3`, message `4` + socket.io CONNECT `0`, EVENT `2`, ACK `3`), with the
 * per-message deflate a browser negotiates, deflating every message it sends as Chromium does (even
 * a one-byte pong; the relay declines it, and sends big snapshots and deltas packed instead: a
 * socket.io BINARY_EVENT `5` whose attachment is the payload's raw deflate). It counts wire bytes
 * (from the TCP socket) and message bytes (packed payloads inflated), and, when asked to hold a
 * match, applies its snapshots and deltas by seq as the console does (a gap or a reconnect resyncs
 * from the last seq).
 */
import type { Socket } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import WebSocket from 'ws';
import { LIVE_TOPICS, type DeltaPayload, type LiveAck, type LiveTopic, type OfferPoint, type SnapshotPayload } from '@odds/protocol';

export interface HeldTopic {
  epoch: string;
  seq: number;
  ids: Set<number>;
  more: boolean;
  outline: OfferPoint[];
}

export class RawConsole {
  /** Bytes read from the TCP socket (compressed frames), over every connection of this console. */
  wireBytes = 0;
  /** Bytes of the messages after inflation. */
  messageBytes = 0;
  readonly topics = new Map<LiveTopic, HeldTopic>();
  /** A socket watching several matches (a wall) without watch(): what it holds per `matchId:topic`. */
  private readonly wallTopics = new Map<string, HeldTopic>();
  /** Bytes of the snapshot messages received, per topic. */
  readonly snapshotBytes = new Map<LiveTopic, number>();
  resyncs = 0;
  private ws: WebSocket | null = null;
  /** The TCP socket of the open connection (the upgrade response's), whose bytesRead is the wire. */
  private tcp: Socket | null = null;
  private nextAck = 0;
  private readonly acks = new Map<number, (reply: LiveAck) => void>();
  private matchId: number | null = null;
  /** A binary event's packet, waiting for its attachment (the next binary message). */
  private awaiting: { event: string; payload: Record<string, unknown> } | null = null;

  /** `observe` sees every delta as it arrives, before it is applied (bench C times receipts with it). */
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly deflate = true,
    private readonly observe?: (delta: DeltaPayload) => void,
  ) {}

  /** Connects and authenticates; resolves on the relay's hello, rejects on refusal or close. */
  connect(): Promise<void> {
    const ws = new WebSocket(`${this.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
      perMessageDeflate: this.deflate && { threshold: 0 },
    });
    this.ws = ws;
    this.tcp = null;
    let tcp: Socket | null = null;
    ws.once('upgrade', (response) => (this.tcp = tcp = response.socket));
    return new Promise((resolve, reject) => {
      let said = false;
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) {
          // The attachment of the binary event before it: a packed snapshot or delta.
          const awaiting = this.awaiting;
          this.awaiting = null;
          if (awaiting?.event !== 'packed') return;
          const inflated = inflateRawSync(data);
          this.messageBytes += inflated.length;
          const payload = JSON.parse(inflated.toString()) as SnapshotPayload | DeltaPayload;
          return this.onEvent(awaiting.payload.event as string, payload, inflated.length);
        }
        const text = data.toString();
        // `451-[...]`: an event with one attachment; only `packed` has one.
        if (text.startsWith('451-')) {
          const [event, payload] = JSON.parse(text.slice(4)) as [string, Record<string, unknown>];
          this.awaiting = { event, payload };
          return;
        }
        this.messageBytes += data.length;
        if (text === '2') return ws.send('3');
        if (text.startsWith('0')) return ws.send(`40${JSON.stringify({ token: this.token })}`);
        if (text.startsWith('44')) return reject(new Error(`refused: ${text.slice(2)}`));
        if (text.startsWith('43')) {
          const bracket = text.indexOf('[');
          const id = Number(text.slice(2, bracket));
          this.acks.get(id)?.((JSON.parse(text.slice(bracket)) as [LiveAck])[0]);
          this.acks.delete(id);
          return;
        }
        if (!text.startsWith('42')) return;
        const [event, payload] = JSON.parse(text.slice(2)) as [string, unknown];
        if (event === 'hello' && !said) {
          said = true;
          resolve();
        } else this.onEvent(event, payload, data.length);
      });
      ws.on('close', () => {
        if (tcp) this.wireBytes += tcp.bytesRead;
        for (const ack of this.acks.values()) ack({ ok: false, error: 'closed' });
        this.acks.clear();
        if (!said) reject(new Error('closed before hello'));
      });
      ws.on('error', () => undefined);
    });
  }

  /** Bytes read so far on the open connection plus those of closed ones. */
  get wire(): number {
    return this.wireBytes + (this.ws?.readyState === WebSocket.OPEN && this.tcp ? this.tcp.bytesRead : 0);
  }

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  emit(event: 'watch' | 'unwatch' | 'resync', data: object): Promise<LiveAck> {
    const id = this.nextAck++;
    return new Promise((resolve) => {
      this.acks.set(id, resolve);
      this.ws!.send(`42${id}${JSON.stringify([event, data])}`);
    });
  }

  watch(matchId: number): Promise<LiveAck> {
    this.matchId = matchId;
    return this.emit('watch', { matchId });
  }

  /** After a reconnect: resync every topic held from its seq (the console's rule). */
  async resume(): Promise<LiveAck[]> {
    const matchId = this.matchId!;
    return Promise.all(
      LIVE_TOPICS.filter((topic) => this.topics.has(topic)).map((topic) => {
        this.resyncs += 1;
        return this.emit('resync', { matchId, topic, sinceSeq: this.topics.get(topic)!.seq, epoch: this.topics.get(topic)!.epoch });
      }),
    );
  }

  /** Every topic held, and no resync outstanding. */
  get complete(): boolean {
    return LIVE_TOPICS.every((topic) => this.topics.has(topic)) && this.acks.size === 0;
  }

  close(): void {
    this.ws?.terminate();
  }

  private onEvent(event: string, payload: unknown, bytes: number): void {
    if (event === 'snapshot') {
      const { topic } = payload as SnapshotPayload;
      this.snapshotBytes.set(topic, (this.snapshotBytes.get(topic) ?? 0) + bytes);
      this.onSnapshot(payload as SnapshotPayload);
    } else if (event === 'delta') {
      this.observe?.(payload as DeltaPayload);
      this.onDelta(payload as DeltaPayload);
    }
  }

  /** Where a match's topic is held: `topics` for the match of watch(), else per match (a wall's panels). */
  private heldOf(matchId: number, topic: LiveTopic): [Map<string, HeldTopic>, string] {
    return this.matchId === null ? [this.wallTopics, `${matchId}:${topic}`] : [this.topics as Map<string, HeldTopic>, topic];
  }

  private onSnapshot(payload: SnapshotPayload): void {
    const [map, key] = this.heldOf(payload.matchId, payload.topic);
    const held = map.get(key);
    if (held && !payload.fresh && payload.epoch === held.epoch && payload.seq <= held.seq) return;
    map.set(key, {
      epoch: payload.epoch,
      seq: payload.seq,
      ids: new Set(payload.items.map((item) => item.id)),
      more: !!payload.more,
      outline: payload.outline ?? [],
    });
  }

  private onDelta(delta: DeltaPayload): void {
    const [map, key] = this.heldOf(delta.matchId, delta.topic);
    const held = map.get(key);
    if (!held || (delta.epoch === held.epoch && delta.seq <= held.seq)) return;
    if (delta.epoch !== held.epoch || delta.seq !== held.seq + 1) {
      // A gap: ask for what was missed (the console's rule), keep what is held meanwhile.
      this.resyncs += 1;
      void this.emit('resync', { matchId: delta.matchId, topic: delta.topic, sinceSeq: held.seq, epoch: held.epoch });
      return;
    }
    for (const id of delta.removes) held.ids.delete(id);
    for (const item of delta.upserts) held.ids.add(item.id);
    held.seq = delta.seq;
  }
}
