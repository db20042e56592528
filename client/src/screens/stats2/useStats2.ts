import type { Side } from '@odds/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { contextStore } from '../../stores/context';
import type { OutcomeRatio } from '../../components/stats/statsQuery';
import { useStatsQuery } from '../../components/stats/useStatsQuery';
import { useSeasonChoices } from '../../components/stats/useSeasonChoices';
import { readStats2Options, stats2Path, writeStats2Options, type Stats2Options, type Stats2Route } from './stats2Route';
import { DEFAULT_MINUTES, useCompiledOffer } from './useCompiledOffer';
import { useTeamSide } from './useTeamSide';

/**
 * Stats 2: two teams side by side for a market — the choices (path and query), each side's
 * record, ratios and apex outcome, the season's summary ratios and the compiled content offer.
 */
export function useStats2(route: Stats2Route) {
  const { sportId } = useSnapshot(contextStore);
  const { league, teams, markets, search, go } = useSeasonChoices(route, stats2Path);
  const [, setSearch] = useSearchParams();
  const options = useMemo(() => readStats2Options(new URLSearchParams(search)), [search]);
  // A team chosen while the other is not yet: the path holds both or neither.
  const [pending, setPending] = useState<[number | undefined, number | undefined]>([route.teamId, route.otherTeamId]);
  useEffect(() => setPending([route.teamId, route.otherTeamId]), [route.teamId, route.otherTeamId]);

  const setOptions = (patch: Partial<Stats2Options>) => setSearch((current) => writeStats2Options(current, { ...readStats2Options(current), ...patch }));

  const sideQuery = (teamId: number | undefined, side: Side) => ({ ...route, teamId, side, last: options.last });
  const first = useTeamSide(sideQuery(route.teamId, options.sides[0]));
  const second = useTeamSide(sideQuery(route.otherTeamId, options.sides[1]));

  const summary = useStatsQuery<OutcomeRatio>(
    sportId,
    'outcome_ratios',
    { season_id: route.seasonId ?? null, market_id: route.marketId ?? null, match_limiter: options.last || null },
    !!route.seasonId && !!route.marketId,
  );

  const market = markets.find((m) => m.id === route.marketId) ?? null;
  const [minutes, setMinutes] = useState(DEFAULT_MINUTES);
  const [odds, setOdds] = useState<Record<string, number | null>>({});
  useEffect(() => setOdds({}), [route.marketId]);
  const offer = useCompiledOffer({ ...route, behaviour: options.behaviour, principal: null, minutes, odds });

  function chooseTeam(index: 0 | 1, teamId: number | undefined) {
    const next: [number | undefined, number | undefined] = index === 0 ? [teamId, pending[1]] : [pending[0], teamId];
    setPending(next);
    if (next[0] && next[1]) go({ teamId: next[0], otherTeamId: next[1] });
  }

  return {
    league,
    teams,
    markets,
    market,
    options,
    pending,
    sides: [first, second] as const,
    summary,
    offer,
    minutes,
    odds,
    setSeason: (seasonId: number) => go({ seasonId }),
    setMarket: (marketId: number) => go({ marketId }),
    chooseTeam,
    setOptions,
    setSide: (index: 0 | 1, side: Side) => setOptions({ sides: index === 0 ? [side, options.sides[1]] : [options.sides[0], side] }),
    setMinutes,
    setOdds: (outcome: string, value: number | null) => setOdds((current) => ({ ...current, [outcome]: value })),
  };
}

export type Stats2 = ReturnType<typeof useStats2>;
