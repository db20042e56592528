import type { HomeAway } from '@odds/protocol';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { inMemoryGetList, useList } from '../../components/table';
import { contextStore } from '../../stores/context';
import { useStatsQuery } from '../../components/stats/useStatsQuery';
import { runStatsQuery, type MarketOutcomeRow, type TeamRecord } from '../../components/stats/statsQuery';
import { useSeasonChoices } from '../../components/stats/useSeasonChoices';

export interface StatsRoute {
  leagueId: number;
  seasonId?: number;
  teamId?: number;
  marketId?: number;
}

const SIDES: readonly HomeAway[] = ['all', 'home', 'away'];

/** The path of a league stats view: season, team and market as far as chosen (SPEC §2 route table). */
function statsPath({ leagueId, seasonId, teamId, marketId }: StatsRoute): string {
  let path = `/league/${leagueId}/stats`;
  if (seasonId) path += `/${seasonId}`;
  if (seasonId && teamId) path += `/team/${teamId}`;
  if (seasonId && teamId && marketId) path += `/market/${marketId}`;
  return path;
}

/**
 * League stats: the choices (season, team, other team, market, home/away) and, once made, the
 * outcome of the market in each of the team's matches. Season, team and market are in the path;
 * the other team and the side in the query.
 */
export function useLeagueStats(route: StatsRoute) {
  const { sportId } = useSnapshot(contextStore);
  const { league, teams, markets, go } = useSeasonChoices(route, statsPath);
  const [search, setSearch] = useSearchParams();
  const otherTeamId = Number(search.get('other')) || null;
  const side = SIDES.find((s) => s === search.get('side')) ?? 'all';

  const ready = Boolean(route.seasonId && route.teamId && route.marketId);
  const params = {
    season_id: route.seasonId ?? null,
    team_id: route.teamId ?? null,
    market_id: route.marketId ?? null,
    home_away: side,
    other_team_id: otherTeamId,
  };
  const list = useList<MarketOutcomeRow>({
    name: 'league-stats',
    getList: inMemoryGetList((signal) => runStatsQuery<MarketOutcomeRow>(sportId, 'team_market_outcomes', params, signal)),
    deps: [params],
    enabled: ready,
    defaultSort: '-date',
    sortFields: ['date', 'home', 'away', 'outcome', 'state'],
  });

  const recordRows = useStatsQuery<TeamRecord>(
    sportId,
    'team_record',
    { season_id: route.seasonId ?? null, team_id: route.teamId ?? null, home_away: side },
    !!route.seasonId && !!route.teamId,
  );
  const record = recordRows[0] ?? null;

  const setQuery = (name: string, value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });

  return {
    league,
    teams,
    markets,
    otherTeamId,
    side,
    record,
    list,
    ready,
    setSeason: (seasonId: number) => go({ seasonId }),
    setTeam: (teamId: number | undefined) => go({ teamId }),
    setMarket: (marketId: number | undefined) => go({ marketId }),
    setOtherTeam: (id: number | null) => setQuery('other', id ? String(id) : null),
    setSide: (value: HomeAway) => setQuery('side', value === 'all' ? null : value),
  };
}

export type LeagueStats = ReturnType<typeof useLeagueStats>;
