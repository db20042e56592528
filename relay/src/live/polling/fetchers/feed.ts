import { buildPath, buildQuery, FEED_FETCH_LIMIT, routes, type FeedEvent, type ListReply } from '@odds/protocol';
import type { LiveRecord } from '../../state/diff';
import type { CarriedOffer } from '../publications';
import { fetchPublished, FULL_EVERY_MS, type FetcherContext, type Fetched, type TopicFetcher } from './fetcher';
import { Unchanged } from './unchanged';

type FeedRecord = LiveRecord & { raw?: { sent_at?: string } | null; created_at?: string };

/** The Feed tab's order, newest first: the feed clock, then the id. */
function feedOrder(a: FeedRecord, b: FeedRecord): number {
  const at = (record: FeedRecord) => record.raw?.sent_at ?? record.created_at ?? '';
  const byClock = at(b).localeCompare(at(a));
  return byClock !== 0 ? byClock : b.id - a.id;
}

/**
 * The Feed tab's window: a match's newest FEED_FETCH_LIMIT offers with their raw message. Offers
 * are written once (with their deliveries, in one transaction), so a poll asks only for offers
 * after the greatest id held (`after_id`) and the window is kept here: what newer offers push out
 * of it is removed. The whole window is read first, when asked (a reset notice, the change stream
 * back after a gap), and without the change stream every FULL_EVERY_MS (with the last ETag) to see
 * a feed cleared while no notice could say so.
 */
export class FeedFetcher implements TopicFetcher {
  readonly topic = 'feed';
  private readonly unchanged = new Unchanged();
  /** The window as held: id → record. */
  private readonly window = new Map<number, FeedRecord>();
  private maxId = 0;
  private fullAt = 0;
  private wantFull = true;

  constructor(private readonly context: FetcherContext) {}

  requestFull(): void {
    this.wantFull = true;
  }

  fetch(): Promise<Fetched | null> {
    return fetchPublished(this.context, 'feed', (carried) => this.read(carried));
  }

  /** What the notices carried when they follow what is held, else a read of the window or of what is after it. */
  private async read(carried: CarriedOffer[] | null): Promise<Fetched | null> {
    const { matchId, get, streaming } = this.context;
    // What is held is the feed up to the publication before the carried ones (unless a reset asked for it whole).
    // Notices carry offers oldest first: reversed, they are the feed route's order (newest first).
    if (carried && !this.wantFull) return this.newer((carried as FeedRecord[]).toReversed());
    const full = this.wantFull || this.maxId === 0 || (!streaming() && Date.now() - this.fullAt >= FULL_EVERY_MS);
    const url = buildPath(routes.matchFeed, { matchId }) + buildQuery({ limit: FEED_FETCH_LIMIT, after_id: full ? undefined : this.maxId });
    const response = await get(this.topic, url, full ? this.unchanged.etag(url) : null);
    const { same, remember } = full ? this.unchanged.check(url, response) : { same: response.status === 304, remember: () => {} };
    if (same) {
      remember();
      if (full) this.markFull();
      return null;
    }
    const body = JSON.parse(response.text!) as ListReply<FeedEvent>;
    const records = body.results as unknown as FeedRecord[];
    if (full) {
      return {
        records,
        complete: true,
        seen: () => {
          remember();
          this.markFull();
          this.replace(records);
        },
      };
    }
    return this.newer(records);
  }

  /** Offers after the newest held (newest first), merged into the window: what they push out of it is removed. */
  private newer(records: FeedRecord[]): Promise<Fetched | null> | Fetched | null {
    if (!records.length) return null;
    // More new offers than a window holds: read the window whole instead.
    if (records.length >= FEED_FETCH_LIMIT) {
      this.wantFull = true;
      return this.read(null);
    }
    const merged = [...this.window.values(), ...records.filter((record) => !this.window.has(record.id))].sort(feedOrder);
    const kept = merged.slice(0, FEED_FETCH_LIMIT);
    const keptIds = new Set(kept.map((record) => record.id));
    const removes = [...this.window.keys()].filter((id) => !keptIds.has(id));
    const upserts = records.filter((record) => keptIds.has(record.id));
    return { records: upserts, removes, complete: false, seen: () => this.replace(kept) };
  }

  holdsThrough(id: number): boolean {
    return !this.wantFull && this.maxId >= id;
  }

  private markFull(): void {
    this.fullAt = Date.now();
    this.wantFull = false;
  }

  private replace(records: FeedRecord[]): void {
    this.window.clear();
    for (const record of records) {
      this.window.set(record.id, record);
      this.maxId = Math.max(this.maxId, record.id);
    }
  }

  load(records: LiveRecord[]): void {
    this.unchanged.clear();
    this.maxId = 0;
    this.replace(records as FeedRecord[]);
    this.wantFull = true;
  }
}
