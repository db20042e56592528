import { routes, type MatchContent, type MatchThresholdSet } from '@odds/protocol';
import { useEffect } from 'react';
import { apiKey, queryClient } from '../../api/queries';
import type { MatchLive } from '../../live/matchLive';
import { rowsOf, type TopicBuffer } from '../../live/topicBuffer';
import { byMarketThenId } from '../../live/useLiveTable';
import { useTopicSeq } from '../../live/useTopicSeq';

type Row = { id: number; market_id?: number | null; market?: { id: number } | null };
type Listed = { results: Row[]; total?: number };

/**
 * Every cached REST answer of a co-edited table of the match (the whole table, or one market's
 * rows: the Why panel's sets) takes the rows the live topic holds, so a panel that read the table
 * over REST shows what the pushed tables show, with no request. Only while the topic holds the
 * whole table (a snapshot, nothing older left on the relay): otherwise the cache is left as read.
 */
function patchFromTopic(route: typeof routes.matchThresholds | typeof routes.matchContent, matchId: number, buffer: TopicBuffer | undefined): void {
  if (!buffer || buffer.seq < 0 || buffer.more) return;
  const rows = (rowsOf(buffer, 'asc') as unknown as Listed['results']).sort(byMarketThenId);
  for (const [key, old] of queryClient.getQueriesData<Listed>({ queryKey: apiKey(route, { matchId }) })) {
    if (!old) continue;
    const marketId = (key[3] as { market_id?: number } | null)?.market_id;
    const results = marketId === undefined ? rows : rows.filter((row) => (row.market_id ?? row.market?.id) === marketId);
    queryClient.setQueryData<Listed>(key, { ...old, results, ...(old.total === undefined ? {} : { total: results.length }) });
  }
}

/** The match page keeps the REST answers of its thresholds and content in step with their live topics. */
export function usePatchFromPush(live: MatchLive | null, matchId: number): void {
  const thresholds = useTopicSeq(live, 'thresholds');
  const content = useTopicSeq(live, 'content');
  useEffect(
    () => patchFromTopic(routes.matchThresholds, matchId, live?.state.topics.thresholds as TopicBuffer<MatchThresholdSet> | undefined),
    [live, matchId, thresholds],
  );
  useEffect(() => patchFromTopic(routes.matchContent, matchId, live?.state.topics.content as TopicBuffer<MatchContent> | undefined), [live, matchId, content]);
}
