import { OPERATOR_TOPICS, type ChangeNotice, type EditingTab, type LiveTopic, type SocketData } from '@odds/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { RelayMetrics } from '../metrics';
import type { UpstreamClient } from '../upstream';
import type { PushArgs, PushEvent, RoomBroadcaster } from './ground/broadcast';
import type { PollCredentials, WatcherToken } from './polling/credentials';
import type { Campaign, Leases } from './state/lease';
import { MatchPoller } from './polling/match-poller';
import type { PollSchedule } from './polling/poller';
import type { SafetyClock } from './polling/safety-clock';
import { distinctViewers, type Editing, type PresenceBoard } from './presence/presence';
import type { LiveStore } from './state/store';

/** One authenticated live connection (a socket.io socket or a `/live` WebSocket), as the live path sees it. */
export interface LiveConnection {
  readonly id: string;
  readonly transport: 'socketio' | 'ws';
  readonly user: SocketData['user'];
  readonly token: string;
  readonly expiresAt: number;
  /** A wall display: it gets the room's pushes but is not counted among the operators watching. */
  readonly display?: boolean;
  send<E extends PushEvent>(event: E, ...payload: PushArgs<E>): void;
  /** Enter or leave the match's room, so room broadcasts reach this connection. */
  join(matchId: number): void;
  leave(matchId: number): void;
}

export interface MatchRoomsOptions {
  store: LiveStore;
  leases: Leases;
  presence: PresenceBoard;
  broadcaster: RoomBroadcaster;
  upstream: UpstreamClient;
  credentials: PollCredentials;
  schedule: PollSchedule;
  /** Spreads the matches' safety checks over their period. */
  clock: SafetyClock;
  metrics: RelayMetrics;
  log: FastifyBaseLogger;
  graceMs: number;
  presenceRefreshMs: number;
  /** Told how many matches this instance polls whenever that changes. */
  onPolling?(count: number): void;
}

interface Room {
  members: Set<LiveConnection>;
  campaign: Campaign | null;
  poller: MatchPoller | null;
  grace: NodeJS.Timeout | null;
  presenceTimer: NodeJS.Timeout | null;
  lastPresence: string;
  /** The tab each member here edits (one per connection; ended when it leaves). */
  editing: Map<LiveConnection, EditingTab>;
}

/**
 * The matches watched on this instance: their members here, their pollers (run only while this
 * instance holds the match's lease; the first member starts the campaign, the last one leaving
 * stops it after a grace period, so a page reload does not restart polling) and their presence.
 */
