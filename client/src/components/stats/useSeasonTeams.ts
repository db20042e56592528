import { routes, type Team } from '@odds/protocol';
import { useApiQuery } from '../../api/queries';

const NONE: Team[] = [];

/** The teams of a season, by name (the team dropdowns of league stats and stats 2). */
export function useSeasonTeams(seasonId: number | null): Team[] {
  const query = useApiQuery(routes.seasonTeams, { params: { seasonId: seasonId ?? 0 } }, { enabled: !!seasonId });
  return seasonId ? (query.data?.results ?? NONE) : NONE;
}
