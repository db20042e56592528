import {
  CONTENT_OFFER_DEFAULT_MINUTES,
  routes,
  type CompilerReply,
  type ContentElement,
  type ContentType,
  type League,
  type NamedRef,
  type SelectionBehaviour,
  type Side,
} from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/client';
import { useApiQuery } from '../../../api/queries';
import { contextStore, findById } from '../../../stores/context';
import { useCmsOptions, type CmsOptions } from '../useCmsOptions';
import { defaultLeagueId, simulatedOffer } from './playground';

interface PlaygroundSituation {
  leagueId: number | null;
  home: NamedRef | null;
  away: NamedRef | null;
  marketId: number | null;
  side: Side;
  minutes: string;
  behaviour: SelectionBehaviour;
  /** Decimal odds per outcome key, as typed. */
  odds: Record<string, string>;
  language: string;
}

type Busy = 'test' | 'compile' | 'options' | null;

const NO_LEAGUES: League[] = [];

/** The situation played, as chosen: a provider's league (the default one until chosen), the first market until one is picked, odds cleared with the market. */
function useSituation(leaguesData: { results: League[] } | undefined, markets: CmsOptions['markets'], languages: readonly string[]) {
  const [situation, setSituation] = useState<PlaygroundSituation>({
    leagueId: null,
    home: null,
    away: null,
    marketId: null,
    side: 'home',
    minutes: String(CONTENT_OFFER_DEFAULT_MINUTES),
    behaviour: 'historical_favourite',
    odds: {},
    language: languages.includes('en') ? 'en' : (languages[0] ?? 'en'),
  });

  // A league chosen stays while the provider's leagues hold it; otherwise the default one.
  useEffect(() => {
    const loaded = leaguesData?.results;
    if (!loaded) return;
    setSituation((current) =>
      current.leagueId !== null && loaded.some((l) => l.id === current.leagueId) ? current : { ...current, leagueId: defaultLeagueId(loaded) },
    );
  }, [leaguesData]);

  // The first market until the operator picks one.
  useEffect(() => {
    setSituation((current) => (current.marketId === null && markets[0] ? { ...current, marketId: markets[0].id } : current));
  }, [markets]);

  const set = useCallback(<K extends keyof PlaygroundSituation>(field: K, value: PlaygroundSituation[K]) => {
    setSituation((current) => ({ ...current, [field]: value, ...(field === 'marketId' && { odds: {} }) }));
  }, []);
  const setOdds = useCallback((key: string, text: string) => {
    setSituation((current) => ({ ...current, odds: { ...current.odds, [key]: text } }));
  }, []);
  return { situation, set, setOdds };
}

/**
 * The content playground (SPEC §2 /cms/builder/): a league (9 where it exists), two teams, a
 * market, a side, simulated minutes and odds; compiles ad-hoc content or the stored templates for
 * that situation, and generates content options.
 */
export function usePlayground() {
  const { providerId, sportId, providers } = useSnapshot(contextStore);
  const languages = findById(providers, providerId)?.meta.languages ?? [];
  const { markets } = useCmsOptions();
  const leaguesQuery = useApiQuery(routes.leagues, { params: { p: providerId, s: sportId }, query: { limit: 1000 } });
  const leagues = leaguesQuery.data?.results ?? NO_LEAGUES;
  const { situation, set, setOdds } = useSituation(leaguesQuery.data, markets, languages);
  const [adHoc, setAdHoc] = useState<ContentElement>({ content_type: 'content', content: '' });
  const [compiled, setCompiled] = useState<CompilerReply | null>(null);
  const [suggestions, setSuggestions] = useState<ContentElement[] | null>(null);
  const [busy, setBusy] = useState<Busy>(null);

  const market = markets.find((m) => m.id === situation.marketId) ?? null;

  const { leagueId, home, away } = situation;
  const ready = leagueId !== null && home !== null && away !== null && market !== null;

  const run = useCallback(async (kind: Busy, call: () => Promise<void>) => {
    setBusy(kind);
    try {
      await call();
    } catch {
      // The API client shows the server's message.
    } finally {
      setBusy(null);
    }
  }, []);

  const base = () => ({
    home_id: home!.id,
    away_id: away!.id,
    league_id: leagueId!,
    market_id: market!.id,
    side: situation.side,
    offer: simulatedOffer(market!, situation.odds, situation.minutes),
  });

  /** Ad-hoc text (with query tags) compiled for the situation; or, without elements, the stored templates. */
  const compile = (elements: ContentElement[]) =>
    run(elements.length ? 'test' : 'compile', async () => {
      setCompiled(
        await api(routes.contentCompiler, {
          body: { ...base(), behaviour: situation.behaviour, content_elements: elements, language: situation.language },
        }),
      );
    });

  return {
    situation,
    set,
    setOdds,
    leagues,
    markets,
    market,
    languages,
    ready,
    busy,
    adHoc,
    setAdHoc,
    compiled,
    suggestions,
    test: () => (adHoc.content.trim() ? compile([{ content_type: adHoc.content_type, content: adHoc.content }]) : Promise.resolve()),
    compileTemplates: () => compile([]),
    generateOptions: () =>
      run('options', async () => {
        const reply = await api(routes.contentOptions, { body: { ...base(), behaviour: situation.behaviour } });
        setSuggestions(reply.results);
      }),
    pickSuggestion: (element: ContentElement) => setAdHoc({ content_type: element.content_type as ContentType, content: element.content }),
  };
}

export type Playground = ReturnType<typeof usePlayground>;