export class MatchRooms {
  private readonly rooms = new Map<number, Room>();
  private readonly presenceRefresh: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: MatchRoomsOptions) {
    this.presenceRefresh = setInterval(() => this.refreshPresence(), options.presenceRefreshMs);
    this.presenceRefresh.unref();
  }

  /** Adds a member; answers the match's poller here, if this instance polls it. */
  add(matchId: number, conn: LiveConnection): MatchPoller | null {
    let room = this.rooms.get(matchId);
    if (!room) {
      room = { members: new Set(), campaign: null, poller: null, grace: null, presenceTimer: null, lastPresence: '', editing: new Map() };
      this.rooms.set(matchId, room);
      this.options.metrics.rooms.set(this.rooms.size);
    }
    if (room.grace) {
      clearTimeout(room.grace);
      room.grace = null;
    }
    const isNew = !room.members.has(conn);
    // The first operator among wall displays: the operator tables can be read now.
    const firstOperator = isNew && !conn.display && [...room.members].every((member) => member.display);
    room.members.add(conn);
    if (firstOperator) room.poller?.trigger(OPERATOR_TOPICS);
    conn.join(matchId);
    if (!room.campaign) this.start(matchId, room);
    if (isNew) this.schedulePresence(matchId);
    return room.poller;
  }

  remove(matchId: number, conn: LiveConnection): void {
    conn.leave(matchId);
    const room = this.rooms.get(matchId);
    if (!room?.members.delete(conn)) return;
    room.editing.delete(conn);
    this.schedulePresence(matchId);
    if (room.members.size === 0 && !room.grace && !this.closed) {
      room.grace = setTimeout(() => void this.stop(matchId, room), this.options.graceMs);
    }
  }

  /**
   * A member edits `tab` of the match now, or stopped (`null`); a new tab replaces its last one.
   * False when the connection is no member of the match here (it must watch first).
   */
  setEditing(matchId: number, conn: LiveConnection, tab: EditingTab | null): boolean {
    const room = this.rooms.get(matchId);
    if (!room?.members.has(conn)) return false;
    if ((room.editing.get(conn) ?? null) === tab) return true;
    if (tab) room.editing.set(conn, tab);
    else room.editing.delete(conn);
    this.schedulePresence(matchId);
    return true;
  }

  /** The upstream announced a change in a match: poll the topics it named now, if this instance polls the match. */
  changed(matchId: number, topics?: readonly LiveTopic[], reset = false, notice?: Partial<ChangeNotice>): void {
    const poller = this.rooms.get(matchId)?.poller;
    if (!poller) return;
    if (reset) poller.reset();
    else poller.trigger(topics?.length ? topics : undefined, notice);
  }

  /** Poll every topic of every match this instance polls now; `full`: read whole topics. */
  pollAll(full = false): void {
    for (const room of this.rooms.values()) room.poller?.trigger(undefined, undefined, full);
  }

  /**
   * Check every match this instance polls within `windowMs`, each at its share of the window (the
   * change stream came back, and notices may have been missed; or it was lost, and the checks
   * come every poll interval from now on): spread, not all in the same second.
   */
  catchUp(windowMs: number): void {
    for (const room of this.rooms.values()) room.poller?.catchUp(windowMs);
  }

  /** Tokens of this instance's members of a match (or of every match), for polls without a service account. */
  *tokensOf(matchId?: number): Iterable<WatcherToken> {
    const rooms = matchId === undefined ? this.rooms.values() : [this.rooms.get(matchId)].filter((room) => room !== undefined);
    for (const room of rooms) yield* room.members;
  }

  stats(): { rooms: number; polled: number } {
    let polled = 0;
    for (const room of this.rooms.values()) if (room.poller) polled++;
    return { rooms: this.rooms.size, polled };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.presenceRefresh);
    const rooms = [...this.rooms.entries()];
    this.rooms.clear();
    await Promise.all(
      rooms.map(async ([matchId, room]) => {
        if (room.grace) clearTimeout(room.grace);
        if (room.presenceTimer) clearTimeout(room.presenceTimer);
        await room.campaign?.stop();
        // Best effort: a stale presence entry is ignored by the others after a while anyway.
        await Promise.race([this.options.presence.publish(matchId, []).catch(() => []), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      }),
    );
  }

  /** First member here: campaign for the match's lease; while held, run its pollers. */
  private start(matchId: number, room: Room): void {
    const { store, leases, log } = this.options;
    store.retain(matchId);
    room.campaign = leases.campaign(matchId, {
      onElected: (fence) => {
        if (room.poller || this.closed) return;
        const poller = new MatchPoller(matchId, fence, this.options, () => {
          // Fenced out: another instance leads now; stop here and let the campaign notice.
          if (room.poller === poller) room.poller = null;
          void poller.stop();
          this.pollingChanged();
        });
        room.poller = poller;
        poller.start();
        this.pollingChanged();
        log.debug({ matchId, fence }, 'polling match');
      },
      onDeposed: () => {
        const poller = room.poller;
        room.poller = null;
        void poller?.stop();
        this.pollingChanged();
      },
    });
  }

  private async stop(matchId: number, room: Room): Promise<void> {
    if (room.members.size > 0 || this.rooms.get(matchId) !== room) return;
    this.rooms.delete(matchId);
    this.options.metrics.rooms.set(this.rooms.size);
    if (room.presenceTimer) clearTimeout(room.presenceTimer);
    await room.campaign?.stop();
    this.options.store.release(matchId);
    this.options.log.debug({ matchId }, 'stopped polling match: nobody watches it here');
  }

  private pollingChanged(): void {
    this.options.onPolling?.(this.stats().polled);
  }

  /** Presence changes come in bursts (a wall of screens reconnecting): one update per burst. */
  private schedulePresence(matchId: number): void {
    const room = this.rooms.get(matchId);
    if (!room || room.presenceTimer || this.closed) return;
    room.presenceTimer = setTimeout(() => {
      room.presenceTimer = null;
      void this.publishPresence(matchId, room, true);
    }, 100);
  }

  private async publishPresence(matchId: number, room: Room, always: boolean): Promise<void> {
    try {
      const editing: Editing[] = [...room.editing].map(([conn, tab]) => ({ conn: conn.id, id: conn.user.id, name: conn.user.name, tab }));
      const local = distinctViewers([...room.members].filter((conn) => !conn.display).map((conn) => conn.user));
      const { viewers, editors } = await this.options.presence.publish(matchId, local, editing);
      const payload = { matchId, viewers: { count: viewers.length, names: viewers.map((viewer) => viewer.name) }, editors };
      const text = JSON.stringify([payload.viewers, editors]);
      if (!always && text === room.lastPresence) return;
      room.lastPresence = text;
      this.options.broadcaster.emit(matchId, 'presence', payload);
    } catch (error) {
      this.options.log.warn({ err: error, matchId }, 'could not update presence');
    }
  }

  /** Rewrites this instance's presence (it would go stale) and sends what changed elsewhere. */
  private refreshPresence(): void {
    for (const [matchId, room] of this.rooms) if (room.members.size > 0) void this.publishPresence(matchId, room, false);
  }
}
