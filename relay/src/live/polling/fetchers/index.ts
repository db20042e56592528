import { buildPath, buildQuery, FEED_FETCH_LIMIT, HISTORY_WINDOW, MATCH_TABLE_TOPICS, routes, type DeliveriesReply, type FeedEvent, type ListReply, type LiveTopic, type MatchTableTopic } from '@odds/protocol';
import type { LiveResponse } from '../../../upstream';
import { hashRecord, type LiveRecord } from '../../state/diff';

/** One GET of live data for a topic; the poller adds the token, metrics and retries. */
type LiveGet = (topic: LiveTopic, path: string, etag: string | null) => Promise<LiveResponse>;

/** What a poll found: the records, whether they are the whole topic, and how to mark them as seen. */
interface Fetched {
  records: LiveRecord[];
  /** True when `records` is the whole topic, so ids missing from it were removed. */
  complete: boolean;
  /** Ids a partial fetch knows are gone (records pushed out of a window by newer ones). */
  removes?: number[];
  /** Call once the change is committed: the next poll then starts from what it found. */
  seen(): void;
}

/**
 * How one topic of a match is read from the upstream (protocol's routes). `fetch` answers null
 * when nothing changed (304, or a body identical to the last one seen); `load` primes the fetcher
 * from the stored state when this instance becomes the match's poller; `requestFull` makes the next
 * fetch read the whole topic (a reset, or notices that may have been missed); `noticed` passes on
 * the ids a change notice named, for fetchers that can use them.
 */
interface TopicFetcher {
  readonly topic: LiveTopic;
  fetch(): Promise<Fetched | null>;
  load(records: LiveRecord[]): void;
  requestFull(): void;
  noticed?(ids: readonly number[]): void;
}

/** What every fetcher of a match is built from. */
export interface FetcherContext {
  matchId: number;
  get: LiveGet;
  /** Is this record of the topic already held? */
  known(topic: LiveTopic, id: number): boolean;
  /** True while the change stream is healthy: reads are driven by notices, full reads become rare. */
  streaming(): boolean;
  /** How often a full read is due while streaming (the safety poll's period). */
  safetyMs: number;
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
/** Without the change stream: how often a window topic is read whole, to see removals and changes deeper than the head. */
const FULL_EVERY_MS = 10_000;

/**
 * A window topic whose records change after they are written (the Delivery tab's deliveries: a
 * delivery is PENDING, then SENT or FAILED): the newest FEED_FETCH_LIMIT of them. Most polls read
 * only the head (the newest HEAD_SIZE), where new records and recent changes are; the whole window
 * is read (with the last ETag, so unchanged it is a 304) every FULL_EVERY_MS without the change
 * stream, every safety period with it, after a head with nothing known in it, when a notice named
 * a record the head did not hold, and when asked. A record gone from the window is removed.
 */
class WindowFetcher implements TopicFetcher {
  private readonly unchanged = new Unchanged();
  private fullAt = 0;
  private wantFull = true;
  private pending = new Set<number>();

  constructor(
    readonly topic: LiveTopic,
    private readonly context: FetcherContext,
    private readonly url: (limit: number) => string,
    private readonly pick: (body: unknown) => LiveRecord[],
  ) {}

  requestFull(): void {
    this.wantFull = true;
  }

  noticed(ids: readonly number[]): void {
    for (const id of ids) this.pending.add(id);
  }

  async fetch(): Promise<Fetched | null> {
    const every = this.context.streaming() ? this.context.safetyMs : FULL_EVERY_MS;
    const full = this.wantFull || Date.now() - this.fullAt >= every;
    const url = this.url(full ? FEED_FETCH_LIMIT : HEAD_SIZE);
    const named = [...this.pending];
    this.pending.clear();
    const response = await this.get(url);
    const { same, remember } = this.unchanged.check(url, response);
    const done = () => {
      remember();
      if (full) {
        this.fullAt = Date.now();
        this.wantFull = false;
      }
    };
    if (same) {
      if (!full && named.length) return this.again(named);
      done();
      return null;
    }
    const records = this.pick(JSON.parse(response.text!));
    if (!full) {
      const head = new Set(records.map((record) => record.id));
      const nothingKnown = records.length >= HEAD_SIZE && !records.some((record) => this.context.known(this.topic, record.id));
      // A notice named a record deeper than the head (an older delivery's status): read the window.
      if (nothingKnown || named.some((id) => !head.has(id))) return this.again(named);
    }
    return { records, complete: full, seen: done };
  }

  private again(named: number[]): Promise<Fetched | null> {
    this.wantFull = true;
    for (const id of named) this.pending.add(id);
    return this.fetch();
  }

  private get(url: string): Promise<LiveResponse> {
    return this.context.get(this.topic, url, this.unchanged.etag(url));
  }

  load(_records: LiveRecord[]): void {
    this.unchanged.clear();
    this.wantFull = true;
  }
}

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
class FeedFetcher implements TopicFetcher {
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

