import { routes, type MatchMarket } from '@odds/protocol';
import { useCallback, useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import type { MatchPage } from '../../live/matchPage';
import { useMatchLive } from '../../live/useMatchLive';
import { useProviderChanges } from '../../live/useProviderChanges';
import { reloadMatchHistory } from './history/useMatchHistory';
import { usePatchFromPush } from './patchFromPush';
import { useHeaderChanges } from './useHeaderChanges';

export type MatchTab = 'graph' | 'thresholds' | 'feed' | 'content' | 'delivery' | 'stats' | 'add-stat';

const MARKET_CHANGES = ['market'] as const;
const NO_MARKETS: MatchMarket[] = [];

/** Which tab a path is (SPEC §2 Match pages). */
export function tabOf(pathname: string, editingStats = false): MatchTab {
  if (/^\/events\//.test(pathname)) return 'stats';
  // The stat form edits the saved events when opened from the Stats list's Edit (?mode=edit): that is the Stats tab, not Add Stat.
  if (/^\/event\/[^/]+\/edit/.test(pathname)) return editingStats ? 'stats' : 'add-stat';
  const sub = /^\/match\/[^/]+\/([^/]+)/.exec(pathname)?.[1];
  return sub === 'thresholds' || sub === 'feed' || sub === 'content' || sub === 'delivery' ? sub : 'graph';
}

/** SPEC §2: the market selector is enabled only on the Feed and Graph tabs. */
export const marketSelectable = (tab: MatchTab) => tab === 'graph' || tab === 'feed';

/** The header's own liveness: who just changed it (shown briefly). */
export interface MatchHeaderState {
  changedBy: string | null;
}

/**
 * The match layout's state: the match and its markets (loaded once), the selected market kept in
 * the address, and the live watch of the match shared by every tab.
 */
export function useMatchPageState(): MatchPage & { tab: MatchTab; copied(): void; header: MatchHeaderState } {
  const matchId = Number(useParams().matchId);
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const valid = Number.isInteger(matchId) && matchId > 0;
  // Read through the query cache: the header, the tabs and the panels asking for the match share one read.
  const match = useApiQuery(routes.match, { params: { matchId } }, { enabled: valid }).data ?? null;
  const markets = useApiQuery(routes.matchMarkets, { params: { matchId }, query: { all: true } }, { enabled: valid }).data?.results ?? NO_MARKETS;
  const live = useMatchLive(matchId);
  usePatchFromPush(live, matchId);
  // Market settings saved on any console of the provider: the match's markets read again (no polling).
  useProviderChanges(MARKET_CHANGES, () => void invalidateRoute(routes.matchMarkets, { matchId }));
  // Its connector or a provider carrying it changed on any console: the match, its UOF link and its
  // History read again, in place, by whoever shows them.
  const headerChanged = useCallback(() => {
    void invalidateRoute(routes.match, { matchId });
    void invalidateRoute(routes.matchUofLink, { matchId });
    void reloadMatchHistory(matchId);
  }, [matchId]);
  const changedBy = useHeaderChanges(matchId, match, headerChanged);

  const tab = tabOf(pathname, search.get('mode') === 'edit');
  const asked = Number(search.get('market'));
  // The Graph charts one market (the first until one is chosen); the Feed shows all until filtered.
  const marketId = Number.isInteger(asked) && asked > 0 ? asked : tab === 'graph' ? (markets[0]?.id ?? null) : null;

  return useMemo(
    () => ({
      matchId,
      match,
      markets,
      marketId,
      live,
      tab,
      setMarket: (id: number | null) =>
        setSearch((current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete('market');
          else next.set('market', String(id));
          next.delete('page');
          return next;
        }),
      copied: () => matchRecordsCopied(matchId),
      header: { changedBy },
    }),
    [matchId, match, markets, marketId, live, tab, setSearch, changedBy],
  );
}

/**
 * 'Copy from another match' created threshold sets and content on this match: the tabs show them
 * from their topics (the copy is pushed like any edit), and a REST answer cached of either (the Why
 * panel's sets, a first read) is read again by whoever shows it.
 */
export function matchRecordsCopied(matchId: number): void {
  void invalidateRoute(routes.matchThresholds, { matchId });
  void invalidateRoute(routes.matchContent, { matchId });
}
