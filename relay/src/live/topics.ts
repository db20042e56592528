import {
  buildPath, buildQuery, FEED_FETCH_LIMIT, MATCH_TABLE_TOPICS, routes,
  type DeliveriesReply, type FeedEvent, type ListReply, type LiveTopic, type MatchTableTopic, type Offer,
} from '@odds/protocol';
import type { LiveResponse } from '../upstream';
import { hashRecord, type LiveRecord } from './diff';

/** One GET of live data for a topic; the poller adds the token, metrics and retries. */
export type LiveGet = (topic: LiveTopic, path: string, etag: string | null) => Promise<LiveResponse>;

/** What a poll found: the records, whether they are the whole topic, and how to mark them as seen. */
export interface Fetched {
  records: LiveRecord[];
  /** True when `records` is the whole topic, so ids missing from it were removed. */
  complete: boolean;
  /** Call once the change is committed: the next poll then skips an unchanged body. */
  seen(): void;
}

/**
 * How one topic of a match is read from the upstream (protocol's routes). `fetch` answers null
 * when nothing changed (304, or a body identical to the last one seen); `load` primes the fetcher
 * from the stored state when this instance becomes the match's poller.
 */
export interface TopicFetcher {
  readonly topic: LiveTopic;
  fetch(): Promise<Fetched | null>;
  load(records: LiveRecord[]): void;
}

/** Remembers a URL's last ETag and body hash, so an unchanged answer is not even parsed. */
class Unchanged {
  private readonly last = new Map<string, { etag: string | null; hash: string }>();
  etag(url: string): string | null {
    return this.last.get(url)?.etag ?? null;
  }
  check(url: string, response: LiveResponse): { same: boolean; remember(): void } {
    if (response.status === 304 || response.text === null) return { same: true, remember: () => {} };
    const hash = hashRecord(response.text);
    const same = this.last.get(url)?.hash === hash;
    return { same, remember: () => this.last.set(url, { etag: response.etag, hash }) };
  }
  clear(): void {
    this.last.clear();
  }
}

/** Records a head poll reads: the newest ones, where nearly every change happens. */
export const HEAD_SIZE = 25;
/** How often a window topic is read whole, to see removals and changes deeper than the head. */
export const FULL_EVERY_MS = 10_000;

/**
 * A window topic: the newest FEED_FETCH_LIMIT records (the Feed tab's feed events, the Delivery
 * tab's deliveries). Most polls read only the head (the newest HEAD_SIZE), where new records and
 * recent changes are; every FULL_EVERY_MS, after a head with nothing known in it (there may be more
 * new records than a head holds) and when asked, the whole window is read, and a record that has
 * dropped out of it is removed, as it is from the tab. So a match with a full window costs a
 * small read per change, not a thousand records.
 */
class WindowFetcher implements TopicFetcher {
  private readonly unchanged = new Unchanged();
  private fullAt = 0;
  private wantFull = true;

  constructor(
    readonly topic: LiveTopic,
    private readonly url: (limit: number) => string,
    private readonly get: LiveGet,
    private readonly pick: (body: unknown) => LiveRecord[],
    private readonly known: (id: number) => boolean,
    private readonly onRecords?: (records: LiveRecord[]) => void,
  ) {}

  /** The next poll reads the whole window. */
  requestFull(): void {
    this.wantFull = true;
  }

  async fetch(): Promise<Fetched | null> {
    const full = this.wantFull || Date.now() - this.fullAt >= FULL_EVERY_MS;
    const url = this.url(full ? FEED_FETCH_LIMIT : HEAD_SIZE);
    const response = await this.get(this.topic, url, this.unchanged.etag(url));
    const { same, remember } = this.unchanged.check(url, response);
    const done = () => {
      remember();
      if (full) {
        this.fullAt = Date.now();
        this.wantFull = false;
      }
    };
    if (same) {
      done();
      return null;
    }
    const records = this.pick(JSON.parse(response.text!));
    if (!full && records.length >= HEAD_SIZE && !records.some((record) => this.known(record.id))) {
      this.wantFull = true;
      return this.fetch();
    }
    this.onRecords?.(records);
    return { records, complete: full, seen: done };
  }

  load(records: LiveRecord[]): void {
    this.unchanged.clear();
    this.wantFull = true;
    this.onRecords?.(records);
  }
}

/** An offer the engine has not finished with may still change (status, targeting, delivery log); fetch again from it for this long. */
const SETTLE_MS = 60_000;
/** Pages of offers fetched in one poll at most (a fresh match with a long history). */
const MAX_PAGES = 50;

interface MarketCursor {
  maxId: number;
  /** Offers still RECEIVED, by id, with when they were created. */
  unsettled: Map<number, number>;
}

/**
 * Offers of every market of the match, all of them (the Graph tab charts the whole match). The
 * route is per market and takes `after_id`, so each poll asks only for offers newer than the last
 * one held, or than the oldest recent one still unevaluated, so its status change is seen. Which
 * markets: those seen in the match's feed events or in its offers. Offers are never removed.
 */
class OffersFetcher implements TopicFetcher {
  readonly topic = 'offers';
  private readonly cursors = new Map<number, MarketCursor>();
  private readonly unchanged = new Unchanged();
  /** The next fetch reads every offer of every market, and what it lacks is removed. */
  private whole = false;

  constructor(private readonly matchId: number, private readonly get: LiveGet, private readonly feedMarkets: () => Iterable<number>) {}

