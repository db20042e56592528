/**
 * Query tags: `{{scope.key}}` placeholders in content, filled when content is compiled for a match
 * or an offer. Scopes are `home` and `away` (SPEC §3 "Query tag": {{home.key}}, {{away.key}}) and,
 * for offers, `odds` (decimal odds per outcome key), `match` and `league`.
 */
export type TagValues = Record<string, string | number | null | undefined>;
export type TagContext = Partial<Record<'home' | 'away' | 'odds' | 'match' | 'league', TagValues>>;

/** The team keys the tag modal lists (SPEC: name, key), usable as {{home.key}} and {{away.key}}. */
export const TEAM_TAGS: { name: string; key: string }[] = [
  { name: 'Team name', key: 'name' },
  { name: 'Short name', key: 'short_name' },
  { name: 'Goals in the match', key: 'score' },
  { name: 'Decimal odds of the team winning', key: 'odds' },
  { name: 'Matches played (season)', key: 'played' },
  { name: 'Wins (season)', key: 'wins' },
  { name: 'Draws (season)', key: 'draws' },
  { name: 'Losses (season)', key: 'losses' },
  { name: 'Goals scored (season)', key: 'goals_for' },
  { name: 'Goals conceded (season)', key: 'goals_against' },
  { name: 'Win rate in % (season)', key: 'win_rate' },
];

const TAG = /\{\{\s*([a-z]+)\.([a-z0-9_]+)\s*\}\}/gi;

/**
 * Fills every tag it has a value for. Tags without a value stay in the text as written and are
 * reported in `missing`, so an operator sees what could not be filled instead of a silent gap.
 */
export function fillTags(text: string, context: TagContext): { text: string; missing: string[] } {
  const missing: string[] = [];
  const filled = text.replace(TAG, (whole, scope: string, key: string) => {
    const value = context[scope.toLowerCase() as keyof TagContext]?.[key.toLowerCase()];
    if (value === undefined || value === null || value === '') {
      missing.push(`${scope}.${key}`);
      return whole;
    }
    return String(value);
  });
  return { text: filled, missing };
}

/** Odds in thousandths as the decimal an operator reads: 2150 → '2.15'. */
export const decimalOdds = (thousandths: number) => (thousandths / 1000).toFixed(2);
