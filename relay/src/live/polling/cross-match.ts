import { buildQuery, FEED_FETCH_LIMIT, LIVE_OFFERS_MAX_MATCHES, routes } from '@odds/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { RelayMetrics } from '../../metrics';
import type { LiveResponse, UpstreamClient } from '../../upstream';
import { countedGet } from './counted-get';
import type { LiveRecord } from '../state/diff';
import type { PollCredentials } from './credentials';

/** An offer as the cross-match read answers it: the Feed tab's shape (with its raw message). */
export type SinceRecord = LiveRecord & { match_id: number };

export interface CrossMatchOptions {
  /** The authenticated GET behind the read (a token, metrics, another token after a 401). */
  get(path: string): Promise<LiveResponse>;
  /** How long the first ask of a burst waits for the others before the read goes. */
  windowMs: number;
  /** Rows per answer (the route's limit, FEED_FETCH_LIMIT at most); tests make it small. */
  limit?: number;
  /** Matches per read (the route's cap). */
  maxMatches?: number;
  log: FastifyBaseLogger;
}

/**
 * Longest `after` list a read carries (before URL encoding, which adds 4 characters per match: at
 * most 10,000 in all): well under Node's 16 KB limit on a request's head (the route takes 20,000).
 */
const MAX_AFTER_CHARS = 8_000;

interface Waiter {
  afterId: number;
  resolve(rows: SinceRecord[] | null): void;
}

interface Asked {
  /** The smallest id any waiter of the match holds: the read's cursor for it. */
  cursor: number;
  waiters: Waiter[];
}

/**
 * The incremental reads of feed and offers of every match polled here, coalesced: the asks of a
 * burst (the notices of several matches within `windowMs`, or arriving while a read is in flight)
 * become one `GET /api/1/live/offers?after=m:id,…` naming each match with its cursor, and each ask
 * is answered with its match's offers after its own id (oldest first, with the raw message), as the
 * per-match reads would answer them. One read is in flight at a time: asks made meanwhile go in the
 * next one, so the reads grow with the load instead of their number. A capped answer (`more`) is
 * paged: matches it covered whole are answered, the rest go in the next read. Null answers an ask
 * this read cannot serve (the read failed, or one match alone fills an answer): the fetcher then
 * reads its match on its own, so nothing is lost.
 */
export class CrossMatchRead {
  private pending = new Map<number, Asked>();
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  private readonly limit: number;
  private readonly maxMatches: number;

  constructor(private readonly options: CrossMatchOptions) {
    this.limit = Math.min(options.limit ?? FEED_FETCH_LIMIT, FEED_FETCH_LIMIT);
    this.maxMatches = Math.min(options.maxMatches ?? LIVE_OFFERS_MAX_MATCHES, LIVE_OFFERS_MAX_MATCHES);
  }

  /** The match's offers with an id above `afterId`, read with every other match asked for in the same burst; null: read it on your own. */
  offersAfter(matchId: number, afterId: number): Promise<SinceRecord[] | null> {
    return new Promise((resolve) => {
      this.ask(matchId, afterId, [{ afterId, resolve }]);
      this.schedule();
    });
  }

  private ask(matchId: number, cursor: number, waiters: Waiter[]): void {
    const asked = this.pending.get(matchId);
    if (!asked) this.pending.set(matchId, { cursor, waiters: [...waiters] });
    else {
      asked.cursor = Math.min(asked.cursor, cursor);
      asked.waiters.push(...waiters);
    }
  }

  private schedule(): void {
    if (this.reading || this.timer || !this.pending.size) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.read();
    }, this.options.windowMs);
    this.timer.unref();
  }

  /** The next read's matches: as many as the route takes in one `after`, the rest wait for the next. */
  private take(): Map<number, Asked> {
    const batch = new Map<number, Asked>();
    let chars = 0;
    for (const [matchId, asked] of this.pending) {
      chars += `${matchId}:${asked.cursor},`.length;
      if (batch.size && (batch.size >= this.maxMatches || chars > MAX_AFTER_CHARS)) break;
      batch.set(matchId, asked);
      this.pending.delete(matchId);
    }
    return batch;
  }

  private async read(): Promise<void> {
    if (this.reading || !this.pending.size) return;
    this.reading = true;
    const batch = this.take();
    try {
      const after = [...batch].map(([matchId, asked]) => `${matchId}:${asked.cursor}`).join(',');
      const response = await this.options.get(routes.offersSince.path + buildQuery({ after, limit: this.limit }));
      if (response.text === null) throw new Error(`the cross-match read answered ${response.status} with no body`);
      this.answer(batch, JSON.parse(response.text) as { results: SinceRecord[]; more: boolean });
    } catch (error) {
      this.options.log.warn({ err: error, matches: batch.size }, 'the cross-match read failed; its matches are read on their own');
      for (const asked of batch.values()) settle(asked, null);
    } finally {
      this.reading = false;
      // What was asked meanwhile (or left by a capped answer) has waited for this read: it goes now.
      if (this.pending.size) void this.read();
    }
  }

  private answer(batch: Map<number, Asked>, body: { results: SinceRecord[]; more: boolean }): void {
    const byMatch = new Map<number, SinceRecord[]>();
    for (const row of body.results) {
      const rows = byMatch.get(row.match_id);
      if (rows) rows.push(row);
      else byMatch.set(row.match_id, [row]);
    }
    // The answer runs by match id: a capped one covered whole the matches before its last row's.
    const last = body.more ? body.results.at(-1)?.match_id : undefined;
    for (const [matchId, asked] of batch) {
      if (!body.more) settle(asked, byMatch.get(matchId) ?? []);
      else if (last === undefined) settle(asked, null);
      else if (matchId < last) settle(asked, byMatch.get(matchId) ?? []);
      // One match alone filled the answer: a next page would be the same, so it is read on its own.
      else if (matchId === last && body.results[0]!.match_id === last) settle(asked, null);
      else this.ask(matchId, asked.cursor, asked.waiters);
    }
  }
}

function settle(asked: Asked, rows: SinceRecord[] | null): void {
  for (const waiter of asked.waiters) waiter.resolve(rows === null ? null : rows.filter((row) => row.id > waiter.afterId));
}

/**
 * The cross-match read's GET: with an operator's token (a wall display's may not make it; any
 * operator reads every match) or the service account's, counted as topic "cross-match", and once
 * more with another token after a 401, as the per-match reads do.
 */
export function crossMatchGet(deps: {
  upstream: UpstreamClient;
  credentials: PollCredentials;
  metrics: RelayMetrics;
}): (path: string) => Promise<LiveResponse> {
  return (path) => countedGet(deps, { path, topic: 'cross-match', matchId: undefined, operatorOnly: true, etag: null });
}