  private cursor(marketId: number): MarketCursor {
    let cursor = this.cursors.get(marketId);
    if (!cursor) {
      cursor = { maxId: 0, unsettled: new Map() };
      this.cursors.set(marketId, cursor);
    }
    return cursor;
  }

  markets(): number[] {
    for (const marketId of this.feedMarkets()) this.cursor(marketId);
    return [...this.cursors.keys()].sort((a, b) => a - b);
  }

  private afterId(cursor: MarketCursor): number {
    const now = Date.now();
    let after = cursor.maxId;
    for (const [id, createdAt] of cursor.unsettled) {
      if (now - createdAt > SETTLE_MS) cursor.unsettled.delete(id);
      else after = Math.min(after, id - 1);
    }
    return after;
  }

  /** The match's feed was cleared or rewritten (a looping replay starting over): read it all again. */
  refetchAll(): void {
    this.whole = true;
  }

  async fetch(): Promise<Fetched | null> {
    const records: LiveRecord[] = [];
    const remembers: (() => void)[] = [];
    const whole = this.whole;
    if (whole) this.unchanged.clear();
    for (const marketId of this.markets()) {
      let after = whole ? 0 : this.afterId(this.cursor(marketId));
      for (let page = 0; page < MAX_PAGES; page++) {
        const url = buildPath(routes.matchOffers, { matchId: this.matchId }) + buildQuery({ market_id: marketId, after_id: after > 0 ? after : undefined });
        const response = await this.get(this.topic, url, this.unchanged.etag(url));
        const { same, remember } = this.unchanged.check(url, response);
        if (same) break;
        remembers.push(remember);
        const body = JSON.parse(response.text!) as ListReply<Offer>;
        records.push(...(body.results as LiveRecord[]));
        // Only a reply that says there is more (total beyond what came) is paged, by id.
        const lastId = body.results.reduce((max, offer) => Math.max(max, offer.id), 0);
        if (body.total <= body.results.length || lastId <= after) break;
        after = lastId;
      }
    }
    if (remembers.length === 0 && !whole) return null;
    return {
      records,
      complete: whole,
      seen: () => {
        for (const remember of remembers) remember();
        if (whole) {
          this.whole = false;
          this.cursors.clear();
        }
        this.track(records as unknown as Offer[]);
      },
    };
  }

  private track(offers: Offer[]): void {
    for (const offer of offers) {
      const cursor = this.cursor(offer.market_id);
      cursor.maxId = Math.max(cursor.maxId, offer.id);
      // Not evaluated yet, or fired with its deliveries still to be recorded: it will change.
      if (offer.status === 'RECEIVED' || (offer.status === 'TRIGGERED' && !offer.delivery)) cursor.unsettled.set(offer.id, Date.parse(offer.created_at));
      else cursor.unsettled.delete(offer.id);
    }
  }

  load(records: LiveRecord[]): void {
    this.cursors.clear();
    this.unchanged.clear();
    this.track(records as unknown as Offer[]);
  }
}

/**
 * A match table (threshold sets, content, stat events, trackers): a small list read whole, so ids
 * missing from it were deleted. Unchanged bodies (ETag or hash) cost no parse and no delta.
 */
class TableFetcher implements TopicFetcher {
  private readonly unchanged = new Unchanged();

  constructor(readonly topic: MatchTableTopic, private readonly url: string, private readonly get: LiveGet) {}

  async fetch(): Promise<Fetched | null> {
    const response = await this.get(this.topic, this.url, this.unchanged.etag(this.url));
    const { same, remember } = this.unchanged.check(this.url, response);
    if (same) {
      remember();
      return null;
    }
    return { records: (JSON.parse(response.text!) as ListReply<LiveRecord>).results, complete: true, seen: remember };
  }

  load(): void {
    this.unchanged.clear();
  }
}

export type MatchFetchers = Record<'feed' | 'deliveries', TopicFetcher & { requestFull(): void }> & { offers: TopicFetcher & { markets(): number[]; refetchAll(): void } }
  & Record<MatchTableTopic, TopicFetcher>;

/**
 * The three fetchers of a match; offers learn the match's markets from its feed events. `known`
 * tells whether a topic's record is already held (a head poll with none known reads the whole window).
 */
export function createFetchers(matchId: number, get: LiveGet, known: (topic: LiveTopic, id: number) => boolean): MatchFetchers {
  const feedMarkets = new Set<number>();
  const feed = new WindowFetcher(
    'feed',
    (limit) => buildPath(routes.matchFeed, { matchId }) + buildQuery({ limit }),
    get,
    (body) => (body as ListReply<FeedEvent>).results as LiveRecord[],
    (id) => known('feed', id),
    (records) => {
      for (const record of records as unknown as FeedEvent[]) feedMarkets.add(record.market_id);
    },
  );
  const deliveries = new WindowFetcher(
    'deliveries',
    (limit) => buildPath(routes.matchDeliveries, { matchId }) + buildQuery({ limit }),
    get,
    (body) => (body as DeliveriesReply).deliveries as LiveRecord[],
    (id) => known('deliveries', id),
  );
  const tables = Object.fromEntries(Object.entries(MATCH_TABLE_TOPICS).map(([topic, route]) =>
    [topic, new TableFetcher(topic as MatchTableTopic, buildPath(routes[route], { matchId }), get)])) as unknown as Record<MatchTableTopic, TopicFetcher>;
  return { feed, offers: new OffersFetcher(matchId, get, () => feedMarkets), deliveries, ...tables };
}
