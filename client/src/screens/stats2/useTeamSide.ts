import { routes, type Side } from '@odds/protocol';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useApiQuery } from '../../api/queries';
import { contextStore } from '../../stores/context';
import type { OutcomeRatio, TeamRecord } from '../../components/stats/statsQuery';
import { useStatsQuery } from '../../components/stats/useStatsQuery';

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

const EMPTY: TeamSideStats = { record: null, ratios: [], apex: null };

/**
 * One side of stats 2: the team's record, its outcome ratios for the market and its apex outcome,
 * home or away, over the season or its last n matches. Failures are only logged (SPEC §8).
 */
export function useTeamSide({ leagueId, seasonId, teamId, marketId, side, last }: TeamSideQuery): TeamSideStats {
  const { sportId } = useSnapshot(contextStore);
  const ready = !!seasonId && !!teamId;
  const scope = { season_id: seasonId ?? null, team_id: teamId ?? null, home_away: side, match_limiter: last || null };
  const records = useStatsQuery<TeamRecord>(sportId, 'team_record', scope, ready);
  const ratios = useStatsQuery<OutcomeRatio>(sportId, 'outcome_ratios', { ...scope, market_id: marketId ?? null }, ready && !!marketId);
  const apex = useApiQuery(
    routes.apex,
    { params: { s: sportId, leagueId, teamId: teamId ?? 0 }, query: { side, market_id: marketId ?? 0 }, silent: true },
    { enabled: ready && !!marketId },
  );
  useEffect(() => {
    if (apex.error) console.error('Apex outcome failed', apex.error);
  }, [apex.error]);
  if (!ready) return EMPTY;
  return { record: records[0] ?? null, ratios, apex: marketId ? (apex.data?.result ?? null) : null };
}
