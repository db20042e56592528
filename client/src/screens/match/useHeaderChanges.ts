import type { Match } from '@odds/protocol';
import { useEffect, useRef, useState } from 'react';
import { listenToCatalog } from '../../live/catalogLive';
import { CHANGE_MARK_MS } from '../../live/useChangeMarks';
import { contextStore, findById, reloadProviders } from '../../stores/context';

/** Does this provider carry the match's event (its own provider, or one connected to it)? */
export function carries(match: Pick<Match, 'provider' | 'provider_names'>, providerId: number, providerName: string | undefined): boolean {
  return match.provider === providerId || (providerName !== undefined && match.provider_names.includes(providerName));
}

/**
 * The match header kept live (protocol's live-catalog.ts): when its connector is reassigned, or a
 * provider carrying its event is switched on or off, on any console, `reload` reads the match
 * again and the header is marked 'changed by Ana just now' for CHANGE_MARK_MS. A provider change
 * also reloads the providers (the selector, and which of the match's providers are inactive).
 * After a reconnect or a gap in the relay's change stream, both are read again unmarked.
 */
export function useHeaderChanges(matchId: number, match: Match | null, reload: () => void): string | null {
  const [changedBy, setChangedBy] = useState<string | null>(null);
  const matchRef = useRef(match);
  matchRef.current = match;
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => {
    let timer: number | null = null;
    const mark = (by: string) => {
      setChangedBy(by);
      if (timer !== null) window.clearTimeout(timer);
      timer = window.setTimeout(() => setChangedBy(null), CHANGE_MARK_MS);
    };
    const stop = listenToCatalog({
      match: (change) => {
        if (change.matchId !== matchId) return;
        mark(change.actor.name);
        reloadRef.current();
      },
      catalog: (change) => {
        if (change.entity !== 'provider') return;
        const name = findById(contextStore.providers, change.id)?.name;
        void reloadProviders();
        const shown = matchRef.current;
        if (!shown || !carries(shown, change.id, name)) return;
        mark(change.actor.name);
        reloadRef.current();
      },
      resync: () => {
        void reloadProviders();
        reloadRef.current();
      },
    });
    return () => {
      stop();
      if (timer !== null) window.clearTimeout(timer);
      setChangedBy(null);
    };
  }, [matchId]);

  return changedBy;
}
