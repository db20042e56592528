import {
  LIVE_RECONNECTING,
  LIVE_TOPICS,
  type DeltaPayload,
  type EditingTab,
  type LiveAck,
  type MatchEditor,
  type LiveTopic,
  type PackedPayload,
  type PresencePayload,
  type SnapshotPayload,
  type StatusPayload,
  type UpstreamState,
} from '@odds/protocol';
import { proxy, ref } from 'valtio';
import { liveSocket, type LiveSocket } from './liveSocket';
import { LiveInbox } from './packed';
import { isAuthRefusal, retryDelay } from './retry';
import { applyDelta, applySnapshot, createBuffer, type ApplyResult, type LiveRecord, type TopicBuffer } from './topicBuffer';

/** The topics an ingest moves (the match's live state and events change only with them). */
const FEED_TOPICS: ReadonlySet<LiveTopic> = new Set(['offers', 'feed']);

type LiveTopics = { [K in LiveTopic]: TopicBuffer<LiveRecord<K>> };
type SocketState = 'connecting' | 'connected' | 'disconnected';

/**
 * What a screen renders from: small tracked fields, plus `topics` behind valtio's ref() so the
 * records are never copied into snapshots. `version` goes up whenever records change; a view that
 * lists records reads them from `topics` when `version` moves.
 */
export interface MatchLiveState {
  socket: SocketState;
  upstream: UpstreamState | null;
  lastSuccessAt: string | null;
  /** When records last changed here (ms since epoch), null until the first snapshot. */
  lastUpdateAt: number | null;
  viewers: { count: number; names: string[] };
  /** Who edits which tab of the match (a form with unsaved changes), sorted by name. */
  editors: MatchEditor[];
  error: string | null;
  version: number;
  /**
   * Goes up when the match's feed moved (offers or feed records arrived): what a read of the
   * match's live state waits for. A threshold, content or history change moves `version` only.
   */
  feedVersion: number;
  topics: LiveTopics;
}

/**
 * The live state of one watched match over the shared socket: watch, apply snapshots and deltas by
 * epoch and seq (topicBuffer.ts), resync a topic on a gap or a new epoch, and after a reconnect
 * resync every topic held.
 */
export class MatchLive {
  readonly state: MatchLiveState;
  private readonly socket: LiveSocket;
  private readonly resyncing = new Set<LiveTopic>();
  private readonly off: (() => void)[] = [];
  /** Tabs this page's forms edit (the newest claim is what the relay is told), and what it was told. */
  private readonly claims: EditingTab[] = [];
  private toldEditing: EditingTab | null | undefined = null;
  /** The relay holds this socket as a watcher of the match (its watch or a resync was accepted). */
  private watched = false;
  /** A refused watch or resync that may succeed later is asked again (one timer, backoff with jitter). */
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  /** Snapshots and deltas in the order they came, big ones packed (inflated before they apply). */
  private readonly inbox = new LiveInbox((packed, error) => {
    console.error('A packed live update could not be read; asking for it again', error);
    this.resync(packed.topic);
  });

  constructor(
    readonly matchId: number,
    maxRows = Infinity,
    socket: LiveSocket = liveSocket(),
  ) {
    this.socket = socket;
    const topics = Object.fromEntries(LIVE_TOPICS.map((t) => [t, createBuffer(maxRows)])) as unknown as LiveTopics;
    this.state = proxy<MatchLiveState>({
      socket: socket.connected ? 'connected' : 'connecting',
      upstream: null,
      lastSuccessAt: null,
      lastUpdateAt: null,
      viewers: { count: 0, names: [] },
      editors: [],
      error: null,
      version: 0,
      feedVersion: 0,
      topics: ref(topics),
    });
    const heard = {
      snapshot: (p: SnapshotPayload) => p.matchId === matchId && this.inbox.plain(() => this.onSnapshot(p)),
      delta: (p: DeltaPayload) => p.matchId === matchId && this.inbox.plain(() => this.onDelta(p)),
      packed: (p: PackedPayload) =>
        p.matchId === matchId && this.inbox.packed(p, (u) => (u.event === 'snapshot' ? this.onSnapshot(u.payload) : this.onDelta(u.payload))),
      status: (p: StatusPayload) => p.matchId === matchId && this.onStatus(p),
      presence: (p: PresencePayload) => {
        if (p.matchId !== matchId) return;
        this.state.viewers = { count: p.viewers.count, names: [...p.viewers.names] };
        this.state.editors = (p.editors ?? []).map((editor) => ({ ...editor }));
      },
      connect: () => this.onConnect(),
      disconnect: () => {
        this.state.socket = 'disconnected';
        this.resyncing.clear();
        // The relay ends a connection's editing with it; it is told again once watched again.
        this.watched = false;
        this.toldEditing = null;
        // The next connect watches (or resyncs) again.
        clearTimeout(this.retryTimer);
        this.retryTimer = undefined;
      },
      connect_error: (error: Error) => {
        this.state.socket = 'disconnected';
        // Only a refused token is final; anything else is retried (liveSocket.ts) and says so.
        this.state.error = isAuthRefusal(error) ? error.message : LIVE_RECONNECTING;
      },
    };
    // Each event by name on the typed socket: socket.io's event map checks every handler's payload.
    socket.on('snapshot', heard.snapshot);
    socket.on('delta', heard.delta);
    socket.on('packed', heard.packed);
    socket.on('status', heard.status);
    socket.on('presence', heard.presence);
    socket.on('connect', heard.connect);
    socket.on('disconnect', heard.disconnect);
    socket.on('connect_error', heard.connect_error);
    this.off.push(() => {
      socket.off('snapshot', heard.snapshot);
      socket.off('delta', heard.delta);
      socket.off('packed', heard.packed);
      socket.off('status', heard.status);
      socket.off('presence', heard.presence);
      socket.off('connect', heard.connect);
      socket.off('disconnect', heard.disconnect);
      socket.off('connect_error', heard.connect_error);
    });
    if (socket.connected) this.watch();
  }

