import { DEFAULTS } from '@odds/ops';
import {
  LIVE_TOPICS,
  liveRequestError,
  type ChangeNotice,
  type EditingRequest,
  type LiveAck,
  type LiveTopic,
  type ResyncRequest,
  type StatusPayload,
  type WatchRequest,
} from '@odds/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { RelayMetrics } from '../metrics';
import type { MatchAccess, UpstreamClient } from '../upstream';
import type { PushPayload, RoomBroadcaster } from './ground/broadcast';
import { WatcherTokens, type PollCredentials } from './polling/credentials';
import type { Leases } from './state/lease';
import { askWhileUp, type Patience } from './polling/ask-while-up';
import type { PollPace, PollSchedule } from './polling/poller';
import { SafetyClock } from './polling/safety-clock';
import type { PresenceBoard } from './presence/presence';
import { DEFAULT_RATE_LIMITS, RATE_LIMITED, TokenBucket, type RateLimits } from './ground/rate-limit';
import { MatchRooms, type LiveConnection } from './rooms';
import { oversized, SnapshotCache, snapshotPayload } from './state/snapshot';
import type { LiveStore } from './state/store';

export type { LiveConnection } from './rooms';

export interface LiveHubOptions {
  store: LiveStore;
  leases: Leases;
  presence: PresenceBoard;
  broadcaster: RoomBroadcaster;
  upstream: UpstreamClient;
  /** How polls authenticate; the watchers' own tokens when not given. */
  credentials?: PollCredentials;
  schedule: PollSchedule;
  /** While the change stream is healthy: the time between two safety checks of a match (notices drive the rest). */
  safetyPollMs?: number;
  /** After the change stream connects or is lost: the window over which every match is checked once (spread). */
  catchUpMs?: number;
  /** For tests: the clock spreading the safety checks. */
  clock?: SafetyClock;
  rateLimits: RateLimits;
  metrics: RelayMetrics;
  log: FastifyBaseLogger;
  /** How long a match keeps its pollers after its last watcher leaves (a reload, a flaky network). */
  graceMs: number;
  /** How long a watch waits for a new match's first poll before answering with what is there. */
  primeTimeoutMs: number;
  /** Matches one connection may watch at once. */
  maxWatches: number;
  /** How often presence is rewritten and re-read (other instances' viewers, crashed instances). */
  presenceRefreshMs: number;
  /** Told how many matches this instance polls whenever that changes (the change stream is held while it is above 0). */
  onPolling?(count: number): void;
  /**
   * This instance's own health probe says the upstream does not answer: a watcher joining now is
   * told so, whatever the match's stored status says (the instance polling it, here or on another
   * relay, may not have noticed yet).
   */
  upstreamDown?(): boolean;
}

interface Watcher {
  conn: LiveConnection;
  watching: Set<number>;
  watchLimit: TokenBucket;
  resyncLimit: TokenBucket;
  editLimit: TokenBucket;
}

/**
 * Default window of the catch-up checks after the change stream connects again: notices of the gap
 * are looked for within seconds, yet a hundred matches are not checked in the same second.
 */
const DEFAULT_CATCH_UP_MS = 5_000;

const UNAVAILABLE = 'Live updates are unavailable: the back-office services cannot be reached';
/**
 * A watch waits for a busy upstream (one its health probe hears) however long it takes: the console
 * waits for its answer. An upstream answering its access check at fault is asked for a minute.
 */
const WATCH_PATIENCE: Patience = { faultMs: 60_000 };
/** A socket's handshake waits for a busy upstream to answer its token check for 15 s: the client's own connect timeout is 20 s. */
export const HANDSHAKE_PATIENCE: Patience = { atMostMs: 15_000, faultMs: 15_000 };

/**
 * The live requests of one relay instance's connections, whichever the transport: watch (checked,
 * then a snapshot per topic), unwatch, and resync (the missed deltas, or a fresh snapshot), each
 * validated against protocol's schemas and rate-limited per connection. Rooms and pollers are
 * MatchRooms' business.
 */
