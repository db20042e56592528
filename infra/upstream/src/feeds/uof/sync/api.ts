import { sleep } from '../../sleep';
import { replyMessage, type UofApiCall, type UofApiReply } from '../api-client';
import { backoffDelay } from '@odds/ops';

/** The Sports API endpoints the sync calls, each with a rate of its own (UOF_SYNC_RATES). */
export const ENDPOINTS = ['schedule', 'live', 'fixture', 'tournament'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export interface SyncApiOptions {
  call: UofApiCall;
  /** Requests per minute per endpoint: calls of one endpoint are spaced at least 60 s / rate apart. */
  ratesPerMinute: Record<Endpoint, number>;
  /** Attempts at one call answered 429, 5xx or not at all before it counts as failed (default 5). */
  maxAttempts?: number;
  /** The first wait after a 5xx or a network error, doubled each time up to `maxBackoffMs` (defaults 1 s, 60 s). */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  now?: () => number;
}

/** A call that failed for good (a 4xx other than 429, or attempts used up): its message names the path and the vendor's reason. */
class SyncCallError extends Error {
  override name = 'SyncCallError';
}

/** What one call cost: the attempts made and the 429s among them (a run counts both). */
export interface CallCount {
  calls: number;
  throttled: number;
}

/** Seconds or an HTTP date, as Retry-After carries it; null when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The Sports API as the sync calls it: one endpoint's calls spaced by its rate (shared by every
 * provider this process syncs), a 429 waited out (its Retry-After, else the backoff) and asked
 * again, a 5xx or a network error backed off (1 s doubling to 60 s) and asked again, up to
 * `maxAttempts`. A 404 is null (the vendor has no such event or day). Stops waiting when `signal` aborts.
 */
export class SyncApi {
  private readonly nextAt = new Map<Endpoint, number>();
  private readonly now: () => number;

  constructor(private readonly options: SyncApiOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(endpoint: Endpoint, path: string, count: CallCount, signal?: AbortSignal): Promise<string | null> {
    const attempts = this.options.maxAttempts ?? 5;
    const growth = { baseMs: this.options.firstBackoffMs ?? 1_000, maxMs: this.options.maxBackoffMs ?? 60_000 };
    let last = '';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const backoff = backoffDelay(attempt, growth);
      await this.turn(endpoint, signal);
      if (signal?.aborted) throw new SyncCallError(`${path}: stopped`);
      count.calls += 1;
      let reply: UofApiReply;
      try {
        reply = await this.options.call(path);
      } catch (error) {
        last = `no answer (${(error as Error).message})`;
        await sleep(backoff, signal);
        continue;
      }
      if (reply.ok) return reply.text;
      if (reply.status === 404) return null;
      last = `${reply.status} ${replyMessage(reply)}`.trim();
      if (reply.status === 429 || reply.status >= 500) {
        if (reply.status === 429) count.throttled += 1;
        const wait = retryAfterMs(reply.retryAfter, this.now()) ?? backoff;
        // The vendor's wait holds for every call of this endpoint, not only this one.
        this.nextAt.set(endpoint, Math.max(this.nextAt.get(endpoint) ?? 0, this.now() + wait));
        continue;
      }
      throw new SyncCallError(`${path} answered ${last}`);
    }
    throw new SyncCallError(`${path} failed ${attempts} times, last: ${last}`);
  }

  /** Waits for this endpoint's next slot, and takes it. */
  private async turn(endpoint: Endpoint, signal?: AbortSignal): Promise<void> {
    const spacing = 60_000 / this.options.ratesPerMinute[endpoint];
    const at = Math.max(this.nextAt.get(endpoint) ?? 0, this.now());
    this.nextAt.set(endpoint, at + spacing);
    await sleep(at - this.now(), signal);
  }
}
