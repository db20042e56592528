import { routes, type Provider } from '@odds/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { inMemoryGetList, useList } from '../../components/table';
import { listenToCatalog } from '../../live/catalogLive';
import { CHANGE_MARK_MS } from '../../live/useChangeMarks';
import { contextStore } from '../../stores/context';

/**
 * The providers list of /settings and its status switch (SPEC §4): the change goes to the provider
 * resource, then to the provider control resource, then the providers load again — here and in
 * the top bar's selector. A provider switched on another console (or here) is pushed (live-catalog.ts):
 * the list loads again and its row is marked with who switched it.
 */
export function useProviders() {
  const list = useList<Provider>({
    name: 'providers',
    getList: inMemoryGetList(async (signal) => {
      const reply = await api(routes.providers, { query: { active_only: false }, signal });
      contextStore.providers = reply.results;
      return reply.results;
    }),
    defaultSort: 'id',
    sortFields: ['id', 'name', 'active'],
  });
  const [switching, setSwitching] = useState<number | null>(null);
  const [marks, setMarks] = useState<ReadonlyMap<number, string>>(new Map());
  const reload = useRef(list.reload);
  reload.current = list.reload;

  useEffect(() => {
    const timers = new Set<number>();
    const stop = listenToCatalog({
      catalog: (change) => {
        if (change.entity !== 'provider') return;
        setMarks((current) => new Map(current).set(change.id, change.actor.name));
        const timer = window.setTimeout(() => {
          timers.delete(timer);
          setMarks((current) => {
            const next = new Map(current);
            next.delete(change.id);
            return next;
          });
        }, CHANGE_MARK_MS);
        timers.add(timer);
        reload.current();
      },
      resync: () => reload.current(),
    });
    return () => {
      stop();
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, []);

  const toggle = useCallback(
    async (provider: Provider) => {
      const active = !provider.active;
      setSwitching(provider.id);
      try {
        await api(routes.providerUpdate, { params: { providerId: provider.id }, body: { active } });
        await api(routes.providerControlUpdate, { params: { providerId: provider.id }, body: { active } });
      } catch {
        // The API client has shown why; the reload shows where things stand.
      } finally {
        setSwitching(null);
        list.reload();
      }
    },
    [list],
  );

  const markOf = useCallback((providerId: number) => marks.get(providerId), [marks]);
  return { list, toggle, switching, markOf };
}
