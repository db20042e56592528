import { routes, type Side } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { contextStore } from '../../stores/context';
import { runStatsQuery, type OutcomeRatio, type TeamRecord } from '../league-stats/statsQuery';

export interface TeamSideStats {
  record: TeamRecord | null;
  ratios: OutcomeRatio[];
  apex: { apex: string | null; ratio: number | null } | null;
}

interface TeamSideQuery {
  leagueId: number;
  seasonId?: number;
  teamId?: number;
  marketId?: number;
  side: Side;
  last: number;
}

/**
 * One side of stats 2: the team's record, its outcome ratios for the market and its apex outcome,
 * home or away, over the season or its last n matches. Failures are only logged (SPEC §8).
 */
export function useTeamSide({ leagueId, seasonId, teamId, marketId, side, last }: TeamSideQuery): TeamSideStats {
  const { sportId } = useSnapshot(contextStore);
  const [stats, setStats] = useState<TeamSideStats>({ record: null, ratios: [], apex: null });

  useEffect(() => {
    setStats({ record: null, ratios: [], apex: null });
    if (!seasonId || !teamId) return;
    const controller = new AbortController();
    const { signal } = controller;
    const scope = { season_id: seasonId, team_id: teamId, home_away: side, match_limiter: last || null };
    const record = runStatsQuery<TeamRecord>(sportId, 'team_record', scope, signal).then((rows) => rows[0] ?? null);
    const ratios = marketId ? runStatsQuery<OutcomeRatio>(sportId, 'outcome_ratios', { ...scope, market_id: marketId }, signal) : Promise.resolve([]);
    const apex = marketId
      ? api(routes.apex, { params: { s: sportId, leagueId, teamId }, query: { side, market_id: marketId }, signal, silent: true }).then(
          (reply) => reply.result,
          (error: unknown) => {
            if (!signal.aborted) console.error('Apex outcome failed', error);
            return null;
          },
        )
      : Promise.resolve(null);
    void Promise.all([record, ratios, apex]).then(([r, ra, a]) => {
      if (!signal.aborted) setStats({ record: r, ratios: ra, apex: a });
    });
    return () => controller.abort();
  }, [sportId, leagueId, seasonId, teamId, marketId, side, last]);

  return stats;
}
