import type { SinceRecord } from './cross-match';

/** Batches kept per match: a poll takes the one after what it holds, within a notice or two. */
const KEPT = 4;

interface Batch {
  /** The match's greatest offer id before the batch's. */
  after: number;
  /** The batch's greatest offer id. */
  last: number;
  /** As the incremental read answers them: oldest first. */
  offers: SinceRecord[];
}

/**
 * The offers the change notices of one match carried (ChangeNotice.offers), for its feed and
 * offers reads: a read after id `a` is answered from a batch that holds every offer of the match
 * after `a` up to its last (its `after` ≤ a < its last), exactly what the read would answer up to
 * there; offers written later have notices of their own, which poll again. Any other read (a gap:
 * a notice missed, or one that carried nothing) goes to the upstream.
 */
export class CarriedOffers {
  private batches: Batch[] = [];

  add(after: number, offers: readonly SinceRecord[]): void {
    if (!offers.length) return;
    const last = offers.reduce((max, offer) => Math.max(max, offer.id), 0);
    this.batches.push({ after, last, offers: [...offers] });
    if (this.batches.length > KEPT) this.batches.shift();
  }

  /** The match's offers after `afterId` when a carried batch holds them all (oldest first), else null. */
  after(afterId: number): SinceRecord[] | null {
    const batch = this.batches.find((b) => b.after <= afterId && afterId < b.last);
    return batch ? batch.offers.filter((offer) => offer.id > afterId) : null;
  }

  /** The match's feed was cleared (a replay starting over): what was carried no longer holds. */
  clear(): void {
    this.batches = [];
  }
}
