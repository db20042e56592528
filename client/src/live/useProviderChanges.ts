import type { ProviderChangedPayload, ProviderEntity } from '@odds/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHANGE_MARK_MS } from './useChangeMarks';
import { listenToProvider } from './providerLive';

/** Several changes in a burst (a group saved as items, a bulk delete) cost one reload. */
export const PROVIDER_RELOAD_DELAY_MS = 150;

const keyOf = (entity: ProviderEntity, id: number) => `${entity}:${id}`;

export interface ProviderChanges {
  /** Who just changed this record ('changed by Ana just now'), while the mark lasts. */
  markOf(entity: ProviderEntity, id: number): string | undefined;
  /** The newest mark on any record of these entities (a dropdown of them marks itself). */
  latest: { entity: ProviderEntity; id: number; by: string } | null;
}

/**
 * Provider-wide data kept live on a screen: when another console (or this one) writes a record of
 * one of `entities` of the selected provider, the relay says so (no data, no polling) and `reload`
 * runs, so the screen reads its list again with its own token; the changed record is marked with
 * who changed it for CHANGE_MARK_MS. After a reconnect the screen reloads too (changes may have
 * been missed). `reload` may be left out when another hook reloads the same data.
 */
export function useProviderChanges(entities: readonly ProviderEntity[], reload?: () => void): ProviderChanges {
  const [marks, setMarks] = useState<ReadonlyMap<string, string>>(new Map());
  const [latest, setLatest] = useState<ProviderChanges['latest']>(null);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const wanted = entities.join(',');

  useEffect(() => {
    const names = new Set(wanted.split(','));
    const timers = new Set<number>();
    let pending: number | null = null;
    const reloadSoon = () => {
      if (pending !== null || !reloadRef.current) return;
      pending = window.setTimeout(() => {
        pending = null;
        reloadRef.current?.();
      }, PROVIDER_RELOAD_DELAY_MS);
    };
    const mark = (change: ProviderChangedPayload) => {
      const key = keyOf(change.entity, change.id);
      setMarks((current) => new Map(current).set(key, change.actor.name));
      setLatest({ entity: change.entity, id: change.id, by: change.actor.name });
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        setMarks((current) => {
          const next = new Map(current);
          next.delete(key);
          return next;
        });
        setLatest((current) => (current?.entity === change.entity && current.id === change.id ? null : current));
      }, CHANGE_MARK_MS);
      timers.add(timer);
    };
    const stop = listenToProvider({
      changed: (change) => {
        if (!names.has(change.entity)) return;
        mark(change);
        reloadSoon();
      },
      resync: reloadSoon,
    });
    return () => {
      stop();
      if (pending !== null) window.clearTimeout(pending);
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [wanted]);

  const markOf = useCallback((entity: ProviderEntity, id: number) => marks.get(keyOf(entity, id)), [marks]);
  return { markOf, latest };
}
