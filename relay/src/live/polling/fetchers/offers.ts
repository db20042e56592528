import { buildPath, buildQuery, routes, type ListReply } from '@odds/protocol';
import type { LiveRecord } from '../../state/diff';
import type { CarriedOffer } from '../publications';
import { fetchPublished, type FetcherContext, type Fetched, type TopicFetcher } from './fetcher';

/**
 * Offers of every market of the match, all of them (the Graph tab charts the whole match), in one
 * request per poll: the route without `market_id`, with `after_id` the greatest id held, so a poll
 * carries only what is new. Offers are written once with their deliveries (one transaction), so
 * nothing held changes; a reset (the feed cleared) is read whole, and what it lacks is removed.
 */
export class OffersFetcher implements TopicFetcher {
  readonly topic = 'offers';
  private maxId = 0;
  /** The next fetch reads every offer of the match. */
  private whole = false;

  constructor(private readonly context: FetcherContext) {}

  /** The match's feed was cleared or rewritten (a looping replay starting over): read it all again. */
  requestFull(): void {
    this.whole = true;
  }

  fetch(): Promise<Fetched | null> {
    return fetchPublished(this.context, 'offers', (carried) => this.read(carried));
  }

  /** What the notices carried when they follow what is held, else a read of what is after it (or of all). */
  private async read(carried: CarriedOffer[] | null): Promise<Fetched | null> {
    const { matchId, get } = this.context;
    const whole = this.whole;
    const incremental = !whole && this.maxId > 0;
    let records: LiveRecord[];
    // Notices carry the feed's shape: without the raw message, it is the offers route's.
    if (carried && !whole)
      records = (carried as (CarriedOffer & { raw?: unknown; arrival?: unknown })[]).map(({ raw: _raw, arrival: _arrival, ...offer }) => offer);
    else {
      const url = buildPath(routes.matchOffers, { matchId }) + buildQuery({ after_id: incremental ? this.maxId : undefined });
      const response = await get(this.topic, url, null);
      if (response.status === 304 || response.text === null) return null;
      records = (JSON.parse(response.text) as ListReply<LiveRecord>).results;
    }
    if (!records.length && !whole) return null;
    return {
      records,
      complete: whole,
      seen: () => {
        if (whole) {
          this.whole = false;
          this.maxId = 0;
        }
        for (const record of records) this.maxId = Math.max(this.maxId, record.id);
      },
    };
  }

  holdsThrough(id: number): boolean {
    return !this.whole && this.maxId >= id;
  }

  load(records: LiveRecord[]): void {
    this.maxId = records.reduce((max, record) => Math.max(max, record.id), 0);
  }
}
