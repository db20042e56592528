import { routes, SNAPSHOT_LIMITS, type Delivery, type FeedEvent, type Offer } from '@odds/protocol';
import { api } from '../api/client';
import type { MatchLive } from './matchLive';
import { addOlder, type TopicBuffer } from './topicBuffer';

/** The live topics whose first snapshot is bounded, so older rows are paged through REST. */
export type PagedTopic = 'feed' | 'offers' | 'deliveries';

const key = (marketId: number | null) => (marketId === null ? 'all' : String(marketId));

/** Is there (maybe) an older page of this topic for this filter? */
export function hasOlder(buffer: TopicBuffer, marketId: number | null): boolean {
  return buffer.more && buffer.cursors.get(key(marketId)) !== null && buffer.floor !== null;
}

/** One page older than what is held, newest first, of the topic's list route with `before_id`. */
async function readPage(matchId: number, topic: PagedTopic, beforeId: number, marketId: number | null, limit: number): Promise<{ id: number }[]> {
  const market = marketId === null ? {} : { market_id: marketId };
  if (topic === 'feed') {
    const reply = await api(routes.matchFeed, { params: { matchId }, query: { limit, before_id: beforeId, order_by: 'id', order_dir: 'desc', ...market } });
    return reply.results as FeedEvent[];
  }
  if (topic === 'offers') {
    const reply = await api(routes.matchOffers, { params: { matchId }, query: { limit, before_id: beforeId, ...market } });
    return reply.results as Offer[];
  }
  const reply = await api(routes.matchDeliveries, { params: { matchId }, query: { limit, before_id: beforeId, sort: '-id', ...market } });
  return reply.deliveries as Delivery[];
}

/**
 * "Load older": the next page (SNAPSHOT_LIMITS[topic] rows) older than what the live topic holds
 * for this filter, read through REST and added to the topic's rows. The cursor per filter starts
 * at the snapshot's oldest id (everything newer is held) and moves to each page's oldest; a short
 * page means nothing older is left. Answers how many rows were added.
 */
export async function loadOlder(live: MatchLive, topic: PagedTopic, marketId: number | null = null): Promise<number> {
  const buffer = live.state.topics[topic] as TopicBuffer;
  const filter = key(marketId);
  const before = buffer.cursors.has(filter) ? buffer.cursors.get(filter)! : buffer.floor;
  if (before === null || !buffer.more) return 0;
  const limit = SNAPSHOT_LIMITS[topic]!;
  const floor = buffer.floor;
  const page = await readPage(live.matchId, topic, before, marketId, limit);
  // A snapshot replaced the topic meanwhile: this page is of what it no longer holds.
  if (buffer.floor !== floor || !buffer.more) return 0;
  const oldest = page.reduce((min, row) => Math.min(min, row.id), before);
  buffer.cursors.set(filter, page.length < limit ? null : oldest);
  const added = addOlder(buffer, page);
  live.state.version += 1;
  return added;
}
