import { routes, type Provider } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { api } from '../../api/client';
import { inMemoryGetList, useList } from '../../components/table';
import { contextStore } from '../../stores/context';

/**
 * The providers list of /settings and its status switch (SPEC §4): the change goes to the provider
 * resource, then to the provider control resource, then the providers load again — here and in
 * the top bar's selector.
 */
export function useProviders() {
  const list = useList<Provider>({
    getList: inMemoryGetList(async (signal) => {
      const reply = await api(routes.providers, { query: { active_only: false }, signal });
      contextStore.providers = reply.results;
      return reply.results;
    }),
    defaultSort: 'id',
    sortFields: ['id', 'name', 'active'],
  });
  const [switching, setSwitching] = useState<number | null>(null);

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

  return { list, toggle, switching };
}
