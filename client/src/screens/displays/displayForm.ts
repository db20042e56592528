import { MAX_DISPLAY_MATCHES, type DisplayInput, type DisplayTheme } from '@odds/protocol';

export interface DisplayDraft {
  name: string;
  /** Match ids as typed: '12, 15, 18'. */
  matches: string;
  leagueId: number | null;
  marketId: number | null;
  theme: DisplayTheme;
}

export const EMPTY_DRAFT: DisplayDraft = { name: '', matches: '', leagueId: null, marketId: null, theme: 'dark' };

/** The create call's body from the form, or what is wrong with the form in the operator's words. */
export function displayInput(draft: DisplayDraft): { input: DisplayInput } | { error: string } {
  const name = draft.name.trim();
  if (!name) return { error: 'Give the display a name, such as "Trading floor".' };
  const parts = draft.matches.split(/[\s,]+/).filter(Boolean);
  const ids = parts.map(Number);
  if (parts.some((part) => !/^\d{1,10}$/.test(part)) || ids.some((id) => id < 1 || id > 2147483647)) {
    return { error: 'Matches are match ids separated by commas, such as 12, 15, 18.' };
  }
  const matchIds = [...new Set(ids)];
  if (matchIds.length > MAX_DISPLAY_MATCHES) return { error: `A display shows at most ${MAX_DISPLAY_MATCHES} matches.` };
  if (matchIds.length === 0 && draft.leagueId === null) return { error: 'Choose the matches this display shows, or a league to follow.' };
  return { input: { name, match_ids: matchIds, league_id: draft.leagueId, market_id: draft.marketId, theme: draft.theme } };
}
