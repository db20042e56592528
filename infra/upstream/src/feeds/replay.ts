import type { FeedMessage, IngestReply, RecordedMessage } from '@odds/protocol';
import type { UpstreamClient } from './client';
import { feedOrigin, toMessage, type RecordedFeed } from './jsonl';

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
  /** At speed 0, messages per ingest call. */
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ReplayProgress) => void;
}

export interface ReplayProgress {
  sent: number;
  total: number;
  offsetMs: number;
  matchTime: number | null;
  score: string;
  totals: Omit<IngestReply, 'accepted'>;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

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
  const started = performance.now();
  const progress: ReplayProgress = {
    sent: 0,
    total: feed.messages.length,
    offsetMs: 0,
    matchTime: null,
    score: 'PRE',
    totals: { duplicates: 0, stale: 0, offers: 0, events: 0, firings: 0, deliveries: 0, suppressions: 0 },
  };
  for (const group of groups(feed.messages, speed, options.batchSize ?? 200)) {
    if (signal?.aborted) break;
    const offset = group[0]!.offset_ms;
    if (speed > 0) await sleep(started + offset / speed - performance.now(), signal);
    if (signal?.aborted) break;
    const messages: FeedMessage[] = group.map((m) => toMessage(m, base, origin));
    const reply = await client.ingest(matchId, messages);
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
