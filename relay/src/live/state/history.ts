import type { Change, LiveRecord } from './diff';

export interface SeqChange<T extends LiveRecord = LiveRecord> extends Change<T> {
  seq: number;
}

/**
 * The last deltas of one topic, so a client that missed some (a reconnect, a gap in seq) gets
 * exactly those. Bounded by count and by records carried; the oldest go first. A client further
 * behind than what is kept gets a snapshot instead.
 */
export class DeltaHistory<T extends LiveRecord = LiveRecord> {
  private readonly entries: SeqChange<T>[] = [];
  private records = 0;

  constructor(
    private readonly maxDeltas = 500,
    private readonly maxRecords = 20_000,
  ) {}

  get length(): number {
    return this.entries.length;
  }

  push(entry: SeqChange<T>): void {
    const last = this.entries.at(-1);
    if (last && entry.seq !== last.seq + 1) throw new Error(`history of seq ${last.seq} cannot take seq ${entry.seq}`);
    this.entries.push(entry);
    this.records += entry.upserts.length + entry.removes.length;
    while (this.entries.length > 1 && (this.entries.length > this.maxDeltas || this.records > this.maxRecords)) {
      const dropped = this.entries.shift()!;
      this.records -= dropped.upserts.length + dropped.removes.length;
    }
  }

  /**
   * Every delta after `sinceSeq` up to `currentSeq`, in order; [] when the client is current; null
   * when they are no longer all held, or `sinceSeq` is not a seq of this state (ahead of it).
   */
  since(sinceSeq: number, currentSeq: number): SeqChange<T>[] | null {
    if (sinceSeq === currentSeq) return [];
    if (sinceSeq > currentSeq) return null;
    const first = this.entries[0];
    if (!first || first.seq > sinceSeq + 1) return null;
    const missed = this.entries.slice(sinceSeq + 1 - first.seq);
    return missed.length === currentSeq - sinceSeq ? missed : null;
  }
}
