import type { ChangeNotice } from '@odds/protocol';
import type { LiveRecord } from '../state/diff';

/** A match's numbered write as its notice names it (ChangeNotice.publication; offset 0 from a safety check: none yet). */
export type Publication = NonNullable<ChangeNotice['publication']>;

/** The readers of a match's publications: each applies them at its own pace. */
export type PublicationReader = 'feed' | 'offers';

/** An offer as a notice carries it: the Feed tab's shape (with its raw message), oldest first. */
export type CarriedOffer = LiveRecord & { match_id: number };

/**
 * What a reader takes: the offers of every publication after the last it applied (oldest first),
 * or null when it must read the match (a gap, another epoch, a publication that came without its
 * offers, nothing applied yet, or a read asked for with nothing new published); `through` is the
 * newest publication that application or that read covers, to pass to `applied` once it is held.
 */
export interface Taken {
  offers: CarriedOffer[] | null;
  through: Publication | undefined;
}

/** Publications kept per match: a reader is a publication or two behind, within a poll. */
const KEPT = 8;

/**
 * The publications of one match as its change notices brought them (docs/live-path.md,
 * "Publications"): the engine numbers a match's writes with offsets that follow one another within
 * an epoch, and a notice carries its write's offers. A reader that applied offset n takes what
 * n + 1, n + 2, … carried without a read; anything else is a read of the match, the recovery, which
 * covers every publication received before it (each was committed before its notice was sent).
 */
export class Publications {
  private epoch: string | null = null;
  /** Ascending offsets, the newest KEPT; `offers` undefined: the notice came without them. */
  private received: { offset: number; offers: CarriedOffer[] | undefined }[] = [];
  private readonly cursors = new Map<PublicationReader, number>();

  /** A notice's publication; false when one already held (the other part of a split notice) or older, left aside. */
  add(publication: Publication, offers: readonly CarriedOffer[] | undefined): boolean {
    if (publication.epoch !== this.epoch) this.restart(publication.epoch);
    const last = this.received.at(-1);
    if (last && publication.offset <= last.offset) return false;
    this.received.push({ offset: publication.offset, offers: offers && [...offers] });
    if (this.received.length > KEPT) this.received.shift();
    return true;
  }

  take(reader: PublicationReader): Taken {
    const newest = this.received.at(-1)?.offset;
    const through = newest === undefined ? undefined : { epoch: this.epoch!, offset: newest };
    const cursor = this.cursors.get(reader);
    if (newest === undefined || cursor === undefined || cursor >= newest) return { offers: null, through };
    const next = this.received.filter((publication) => publication.offset > cursor);
    const follows = next.every((publication, i) => publication.offset === cursor + 1 + i && publication.offers);
    return { offers: follows ? next.flatMap((publication) => publication.offers!) : null, through };
  }

  /** The reader holds every publication up to `through` (what it took, or the read after it), unless an epoch began since. */
  applied(reader: PublicationReader, through: Publication | undefined): void {
    if (through?.epoch === this.epoch) this.cursors.set(reader, Math.max(this.cursors.get(reader) ?? 0, through.offset));
  }

  /** The match's feed was cleared (a reset): what was received no longer holds, and readers read. */
  clear(): void {
    this.restart(null);
  }

  private restart(epoch: string | null): void {
    this.epoch = epoch;
    this.received = [];
    this.cursors.clear();
  }
}
