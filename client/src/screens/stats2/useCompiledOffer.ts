import { CONTENT_OFFER_DEFAULT_MINUTES, routes, toThousandths, type CompilerReply, type SelectionBehaviour } from '@odds/protocol';
import { api } from '../../api/client';
import { apiKey, useCached } from '../../api/queries';

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
  const { leagueId, teamId, otherTeamId, marketId, behaviour, principal, minutes, odds } = query;
  const ready = !!teamId && !!otherTeamId && !!marketId;
  const outcomes = Object.entries(odds)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] >= 1)
    .map(([label, decimal]) => ({ operator_id: label, label, oddsDecimal: decimal, odds: toThousandths(decimal) }));
  const body = {
    home_id: teamId ?? 0,
    away_id: otherTeamId ?? 0,
    league_id: leagueId,
    market_id: marketId ?? 0,
    behaviour,
    side: 'home' as const,
    principal,
    content_elements: [],
    offer: { minutes, outcomes },
  };
  // A compile is a read: cached under the compiler route and what it was asked; the last content
  // stays on screen while a changed choice compiles.
  const compiled = useCached(
    [...apiKey(routes.contentCompiler), body],
    (signal) =>
      api(routes.contentCompiler, { body, signal, silent: true }).catch((error: unknown) => {
        if (!signal.aborted) console.error('Compiling content failed', error);
        throw error;
      }),
    { enabled: ready, keepPrevious: true },
  );
  if (!ready) return { reply: null, loading: false };
  return { reply: compiled.data ?? null, loading: compiled.isFetching };
}
