import type { DeltaPayload, LiveTopic, LiveTopicItems, OfferPoint, SnapshotPayload } from '@odds/protocol';

/**
 * The records of one live topic of a match, kept by id, and where they stand in the relay's
 * sequence. Pure functions over this plain object (no socket, no React) so the seq and gap rules
 * are tested on their own. Records sit in a Map, never in valtio's tracked state: a snapshot of a
 * proxy copies every key, so a thousand rows would be copied on every tick.
 */
export interface TopicBuffer<T extends { id: number } = { id: number }> {
  /** Last seq applied; -1 until the first snapshot. */
  seq: number;
  /** The relay's history `seq` belongs to (protocol live.ts); null until the first snapshot. */
  epoch: string | null;
  rows: Map<number, T>;
  /** Deltas that came before their snapshot or after a gap, by seq, waiting to be applied in order (all of one epoch). */
  pending: Map<number, HeldDelta<T>>;
  /** At most this many records: the lowest ids go first (a wall panel's bounded memory). */
  maxRows: number;
  /**
   * The relay holds older records than its snapshot carried (a first snapshot has the newest
   * SNAPSHOT_LIMITS[topic]); a screen pages them through REST ("Load older", older.ts).
   */
  more: boolean;
  /** Offers: chart points of the offers older than the snapshot's rows, so the chart shows the whole match. */
  outline: OfferPoint[];
  /**
   * Ids of rows paged in through REST: a delta's removes leave them (the relay removes what its
   * window no longer holds, which is older, not gone), unless it removes every live row (a reset).
   */
  paged: Set<number>;
  /**
   * Where "Load older" goes on per filter (a market id, or 'all'): the next page's `before_id`,
   * null once the upstream has nothing older. Without an entry: the snapshot's oldest id (`floor`).
   */
  cursors: Map<string, number | null>;
  /** The oldest id of the last snapshot: everything newer is held, whatever the filter. */
  floor: number | null;
}

export type LiveRecord<K extends LiveTopic> = LiveTopicItems[K];

type HeldDelta<T> = { epoch?: string; seq: number; upserts: T[]; removes: number[] };

export function createBuffer<T extends { id: number }>(maxRows = Infinity): TopicBuffer<T> {
  return { seq: -1, epoch: null, rows: new Map(), pending: new Map(), maxRows, more: false, outline: [], paged: new Set(), cursors: new Map(), floor: null };
}

/**
 * What applying an event did: changed the rows, ignored an old one, found a gap to resync, or
 * found another epoch ('epoch': the relay's history of what is held is gone; resync for a fresh snapshot).
 */
export type ApplyResult = 'applied' | 'stale' | 'pending' | 'gap' | 'epoch';

/** An event of another epoch than the one held (one without an epoch, from an older relay, is taken as the same). */
const otherEpoch = (held: string | null, got: string | undefined) => held !== null && got !== undefined && got !== held;

/** A whole topic as of `seq` of its epoch: replaces the rows, then applies any held deltas that follow it. */
export function applySnapshot<T extends { id: number }>(
  buffer: TopicBuffer<T>,
  snapshot: Pick<SnapshotPayload, 'seq' | 'fresh' | 'more' | 'outline'> & { epoch?: string; items: T[] },
): ApplyResult {
  // An older snapshot than what is held (a late answer to a watch) adds nothing; a fresh one
  // (the relay lost its history), or one of another epoch, always replaces.
  const renewed = buffer.seq >= 0 && otherEpoch(buffer.epoch, snapshot.epoch);
  if (!snapshot.fresh && !renewed && buffer.seq >= 0 && snapshot.seq <= buffer.seq) return 'stale';
  buffer.rows.clear();
  buffer.paged.clear();
  buffer.cursors.clear();
  buffer.floor = null;
  for (const item of snapshot.items) {
    buffer.rows.set(item.id, item);
    if (buffer.floor === null || item.id < buffer.floor) buffer.floor = item.id;
  }
  buffer.more = !!snapshot.more;
  buffer.outline = snapshot.outline ?? [];
  buffer.seq = snapshot.seq;
  buffer.epoch = snapshot.epoch ?? buffer.epoch;
  for (const [seq, held] of buffer.pending) if (seq <= snapshot.seq || otherEpoch(buffer.epoch, held.epoch)) buffer.pending.delete(seq);
  drain(buffer);
  trim(buffer);
  return buffer.pending.size ? 'gap' : 'applied';
}

