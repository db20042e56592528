import { SNAPSHOT_LIMITS } from '@odds/protocol';
import type { Change, LiveRecord } from './diff';
import { Outline, type OfferRecord } from './outline';
import type { TopicState, Trim } from './store';

/**
 * The offers topic's live state, bounded: the newest `limit` offers (what a first snapshot sends,
 * SNAPSHOT_LIMITS.offers) and the outline of every older one (what it sends of those), so a
 * match's state in the relay and in Redis stops growing with its offers (the Graph tab pages the
 * rest through REST). Kept by the match's poller, the topic's only writer: `plan` says what a
 * change drops into the outline, the store commits both in one step, then `apply` keeps them here.
 */
export class HeldOffers {
  private records = new Map<number, OfferRecord>();
  private outline = new Outline();

  constructor(readonly limit = SNAPSHOT_LIMITS.offers!) {}

  /** Starts from the stored state (a new poller of the match). */
  load(state: TopicState): void {
    this.records = new Map(state.records.map((record) => [record.id, record as OfferRecord]));
    this.outline = Outline.from(state.outline ?? []);
  }

  /** A whole read of the topic: the newest `limit` offers, which the index diffs, and the outline of the rest. */
  split(records: readonly LiveRecord[]): { newest: LiveRecord[]; older: Outline } {
    const byId = [...records].sort((a, b) => b.id - a.id);
    return { newest: byId.slice(0, this.limit), older: new Outline().fold(byId.slice(this.limit).reverse() as OfferRecord[]) };
  }

  /** Whether an outline is the one held (a whole read found the same older offers). */
  holdsOutline(outline: Outline): boolean {
    return this.outline.equals(outline);
  }

  /**
   * What the store must drop and keep as `change` commits: the oldest offers beyond the limit,
   * folded into the outline (into `older` instead, replacing it, after a whole read). Null when
   * nothing is dropped and the outline stays.
   */
  plan(change: Change, older?: Outline): Trim | null {
    const removed = new Set(change.removes);
    const after = new Map<number, OfferRecord>();
    for (const [id, record] of this.records) if (!removed.has(id)) after.set(id, record);
    for (const record of change.upserts) if (!removed.has(record.id)) after.set(record.id, record as OfferRecord);
    const excess = after.size - this.limit;
    if (excess <= 0 && !older) return null;
    const drop = excess > 0 ? [...after.keys()].sort((a, b) => a - b).slice(0, excess) : [];
    const base = older ?? this.outline;
    const folded = base.plan(drop.map((id) => after.get(id)!));
    return { drop, outline: older ? [...older.entries(), ...folded] : folded, fresh: older !== undefined };
  }

  /** Keeps a committed change and its trim. */
  apply(change: Change, trim: Trim | null): void {
    for (const id of change.removes) this.records.delete(id);
    for (const record of change.upserts) this.records.set(record.id, record as OfferRecord);
    if (!trim) return;
    for (const id of trim.drop) this.records.delete(id);
    if (trim.fresh) this.outline = new Outline();
    this.outline.apply(trim.outline);
  }
}
