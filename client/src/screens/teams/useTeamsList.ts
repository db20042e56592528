import { DEFAULT_SORTS, routes, type Team } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import { routeGetList, useList } from '../../components/table';
import { contextStore } from '../../stores/context';

const TEAM_SORT_FIELDS = ['id', 'name', 'provider_name', 'short_name', 'last_modified'] as const;

/**
 * The Teams list: the selected provider's teams of the sport, or one league's teams. The keyword
 * (or match id) applies on Enter from the first page, sorted -last_modified (SPEC §2 Teams).
 */
export function useTeamsList(leagueId: number | undefined) {
  const { providerId, sportId } = useSnapshot(contextStore);
  const list = useList<Team>({
    name: 'teams',
    getList: leagueId
      ? routeGetList({ route: routes.leagueTeams, params: { leagueId } })
      : routeGetList({ route: routes.teams, query: { provider: providerId, sport: sportId } }),
    deps: [leagueId],
    defaultSort: DEFAULT_SORTS.teams,
    sortFields: TEAM_SORT_FIELDS,
    filters: { q: '' },
  });
  return {
    ...list,
    applyKeyword: (q: string) => list.setFilters({ q }, { sort: DEFAULT_SORTS.teams }),
  };
}

export type TeamsList = ReturnType<typeof useTeamsList>;