  /** Refresh: the whole state again (the next snapshots replace what is held). */
  refresh(): void {
    for (const topic of LIVE_TOPICS) this.state.topics[topic].seq = -1;
    if (this.socket.connected) this.watch();
  }

  /**
   * A form of this page has unsaved changes on `tab`: the match's watchers see this operator
   * editing it until the returned function is called. The relay knows one tab per socket and
   * match: the newest claim still held.
   */
  claimEditing(tab: EditingTab): () => void {
    this.claims.push(tab);
    this.tellEditing();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.claims.splice(this.claims.lastIndexOf(tab), 1);
      this.tellEditing();
    };
  }

  close(): void {
    this.inbox.close();
    clearTimeout(this.retryTimer);
    for (const off of this.off) off();
    if (this.socket.connected) this.socket.emit('unwatch', { matchId: this.matchId }, () => undefined);
  }

  private held(): boolean {
    return LIVE_TOPICS.some((topic) => this.state.topics[topic].seq >= 0);
  }

  private onConnect(): void {
    this.state.socket = 'connected';
    this.state.error = null;
    this.rejoin();
  }

  private rejoin(): void {
    if (!this.held()) {
      this.watch();
      return;
    }
    // Back after a drop: what was missed, topic by topic, rather than everything again.
    for (const topic of LIVE_TOPICS) this.resync(topic);
  }

  private watch(): void {
    this.socket.emit('watch', { matchId: this.matchId }, (ack: LiveAck) => this.onAck(ack));
  }

  private resync(topic: LiveTopic): void {
    const seq = this.state.topics[topic].seq;
    if (this.resyncing.has(topic) || !this.socket.connected) return;
    if (seq < 0) {
      this.watch();
      return;
    }
    this.resyncing.add(topic);
    const epoch = this.state.topics[topic].epoch;
    // Its epoch says which history the seq is of: another than the relay's gets a fresh snapshot.
    this.socket.emit('resync', { matchId: this.matchId, topic, sinceSeq: seq, ...(epoch !== null && { epoch }) }, (ack: LiveAck) => {
      this.resyncing.delete(topic);
      this.onAck(ack);
    });
  }

  private onAck(ack: LiveAck): void {
    if (!ack.ok && ack.retryable) {
      this.retryLater();
      return;
    }
    this.state.error = ack.ok ? null : ack.error;
    if (ack.ok) this.retries = 0;
    if (!ack.ok || this.watched) return;
    this.watched = true;
    this.tellEditing();
  }

  /**
   * A watch or resync refused for a passing reason (the relay could not reach the upstream to check
   * access): asked again with backoff and jitter until it succeeds, the page saying so meanwhile.
   */
  private retryLater(): void {
    this.state.error = LIVE_RECONNECTING;
    if (this.retryTimer !== undefined) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        if (this.socket.connected) this.rejoin();
      },
      retryDelay(this.retries++),
    );
  }

  private tellEditing(): void {
    const tab = this.claims.at(-1) ?? null;
    if (!this.watched || !this.socket.connected || tab === this.toldEditing) return;
    this.toldEditing = tab;
    this.socket.emit('editing', { matchId: this.matchId, tab }, (ack: LiveAck) => {
      if (ack.ok || this.toldEditing !== tab) return;
      // Refused (a burst of edits hit the rate limit): say it again in a moment.
      this.toldEditing = undefined;
      setTimeout(() => this.tellEditing(), 1_000);
    });
  }

  private onSnapshot(payload: SnapshotPayload): void {
    const buffer = this.state.topics[payload.topic] as TopicBuffer;
    this.after(payload.topic, applySnapshot(buffer, payload as { epoch: string; seq: number; items: { id: number }[]; fresh?: boolean }));
  }

  private onDelta(payload: DeltaPayload): void {
    const buffer = this.state.topics[payload.topic] as TopicBuffer;
    this.after(payload.topic, applyDelta(buffer, payload as { epoch: string; seq: number; upserts: { id: number }[]; removes: number[] }));
  }

  private after(topic: LiveTopic, result: ApplyResult): void {
    if (result === 'applied' || result === 'gap') {
      this.state.version += 1;
      if (FEED_TOPICS.has(topic)) this.state.feedVersion += 1;
      this.state.lastUpdateAt = Date.now();
    }
    // A gap: the missed deltas. Another epoch: the relay's history of what is held is gone, so the
    // resync (naming the held epoch) is answered with a fresh snapshot of the new one.
    if (result === 'gap' || result === 'epoch') this.resync(topic);
  }

  private onStatus(payload: StatusPayload): void {
    this.state.upstream = payload.upstream;
    this.state.lastSuccessAt = payload.lastSuccessAt;
  }
}

/** One MatchLive per match per page, shared by the screens that show it, counted by use. */
const open = new Map<string, { live: MatchLive; users: number }>();

export function acquireMatchLive(matchId: number, maxRows = Infinity): MatchLive {
  const key = `${matchId}/${maxRows}`;
  const entry = open.get(key) ?? { live: new MatchLive(matchId, maxRows), users: 0 };
  entry.users += 1;
  open.set(key, entry);
  return entry.live;
}

export function releaseMatchLive(live: MatchLive): void {
  for (const [key, entry] of open) {
    if (entry.live !== live) continue;
    entry.users -= 1;
    // A moment's grace: a remount (StrictMode, a route change within the match) keeps the watch.
    setTimeout(() => {
      if (entry.users > 0 || open.get(key) !== entry) return;
      open.delete(key);
      live.close();
    }, 1000);
  }
}
