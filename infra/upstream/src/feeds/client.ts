import { buildPath, buildQuery, routes, type IngestReply, type ListReply, type Match, type Offer, type MatchFeedEvent, type FeedMessage } from '@odds/protocol';
import { isFinalHttpStatus, nextAttemptAt, parseRetryAfter, type RetryPolicy } from '../engine/retry-policy';
import { sleep } from './sleep';

/**
 * How the feed tools ride out an upstream that is away (an API restarting, a load balancer with no
 * upstream for a moment): the same call again after a growing wait with jitter, for as long as the
 * tool runs (the deadline is the caller's, by its abort signal). The ingest is idempotent (source ids),
 * so a message sent twice is stored once.
 */
const INGEST_RETRY: RetryPolicy = { scheduleMs: [250, 500, 1_000, 2_000, 5_000, 10_000], deadlineMs: Number.POSITIVE_INFINITY, jitter: 0.3 };

/** Reads (GETs, idempotent) ride out the same for a minute, then the last error is thrown. */
const READ_RETRY: RetryPolicy = { scheduleMs: [250, 500, 1_000, 2_000, 5_000], deadlineMs: 60_000, jitter: 0.3 };

/** A failed call: its HTTP status (null when no answer came) and whether the same call may succeed later. */
export class UpstreamCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'UpstreamCallError';
  }

  /** No answer, a timeout, 408, 429 or a 5xx: worth the same call again. */
  get transient(): boolean {
    return this.status === null || !isFinalHttpStatus(this.status);
  }
}

export interface RetryOptions {
  signal?: AbortSignal;
  policy?: RetryPolicy;
  /** Told before each wait (a tool logs it). */
  onRetry?: (error: UpstreamCallError, waitMs: number, failures: number) => void;
}

/** `attempt` again after each transient failure (no answer, 408, 429, 5xx) until the policy's deadline or the signal. */
async function again<T>(attempt: () => Promise<T>, { signal, policy = READ_RETRY, onRetry }: RetryOptions): Promise<T> {
  const deadlineAt = Date.now() + policy.deadlineMs;
  for (let failures = 1; ; failures += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof UpstreamCallError) || !error.transient || signal?.aborted) throw error;
      const now = Date.now();
      const at = nextAttemptAt(policy, failures, now, deadlineAt, error.retryAfterMs);
      if (at === null) throw error;
      const waitMs = Math.max(0, at - now);
      onRetry?.(error, waitMs, failures);
      await sleep(waitMs, signal);
      if (signal?.aborted) throw error;
    }
  }
}

/** How the feed commands reach an upstream: its address and a token (or the credentials to get one). */
export interface UpstreamTarget {
  url: string;
  token?: string;
  email?: string;
  password?: string;
}

/** A small client of the upstream's REST calls the feed commands use. */
export class UpstreamClient {
  private constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  static async connect(target: UpstreamTarget): Promise<UpstreamClient> {
    const url = target.url.replace(/\/+$/, '');
    if (target.token) return new UpstreamClient(url, target.token);
    // The login rides out a busy or restarting upstream as the reads do (a sign-in twice is two sessions, no harm).
    const { token } = await again(
      async () => {
        let response: Response;
        try {
          response = await fetch(`${url}${routes.authenticate.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: target.email ?? 'demo@example.com', password: target.password ?? 'demo' }),
          });
        } catch (error) {
          throw new UpstreamCallError(`login at ${url}: no answer (${(error as Error).message})`, null);
        }
        if (!response.ok) throw new UpstreamCallError(`login at ${url} failed: ${response.status} ${await response.text()}`, response.status);
        return (await response.json()) as { token: string };
      },
      { policy: READ_RETRY },
    );
    return new UpstreamClient(url, token);
  }

  get headers(): Record<string, string> {
    return { authorization: `Token ${this.token}` };
  }

  get base(): string {
    return this.url;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.url}${path}`, {
        method,
        headers: { ...this.headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new UpstreamCallError(`${method} ${path}: no answer (${(error as Error).message})`, null);
    }
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new UpstreamCallError(
        `${method} ${path}: ${response.status} ${message}`,
        response.status,
        parseRetryAfter(response.headers.get('retry-after'), Date.now()),
      );
    }
    return JSON.parse(text) as T;
  }

  /**
   * Sends feed messages to the match's ingest, again after a wait while the upstream is away or
   * refuses for now (no answer, 408, 429, 5xx); a refusal of the messages themselves (another 4xx)
   * is thrown at once. Gives up only when `signal` aborts (then the last error is thrown).
   */
  async ingest(matchId: number, messages: FeedMessage[], options: RetryOptions = {}): Promise<IngestReply> {
    return again(() => this.call<IngestReply>('POST', buildPath(routes.ingest, { matchId }), { messages }), { policy: INGEST_RETRY, ...options });
  }

  /** A GET, again after a wait while the upstream is away or refuses for now, within READ_RETRY's minute. */
  private read<T>(path: string): Promise<T> {
    return again(() => this.call<T>('GET', path), { policy: READ_RETRY });
  }

  reset(matchId: number): Promise<{ deleted: number }> {
    return this.call('POST', buildPath(routes.engineReset, { matchId }));
  }

  match(matchId: number): Promise<Match> {
    return this.read(buildPath(routes.match, { matchId }));
  }

  matches(query: Record<string, unknown>): Promise<ListReply<Match>> {
    return this.read(`${buildPath(routes.matches, { p: Number(query.provider ?? 1), s: 1 })}${buildQuery({ ...query, provider: undefined })}`);
  }

  feed(matchId: number, start = 0): Promise<ListReply<Offer>> {
    return this.read(`${buildPath(routes.matchFeed, { matchId })}${buildQuery({ start, limit: 1000, order_by: 'id' })}`);
  }

  feedEvents(matchId: number, start = 0): Promise<ListReply<MatchFeedEvent>> {
    return this.read(`${buildPath(routes.matchFeedEvents, { matchId })}${buildQuery({ start, limit: 1000 })}`);
  }
}
