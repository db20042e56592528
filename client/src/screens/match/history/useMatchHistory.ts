import { routes, type AuditEntry } from '@odds/protocol';
import { useEffect, useMemo, useState } from 'react';
import { apiKey, queryClient } from '../../../api/queries';
import type { MatchLive } from '../../../live/matchLive';
import { useTopicSeq } from '../../../live/useTopicSeq';
import { useAuditHistory } from '../../../components/history/useAuditHistory';

/** The History of a match is read again by those showing it (its connector moved: no topic carries that). */
export const reloadMatchHistory = (matchId: number) => queryClient.invalidateQueries({ queryKey: apiKey(routes.audit, null, { match_id: matchId }) });

/**
 * The history of a match's sets, content, stat events and trackers (GET /api/1/audit?match_id=),
 * and of the match itself (its connector), newest first, a page at a time. The pages are read when
 * the panel opens; after that every edit's audit entry is pushed on the match's `history` topic and
 * shown at the top without a read. Read again only when the header changed (a connector reassign,
 * which no topic carries: `reloadMatchHistory`) or when the topic skipped entries (a fresh
 * snapshot after a bulk edit or a relay restart: its oldest entry is newer than the newest read).
 */
export function useMatchHistory(matchId: number, live: MatchLive | null, shown: boolean) {
  const seq = useTopicSeq(live, 'history');
  const buffer = live?.state.topics.history;
  // Entries between the pages read and the topic's window were never seen here (its snapshot starts
  // above the newest entry read, and it holds older ones it did not send): read the pages again, once per such snapshot.
  const [gapAt, setGapAt] = useState(0);
  const read = useAuditHistory({ match_id: matchId }, shown);
  const floor = buffer && buffer.seq >= 0 ? buffer.floor : null;
  const newestRead = read.entries[0]?.id ?? 0;
  const gap = shown && !read.loading && floor !== null && !!buffer?.more && floor > newestRead + 1 && floor > gapAt;
  useEffect(() => {
    if (!gap) return;
    setGapAt(floor!);
    void reloadMatchHistory(matchId);
  }, [gap, floor, matchId]);
  return useMemo(() => {
    if (!buffer || buffer.seq < 0 || (read.loading && !read.entries.length)) return read;
    const newest = read.entries[0]?.id ?? 0;
    const pushed: AuditEntry[] = [];
    for (const entry of buffer.rows.values()) if (entry.id > newest) pushed.push(entry);
    if (!pushed.length) return read;
    pushed.sort((a, b) => b.id - a.id);
    return { ...read, entries: [...pushed, ...read.entries], total: read.total + pushed.length };
    // `seq` moves whenever the pushed entries change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [read, seq, buffer]);
}