export class LiveHub {
  readonly credentials: PollCredentials;
  private readonly watchers = new Map<string, Watcher>();
  private readonly rooms: MatchRooms;
  private readonly snapshots: SnapshotCache;

  /** Shared by every poller here: notices drive polls while the change stream is healthy. */
  private readonly pace: PollPace;

  constructor(private readonly options: LiveHubOptions) {
    this.credentials = options.credentials ?? new WatcherTokens((matchId) => this.rooms.tokensOf(matchId));
    this.pace = { streaming: false, safetyMs: options.safetyPollMs ?? DEFAULTS.SAFETY_POLL_MS };
    this.snapshots = new SnapshotCache(options.store);
    this.rooms = new MatchRooms({
      ...options,
      schedule: { ...options.schedule, pace: this.pace },
      credentials: this.credentials,
      clock: options.clock ?? new SafetyClock(),
    });
  }

  connected(conn: LiveConnection): void {
    const { rateLimits } = this.options;
    this.watchers.set(conn.id, {
      conn,
      watching: new Set(),
      watchLimit: new TokenBucket(rateLimits.watch.capacity, rateLimits.watch.perSecond),
      resyncLimit: new TokenBucket(rateLimits.resync.capacity, rateLimits.resync.perSecond),
      editLimit: new TokenBucket((rateLimits.editing ?? DEFAULT_RATE_LIMITS.editing!).capacity, (rateLimits.editing ?? DEFAULT_RATE_LIMITS.editing!).perSecond),
    });
    this.options.metrics.connectedSockets.inc({ transport: conn.transport });
  }

  disconnected(conn: LiveConnection): void {
    const watcher = this.watchers.get(conn.id);
    if (!watcher) return;
    this.watchers.delete(conn.id);
    this.options.metrics.connectedSockets.dec({ transport: conn.transport });
    for (const matchId of watcher.watching) this.rooms.remove(matchId, conn);
  }

  async watch(conn: LiveConnection, request: unknown): Promise<LiveAck> {
    const watcher = this.watchers.get(conn.id);
    if (!watcher) return { ok: false, error: 'Not connected' };
    const invalid = liveRequestError('watch', request);
    if (invalid) return this.refuse('invalid', invalid);
    if (!watcher.watchLimit.take()) return this.refuse('rate limited', RATE_LIMITED, true);
    const { matchId } = request as WatchRequest;
    const refused = await this.join(watcher, conn, matchId);
    if (refused) return refused;
    try {
      await this.sendSnapshots(conn, matchId, LIVE_TOPICS, 'watch');
      conn.send('status', await this.statusOf(matchId));
    } catch (error) {
      this.log.warn({ err: error, matchId }, 'could not read the live state for a snapshot');
      return this.refuse('live state unreadable', UNAVAILABLE, true);
    }
    return { ok: true };
  }

  /**
   * Admits the watcher to the match and joins its room; a match polled here for the first time
   * (or again, on a relay that restarted) gets a brief wait for its first poll, so the snapshot
   * carries the bounded state rather than nothing followed at once by a delta with everything.
   */
  private async join(watcher: Watcher, conn: LiveConnection, matchId: number): Promise<LiveAck | null> {
    const refused = await this.admit(watcher, matchId);
    if (refused) return refused;
    watcher.watching.add(matchId);
    const poller = this.rooms.add(matchId, conn);
    if (poller) await timeout(poller.primed, this.options.primeTimeoutMs);
    return null;
  }

  async unwatch(conn: LiveConnection, request: unknown): Promise<LiveAck> {
    const watcher = this.watchers.get(conn.id);
    if (!watcher) return { ok: false, error: 'Not connected' };
    const invalid = liveRequestError('unwatch', request);
    if (invalid) return this.refuse('invalid', invalid);
    if (!watcher.watchLimit.take()) return this.refuse('rate limited', RATE_LIMITED, true);
    const { matchId } = request as WatchRequest;
    if (watcher.watching.delete(matchId)) this.rooms.remove(matchId, conn);
    return { ok: true };
  }

