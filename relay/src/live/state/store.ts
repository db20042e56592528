import { randomBytes } from 'node:crypto';
import type { LiveTopic, StatusPayload } from '@odds/protocol';
import type { Change, LiveRecord } from './diff';
import { DeltaHistory, type SeqChange } from './history';
import type { OutlineEntry } from './outline';

/** Where a topic stands: its history (`epoch`) and the seq within it. */
export interface Position {
  epoch: string;
  seq: number;
}

/**
 * What the store drops of a bounded topic as a change commits, and keeps of it instead: the ids
 * pushed out of the held records, and the outline entries they make (all of the outline when
 * `fresh`: it replaces the stored one). Store-only: watchers keep what they were sent.
 */
export interface Trim {
  drop: number[];
  outline: OutlineEntry[];
  fresh: boolean;
}

/** One topic of one match as of `seq` of `epoch`. */
export interface TopicState extends Position {
  records: LiveRecord[];
  /** Offers: the outline of the offers older than `records` (held-offers.ts), when there are any. */
  outline?: OutlineEntry[];
}

/** What a resync gets: the missed deltas, or null when they are no longer held or of another epoch (send a snapshot). */
export interface Missed extends Position {
  deltas: SeqChange[] | null;
}

/** A new topic history's name: random, so no two states (a restarted relay, an expired one) share one. */
export const newEpoch = (): string => randomBytes(9).toString('base64url');

/**
 * Where the live state of watched matches lives: per match and topic the current records, the seq
 * and the recent deltas, plus the match's upstream status. Any instance reads it (snapshots,
 * resyncs); only the holder of the match's lease writes, with its fencing token, so a deposed
 * leader cannot write over its successor. In memory for one process, in Redis across instances.
 *
 * A topic's state is one history, its `epoch` (random, made with the state), in which seq starts
 * at 0 and grows by one per delta. A state rebuilt after a restart or eviction is a new epoch, so a
 * client's seq of the old one is never mistaken for a seq of the new: its resync gets a snapshot.
 */
export interface LiveStore {
  readonly kind: 'memory' | 'redis';
  snapshot(matchId: number, topic: LiveTopic): Promise<TopicState>;
  /** The deltas after `sinceSeq` of `epoch` (null when not all held, or the epoch is not the current one). */
  since(matchId: number, topic: LiveTopic, sinceSeq: number, epoch: string | undefined): Promise<Missed>;
  /**
   * Appends a change, and with it a bounded topic's trim (records it drops, outline entries it
   * keeps; not part of the delta); where it put it, or null when `fence` is no longer the match's newest lease.
   */
  commit(matchId: number, topic: LiveTopic, fence: number, change: Change, trim?: Trim | null): Promise<Position | null>;
  status(matchId: number): Promise<StatusPayload | null>;
  /** False when `fence` is no longer the newest lease. */
  setStatus(matchId: number, fence: number, status: StatusPayload): Promise<boolean>;
  /** The match is in use again: keep its state. */
  retain(matchId: number): void;
  /** Nobody here uses the match any more: its state may go after the retention time. */
  release(matchId: number): void;
  close(): Promise<void>;
}

interface MemoryTopic {
  epoch: string;
  seq: number;
  records: Map<number, LiveRecord>;
  outline: Map<string, OutlineEntry[1]>;
  history: DeltaHistory;
}

interface MemoryMatch {
  fence: number;
  topics: Map<LiveTopic, MemoryTopic>;
  status: StatusPayload | null;
  evict?: NodeJS.Timeout;
}

export interface HistoryLimits {
  maxDeltas: number;
  maxRecords: number;
}

/** The single-process store: plain maps; a released match is dropped after `retainMs`. */
export class MemoryStore implements LiveStore {
  readonly kind = 'memory';
  private readonly matches = new Map<number, MemoryMatch>();

  constructor(
    private readonly retainMs = 10 * 60_000,
    private readonly limits: HistoryLimits = { maxDeltas: 500, maxRecords: 20_000 },
  ) {}

  /** The newest fence of a match: MemoryLease asks for the next one here. */
  nextFence(matchId: number): number {
    return ++this.match(matchId).fence;
  }

  private match(matchId: number): MemoryMatch {
    let match = this.matches.get(matchId);
    if (!match) {
      match = { fence: 0, topics: new Map(), status: null };
      this.matches.set(matchId, match);
    }
    return match;
  }

  private topic(matchId: number, topic: LiveTopic): MemoryTopic {
    const match = this.match(matchId);
    let state = match.topics.get(topic);
    if (!state) {
      state = { epoch: newEpoch(), seq: 0, records: new Map(), outline: new Map(), history: new DeltaHistory(this.limits.maxDeltas, this.limits.maxRecords) };
      match.topics.set(topic, state);
    }
    return state;
  }

  async snapshot(matchId: number, topic: LiveTopic): Promise<TopicState> {
    const state = this.topic(matchId, topic);
    return { epoch: state.epoch, seq: state.seq, records: [...state.records.values()], ...(state.outline.size > 0 && { outline: [...state.outline] }) };
  }

  async since(matchId: number, topic: LiveTopic, sinceSeq: number, epoch: string | undefined): Promise<Missed> {
    const state = this.topic(matchId, topic);
    return { epoch: state.epoch, seq: state.seq, deltas: epoch === state.epoch ? state.history.since(sinceSeq, state.seq) : null };
  }

  async commit(matchId: number, topic: LiveTopic, fence: number, change: Change, trim?: Trim | null): Promise<Position | null> {
    if (this.match(matchId).fence !== fence) return null;
    const state = this.topic(matchId, topic);
    const seq = state.seq + 1;
    for (const record of change.upserts) state.records.set(record.id, record);
    for (const id of change.removes) state.records.delete(id);
    if (trim) {
      for (const id of trim.drop) state.records.delete(id);
      if (trim.fresh) state.outline.clear();
      for (const [key, point] of trim.outline) state.outline.set(key, point);
    }
    state.seq = seq;
    state.history.push({ seq, upserts: change.upserts, removes: change.removes });
    return { epoch: state.epoch, seq };
  }

  async status(matchId: number): Promise<StatusPayload | null> {
    return this.matches.get(matchId)?.status ?? null;
  }

  async setStatus(matchId: number, fence: number, status: StatusPayload): Promise<boolean> {
    const match = this.match(matchId);
    if (match.fence !== fence) return false;
    match.status = status;
    return true;
  }

  retain(matchId: number): void {
    const match = this.matches.get(matchId);
    if (match?.evict) {
      clearTimeout(match.evict);
      delete match.evict;
    }
  }

  release(matchId: number): void {
    const match = this.matches.get(matchId);
    if (!match) return;
    if (match.evict) clearTimeout(match.evict);
    match.evict = setTimeout(() => this.matches.delete(matchId), this.retainMs);
    match.evict.unref();
  }

  async close(): Promise<void> {
    for (const match of this.matches.values()) if (match.evict) clearTimeout(match.evict);
    this.matches.clear();
  }
}
