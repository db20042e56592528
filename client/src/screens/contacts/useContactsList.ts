import { routes, type Contact } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { useList } from '../../components/table';
import { useRecordChanges } from '../../live/useRecordChanges';
import { contextStore } from '../../stores/context';

const CONTACT_SORT_FIELDS = ['id', 'name', 'channel_id', 'active', 'created_at'] as const;

/** What reads again when a contact changes: the list and every contact form showing one. */
const CONTACT_READS = [routes.contacts, routes.contact];

/**
 * The selected provider's contacts (SPEC §2 Contacts), newest first, paged and sorted through the
 * address; activating, deactivating and deleting reload the list.
 */
export function useContactsList() {
  const { providerId } = useSnapshot(contextStore);
  const list = useList({
    route: routes.contacts,
    query: { provider: providerId },
    defaultSort: '-created_at',
    sortFields: CONTACT_SORT_FIELDS,
  });
  const [busy, setBusy] = useState<number | null>(null);
  // A contact saved, added or deleted on another console of the provider: the list reads again and marks who.
  const { invalidate, changedBy } = useRecordChanges('contact', CONTACT_READS);

  const run = useCallback(
    async (contact: Contact, call: () => Promise<unknown>) => {
      setBusy(contact.id);
      try {
        await call();
        void invalidate();
      } catch {
        // The API client has shown why; the row stays as it was.
      } finally {
        setBusy(null);
      }
    },
    [invalidate],
  );

  const toggleActive = useCallback((contact: Contact) => run(contact, () => api(routes.contactToggleActive, { params: { contactId: contact.id } })), [run]);
  const remove = useCallback((contact: Contact) => run(contact, () => api(routes.contactDelete, { params: { contactId: contact.id } })), [run]);

  return { list, busy, toggleActive, remove, changedBy };
}

export type ContactsList = ReturnType<typeof useContactsList>;
