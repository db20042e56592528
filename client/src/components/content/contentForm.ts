import { availableScoreNodes, type MatchContent, type MatchContentInput, type MatchContentParts, type ScoresDefinition } from '@odds/protocol';

export const PART_TYPES = ['title', 'content', 'cta', 'image'] as const;
export type PartType = (typeof PART_TYPES)[number];

export interface ContentForm {
  id?: number;
  /** The version the form was opened on: the save names it (409 when someone saved the record since). */
  version?: number;
  marketId: number | null;
  channelId: number;
  language: string;
  node: string;
  subNode: string | null;
  leafNode: string | null;
  period: number | null;
  timed: boolean;
  before: number | null;
  contactId: number | null;
  macros: string;
  hold: boolean;
  texts: Record<PartType, string>;
}

export const emptyContentForm = (language = 'en'): ContentForm => ({
  marketId: null,
  channelId: 1,
  language,
  node: 'PRE',
  subNode: null,
  leafNode: null,
  period: null,
  timed: false,
  before: null,
  contactId: null,
  macros: '',
  hold: false,
  texts: { title: '', content: '', cta: '', image: '' },
});

/** A saved record in the form: one entry per part type (the first; others stay as saved). */
export const contentFormOf = (mc: MatchContent): ContentForm => ({
  id: mc.id,
  version: mc.version,
  marketId: mc.market?.id ?? null,
  channelId: mc.channel.id,
  language: mc.language.code,
  node: mc.node_id,
  subNode: mc.sub_node,
  leafNode: mc.leaf_node,
  period: mc.period,
  timed: mc.timed,
  before: mc.meta.before,
  contactId: mc.contact_id,
  macros: '',
  hold: mc.hold,
  texts: Object.fromEntries(PART_TYPES.map((t) => [t, mc.content[t][0]?.content ?? ''])) as Record<PartType, string>,
});

/**
 * Score options (SPEC §5): PRE, INPLAY and Hx-Ay from the sport's max_score and increment, less the
 * scores other records of the match already use for the same market and channel. A new record's
 * form moves off a score that becomes used (useContentTab).
 */
export function scoreOptions(
  scores: ScoresDefinition,
  records: readonly MatchContent[],
  form: Pick<ContentForm, 'id' | 'marketId' | 'channelId' | 'node'>,
): string[] {
  const used = records.filter((r) => r.id !== form.id && (r.market?.id ?? null) === form.marketId && r.channel.id === form.channelId).map((r) => r.node_id);
  const options = availableScoreNodes(scores, used);
  // A saved record keeps its own score even if the sport's grid no longer has it.
  return form.id && !options.includes(form.node) ? [form.node, ...options] : options;
}

const MACRO = /^[A-Za-z0-9_.-]+=[^,=]*$/;

/** The macro field (SPEC §5): `key1=replace-value,key2=replace-value`; empty is none. */
export function parseMacros(text: string): Record<string, string> | null {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const pairs = trimmed.split(',').map((p) => p.trim());
  if (!pairs.every((p) => MACRO.test(p))) return null;
  return Object.fromEntries(pairs.map((p) => p.split('=') as [string, string]));
}

/** A deleted record's entries without their ids, to be saved again as a new record. */
export const asNewRecord = (mc: MatchContent): MatchContent => ({
  ...mc,
  content: Object.fromEntries(PART_TYPES.map((t) => [t, mc.content[t].map(({ id: _id, ...entry }) => entry)])) as MatchContent['content'],
});

/** Macros fill `{{key}}` in the texts before they are saved. */
const applyMacros = (text: string, macros: Record<string, string>) =>
  Object.entries(macros).reduce((t, [key, value]) => t.split(`{{${key}}}`).join(value), text);

export type ContentBuild = { ok: true; input: MatchContentInput } | { ok: false; error: string };

export function buildContentInput(form: ContentForm, saved: MatchContent | null): ContentBuild {
  const macros = parseMacros(form.macros);
  if (macros === null) return { ok: false, error: 'Macros must read key1=replace-value,key2=replace-value.' };
  if (form.timed && (!form.before || form.before < 1)) return { ok: false, error: 'Timed content needs a timing in minutes.' };
  if (form.timed && form.contactId === null) return { ok: false, error: 'Timed content needs a contact.' };
  const content = Object.fromEntries(
    PART_TYPES.map((type) => {
      const text = applyMacros(form.texts[type], macros).trim();
      const rest = saved ? saved.content[type].slice(1) : [];
      return [type, text ? [{ ...(saved?.content[type][0]?.id ? { id: saved.content[type][0].id } : {}), content: text }, ...rest] : rest];
    }),
  ) as MatchContentParts;
  if (PART_TYPES.every((t) => content[t].length === 0)) return { ok: false, error: 'Write a title, content, cta or image.' };
  const common = {
    ...(form.id ? { id: form.id } : {}),
    ...(form.id && form.version ? { version: form.version } : {}),
    market_id: form.marketId,
    channel_id: form.channelId,
    language: form.language,
    node_id: form.node,
    sub_node: form.subNode,
    leaf_node: form.leafNode,
    period: form.period,
    hold: form.hold,
    content,
  };
  const input: MatchContentInput = form.timed
    ? { ...common, timed: true, contact_id: form.contactId!, meta: { before: form.before! } }
    : { ...common, timed: false, contact_id: form.contactId, meta: { before: null } };
  return { ok: true, input };
}

/**
 * A content form as the conflict dialog shows it, in the form's words: the market and channel by
 * name, the contact by name, the score and timing as chosen, one text per part (macros are typing
 * help, not content, and are left out).
 */
export function contentConflictView(
  form: ContentForm,
  names: { market: (id: number) => string | undefined; channel: (id: number) => string | undefined; contact: (id: number) => string | undefined },
) {
  return {
    market: form.marketId === null ? 'All markets' : (names.market(form.marketId) ?? `#${form.marketId}`),
    channel: names.channel(form.channelId) ?? `#${form.channelId}`,
    language: form.language,
    score: form.node,
    sub_node: form.subNode,
    leaf_node: form.leafNode,
    period: form.period,
    hold: form.hold ? 'yes' : 'no',
    timed: form.timed ? `${form.before ?? '?'} minutes before` : 'no',
    contact: form.contactId === null ? null : (names.contact(form.contactId) ?? `#${form.contactId}`),
    ...form.texts,
  };
}