  async fetch(): Promise<Fetched | null> {
    const { matchId, get, streaming } = this.context;
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
        records, complete: true, seen: () => {
          remember();
          this.markFull();
          this.replace(records);
        },
      };
    }
    if (!records.length) return null;
    // More new offers than a window holds: read the window whole instead.
    if (records.length >= FEED_FETCH_LIMIT) {
      this.wantFull = true;
      return this.fetch();
    }
    const merged = [...this.window.values(), ...records.filter((record) => !this.window.has(record.id))].sort(feedOrder);
    const kept = merged.slice(0, FEED_FETCH_LIMIT);
    const keptIds = new Set(kept.map((record) => record.id));
    const removes = [...this.window.keys()].filter((id) => !keptIds.has(id));
    const upserts = records.filter((record) => keptIds.has(record.id));
    return { records: upserts, removes, complete: false, seen: () => this.replace(kept) };
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

/**
 * Offers of every market of the match, all of them (the Graph tab charts the whole match), in one
 * request per poll: the route without `market_id`, with `after_id` the greatest id held, so a poll
 * carries only what is new. Offers are written once with their deliveries (one transaction), so
 * nothing held changes; a reset (the feed cleared) is read whole, and what it lacks is removed.
 */
class OffersFetcher implements TopicFetcher {
  readonly topic = 'offers';
  private maxId = 0;
  /** The next fetch reads every offer of the match. */
  private whole = false;

  constructor(private readonly context: FetcherContext) {}

  /** The match's feed was cleared or rewritten (a looping replay starting over): read it all again. */
  requestFull(): void {
    this.whole = true;
  }

  async fetch(): Promise<Fetched | null> {
    const { matchId, get } = this.context;
    const whole = this.whole;
    const url = buildPath(routes.matchOffers, { matchId }) + buildQuery({ after_id: whole || this.maxId === 0 ? undefined : this.maxId });
    const response = await get(this.topic, url, null);
    if (response.status === 304 || response.text === null) return null;
    const records = (JSON.parse(response.text) as ListReply<LiveRecord>).results;
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

  load(records: LiveRecord[]): void {
    this.maxId = records.reduce((max, record) => Math.max(max, record.id), 0);
  }
}

/**
 * A match table (threshold sets, content, stat events, trackers): a small list read whole, so ids
 * missing from it were deleted. Unchanged bodies (ETag or hash) cost no parse and no delta.
 */
class TableFetcher implements TopicFetcher {
  private readonly unchanged = new Unchanged();

  constructor(readonly topic: MatchTableTopic | 'history', private readonly url: string, private readonly get: LiveGet) {}

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

  requestFull(): void {
    this.unchanged.clear();
  }
}

/** One fetcher per match table of protocol's MATCH_TABLE_TOPICS (a new table is one line there). */
const TABLE_FETCHERS = Object.fromEntries(Object.entries(MATCH_TABLE_TOPICS).map(([topic, route]) => [
  topic,
  (context: FetcherContext) => new TableFetcher(topic as MatchTableTopic, buildPath(routes[route], { matchId: context.matchId }), context.get),
])) as unknown as Record<MatchTableTopic, (context: FetcherContext) => TopicFetcher>;

/**
 * The topics the relay polls, as data: how each one's fetcher is built. A new live topic is one
 * more entry here (and in protocol's LIVE_TOPICS); the pollers, notices and pacing treat every
 * entry alike.
 */
const TOPIC_FETCHERS: Record<LiveTopic, (context: FetcherContext) => TopicFetcher> = {
  feed: (context) => new FeedFetcher(context),
  offers: (context) => new OffersFetcher(context),
  deliveries: (context) => new WindowFetcher(
    'deliveries',
    context,
    (limit) => buildPath(routes.matchDeliveries, { matchId: context.matchId }) + buildQuery({ limit }),
    (body) => (body as DeliveriesReply).deliveries as LiveRecord[],
  ),
  ...TABLE_FETCHERS,
  // The match's newest audit entries, read whole like a table (entries pushed out of the window are
  // removed): every edit's notice names this topic too, so consoles get who changed what pushed.
  history: (context) => new TableFetcher('history', buildPath(routes.audit, {}) + buildQuery({ match_id: context.matchId, limit: HISTORY_WINDOW }), context.get),
};

/** Which ids of a change notice concern which topic (for fetchers that use them). */
export const NOTICE_IDS: Partial<Record<LiveTopic, 'offer_ids' | 'delivery_ids' | 'event_ids'>> = {
  deliveries: 'delivery_ids',
};

export type MatchFetchers = Record<LiveTopic, TopicFetcher>;

/** The fetchers of a match, one per topic of TOPIC_FETCHERS. */
export function createFetchers(context: FetcherContext): MatchFetchers {
  return Object.fromEntries(Object.entries(TOPIC_FETCHERS).map(([topic, create]) => [topic, create(context)])) as MatchFetchers;
}
