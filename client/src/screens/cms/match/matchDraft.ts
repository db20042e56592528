import { DEFAULT_CHANNEL_ID, DEFAULT_LANGUAGE, PRE_NODE, type MatchContentInput, type Side } from '@odds/protocol';
import { takesLinkTarget } from '../linkTargets';

/** The texts a draft holds, one of each (images are uploaded in the CMS list). */
export const DRAFT_PARTS = ['title', 'content', 'cta'] as const;
export type DraftPart = (typeof DRAFT_PARTS)[number];

export interface MatchDraftValues {
  market_id: number | null;
  language: string;
  channel_id: number;
  node_id: string;
  link_target: string | null;
  side: Side;
  texts: Record<DraftPart, string>;
}

export function emptyDraft(languages: readonly string[]): MatchDraftValues {
  return {
    market_id: null,
    language: languages.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (languages[0] ?? DEFAULT_LANGUAGE),
    channel_id: DEFAULT_CHANNEL_ID,
    node_id: PRE_NODE,
    link_target: null,
    side: 'home',
    texts: { title: '', content: '', cta: '' },
  };
}

/** The match content to save (SPEC §7 `POST match/{id}/content`): each written text as one entry of its part. */
export function draftToInput(values: MatchDraftValues): MatchContentInput {
  const entries = (part: DraftPart) => {
    const text = values.texts[part].trim();
    if (!text) return [];
    // The link target belongs to the cta and content texts only (SPEC §2).
    return [{ content: text, link_target: takesLinkTarget(part) ? values.link_target : null }];
  };
  return {
    market_id: values.market_id,
    channel_id: values.channel_id,
    language: values.language,
    node_id: values.node_id,
    link_target: values.link_target,
    content: { title: entries('title'), content: entries('content'), cta: entries('cta'), image: [] },
  };
}
