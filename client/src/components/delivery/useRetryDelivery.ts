import { routes, type Delivery } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { api } from '../../api/client';
import { ask } from '../question';

/** The question the operator confirms before a FAILED delivery is sent again. */
const retryQuestion = (delivery: Pick<Delivery, 'id' | 'contact'>) => `Are you sure you want to retry delivery ${delivery.id} to ${delivery.contact.name}?`;

/**
 * An operator's retry of a FAILED delivery (Delivery tab, Reports): confirmed first, then sent
 * again by the engine (audited, in the match's History). `after` runs once the call answered
 * (the Reports list reloads; the Delivery tab follows the live change instead).
 */
export function useRetryDelivery(after?: () => void) {
  const [retrying, setRetrying] = useState<number | null>(null);
  const retry = useCallback(
    async (delivery: Pick<Delivery, 'id' | 'contact'>) => {
      if (!(await ask(retryQuestion(delivery), { header: 'Retry the delivery', accept: 'Retry' }))) return;
      setRetrying(delivery.id);
      try {
        await api(routes.deliveryRetry, { params: { logId: delivery.id } });
      } catch {
        // Shown by the API client (e.g. 'Delivery 12 is SENT: only a FAILED delivery can be retried').
      } finally {
        setRetrying(null);
        after?.();
      }
    },
    [after],
  );
  return { retry, retrying };
}
