import { routes, type League } from '@odds/protocol';
import { useApiQuery } from '../../api/queries';

/** One league with its seasons, for the headings and season choices of the league screens. */
export function useLeague(leagueId: number | undefined): League | null {
  const query = useApiQuery(routes.league, { params: { leagueId: leagueId ?? 0 } }, { enabled: !!leagueId });
  return leagueId ? (query.data ?? null) : null;
}

/** A route's id parameter as a number, or null when it is not a positive whole number. */
export function idParam(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2147483647 ? Number(value) : null;
}
