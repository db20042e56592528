import type { EditingTab } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { acquireMatchLive, releaseMatchLive } from './matchLive';

/**
 * Tells the match's other watchers that this operator is editing `tab` while `dirty` (a form on it
 * has unsaved changes); they see it in the match header until the form is saved, reset or left.
 * Uses the page's watch of the match (or watches it meanwhile, from a screen outside the match page).
 */
export function useEditingPresence(matchId: number, tab: EditingTab, dirty: boolean): void {
  useEffect(() => {
    if (!dirty || !Number.isInteger(matchId) || matchId <= 0) return;
    const live = acquireMatchLive(matchId);
    const release = live.claimEditing(tab);
    return () => {
      release();
      releaseMatchLive(live);
    };
  }, [matchId, tab, dirty]);
}

/**
 * For forms that keep no copy of what they loaded: whether `value` (compared as JSON) differs from
 * what it was when `loaded` last turned true. Never dirty while loading.
 */
export function useChangedSinceLoad(value: unknown, loaded: boolean): boolean {
  const text = JSON.stringify(value);
  const [baseline, setBaseline] = useState<string | null>(null);
  if (!loaded && baseline !== null) setBaseline(null);
  if (loaded && baseline === null) setBaseline(text);
  return loaded && baseline !== null && text !== baseline;
}
