import { SNAPSHOT_LIMITS, type DeltaPayload, type LiveTopic, type OfferPoint, type SnapshotPayload } from '@odds/protocol';
import type { RoomBroadcaster } from '../ground/broadcast';
import type { Change, LiveRecord } from './diff';
import { Outline, type OfferRecord } from './outline';
import type { LiveStore, Position, TopicState } from './store';

/** A first snapshot's content: the newest records of the topic, and what the client needs of the rest. */
export interface BoundedSnapshot {
  epoch: string;
  seq: number;
  items: LiveRecord[];
  /** Older records are held than `items` carries: the client pages them through REST. */
  more: boolean;
  /** Offers: chart points of the offers older than `items`. */
  outline?: OfferPoint[];
  /**
   * The payloads sent, built once: every watcher gets the same object, so a transport can encode
   * it once for all of them (sockets.ts, plain-ws.ts).
   */
  payloads?: Partial<Record<'watch' | 'resync', SnapshotPayload>>;
}

/** The snapshot event's payload of a bounded snapshot (one object per reason, shared by every watcher). */
export function snapshotPayload(matchId: number, topic: LiveTopic, bounded: BoundedSnapshot, reason: 'watch' | 'resync'): SnapshotPayload {
  bounded.payloads ??= {};
  let payload = bounded.payloads[reason];
  if (!payload) {
    const { epoch, seq, items, more, outline } = bounded;
    payload = {
      matchId,
      topic,
      epoch,
      seq,
      items,
      ...(more && { more }),
      ...(outline && { outline }),
      ...(reason === 'resync' && { fresh: true }),
    } as SnapshotPayload;
    bounded.payloads[reason] = payload;
  }
  return payload;
}

/**
 * The newest SNAPSHOT_LIMITS[topic] records by id (all of a topic without a limit), and the
 * outline of older offers: the stored one (the store holds only the newest offers, held-offers.ts),
 * with any older records it holds beyond the limit folded in (a state written before it was bounded).
 */
export function boundSnapshot(topic: LiveTopic, state: TopicState): BoundedSnapshot {
  const limit = SNAPSHOT_LIMITS[topic];
  const stored = state.outline?.length ? state.outline : undefined;
  if (limit === undefined || (state.records.length <= limit && !stored)) return { epoch: state.epoch, seq: state.seq, items: state.records, more: false };
  const byId = [...state.records].sort((a, b) => b.id - a.id);
  const items = byId.slice(0, limit);
  const bounded: BoundedSnapshot = { epoch: state.epoch, seq: state.seq, items, more: true };
  if (topic === 'offers')
    bounded.outline = Outline.from(stored ?? [])
      .fold(byId.slice(limit).reverse() as OfferRecord[])
      .list();
  return bounded;
}

/** Topics whose built snapshots are kept (matches × topics; the oldest goes first). */
const CACHED_TOPICS = 512;

/**
 * Builds each topic's bounded snapshot once per seq (of its epoch), however many watchers ask: 200 consoles
 * opening a long match at once share one sort and one outline, rather than each sorting every
 * record the relay holds. Each watch still reads the store itself (its seq must be as of its
 * join, or it could miss a delta sent between an earlier read and its join).
 */
export class SnapshotCache {
  private readonly built = new Map<string, BoundedSnapshot>();

  constructor(private readonly store: LiveStore) {}

  async get(matchId: number, topic: LiveTopic): Promise<BoundedSnapshot> {
    const key = `${matchId}:${topic}`;
    const state = await this.store.snapshot(matchId, topic);
    const cached = this.built.get(key);
    if (cached?.seq === state.seq && cached.epoch === state.epoch) return cached;
    const bounded = boundSnapshot(topic, state);
    this.built.delete(key);
    this.built.set(key, bounded);
    if (this.built.size > CACHED_TOPICS) this.built.delete(this.built.keys().next().value!);
    return bounded;
  }
}

/** More upserts than a first snapshot of the topic carries (a first poll, a topic read whole again). */
export const oversized = (topic: LiveTopic, upserts: number): boolean => upserts > (SNAPSHOT_LIMITS[topic] ?? Infinity);

/**
 * Pushes a committed change to the match's room: as a delta, or, when it carries more records than
 * a first snapshot would (the first poll after a relay restart, a reset), as a bounded snapshot
 * flagged `fresh` at the same epoch and seq, which every watcher applies in its place (also when
 * `fresh`: a whole read gave the offers another outline, which no delta carries). 200 consoles resyncing
 * after a restart then get the newest rows, not every record the relay holds, each.
 */
export async function pushChange(
  store: LiveStore,
  broadcaster: RoomBroadcaster,
  matchId: number,
  topic: LiveTopic,
  at: Position,
  change: Change,
  fresh = false,
): Promise<void> {
  if (fresh || oversized(topic, change.upserts.length)) {
    const state = await store.snapshot(matchId, topic);
    if (state.seq === at.seq && state.epoch === at.epoch)
      return broadcaster.emit(matchId, 'snapshot', snapshotPayload(matchId, topic, boundSnapshot(topic, state), 'resync'));
  }
  broadcaster.emit(matchId, 'delta', { matchId, topic, epoch: at.epoch, seq: at.seq, upserts: change.upserts, removes: change.removes } as DeltaPayload);
}
