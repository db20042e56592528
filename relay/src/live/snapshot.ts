import { SNAPSHOT_LIMITS, type LiveTopic, type Offer, type OfferPoint } from '@odds/protocol';
import type { LiveRecord } from './diff';
import type { LiveStore, TopicState } from './store';

/** A first snapshot's content: the newest records of the topic, and what the client needs of the rest. */
export interface BoundedSnapshot {
  seq: number;
  items: LiveRecord[];
  /** Older records are held than `items` carries: the client pages them through REST. */
  more: boolean;
  /** Offers: chart points of the offers older than `items`. */
  outline?: OfferPoint[];
}

type OfferRecord = LiveRecord & Pick<Offer, 'market_id' | 'match_time' | 'prematch' | 'score' | 'outcome_map'>;

/** The chart's x of an offer (as the client's chart reads it): 0 before kick-off. */
const chartTime = (offer: OfferRecord) => (offer.prematch || offer.match_time === null ? 0 : offer.match_time);

/**
 * The chart points of offers (any order): per market and chart time the newest offer (the chart
 * draws one point per time, the newest there), and every offer whose score differs from the one
 * before it in its market (the goal marks). Oldest first.
 */
export function outlineOf(offers: readonly OfferRecord[]): OfferPoint[] {
  const ordered = [...offers].sort((a, b) => a.id - b.id);
  const kept = new Map<string, OfferRecord>();
  const scores = new Map<number, string>();
  for (const offer of ordered) {
    const previous = scores.get(offer.market_id);
    scores.set(offer.market_id, offer.score);
    // A score change keeps its own point even when a newer offer shares its time.
    if (previous !== undefined && previous !== offer.score) kept.set(`goal:${offer.id}`, offer);
    kept.set(`${offer.market_id}:${chartTime(offer)}`, offer);
  }
  return [...kept.values()].sort((a, b) => a.id - b.id).map(({ id, market_id, match_time, prematch, score, outcome_map }) => ({
    id, market_id, match_time, prematch, score, outcome_map,
  }));
}

/** The newest SNAPSHOT_LIMITS[topic] records by id (all of a topic without a limit), and the outline of older offers. */
export function boundSnapshot(topic: LiveTopic, state: TopicState): BoundedSnapshot {
  const limit = SNAPSHOT_LIMITS[topic];
  if (limit === undefined || state.records.length <= limit) return { seq: state.seq, items: state.records, more: false };
  const byId = [...state.records].sort((a, b) => b.id - a.id);
  const items = byId.slice(0, limit);
  const bounded: BoundedSnapshot = { seq: state.seq, items, more: true };
  if (topic === 'offers') bounded.outline = outlineOf(byId.slice(limit) as OfferRecord[]);
  return bounded;
}

/** Topics whose built snapshots are kept (matches × topics; the oldest goes first). */
const CACHED_TOPICS = 512;

/**
 * Builds each topic's bounded snapshot once per seq, however many watchers ask: 200 consoles
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
    if (cached?.seq === state.seq) return cached;
    const bounded = boundSnapshot(topic, state);
    this.built.delete(key);
    this.built.set(key, bounded);
    if (this.built.size > CACHED_TOPICS) this.built.delete(this.built.keys().next().value!);
    return bounded;
  }
}
