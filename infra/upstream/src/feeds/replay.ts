import type { FeedMessage, IngestReply, RecordedMessage } from '@odds/protocol';
import type { RetryOptions, UpstreamClient } from './client';
import { feedOrigin, toMessage, type RecordedFeed } from './jsonl';
import { sleep } from './sleep';

export interface ReplayOptions {
  client: UpstreamClient;
  matchId: number;
  feed: RecordedFeed;
  /** 1 real time, 10 ten times faster, 0 as fast as possible. */
  speed: number;
  /**
   * Feed clock (ms) of offset 0; default now. Messages are sent with sent_at = base + offset, or,
   * from a recording that keeps each message's sent_at, base + (sent_at − the header's base_at).
   */
  baseMs?: number;
  /**
   * Resuming a pass (resume.ts): the index of the first message to send, and the wall clock (ms)
   * of offset 0, so the rest keeps its place in time (messages already due are sent at once).
   */
  resume?: { from: number; startedAtMs: number };
  /** At speed 0, messages per ingest call. */
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ReplayProgress) => void;
  /** Told when an ingest call waits for an upstream that is away (client.ts: it is made again). */
  onRetry?: RetryOptions['onRetry'];
}

export interface ReplayProgress {
  sent: number;
  total: number;
  offsetMs: number;
  matchTime: number | null;
  score: string;
  totals: Omit<IngestReply, 'accepted'>;
}

/** Messages in sending groups: same offset together (at speed 0, up to batchSize a call). */
function groups(messages: RecordedMessage[], speed: number, batchSize: number): RecordedMessage[][] {
  const out: RecordedMessage[][] = [];
  for (const message of messages) {
    const last = out.at(-1);
    const sameTime = last && (speed === 0 || last[0]!.offset_ms === message.offset_ms);
    if (last && sameTime && last.length < batchSize) last.push(message);
    else out.push([message]);
  }
  return out;
}

/**
 * Replays a recorded feed into an upstream's ingest call, in the recording's order, each message at
 * its offset divided by `speed` after the start (speed 0: back to back, in batches), dated on the
 * feed clock as when recorded (shifted to `base`), so the engine decides as it did: a message that
 * arrived late is sent late and keeps its own older sent_at. Re-sending is harmless: source ids are
 * idempotent. Resolves with the totals when done (or aborted).
 */
export async function replayFeed(options: ReplayOptions): Promise<ReplayProgress> {
  const { client, matchId, feed, speed, signal } = options;
  const base = options.baseMs ?? Date.now();
  const origin = feedOrigin(feed);
  const from = options.resume?.from ?? 0;
  const started = options.resume?.startedAtMs ?? Date.now();
  const progress: ReplayProgress = {
    sent: from,
    total: feed.messages.length,
    offsetMs: 0,
    matchTime: null,
    score: 'PRE',
    totals: { duplicates: 0, stale: 0, offers: 0, events: 0, firings: 0, deliveries: 0, suppressions: 0 },
  };
  for (const group of groups(feed.messages.slice(from), speed, options.batchSize ?? 200)) {
    if (signal?.aborted) break;
    const offset = group[0]!.offset_ms;
    if (speed > 0) await sleep(started + offset / speed - Date.now(), signal);
    if (signal?.aborted) break;
    const messages: FeedMessage[] = group.map((m) => toMessage(m, base, origin));
    const reply = await client.ingest(matchId, messages, { signal, onRetry: options.onRetry });
    for (const key of Object.keys(progress.totals) as (keyof ReplayProgress['totals'])[]) progress.totals[key] += reply[key];
    progress.sent += group.length;
    const last = group.at(-1)!;
    progress.offsetMs = last.offset_ms;
    if (last.match_time !== null) progress.matchTime = last.match_time;
    if ('score' in last && last.score) progress.score = last.score;
    options.onProgress?.(progress);
  }
  return progress;
}
