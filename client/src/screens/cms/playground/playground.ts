import { CONTENT_OFFER_DEFAULT_MINUTES, DEFAULTS, toThousandths, type ContentOffer, type ContentOfferOutcome, type Market } from '@odds/protocol';

/** The league the playground opens on: 9 where the provider has it (SPEC §9), else its first. */
export function defaultLeagueId(leagues: readonly { id: number }[]): number | null {
  if (leagues.some((league) => league.id === DEFAULTS.playgroundLeagueId)) return DEFAULTS.playgroundLeagueId;
  return leagues[0]?.id ?? null;
}

/** The label the provider's odds use for an outcome key of the market. */
export const outcomeLabel = (market: Pick<Market, 'outcome_mapping'>, key: string) => market.outcome_mapping[key] ?? key;

/** Decimal odds as typed ('2.15' or '2,15'); null unless a number of at least 1. */
export function parseDecimalOdds(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= 1000 ? value : null;
}

/**
 * The simulated offer (SPEC §5): minutes, and the outcomes given odds, entered as decimals and
 * sent ×1000 as well. Outcomes left empty are left out.
 */
export function simulatedOffer(market: Pick<Market, 'type' | 'outcome_mapping'>, odds: Readonly<Record<string, string>>, minutesText: string): ContentOffer {
  const outcomes: ContentOfferOutcome[] = [];
  for (const key of market.type.outcomes) {
    const decimal = parseDecimalOdds(odds[key] ?? '');
    if (decimal === null) continue;
    outcomes.push({ operator_id: key, label: outcomeLabel(market, key), oddsDecimal: decimal, odds: toThousandths(decimal) });
  }
  const minutes = Number.parseInt(minutesText, 10);
  return { minutes: Number.isInteger(minutes) && minutes >= 0 && minutes <= 200 ? minutes : CONTENT_OFFER_DEFAULT_MINUTES, outcomes };
}

/**
 * Query tags a compiled text still holds as written: tags the compiler does not know (a typo such
 * as `{{bogus.tag}}`), which it leaves verbatim. The operator is told rather than left to spot them.
 */
export function unfilledTags(text: string): string[] {
  return [...new Set(text.match(/\{\{\s*[^{}]+?\s*\}\}/g) ?? [])];
}
