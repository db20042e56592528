import { FEED_SORT_FIELDS, routes, type FeedEvent } from '@odds/protocol';
import { useMemo } from 'react';
import { type ListController, useList } from '../../../components/table';
import type { MatchLive } from '../../../live/matchLive';
import { useTopicRows } from '../../../live/useTopicRows';

/** Sorts under which the newest events come first: pushed events belong on top of page 1. */
const NEWEST_FIRST = new Set(['-created_at', '-id']);

/**
 * The Feed tab's list: filtered by the header's market, sorted and paged on the server (GET
 * /api/1/match/{id}/feed with market_id, start, limit, order_by), so its total is the match's true
 * count. The match's live feed topic keeps page 1 live without a read per push: on the first page
 * of a newest-first sort, events pushed since the page was read (a higher id, of the market) go on
 * top and count in the total; any other page or sort is as read (Refresh, paging or sorting reads again).
 */
export function useFeedList(live: MatchLive | null, matchId: number, marketId: number | null): ListController<FeedEvent> {
  const query = useMemo(() => (marketId === null ? {} : { market_id: marketId }), [marketId]);
  const read = useList({ route: routes.matchFeed, params: { matchId }, query, defaultSort: '-created_at', sortFields: FEED_SORT_FIELDS });
  const topic = useTopicRows(live, 'feed');
  const livePage = read.page === 0 && NEWEST_FIRST.has(read.sort) && !read.loading;
  const newest = read.rows.reduce((max, row) => Math.max(max, row.id), 0);
  const pushed = useMemo(
    () =>
      livePage && topic.ready
        ? topic.rows.filter((row) => row.id > newest && (marketId === null || row.market_id === marketId)).sort((a, b) => b.id - a.id)
        : [],
    [livePage, topic.ready, topic.rows, newest, marketId],
  );
  return useMemo(
    () => (pushed.length === 0 ? read : { ...read, rows: [...pushed, ...read.rows].slice(0, read.pageSize), total: read.total + pushed.length }),
    [read, pushed],
  );
}
