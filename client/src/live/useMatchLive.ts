import { useEffect, useState } from 'react';
import { acquireMatchLive, releaseMatchLive, type MatchLive } from './matchLive';

/**
 * Watches a match while the component is mounted; returns the shared MatchLive and a snapshot of
 * its tracked fields (socket, upstream, presence, version). Records are read from `live.state.topics`.
 */
export function useMatchLive(matchId: number, maxRows = Infinity) {
  const [live, setLive] = useState<MatchLive | null>(null);
  useEffect(() => {
    if (!Number.isInteger(matchId) || matchId <= 0) return;
    const acquired = acquireMatchLive(matchId, maxRows);
    setLive(acquired);
    return () => releaseMatchLive(acquired);
  }, [matchId, maxRows]);
  return live;
}
