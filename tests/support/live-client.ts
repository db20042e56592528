import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { buildRelay, type Relay } from '@odds/relay';
import type { LiveConfig } from '@odds/relay/testing';
import { MANY_CLIENTS_ADMISSION } from './admission';
import {
  LIVE_TOPICS,
  LIVE_WS_PACKED_QUERY,
  LIVE_WS_PATH,
  type ClientToServerEvents,
  type LiveServerMessage,
  type DeltaPayload,
  type LiveAck,
  type LiveTopic,
  type PackedPayload,
  type PresencePayload,
  type ServerToClientEvents,
  type SnapshotPayload,
  type StatusPayload,
} from '@odds/protocol';

/** A packed payload (protocol PackedPayload) as the snapshot or delta it stands for: Node inflates synchronously, so order holds. */
export function unpack<T = SnapshotPayload | DeltaPayload>(packed: PackedPayload): T {
  return JSON.parse(inflateRawSync(packed.deflated).toString()) as T;
}

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Record_ = { id: number } & Record<string, unknown>;

interface TopicState {
  epoch: string;
  seq: number;
  records: Map<number, Record_>;
}

/** Connects a real socket.io client with a token; resolves once the relay said hello. */
export function connectLive(url: string, token: string, options: { reconnection?: boolean } = {}): Promise<LiveSocket> {
  const socket: LiveSocket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: options.reconnection ?? false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('hello', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export const ask = (socket: LiveSocket, event: 'watch' | 'unwatch', matchId: number): Promise<LiveAck> =>
  socket.timeout(10_000).emitWithAck(event, { matchId });

/**
 * What a console client does with the live events of one match, as the protocol asks: apply the
 * snapshot, then deltas in seq order within its epoch; buffer deltas that arrive before their snapshot or after a
 * gap (or of a new epoch), and ask for a resync from the last seq and epoch applied; after a reconnect, resync every topic held.
 * Records are kept by id, so applying something twice cannot duplicate it.
 */
export class LiveView {
  readonly topics = new Map<LiveTopic, TopicState>();
  readonly deltas: DeltaPayload[] = [];
  readonly snapshots: SnapshotPayload[] = [];
  readonly statuses: StatusPayload[] = [];
  /** The snapshots and deltas that came packed, as they came (also in `snapshots` and `deltas`, inflated). */
  readonly packed: PackedPayload[] = [];
  presence: PresencePayload | null = null;
  resyncs = 0;
  private readonly pending = new Map<LiveTopic, DeltaPayload[]>();
  private readonly resyncing = new Set<LiveTopic>();

  constructor(
    readonly socket: LiveSocket,
    readonly matchId: number,
  ) {
    socket.on('snapshot', (payload) => payload.matchId === matchId && this.onSnapshot(payload));
    socket.on('delta', (payload) => payload.matchId === matchId && this.onDelta(payload));
    socket.on('packed', (packed) => {
      if (packed.matchId !== matchId) return;
      this.packed.push(packed);
      if (packed.event === 'snapshot') this.onSnapshot(unpack<SnapshotPayload>(packed));
      else this.onDelta(unpack<DeltaPayload>(packed));
    });
    socket.on('status', (payload) => payload.matchId === matchId && this.statuses.push(payload));
    socket.on('presence', (payload) => {
      if (payload.matchId === matchId) this.presence = payload;
    });
    // Back after a drop or a manual reconnect: resync what is held (the first connect is not a return).
    let connectedBefore = socket.connected;
    socket.on('connect', () => {
      if (connectedBefore) void this.resume();
      connectedBefore = true;
    });
  }

  watch(): Promise<LiveAck> {
    return ask(this.socket, 'watch', this.matchId);
  }

  records(topic: LiveTopic): Record_[] {
    return [...(this.topics.get(topic)?.records.values() ?? [])].sort((a, b) => a.id - b.id);
  }

  seq(topic: LiveTopic): number | undefined {
    return this.topics.get(topic)?.seq;
  }

  /** After a reconnect: what was held is resynced from its seq, the rest watched afresh. */
  async resume(): Promise<void> {
    const held = LIVE_TOPICS.filter((topic) => this.topics.has(topic));
    if (held.length < LIVE_TOPICS.length) {
      await this.watch();
      return;
    }
    await Promise.all(held.map((topic) => this.resync(topic)));
  }

  private async resync(topic: LiveTopic): Promise<void> {
    const state = this.topics.get(topic);
    if (!state || this.resyncing.has(topic)) return;
    this.resyncing.add(topic);
    this.resyncs++;
    try {
      await this.socket.timeout(10_000).emitWithAck('resync', { matchId: this.matchId, topic, sinceSeq: state.seq, epoch: state.epoch });
    } finally {
      this.resyncing.delete(topic);
      this.drain(topic);
    }
  }

  private onSnapshot(payload: SnapshotPayload): void {
    this.snapshots.push(payload);
    this.topics.set(payload.topic, {
      epoch: payload.epoch,
      seq: payload.seq,
      records: new Map(payload.items.map((item) => [item.id, item as unknown as Record_])),
    });
    this.drain(payload.topic);
  }

  private onDelta(payload: DeltaPayload): void {
    this.deltas.push(payload);
    const list = this.pending.get(payload.topic) ?? [];
    list.push(payload);
    this.pending.set(payload.topic, list);
    this.drain(payload.topic);
  }

  /** Applies buffered deltas that follow the topic's seq; asks for a resync when one is missing. */
  private drain(topic: LiveTopic): void {
    const state = this.topics.get(topic);
    const list = this.pending.get(topic);
    if (!state || !list?.length) return;
    // A delta of another epoch: the history held is gone; a resync naming the held epoch gets a fresh snapshot.
    if (list.some((delta) => delta.epoch !== state.epoch)) {
      this.pending.set(
        topic,
        list.filter((delta) => delta.epoch !== state.epoch),
      );
      if (!this.resyncing.has(topic)) void this.resync(topic);
      return;
    }
    list.sort((a, b) => a.seq - b.seq);
    while (list.length && list[0]!.seq <= state.seq + 1) {
      const delta = list.shift()!;
      if (delta.seq <= state.seq) continue; // already applied (a resync overlapping the room's pushes)
      for (const record of delta.upserts) state.records.set(record.id, record as unknown as Record_);
      for (const id of delta.removes) state.records.delete(id);
      state.seq = delta.seq;
    }
    if (list.length && !this.resyncing.has(topic)) void this.resync(topic);
  }
}

/** Resolves when `check` holds, polling every 20 ms; rejects after `timeoutMs` with `what`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface RunningRelay {
  relay: Relay;
  url: string;
  close(): Promise<void>;
}

const clientDir = fileURLToPath(new URL('../../client/dist', import.meta.url));

/** Another relay in front of an upstream, on its own loopback port, with live settings for the test. */
export async function startRelay(upstreamUrl: string, live: Partial<LiveConfig> = {}, port = 0): Promise<RunningRelay> {
  const relay = await buildRelay({ upstreamUrl, clientDir, live: { admission: MANY_CLIENTS_ADMISSION, ...live } });
  // A given port: a relay started again where browsers already point (a restart).
  await relay.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}`;
  return { relay, url, close: () => relay.app.close() };
}

/**
 * Writes a match's feed the way the system does: through the engine's ingest route of the real
 * upstream (which also announces the change on its change stream).
 */
export class FeedWriter {
  private count = 0;
  private readonly run = Math.random().toString(36).slice(2, 8);

  constructor(
    private readonly upstreamUrl: string,
    private readonly token: string,
    readonly matchId: number,
    readonly marketId = 1,
  ) {}

  /** Ingests one offer of the market with odds that move a little each time; resolves when stored. */
  async offer(): Promise<void> {
    const n = ++this.count;
    const response = await fetch(`${this.upstreamUrl}/api/1/engine/match/${this.matchId}/ingest`, {
      method: 'POST',
      headers: { authorization: `Token ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [
          {
            type: 'offer',
            source_id: `test-${this.run}-${n}`,
            market_id: this.marketId,
            match_time: 60 * n,
            prematch: false,
            score: 'H0-A0',
            outcomes: [
              { label: 'home', line: null, odds: 2000 + (n % 50) * 10 },
              { label: 'draw', line: null, odds: 3300 },
              { label: 'away', line: null, odds: 3800 - (n % 50) * 10 },
            ],
          },
        ],
      }),
    });
    if (!response.ok) throw new Error(`ingest failed: ${response.status} ${await response.text()}`);
  }

  /** The match's offers of the market as the upstream holds them, oldest first. */
  async offers(): Promise<({ id: number } & Record<string, unknown>)[]> {
    const response = await fetch(`${this.upstreamUrl}/api/1/offers/${this.matchId}?market_id=${this.marketId}`, {
      headers: { authorization: `Token ${this.token}` },
    });
    if (!response.ok) throw new Error(`offers failed: ${response.status}`);
    return ((await response.json()) as { results: ({ id: number } & Record<string, unknown>)[] }).results;
  }
}

