import { routes, type Contact } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { invalidateRoute } from '../../api/queries';
import { useList } from '../../components/table';
import { useProviderChanges } from '../../live/useProviderChanges';
import { contextStore } from '../../stores/context';

const CONTACT_CHANGES = ['contact'] as const;

const CONTACT_SORT_FIELDS = ['id', 'name', 'channel_id', 'active', 'created_at'] as const;

/**
 * The selected provider's contacts (SPEC §2 Contacts), newest first, paged and sorted through the
 * address; activating, deactivating and deleting reload the list.
 */
/** The list and every contact form showing one read again. */
const invalidateContacts = () => Promise.all([invalidateRoute(routes.contacts), invalidateRoute(routes.contact)]);

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
  const changes = useProviderChanges(CONTACT_CHANGES, invalidateContacts);

  const run = useCallback(async (contact: Contact, call: () => Promise<unknown>) => {
    setBusy(contact.id);
    try {
      await call();
      void invalidateContacts();
    } catch {
      // The API client has shown why; the row stays as it was.
    } finally {
      setBusy(null);
    }
  }, []);

  const toggleActive = useCallback((contact: Contact) => run(contact, () => api(routes.contactToggleActive, { params: { contactId: contact.id } })), [run]);
  const remove = useCallback((contact: Contact) => run(contact, () => api(routes.contactDelete, { params: { contactId: contact.id } })), [run]);

  return { list, busy, toggleActive, remove, changedBy: (id: number) => changes.markOf('contact', id) };
}

export type ContactsList = ReturnType<typeof useContactsList>;
