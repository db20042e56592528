import { routes, type Contact, type ContactList, type Segment } from '@odds/protocol';
import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import { useSaving } from '../../api/useSaving';
import { DELETION_SHOWN, useVersionedSave } from '../../components/conflict';
import { languageOptions } from '../../components/forms/languages';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { contextStore, findById } from '../../stores/context';
import {
  contactConflictView,
  contactToForm,
  destinationFields,
  emptyContactForm,
  formToContactInput,
  limiterPeriods,
  type ContactFormValues,
  type LimiterKey,
} from './contactForm';

const NO_LISTS: ContactList[] = [];
const NO_SEGMENTS: Segment[] = [];

/** The contact form's setters: one field, or one limit of the rate limiter (its minutes or a period's count). */
function useContactSetters(setValues: Dispatch<SetStateAction<ContactFormValues>>) {
  const set = useCallback(
    <K extends keyof ContactFormValues>(field: K, value: ContactFormValues[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
    },
    [setValues],
  );
  const setLimit = useCallback(
    (key: LimiterKey | 'rate_limit_minutes', value: string) => {
      setValues((current) =>
        key === 'rate_limit_minutes' ? { ...current, rate_limit_minutes: value } : { ...current, limiter: { ...current.limiter, [key]: value } },
      );
    },
    [setValues],
  );
  return { set, setLimit };
}

/**
 * The contact form (SPEC §2 Contacts): loads the contact when editing, the provider's lists and the
 * contact's segments; keeps the values; saves the whole record (create without an id, else update)
 * and goes back to /contacts. Leaving with unsaved changes asks first. An update names the version
 * it loaded: if another operator saved the contact meanwhile, the conflict dialog asks (theirs
 * beside mine) and the form keeps what was typed until the operator chooses.
 */
export function useContactForm(contactId: number | undefined) {
  const { providerId, providers, sportId } = useSnapshot(contextStore);
  const provider = findById(providers, providerId);
  const navigate = useNavigate();
  // Segments are offered per contact (SPEC §7 `GET segments/{contactId}`); without them the field is free text.
  const segments = useApiQuery(routes.segments, { params: { contactId: contactId ?? 0 }, silent: true }, { enabled: !!contactId }).data?.results ?? NO_SEGMENTS;
  const lists = useApiQuery(routes.lists, { query: { provider: providerId } }).data?.results ?? NO_LISTS;
  const { saving, run } = useSaving();
  const versioned = useVersionedSave();
  const read = useApiQuery(routes.contact, { params: { contactId: contactId ?? 0 } }, { enabled: !!contactId, staleTime: 0 });
  const { values, setValues, record, load, status, dirty, allowLeaving } = useRecordForm({
    id: contactId || undefined,
    read,
    toForm: contactToForm,
    empty: () => emptyContactForm(sportId),
  });
  const version = record?.version;

  const { set, setLimit } = useContactSetters(setValues);

  const periods = limiterPeriods(provider, values.sport_id);

  const sportName = useCallback((id: number) => provider?.sports.find((sport) => sport.id === id)?.name, [provider]);
  const { save: saveVersioned } = versioned;
  const save = useCallback(async () => {
    try {
      // Busy until the form is left: a second Save cannot save the contact again while /contacts opens.
      await run(async () => {
        const body = formToContactInput(values, periods);
        const saved = contactId
          ? await saveVersioned<Contact, Contact>({
              send: (base) => api(routes.contactUpdate, { params: { contactId }, body: { ...body, version: base?.version ?? version }, ...DELETION_SHOWN }),
              mine: () => contactConflictView(values, periods, sportName),
              view: (current) => contactConflictView(contactToForm(current), periods, sportName),
              keepTheirs: load,
              deleted: { what: 'This contact', saveAsNew: () => api(routes.contactCreate, { query: { provider: providerId }, body }) },
            })
          : await api(routes.contactCreate, { query: { provider: providerId }, body });
        // Nothing saved (their version taken, or the dialog closed): the form stays.
        if (!saved) return;
        void invalidateRoute(routes.contacts);
        if (contactId) void invalidateRoute(routes.contact, { contactId });
        allowLeaving();
        await navigate('/contacts');
      });
    } catch {
      // The API client shows the server's message; the form keeps what was typed.
    }
  }, [values, periods, contactId, providerId, allowLeaving, navigate, saveVersioned, version, sportName, load, run]);

  return {
    values,
    set,
    setLimit,
    status,
    saving,
    dirty,
    contactName: record?.name ?? null,
    provider,
    lists,
    segments,
    periods,
    destinations: destinationFields(values.channel_id),
    languages: languageOptions(provider?.meta.languages ?? [], values.languages),
    save,
    conflict: versioned.conflict,
  };
}

export type ContactFormState = ReturnType<typeof useContactForm>;
