import type { EditingTab } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { MatchPage } from './matchPage';
import { acquireMatchLive, releaseMatchLive, type MatchLive } from './matchLive';

/**
 * Tells the match's other watchers that this operator is editing `tab` while `dirty` (a form on it
 * has unsaved changes); they see it in the match header until the form is saved, reset or left.
 * Inside the match page it uses the page's watch of the match (none: nothing to tell); from a
 * screen outside it (a tracker of the match), it watches the match meanwhile.
 */
export function useEditingPresence(matchId: number, tab: EditingTab, dirty: boolean): void {
  const page = useOutletContext<Partial<MatchPage> | undefined>();
  const pageLive: MatchLive | null | undefined = page?.matchId === matchId && 'live' in page ? page.live : undefined;
  useEffect(() => {
    if (!dirty || !Number.isInteger(matchId) || matchId <= 0 || pageLive === null) return;
    const live = pageLive ?? acquireMatchLive(matchId);
    const release = live.claimEditing(tab);
    return () => {
      release();
      if (!pageLive) releaseMatchLive(live);
    };
  }, [matchId, tab, dirty, pageLive]);
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
