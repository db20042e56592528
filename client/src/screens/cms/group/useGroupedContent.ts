import { routes, type ContentGroup } from '@odds/protocol';
import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/client';
import { invalidateRoute, useApiQuery } from '../../../api/queries';
import { useSaving } from '../../../api/useSaving';
import { CONFLICT_SHOWN, useVersionedSave } from '../../../components/conflict';
import { useRecordForm } from '../../../components/forms/useRecordForm';
import { contextStore, findById } from '../../../stores/context';
import { keepLinkTarget, linkTargetOptions } from '../linkTargets';
import { useCmsOptions, type CmsOptions } from '../useCmsOptions';
import { emptyGroupForm, formToGroupInput, groupConflictView, groupToForm, type GroupFormValues } from './groupForm';

/** The group form's setters: one field (keeping the link target among the choices), or one language's text. */
function useGroupSetters(setValues: Dispatch<SetStateAction<GroupFormValues>>, markets: CmsOptions['markets']) {
  const set = useCallback(
    <K extends keyof GroupFormValues>(field: K, value: GroupFormValues[K]) =>
      setValues((current) => {
        const next = { ...current, [field]: value };
        // A new type or market can take the chosen link target out of the choices.
        if (field === 'content_type' || field === 'market_ids') {
          const choices = linkTargetOptions({ contentType: next.content_type, marketIds: next.market_ids, markets: markets });
          next.link_target = keepLinkTarget(next.link_target, choices);
        }
        return next;
      }),
    [markets, setValues],
  );
  const setText = useCallback(
    (language: string, text: string) => {
      setValues((current) => ({ ...current, content: { ...current.content, [language]: text } }));
    },
    [setValues],
  );
  return { set, setText };
}

/**
 * Grouped content (SPEC §2): one text per provider language sharing type, channel, categories,
 * markets and link target. Loads the group when editing; Submit creates or updates it, then goes
 * to /cms. Leaving with unsaved changes asks first. An update names the version it loaded: if
 * another operator saved the group meanwhile, the conflict dialog asks (theirs beside mine).
 */
export function useGroupedContent(groupId: number | undefined) {
  const { providerId, sportId, providers } = useSnapshot(contextStore);
  const provider = findById(providers, providerId);
  const options = useCmsOptions();
  const navigate = useNavigate();
  const { saving, run } = useSaving();
  const versioned = useVersionedSave();
  const read = useApiQuery(routes.group, { params: { p: providerId, s: sportId, groupId: groupId ?? 0 } }, { enabled: groupId !== undefined, staleTime: 0 });
  const { values, setValues, initial, record, load, status, allowLeaving } = useRecordForm({ id: groupId, read, toForm: groupToForm, empty: emptyGroupForm });
  /** The version the form was loaded from (or took with "Keep theirs"): an update names it. */
  const version = record?.version;
  const loading = status === 'loading';

  const linkTargets = linkTargetOptions({ contentType: values.content_type, marketIds: values.market_ids, markets: options.markets });

  const { set, setText } = useGroupSetters(setValues, options.markets);

  const languages = provider?.meta.languages ?? [];

  const { save: saveVersioned } = versioned;
  const save = useCallback(async () => {
    try {
      // Busy until the form is left: a second Submit cannot save the group again while /cms opens.
      await run(async () => {
        const body = formToGroupInput(values, languages);
        const query = { provider: providerId, sport: sportId };
        const view = (v: typeof values) => groupConflictView(v, languages, options);
        const saved =
          groupId === undefined
            ? await api(routes.groupCreate, { query, body })
            : await saveVersioned<unknown, ContentGroup>({
                send: (theirs, merged) => {
                  const named = theirs?.version ?? version;
                  const sent = merged === undefined ? body : formToGroupInput(merged as GroupFormValues, languages);
                  return api(routes.groupUpdate, {
                    params: { groupId },
                    query,
                    body: { ...sent, ...(named === undefined ? {} : { version: named }) },
                    ...CONFLICT_SHOWN,
                  });
                },
                // Merged as the form holds it (one text per language), shown in the form's words.
                mine: () => values,
                view: groupToForm,
                present: (record) => view(record as GroupFormValues),
                started: initial,
                adopt: (merged) => setValues(merged as GroupFormValues),
                keepTheirs: load,
              });
        // Nothing saved (their version taken, or the dialog closed): the form stays.
        if (!saved) return;
        void invalidateRoute(routes.groups);
        void invalidateRoute(routes.contents);
        if (groupId !== undefined) void invalidateRoute(routes.group, { p: providerId, s: sportId, groupId });
        allowLeaving();
        await navigate('/cms');
      });
    } catch {
      // The API client has shown why; the form keeps what was typed.
    }
  }, [values, initial, languages, providerId, sportId, groupId, allowLeaving, navigate, saveVersioned, version, load, options, setValues, run]);

  return { values, set, setText, linkTargets, options, provider, loading, saving, save, conflict: versioned.conflict };
}

export type GroupedContentState = ReturnType<typeof useGroupedContent>;