  async resync(conn: LiveConnection, request: unknown): Promise<LiveAck> {
    const watcher = this.watchers.get(conn.id);
    if (!watcher) return { ok: false, error: 'Not connected' };
    const invalid = liveRequestError('resync', request);
    if (invalid) return this.refuse('invalid', invalid);
    if (!watcher.resyncLimit.take()) return this.refuse('rate limited', RATE_LIMITED, true);
    const { matchId, topic, sinceSeq, epoch } = request as ResyncRequest;
    if (!watcher.watching.has(matchId)) {
      // A client back after a reconnect resyncs instead of watching again: it is admitted as a
      // watch would be, joins the room, and gets what it missed rather than snapshots.
      const refused = await this.join(watcher, conn, matchId);
      if (refused) return refused;
      try {
        conn.send('status', await this.statusOf(matchId));
      } catch (error) {
        this.log.warn({ err: error, matchId }, 'could not read the match status');
      }
    }
    try {
      // A seq of another epoch (or of none) says nothing about this history: a fresh snapshot.
      const missed = await this.options.store.since(matchId, topic, sinceSeq, epoch);
      // Missed deltas carrying more than a first snapshot would are answered with the snapshot.
      if (
        missed.deltas &&
        !oversized(
          topic,
          missed.deltas.reduce((sum, delta) => sum + delta.upserts.length, 0),
        )
      ) {
        for (const delta of missed.deltas) conn.send('delta', { matchId, topic, epoch: missed.epoch, ...delta } as PushPayload<'delta'>);
        this.options.metrics.resyncs.inc({ served: missed.deltas.length ? 'deltas' : 'current' });
      } else {
        await this.sendSnapshots(conn, matchId, [topic], 'resync');
        this.options.metrics.resyncs.inc({ served: 'snapshot' });
      }
    } catch (error) {
      this.log.warn({ err: error, matchId }, 'could not read the live state for a resync');
      return this.refuse('live state unreadable', UNAVAILABLE, true);
    }
    return { ok: true };
  }

  /**
   * The connection edits a tab of a match it watches, or stopped: shown to the match's watchers on
   * every instance (presence). Wall displays watch but never edit.
   */
  async editing(conn: LiveConnection, request: unknown): Promise<LiveAck> {
    const watcher = this.watchers.get(conn.id);
    if (!watcher) return { ok: false, error: 'Not connected' };
    const invalid = liveRequestError('editing', request);
    if (invalid) return this.refuse('invalid', invalid);
    if (!watcher.editLimit.take()) return this.refuse('rate limited', RATE_LIMITED, true);
    if (conn.display) return this.refuse('display editing', 'A wall display cannot edit a match');
    const { matchId, tab } = request as EditingRequest;
    if (!watcher.watching.has(matchId) || !this.rooms.setEditing(matchId, conn, tab)) {
      return this.refuse('editing unwatched', `Watch match ${matchId} before editing it`);
    }
    return { ok: true };
  }

  /** The upstream announced a change in a match (the notice's topics and ids, when given, narrow the polls). */
  changed(matchId: number, topics?: readonly LiveTopic[], reset = false, notice?: Partial<ChangeNotice>): void {
    this.rooms.changed(matchId, topics, reset, notice);
  }

  pollAll(): void {
    this.rooms.pollAll();
  }

