import { DEFAULT_CHANNEL_ID, type ContentGroup, type ContentGroupInput, type ContentType } from '@odds/protocol';
import { channelName, namesOf, type Named } from '../conflictNames';
import { takesLinkTarget } from '../linkTargets';

/** A group holds texts only: images are uploaded one item at a time. */
export const GROUP_CONTENT_TYPES = ['title', 'content', 'cta'] as const satisfies readonly ContentType[];

export interface GroupFormValues {
  name: string;
  content_type: ContentType;
  channel_id: number;
  categories: number[];
  link_target: string | null;
  /** In the order picked: the first one decides the link targets. */
  market_ids: number[];
  /** Language code to text. */
  content: Record<string, string>;
}

export function emptyGroupForm(): GroupFormValues {
  return { name: '', content_type: 'title', channel_id: DEFAULT_CHANNEL_ID, categories: [], link_target: null, market_ids: [], content: {} };
}

/**
 * A saved group as the form shows it (SPEC §2): type, categories, markets, channel and link target
 * from its first item, and the text of every item under its language.
 */
export function groupToForm(group: ContentGroup): GroupFormValues {
  const first = group.items[0];
  if (!first) return { ...emptyGroupForm(), name: group.name ?? '' };
  return {
    name: group.name ?? '',
    content_type: first.content_type,
    channel_id: first.channel_id,
    categories: first.categories.map((category) => category.id),
    link_target: first.link_target,
    market_ids: first.markets.map((market) => market.id),
    content: Object.fromEntries(group.items.map((item) => [item.language, item.content])),
  };
}

/**
 * The group to save: one text per provider language (an emptied one removes that language's item),
 * a link target only for cta and content, no name when none was given (the name is optional).
 */
export function formToGroupInput(values: GroupFormValues, languages: readonly string[]): ContentGroupInput {
  return {
    name: values.name.trim() || null,
    content_type: values.content_type,
    channel_id: values.channel_id,
    content: Object.fromEntries(languages.map((code) => [code, values.content[code] ?? ''])),
    market_ids: values.market_ids,
    link_target: takesLinkTarget(values.content_type) ? values.link_target : null,
    categories: values.categories,
  };
}

/** A group as the conflict dialog compares it (theirs beside mine): names for ids, one text per language. */
export function groupConflictView(values: GroupFormValues, languages: readonly string[], options: { categories: readonly Named[]; markets: readonly Named[] }) {
  const input = formToGroupInput(values, languages);
  return {
    name: input.name,
    content_type: input.content_type,
    channel_id: channelName(input.channel_id),
    categories: namesOf(values.categories, options.categories),
    markets: namesOf(values.market_ids, options.markets),
    link_target: input.link_target,
    ...Object.fromEntries(languages.map((code) => [`text_${code}`, input.content[code] ?? ''])),
  };
}
