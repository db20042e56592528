import { buildPath, routes, type FeedMessage, type ListReply, type Offer } from '@odds/protocol';
import type { UpstreamClient } from './client';
import { feedOrigin, toMessage, type RecordedFeed } from './jsonl';

/** Where a looping replay picks its pass up again: the pass's feed clock and the next message. */
export interface ResumePoint {
  /** Feed clock (ms) of the pass's offset 0, which is also its wall-clock start. */
  baseMs: number;
  /** Index of the first message still to send (the newest stored offer's; re-sending it is harmless). */
  from: number;
}

/**
 * Reads the match's newest stored offer and, when it is a message of this recording sent by a
 * pass still under way, says where that pass was: so a replay that failed a call (or was
 * restarted) carries on instead of clearing the match's feed and starting over. A pass is under way
 * while its last message is not yet due (speed 0: while offers of the recording remain after the
 * stored one). Null: nothing of this recording is stored, or its pass is over; start a new pass.
 */
export async function resumePoint(client: UpstreamClient, matchId: number, feed: RecordedFeed, speed: number, now = Date.now()): Promise<ResumePoint | null> {
  const { results } = await client.call<ListReply<Offer>>('GET', `${buildPath(routes.matchFeed, { matchId })}?limit=1`);
  const raw = results[0]?.raw as Partial<FeedMessage> | undefined;
  if (!raw?.source_id || !raw.sent_at) return null;
  const index = feed.messages.findIndex((m) => m.type === 'offer' && m.source_id === raw.source_id);
  if (index === -1) return null;
  // The offset of the stored message on the feed clock: its date when replayed from base 0.
  const shift = Date.parse(toMessage(feed.messages[index]!, 0, feedOrigin(feed)).sent_at!);
  const baseMs = Date.parse(raw.sent_at) - shift;
  const last = feed.messages.at(-1)!;
  const over = speed > 0 ? now >= baseMs + last.offset_ms / speed : !feed.messages.slice(index + 1).some((m) => m.type === 'offer');
  return over ? null : { baseMs, from: index };
}
