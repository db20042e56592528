import type { Offer, OfferPoint } from '@odds/protocol';
import type { LiveRecord } from './diff';

/** An offer as the live state holds it: what its chart point is made of, and more. */
export type OfferRecord = LiveRecord & Pick<Offer, 'market_id' | 'match_time' | 'prematch' | 'score' | 'outcome_map'>;

/** An outline's point under its key: its market's time slot (`market:slot`), or `goal:id` for a score change. */
export type OutlineEntry = [key: string, point: OfferPoint];

/** The outline's resolution: one point per market per this many seconds of match clock (300 over 100 minutes). */
const OUTLINE_SECONDS = 20;

/** The chart's x of an offer (as the client's chart reads it): 0 before kick-off. */
const chartTime = (offer: OfferRecord) => (offer.prematch || offer.match_time === null ? 0 : offer.match_time);

const pointOf = ({ id, market_id, match_time, prematch, score, outcome_map }: OfferRecord): OfferPoint => ({
  id,
  market_id,
  match_time,
  prematch,
  score,
  outcome_map,
});

/**
 * The chart points of a match's older offers, kept as offers are folded in, oldest first: per
 * market and OUTLINE_SECONDS of match clock the newest offer (the chart draws one point per time,
 * the newest there; a 100-minute axis a few hundred pixels wide shows no finer), and every offer
 * whose score differs from the one before it in its market (the goal marks). Its size grows with
 * the match clock and the markets, not with the offers: what a live state bounded to its newest
 * offers keeps of the rest (held-offers.ts), and what a first snapshot sends of them.
 */
export class Outline {
  private readonly points = new Map<string, OfferPoint>();
  /** Per market, the newest offer folded in (its score tells the next one's goal mark). */
  private readonly newest = new Map<number, OfferPoint>();

  /** An outline as stored (its entries, in any order). */
  static from(entries: Iterable<OutlineEntry>): Outline {
    const outline = new Outline();
    for (const entry of entries) outline.set(entry);
    return outline;
  }

  /**
   * The entries that folding `offers` (oldest first, all newer than what is folded) adds or
   * replaces, without folding them: a plan the store commits before `apply` keeps it.
   */
  plan(offers: readonly OfferRecord[]): OutlineEntry[] {
    const scores = new Map<number, string>();
    const changed = new Map<string, OfferPoint>();
    for (const offer of offers) {
      const previous = scores.get(offer.market_id) ?? this.newest.get(offer.market_id)?.score;
      scores.set(offer.market_id, offer.score);
      const point = pointOf(offer);
      // A score change keeps its own point even when a newer offer shares its time.
      if (previous !== undefined && previous !== offer.score) changed.set(`goal:${offer.id}`, point);
      changed.set(`${offer.market_id}:${Math.floor(chartTime(offer) / OUTLINE_SECONDS)}`, point);
    }
    return [...changed];
  }

  apply(entries: readonly OutlineEntry[]): void {
    for (const entry of entries) this.set(entry);
  }

  fold(offers: readonly OfferRecord[]): this {
    this.apply(this.plan(offers));
    return this;
  }

  entries(): OutlineEntry[] {
    return [...this.points];
  }

  /** Whether both keep the same point under every key. */
  equals(other: Outline): boolean {
    if (other.points.size !== this.points.size) return false;
    for (const [key, point] of this.points) if (other.points.get(key)?.id !== point.id) return false;
    return true;
  }

  /** The points, oldest first, each once (a score change may also be its slot's newest). */
  list(): OfferPoint[] {
    const byId = new Map<number, OfferPoint>();
    for (const point of this.points.values()) byId.set(point.id, point);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }

  private set([key, point]: OutlineEntry): void {
    this.points.set(key, point);
    const newest = this.newest.get(point.market_id);
    if (!newest || newest.id < point.id) this.newest.set(point.market_id, point);
  }
}

/** The outline of these offers (any order), oldest first. */
export const outlineOf = (offers: readonly OfferRecord[]): OfferPoint[] => new Outline().fold([...offers].sort((a, b) => a.id - b.id)).list();
