import type { MatchLive } from '../../../live/matchLive';
import { useTopicSeq } from '../../../live/useTopicSeq';
import { useAuditHistory } from './useAuditHistory';

export { HISTORY_PAGE } from './useAuditHistory';

/**
 * The history of a match's sets, content, stat events and trackers (GET /api/1/audit?match_id=),
 * and of the match itself (its connector), newest first, a page at a time. While shown it loads
 * again when any of those live topics moves or the header was read again after a change, so a
 * change by another operator appears at the top (no polling).
 */
export function useMatchHistory(matchId: number, live: MatchLive | null, shown: boolean, headerVersion = 0) {
  const seqs = [
    useTopicSeq(live, 'thresholds'), useTopicSeq(live, 'content'), useTopicSeq(live, 'stats'), useTopicSeq(live, 'trackers'), headerVersion,
  ].join('/');
  return useAuditHistory({ match_id: matchId }, shown, seqs);
}
