import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLeague } from '../options/useLeague';
import { useMarketOptions } from '../options/useMarketOptions';
import { useSeasonTeams } from './useSeasonTeams';

/**
 * What a league's stats view (league stats, stats 2) offers to choose from: the league and its
 * seasons, the season's teams, the markets; and `go` to the path of another choice, the query
 * kept. With no season in the path, the view moves to the latest one (the address replaced).
 */
export function useSeasonChoices<R extends { leagueId: number; seasonId?: number }>(route: R, pathOf: (route: R) => string) {
  const league = useLeague(route.leagueId);
  const teams = useSeasonTeams(route.seasonId ?? null);
  const markets = useMarketOptions();
  const navigate = useNavigate();
  const { search } = useLocation();

  const latest = league?.seasons.at(-1)?.id;
  useEffect(() => {
    if (!route.seasonId && latest) void navigate(`${pathOf({ ...route, seasonId: latest })}${search}`, { replace: true });
  }, [route, latest, navigate, search, pathOf]);

  const go = (patch: Partial<R>) => void navigate(`${pathOf({ ...route, ...patch })}${search}`);
  return { league, teams, markets, search, go };
}
