import { routes, type Display, type DisplayCreated, type DisplayInput } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { api } from '../../api/client';
import { useList } from '../../components/table';

/** The wall displays list and its create and revoke actions. */
export function useDisplays() {
  const list = useList<Display>({
    name: 'displays',
    getList: ({ start, limit, signal }) => api(routes.displays, { query: { start, limit }, signal }),
    defaultSort: '-created_at',
    sortFields: ['created_at'],
  });
  const [created, setCreated] = useState<DisplayCreated | null>(null);
  const [busy, setBusy] = useState<'create' | number | null>(null);

  const create = useCallback(
    async (input: DisplayInput): Promise<boolean> => {
      setBusy('create');
      try {
        setCreated(await api(routes.displayCreate, { body: input, remain: true }));
        list.reload();
        return true;
      } catch {
        return false; // The API client has shown why.
      } finally {
        setBusy(null);
      }
    },
    [list],
  );

  const revoke = useCallback(
    async (display: Display) => {
      setBusy(display.id);
      try {
        await api(routes.displayRevoke, { params: { displayId: display.id }, remain: true });
      } catch {
        // Shown by the API client; the reload shows where things stand.
      } finally {
        setBusy(null);
        list.reload();
      }
    },
    [list],
  );

  return { list, create, revoke, created, busy };
}
