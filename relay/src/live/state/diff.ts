import { createHash } from 'node:crypto';

/** Every live record has a numeric id; deltas remove by it. */
export interface LiveRecord {
  id: number;
}

/** What changed in one topic: records added or changed, and ids that are gone. */
export interface Change<T extends LiveRecord = LiveRecord> {
  upserts: T[];
  removes: number[];
}

export const isEmpty = (change: Change) => change.upserts.length === 0 && change.removes.length === 0;

/** A short content hash of a record as JSON; the upstream serialises with a schema, so key order is stable. */
export const hashRecord = (record: unknown) => createHash('sha1').update(JSON.stringify(record)).digest('base64');

/**
 * What a topic looked like at the last poll, as id → content hash, so an unchanged record costs no
 * delta. `diff` does not change the index; `apply` does, once the change has been committed, so a
 * change that failed to commit is found again by the next poll.
 */
export class RecordIndex<T extends LiveRecord = LiveRecord> {
  private readonly hashes = new Map<number, string>();

  get size(): number {
    return this.hashes.size;
  }

  has(id: number): boolean {
    return this.hashes.has(id);
  }

  ids(): IterableIterator<number> {
    return this.hashes.keys();
  }

  /** Fills the index from a stored state (a new leader taking over), without producing a change. */
  load(records: Iterable<T>): void {
    this.hashes.clear();
    for (const record of records) this.hashes.set(record.id, hashRecord(record));
  }

  /**
   * The change from the indexed state to `records`. A `complete` fetch is the whole topic, so ids it
   * lacks were removed; a partial one (offers after an id) only adds and updates.
   */
  diff(records: T[], complete: boolean): Change<T> & { hashes: Map<number, string> } {
    const upserts: T[] = [];
    const hashes = new Map<number, string>();
    for (const record of records) {
      const hash = hashRecord(record);
      if (hashes.has(record.id)) continue; // a record listed twice (paging overlap) counts once
      hashes.set(record.id, hash);
      if (this.hashes.get(record.id) !== hash) upserts.push(record);
    }
    const removes: number[] = [];
    if (complete) for (const id of this.hashes.keys()) if (!hashes.has(id)) removes.push(id);
    return { upserts, removes, hashes };
  }

  apply(change: Change<T> & { hashes: Map<number, string> }): void {
    for (const record of change.upserts) this.hashes.set(record.id, change.hashes.get(record.id) ?? hashRecord(record));
    for (const id of change.removes) this.hashes.delete(id);
  }

  /** No longer holds these records (a bounded topic dropped them from its state). */
  forget(ids: readonly number[]): void {
    for (const id of ids) this.hashes.delete(id);
  }
}
