import { routes, type ContentItem } from '@odds/protocol';
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { invalidateRoute, useApiQuery } from '../../api/queries';
import { useSaving } from '../../api/useSaving';
import { DELETION_SHOWN, useVersionedSave } from '../../components/conflict';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { contextStore, findById } from '../../stores/context';
import {
  contentConflictView,
  contentFormData,
  emptyContentForm,
  formToContentInput,
  IMAGE_ONLY,
  isImageFile,
  itemToForm,
  type ContentFormValues,
} from './contentForm';
import { createContent } from './createContent';
import { keepLinkTarget, linkTargetOptions } from './linkTargets';
import type { CmsOptions } from './useCmsOptions';

interface Options {
  /** The item to edit; none creates one. */
  contentId?: number | undefined;
  options: CmsOptions;
  onSaved: (item: ContentItem) => void;
}

/** The image file chosen for an image item, and why it was refused (image/* only). */
function useImageChoice() {
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);

  const chooseImage = useCallback((file: File | null) => {
    if (file && !isImageFile(file)) {
      setImage(null);
      setImageError(IMAGE_ONLY);
      return;
    }
    setImage(file);
    setImageError(null);
  }, []);
  return { image, imageError, setImageError, chooseImage };
}

/** The link target choices following the selected markets or market types, and a field setter that keeps the link target among them. */
function useLinkTargetFields(options: CmsOptions, setValues: Dispatch<SetStateAction<ContentFormValues>>) {
  const choicesFor = useCallback(
    (v: ContentFormValues) =>
      linkTargetOptions({
        contentType: v.content_type,
        marketIds: v.markets,
        marketTypeIds: v.market_types,
        markets: options.markets,
        marketTypes: options.marketTypes,
      }),
    [options.markets, options.marketTypes],
  );

  const set = useCallback(
    <K extends keyof ContentFormValues>(field: K, value: ContentFormValues[K]) =>
      setValues((current) => {
        const next = { ...current, [field]: value };
        if (field === 'content_type' || field === 'markets' || field === 'market_types') {
          next.link_target = keepLinkTarget(next.link_target, choicesFor(next));
        }
        return next;
      }),
    [choicesFor, setValues],
  );
  return { choicesFor, set };
}

/**
 * One content item's form, for the new-content modal and the edit page: the fields of SPEC §3
 * Content item, link target choices following the selected markets or market types (SPEC §5), and
 * for an image item a file upload that takes image/* only instead of text. An update names the
 * version the form loaded: if another operator saved the item meanwhile, the conflict dialog asks
 * (theirs beside mine), the form keeping what was typed until then.
 */
export function useContentForm({ contentId, options, onSaved }: Options) {
  const { providerId, sportId, providers } = useSnapshot(contextStore);
  const languages = findById(providers, providerId)?.meta.languages ?? [];
  const { image, imageError, setImageError, chooseImage } = useImageChoice();
  const { saving, run } = useSaving<ContentItem | null>();
  const versioned = useVersionedSave();
  const read = useApiQuery(routes.contentItem, { params: { id: contentId ?? 0 } }, { enabled: contentId !== undefined, staleTime: 0 });
  const {
    values,
    setValues,
    record: item,
    load,
    status,
    dirty,
    allowLeaving,
  } = useRecordForm({ id: contentId, read, toForm: itemToForm, empty: () => emptyContentForm(languages), unsaved: image !== null });
  const loading = status === 'loading';

  const { choicesFor, set } = useLinkTargetFields(options, setValues);

  const { save: saveVersioned } = versioned;
  const save = useCallback(async () => {
    const creating = contentId === undefined;
    if (creating && values.content_type === 'image' && !image) {
      setImageError(imageError ?? 'Choose an image file to upload.');
      return;
    }
    const view = (v: ContentFormValues) => contentConflictView(v, options);
    try {
      const saved = await run(() =>
        creating
          ? createContent(contentFormData(values, image), { provider: providerId, sport: sportId })
          : saveVersioned<ContentItem, ContentItem>({
              send: (theirs) => {
                const version = theirs?.version ?? item?.version;
                return api(routes.contentUpdate, {
                  params: { id: contentId },
                  body: { ...formToContentInput(values), ...(version === undefined ? {} : { version }) },
                  ...DELETION_SHOWN,
                });
              },
              mine: () => view(values),
              view: (theirs) => view(itemToForm(theirs)),
              keepTheirs: load,
              deleted: { what: 'This content item', saveAsNew: () => createContent(contentFormData(values, image), { provider: providerId, sport: sportId }) },
            }),
      );
      // Nothing saved (their version taken, or the dialog closed): the form stays.
      if (!saved) return;
      void invalidateRoute(routes.contents);
      if (!creating) void invalidateRoute(routes.contentItem, { id: contentId });
      allowLeaving();
      onSaved(saved);
    } catch {
      // The API client has shown why; the form keeps what was typed.
    }
  }, [contentId, values, image, imageError, providerId, sportId, allowLeaving, onSaved, saveVersioned, item, load, options, run, setImageError]);

  return {
    values,
    set,
    item,
    loading,
    saving,
    dirty,
    image,
    imageError,
    chooseImage,
    save,
    conflict: versioned.conflict,
    creating: contentId === undefined,
    linkTargets: choicesFor(values),
    options,
  };
}

export type ContentFormState = ReturnType<typeof useContentForm>;