/**
 * One delta: applied when it is the next seq; ignored when already applied; held when it comes
 * before the snapshot ('pending') or after a gap ('gap': the caller asks for a resync from `seq`).
 * A delta of another epoch than the rows' ('epoch') means the relay's history of them is gone: the
 * deltas held are dropped, this one is kept for after the fresh snapshot the caller asks for.
 */
export function applyDelta<T extends { id: number }>(
  buffer: TopicBuffer<T>,
  delta: Pick<DeltaPayload, 'seq' | 'removes'> & { epoch?: string; upserts: T[] },
): ApplyResult {
  // Held deltas are of one epoch: a newer epoch's delta replaces them.
  for (const held of buffer.pending.values()) {
    if (held.epoch !== undefined && delta.epoch !== undefined && held.epoch !== delta.epoch) {
      buffer.pending.clear();
      break;
    }
  }
  if (buffer.seq < 0) {
    buffer.pending.set(delta.seq, delta);
    return 'pending';
  }
  if (otherEpoch(buffer.epoch, delta.epoch)) {
    buffer.pending.set(delta.seq, delta);
    return 'epoch';
  }
  if (delta.seq <= buffer.seq) return 'stale';
  buffer.pending.set(delta.seq, delta);
  drain(buffer);
  trim(buffer);
  return buffer.pending.size ? 'gap' : 'applied';
}

/** Applies held deltas while the next seq is there. */
function drain<T extends { id: number }>(buffer: TopicBuffer<T>): void {
  for (let next = buffer.pending.get(buffer.seq + 1); next && !otherEpoch(buffer.epoch, next.epoch); next = buffer.pending.get(buffer.seq + 1)) {
    buffer.pending.delete(next.seq);
    const live = buffer.rows.size - buffer.paged.size;
    const removed = next.removes.filter((id) => buffer.rows.has(id) && !buffer.paged.has(id)).length;
    // Every live row removed: the topic was cleared (a reset), paged rows go with it.
    if (live > 0 && removed === live) {
      for (const id of buffer.paged) buffer.rows.delete(id);
      buffer.paged.clear();
      buffer.cursors.clear();
      buffer.outline = [];
      buffer.more = false;
    }
    for (const id of next.removes) if (!buffer.paged.has(id)) buffer.rows.delete(id);
    for (const item of next.upserts) buffer.rows.set(item.id, item);
    buffer.seq = next.seq;
  }
}

function trim<T extends { id: number }>(buffer: TopicBuffer<T>): void {
  if (buffer.rows.size <= buffer.maxRows) return;
  const ids = [...buffer.rows.keys()].sort((a, b) => a - b);
  for (const id of ids.slice(0, buffer.rows.size - buffer.maxRows)) {
    buffer.rows.delete(id);
    buffer.paged.delete(id);
  }
}

/**
 * Rows older than the snapshot's, read through REST ("Load older"): added unless held already,
 * and remembered as paged. The number added.
 */
export function addOlder<T extends { id: number }>(buffer: TopicBuffer<T>, rows: readonly T[]): number {
  let added = 0;
  for (const row of rows) {
    if (buffer.rows.has(row.id)) continue;
    buffer.rows.set(row.id, row);
    buffer.paged.add(row.id);
    added++;
  }
  return added;
}

/** The buffer's records, newest (highest id) first or oldest first. */
export function rowsOf<T extends { id: number }>(buffer: TopicBuffer<T>, order: 'asc' | 'desc' = 'desc'): T[] {
  const rows = [...buffer.rows.values()];
  return rows.sort(order === 'asc' ? (a, b) => a.id - b.id : (a, b) => b.id - a.id);
}
