import {
  buildPath,
  buildQuery,
  ENTITY_TOPICS,
  HISTORY_WINDOW,
  MATCH_TABLE_TOPICS,
  routes,
  type ChangeNotice,
  type DeliveriesReply,
  type LiveTopic,
  type MatchTableTopic,
} from '@odds/protocol';
import type { LiveRecord } from '../../state/diff';
import { FeedFetcher } from './feed';
import type { FetcherContext, TopicFetcher } from './fetcher';
import { OffersFetcher } from './offers';
import { TableFetcher } from './table';
import { WindowFetcher } from './window';

/** One fetcher per match table of protocol's MATCH_TABLE_TOPICS (a new table is one line there). */
const TABLE_FETCHERS = Object.fromEntries(
  Object.entries(MATCH_TABLE_TOPICS).map(([topic, route]) => [
    topic,
    (context: FetcherContext) => new TableFetcher(topic as MatchTableTopic, buildPath(routes[route], { matchId: context.matchId }), context.get, true),
  ]),
) as unknown as Record<MatchTableTopic, (context: FetcherContext) => TopicFetcher>;

/**
 * The topics the relay polls, as data: how each one's fetcher is built. A new live topic is one
 * more entry here (and in protocol's LIVE_TOPICS); the pollers, notices and pacing treat every
 * entry alike.
 */
const TOPIC_FETCHERS: Record<LiveTopic, (context: FetcherContext) => TopicFetcher> = {
  feed: (context) => new FeedFetcher(context),
  offers: (context) => new OffersFetcher(context),
  deliveries: (context) =>
    new WindowFetcher(
      'deliveries',
      context,
      (query) => buildPath(routes.matchDeliveries, { matchId: context.matchId }) + buildQuery(query),
      (body) => (body as DeliveriesReply).deliveries as LiveRecord[],
    ),
  ...TABLE_FETCHERS,
  // The match's newest audit entries, read whole like a table (entries pushed out of the window are
  // removed): every edit's notice names this topic too, so consoles get who changed what pushed.
  history: (context) =>
    new TableFetcher('history', buildPath(routes.audit, {}) + buildQuery({ match_id: context.matchId, limit: HISTORY_WINDOW }), context.get),
};

/** Which ids of a change notice concern which topic (for fetchers that use them). */
const NOTICE_IDS: Partial<Record<LiveTopic, 'offer_ids' | 'delivery_ids' | 'event_ids'>> = {
  deliveries: 'delivery_ids',
};

/**
 * The records of `topic` a change notice says moved: its ids of the topic (NOTICE_IDS), or the
 * record an edit through the API wrote (`entity`, `entity_id`, for a match table); none when it
 * does not say.
 */
export function noticedIds(topic: LiveTopic, notice: Partial<ChangeNotice>): readonly number[] {
  const key = NOTICE_IDS[topic];
  if (key) return notice[key] ?? [];
  const entityTopic = ENTITY_TOPICS[notice.entity as keyof typeof ENTITY_TOPICS];
  return entityTopic === topic && notice.entity_id !== undefined ? [notice.entity_id] : [];
}

export type MatchFetchers = Record<LiveTopic, TopicFetcher>;

/** The fetchers of a match, one per topic of TOPIC_FETCHERS. */
export function createFetchers(context: FetcherContext): MatchFetchers {
  return Object.fromEntries(Object.entries(TOPIC_FETCHERS).map(([topic, create]) => [topic, create(context)])) as MatchFetchers;
}
