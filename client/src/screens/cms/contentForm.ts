import { DEFAULT_CHANNEL_ID, DEFAULT_LANGUAGE, type ContentItem, type ContentItemInput, type ContentType, type SideContext } from '@odds/protocol';
import { channelName, namesOf, type Named } from './conflictNames';
import { takesLinkTarget } from './linkTargets';

/** The fields of one content item as the new-content modal and the edit page hold them. */
export interface ContentFormValues {
  content_type: ContentType;
  language: string;
  channel_id: number;
  side_context: SideContext;
  /** The text; an image item has its file instead. */
  content: string;
  categories: number[];
  markets: number[];
  market_types: number[];
  link_target: string | null;
  provider_lock: boolean;
  auto_build: boolean;
  deliver: boolean;
  group_id: number | null;
}

export function emptyContentForm(languages: readonly string[]): ContentFormValues {
  return {
    content_type: 'title',
    language: languages.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (languages[0] ?? DEFAULT_LANGUAGE),
    channel_id: DEFAULT_CHANNEL_ID,
    side_context: 'none',
    content: '',
    categories: [],
    markets: [],
    market_types: [],
    link_target: null,
    provider_lock: false,
    auto_build: false,
    deliver: true,
    group_id: null,
  };
}

export function itemToForm(item: ContentItem): ContentFormValues {
  return {
    content_type: item.content_type,
    language: item.language,
    channel_id: item.channel_id,
    side_context: item.side_context,
    content: item.content,
    categories: item.categories.map((c) => c.id),
    markets: item.markets.map((m) => m.id),
    market_types: item.market_types.map((t) => t.id),
    link_target: item.link_target,
    provider_lock: item.provider_lock,
    auto_build: item.auto_build,
    deliver: item.deliver,
    group_id: item.group?.id ?? null,
  };
}

/** SPEC §5: selecting a market also locks the content to the provider. */
export const isProviderLocked = (values: Pick<ContentFormValues, 'provider_lock' | 'markets'>) => values.provider_lock || values.markets.length > 0;

export function formToContentInput(values: ContentFormValues): ContentItemInput {
  return {
    content: values.content_type === 'image' ? '' : values.content,
    content_type: values.content_type,
    language: values.language,
    channel_id: values.channel_id,
    side_context: values.side_context,
    link_target: takesLinkTarget(values.content_type) ? values.link_target : null,
    categories: values.categories,
    markets: values.markets,
    market_types: values.market_types,
    provider_lock: isProviderLocked(values),
    auto_build: values.auto_build,
    deliver: values.deliver,
    group_id: values.group_id,
  };
}

/** Message shown when the chosen file is not an image (SPEC §5: image/* only). */
export const IMAGE_ONLY = 'Only image files can be uploaded: choose a PNG, JPEG, GIF or WebP picture.';

export const isImageFile = (file: File) => file.type.toLowerCase().startsWith('image/');

/**
 * The multipart form of a content create (SPEC §7 `POST content`): every field, id lists repeated,
 * and for an image item its file as the `image` part.
 */
export function contentFormData(values: ContentFormValues, image: File | null): FormData {
  const input = formToContentInput(values);
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const id of value) form.append(name, String(id));
    else form.append(name, String(value));
  }
  if (values.content_type === 'image' && image) form.append('image', image, image.name);
  return form;
}

/**
 * A content item as the conflict dialog compares it (theirs beside mine): the fields the form
 * saves, with channel, categories, markets and market types by name and switches as yes / no.
 */
export function contentConflictView(
  values: ContentFormValues,
  options: { categories: readonly Named[]; markets: readonly Named[]; marketTypes: readonly Named[] },
) {
  const input = formToContentInput(values);
  const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');
  return {
    ...input,
    channel_id: channelName(input.channel_id),
    categories: namesOf(values.categories, options.categories),
    markets: namesOf(values.markets, options.markets),
    market_types: namesOf(values.market_types, options.marketTypes),
    provider_lock: yesNo(input.provider_lock),
    auto_build: yesNo(input.auto_build),
    deliver: yesNo(input.deliver),
  };
}