/** A `/live` plain-WebSocket client that records every message, for tests and scripts. */
export class PlainLiveClient {
  readonly messages: LiveServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private nextId = 0;

  /** How many messages came packed (binary), inflated into `messages`. */
  packedMessages = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) this.packedMessages += 1;
      this.messages.push(JSON.parse(String(isBinary ? inflateRawSync(data) : data)) as LiveServerMessage);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  /** Opens `/live` (with the token in the Authorization header when given; `packed`: taking packed messages); resolves once open. */
  static async open(relayUrl: string, token?: string, options: { packed?: boolean } = {}): Promise<PlainLiveClient> {
    const query = options.packed ? `?${LIVE_WS_PACKED_QUERY}` : '';
    const ws = new WebSocket(`${relayUrl.replace(/^http/, 'ws')}${LIVE_WS_PATH}${query}`, token ? { headers: { authorization: `Token ${token}` } } : {});
    const client = new PlainLiveClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(event: string, data: unknown): number {
    const id = ++this.nextId;
    this.ws.send(JSON.stringify({ event, data, id }));
    return id;
  }

  /** Sends a request and resolves with its ack. */
  async request(event: string, data: unknown): Promise<LiveAck> {
    const id = this.send(event, data);
    const ack = await this.next((message) => message.event === 'ack' && message.id === id);
    return (ack as { data: LiveAck }).data;
  }

  /** The first message (already received or still to come) that matches. */
  async next(match: (message: LiveServerMessage) => boolean, timeoutMs = 10_000): Promise<LiveServerMessage> {
    await until(() => this.messages.some(match), 'a /live message', timeoutMs);
    return this.messages.find(match)!;
  }

  close(): void {
    this.ws.close();
  }
}
