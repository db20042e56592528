import { CHANNELS, type DeliveryLog } from '@odds/protocol';
import type { CompileContext } from '../content/compile';
import { compileContent, rankContents, type ContentSituation } from './content';
import type { ContactInfo, ContentInfo } from './match-state';

/** Channels whose message cannot go out without a subject (the compiled title). */
const NEEDS_SUBJECT = new Set<number>(CHANNELS.filter((c) => c.code === 'EMAIL').map((c) => c.id));

const channelName = (id: number) => CHANNELS.find((c) => c.id === id)?.name ?? `channel ${id}`;

/** Why a compiled text cannot be delivered on a channel; null when it can. */
function undeliverable(log: DeliveryLog, channelId: number): string | null {
  if (!log.subject && !log.body && !log.cta) return 'no text';
  if (NEEDS_SUBJECT.has(channelId) && !log.subject) return `no subject (an ${channelName(channelId)} needs one)`;
  return null;
}

interface TextChoice {
  language: string;
  content: ContentInfo;
  outcome: string;
  log: DeliveryLog;
}

export type Texts = { chosen: TextChoice[]; detail: null } | { chosen: []; detail: string };

/**
 * The texts a recipient gets for a firing, one per language it has a deliverable text in. The
 * fired outcomes are tried likeliest first (lowest odds; ties in the market's order): each
 * language gets the text of the first outcome its content compiles to a deliverable text for (a
 * title, body or cta; an Email also needs a subject), from the most specific content that has one.
 * No language with a text: `detail` says why, for the NO_CONTENT suppression. `compile` caches
 * compiled texts by content and outcome (one log object per text, shared by its recipients).
 */
export function textsFor(
  contents: readonly ContentInfo[],
  situation: Omit<ContentSituation, 'language' | 'channelId'>,
  contact: ContactInfo,
  languages: readonly string[],
  outcomes: readonly { outcome: string; odds: number }[],
  compile: (content: ContentInfo, outcome: string) => DeliveryLog,
): Texts {
  const order = [...outcomes].sort((a, b) => a.odds - b.odds).map((o) => o.outcome);
  const chosen: TextChoice[] = [];
  const problems = new Set<string>();
  let anyContent = false;
  for (const language of languages) {
    const ranked = rankContents(contents, { ...situation, channelId: contact.channelId, language });
    if (ranked.length) anyContent = true;
    let found: TextChoice | null = null;
    for (const outcome of order) {
      for (const content of ranked) {
        const log = compile(content, outcome);
        const problem = undeliverable(log, contact.channelId);
        if (!problem) {
          found = { language, content, outcome, log };
          break;
        }
        problems.add(problem);
      }
      if (found) break;
    }
    if (found) chosen.push(found);
  }
  if (chosen.length) return { chosen, detail: null };
  const channel = channelName(contact.channelId);
  const node = situation.prematch ? 'PRE' : situation.score;
  if (!anyContent) return { chosen: [], detail: `no ${channel} content in ${languages.join(', ')} for ${node}` };
  return { chosen: [], detail: `${channel} content in ${languages.join(', ')} for ${node} has ${[...problems].join(' and ')} for ${order.join(', ')}` };
}

/** Compiles a content for an outcome as a delivery log (the whole text sent in `content`). */
export function compileLog(content: ContentInfo, context: CompileContext, outcome: string): DeliveryLog {
  const texts = compileContent(content, context, outcome);
  return {
    subject: texts.title,
    body: texts.body,
    cta: texts.cta,
    outcome,
    content: [texts.title, texts.body, texts.cta, texts.image].filter(Boolean).join('\n') || null,
  };
}