  /**
   * The change stream connected (true) or was lost (false). Connected: reads follow notices, plus
   * one safety check per match every `safetyPollMs`; what changed during the gap is found by a
   * check of every match, spread over `catchUpMs`. Lost: every match is checked every
   * POLL_INTERVAL_MS, the first checks spread over one interval.
   */
  streaming(connected: boolean): void {
    if (this.pace.streaming === connected && connected) {
      this.rooms.catchUp(this.catchUpMs);
      return;
    }
    this.pace.streaming = connected;
    this.rooms.catchUp(connected ? this.catchUpMs : this.options.schedule.intervalMs);
  }

  private get catchUpMs(): number {
    return Math.min(this.options.catchUpMs ?? DEFAULT_CATCH_UP_MS, this.pace.safetyMs);
  }

  get isStreaming(): boolean {
    return this.pace.streaming;
  }

  stats(): { rooms: number; polled: number; connections: number } {
    return { ...this.rooms.stats(), connections: this.watchers.size };
  }

  async close(): Promise<void> {
    await this.rooms.close();
  }

  private get log(): FastifyBaseLogger {
    return this.options.log;
  }

  /** May this connection watch this match (one more match, and one its token may see)? The refusal, or null. */
  private async admit(watcher: Watcher, matchId: number): Promise<LiveAck | null> {
    if (!watcher.watching.has(matchId) && watcher.watching.size >= this.options.maxWatches) {
      return this.refuse('too many watches', `A connection may watch at most ${this.options.maxWatches} matches at once`);
    }
    try {
      const access = await this.accessWhileUp(watcher, matchId);
      if (!access.ok) return this.refuse(`match ${access.status}`, access.error);
    } catch (error) {
      this.log.warn({ err: error, matchId }, 'could not check match access');
      return this.refuse(this.options.upstreamDown?.() ? 'upstream unreachable' : 'upstream failing', UNAVAILABLE, true);
    }
    // Gone while the upstream was asked.
    if (!this.watchers.has(watcher.conn.id)) return { ok: false, error: 'Not connected' };
    return null;
  }

  /** The access check of a watch, asked again while the upstream is busy (whileUp) and the connection is still here. */
  private accessWhileUp(watcher: Watcher, matchId: number): Promise<MatchAccess> {
    return this.whileUp(
      () => this.options.upstream.matchAccess(watcher.conn.token, matchId),
      () => this.watchers.has(watcher.conn.id),
    );
  }

  /** A call to the upstream asked again while it fails and this relay's probe does not say down (askWhileUp). */
  whileUp<T>(ask: () => Promise<T>, wanted: () => boolean, patience: Patience = WATCH_PATIENCE): Promise<T> {
    return askWhileUp(ask, { down: () => this.options.upstreamDown?.() ?? false, wanted, patience, log: this.log });
  }

  /** The match's status for a watcher joining now: the stored one, or "down" while this instance's probe says so. */
  private async statusOf(matchId: number): Promise<StatusPayload> {
    const stored = (await this.options.store.status(matchId)) ?? unknownStatus(matchId);
    return this.options.upstreamDown?.() ? { ...stored, upstream: 'down' } : stored;
  }

  /** A refusal; `retryable` when asking again later may succeed (the client retries with backoff). */
  private refuse(reason: string, error: string, retryable = false): LiveAck {
    this.options.metrics.refusals.inc({ reason });
    return retryable ? { ok: false, error, retryable } : { ok: false, error };
  }

  private async sendSnapshots(conn: LiveConnection, matchId: number, topics: readonly LiveTopic[], reason: 'watch' | 'resync'): Promise<void> {
    // Bounded (SNAPSHOT_LIMITS): the newest records a screen shows; older ones are paged through REST.
    const states = await Promise.all(topics.map((topic) => this.snapshots.get(matchId, topic)));
    topics.forEach((topic, i) => {
      conn.send('snapshot', snapshotPayload(matchId, topic, states[i]!, reason));
      this.options.metrics.snapshotsSent.inc({ reason });
    });
  }
}

const unknownStatus = (matchId: number): StatusPayload => ({ matchId, upstream: 'ok', lastSuccessAt: null });

function timeout(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
