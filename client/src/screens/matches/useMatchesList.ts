import { DEFAULT_SORTS, routes, type Match } from '@odds/protocol';
import { useSnapshot } from 'valtio';
import { routeGetList, useList, type GetList } from '../../components/table';
import { contextStore } from '../../stores/context';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Columns the matches list sorts by (SPEC §2, and 'live': in play first); the server accepts these as `order_by`. */
const MATCH_SORT_FIELDS = ['id', 'live', 'home', 'away', 'start', 'league'] as const;

/** The filters of SPEC §2 as the address keeps them: keyword or match id, date, 'Content only'. */
const MATCH_FILTERS = {
  q: '',
  date: { valid: (value: string) => DATE_PATTERN.test(value) },
  templated: { valid: (value: string) => value === 'true' },
};

const toQuery = (filter: Record<string, string>) => ({
  q: filter.q || undefined,
  date: filter.date || undefined,
  templated: filter.templated === 'true' ? true : undefined,
});

/**
 * Matches of one league (its own route, whatever provider it belongs to) or of the selected
 * provider and sport, through the generic list: the `matches` and `leagueMatches` calls of SPEC §7.
 */
function matchesSource(leagueId: number | undefined, p: number, s: number, timeframe?: 'FUTURE'): GetList<Match> {
  const query = timeframe ? { timeframe } : {};
  return leagueId
    ? routeGetList({ route: routes.leagueMatches, params: { leagueId }, query, toQuery })
    : routeGetList({ route: routes.matches, params: { p, s }, query, toQuery });
}

/** The matches list: page, sort ('-start' by default) and filters in the address. */
export function useMatchesList(leagueId?: number) {
  const { providerId, sportId } = useSnapshot(contextStore);
  return useList<Match>({
    name: 'matches',
    getList: matchesSource(leagueId, providerId, sportId),
    deps: [leagueId],
    defaultSort: DEFAULT_SORTS.matches,
    sortFields: MATCH_SORT_FIELDS,
    filters: MATCH_FILTERS,
  });
}

/** The Future matches table (timeframe FUTURE), kept in the address under `future.`. */
export function useFutureMatchesList(leagueId?: number) {
  const { providerId, sportId } = useSnapshot(contextStore);
  return useList<Match>({
    key: 'future',
    name: 'future-matches',
    getList: matchesSource(leagueId, providerId, sportId, 'FUTURE'),
    deps: [leagueId],
    defaultSort: DEFAULT_SORTS.matches,
    sortFields: ['id', 'name', 'start', 'league', 'event_id'],
  });
}

export type MatchesList = ReturnType<typeof useMatchesList>;
