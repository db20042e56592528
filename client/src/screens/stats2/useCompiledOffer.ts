import { CONTENT_OFFER_DEFAULT_MINUTES, routes, toThousandths, type CompilerReply, type SelectionBehaviour } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

interface OfferQuery {
  leagueId: number;
  teamId?: number;
  otherTeamId?: number;
  marketId?: number;
  behaviour: SelectionBehaviour;
  principal: string | null;
  minutes: number;
  /** Decimal odds typed per outcome; empty ones are left out (SPEC §9: no outcomes by default). */
  odds: Record<string, number | null>;
}

export const DEFAULT_MINUTES = CONTENT_OFFER_DEFAULT_MINUTES;

/**
 * The content the compiler makes for the two teams, the market and a simulated offer: recompiled
 * whenever a choice changes (decimal odds sent ×1000, SPEC §5). Failures are only logged.
 */
export function useCompiledOffer(query: OfferQuery): { reply: CompilerReply | null; loading: boolean } {
  const [state, setState] = useState<{ reply: CompilerReply | null; loading: boolean }>({ reply: null, loading: false });
  const key = JSON.stringify(query);

  useEffect(() => {
    const { leagueId, teamId, otherTeamId, marketId, behaviour, principal, minutes, odds } = query;
    if (!teamId || !otherTeamId || !marketId) {
      setState({ reply: null, loading: false });
      return;
    }
    const outcomes = Object.entries(odds)
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] >= 1)
      .map(([label, decimal]) => ({ operator_id: label, label, oddsDecimal: decimal, odds: toThousandths(decimal) }));
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    api(routes.contentCompiler, {
      body: {
        home_id: teamId, away_id: otherTeamId, league_id: leagueId, market_id: marketId, behaviour, side: 'home',
        principal, content_elements: [], offer: { minutes, outcomes },
      },
      signal: controller.signal,
      silent: true,
    }).then(
      (reply) => setState({ reply, loading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Compiling content failed', error);
        setState({ reply: null, loading: false });
      },
    );
    return () => controller.abort();
    // `key` holds the whole query.
  }, [key]);

  return state;
}
