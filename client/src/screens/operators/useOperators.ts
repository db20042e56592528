import { routes, type Operator, type OperatorInvite, type OperatorLinkReply } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { api } from '../../api/client';
import { useList } from '../../components/table';
import type { AccessDraft } from './AccessFields';

/** A one-time link just made, with what it was made for (shown once, above the list). */
export interface MadeLink {
  kind: 'invite' | 'reset';
  reply: OperatorLinkReply;
}

/**
 * The operators list (admins only: anyone else gets the 403 message and goes home) and its
 * actions. Every action reloads the list, so it shows where things stand even after a refusal.
 */
export function useOperators() {
  const list = useList<Operator>({
    name: 'operators',
    getList: ({ signal }) => api(routes.operators, { signal }),
    defaultSort: 'name',
    sortFields: ['name'],
  });
  const [made, setMade] = useState<MadeLink | null>(null);
  const [busy, setBusy] = useState<'invite' | number | null>(null);

  const run = useCallback(
    async <T>(key: 'invite' | number, work: () => Promise<T>): Promise<T | null> => {
      setBusy(key);
      try {
        return await work();
      } catch {
        return null; // The API client has shown why.
      } finally {
        setBusy(null);
        list.reload();
      }
    },
    [list],
  );

  const invite = useCallback(
    async (input: OperatorInvite): Promise<boolean> => {
      const reply = await run('invite', () => api(routes.operatorInvite, { body: input, remain: true }));
      if (reply) setMade({ kind: 'invite', reply });
      return reply !== null;
    },
    [run],
  );

  const setStatus = useCallback(
    (operator: Operator, status: 'active' | 'disabled') =>
      run(operator.id, () => api(routes.operatorStatus, { params: { operatorId: operator.id }, body: { status }, remain: true })),
    [run],
  );

  const setAdmin = useCallback(
    (operator: Operator, admin: boolean) =>
      run(operator.id, () => api(routes.operatorAdmin, { params: { operatorId: operator.id }, body: { admin }, remain: true })),
    [run],
  );

  const setAccess = useCallback(
    async (operator: Operator, { role, providerIds }: AccessDraft): Promise<boolean> =>
      (await run(operator.id, () =>
        api(routes.operatorAccess, {
          params: { operatorId: operator.id },
          body: { role, provider_ids: providerIds, version: operator.access_version },
          remain: true,
        }),
      )) !== null,
    [run],
  );

  const resetPassword = useCallback(
    async (operator: Operator) => {
      const reply = await run(operator.id, () => api(routes.operatorResetPassword, { params: { operatorId: operator.id }, remain: true }));
      if (reply) setMade({ kind: 'reset', reply });
    },
    [run],
  );

  return { list, invite, setStatus, setAdmin, setAccess, resetPassword, made, busy };
}
