import { buildPath, buildQuery, HISTORY_WINDOW, MATCH_TABLE_TOPICS, routes, type DeliveriesReply, type LiveTopic, type MatchTableTopic } from '@odds/protocol';
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
    (context: FetcherContext) => new TableFetcher(topic as MatchTableTopic, buildPath(routes[route], { matchId: context.matchId }), context.get),
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
      (limit) => buildPath(routes.matchDeliveries, { matchId: context.matchId }) + buildQuery({ limit }),
      (body) => (body as DeliveriesReply).deliveries as LiveRecord[],
    ),
  ...TABLE_FETCHERS,
  // The match's newest audit entries, read whole like a table (entries pushed out of the window are
  // removed): every edit's notice names this topic too, so consoles get who changed what pushed.
  history: (context) =>
    new TableFetcher('history', buildPath(routes.audit, {}) + buildQuery({ match_id: context.matchId, limit: HISTORY_WINDOW }), context.get),
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
