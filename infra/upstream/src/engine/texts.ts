import { CHANNELS, type DeliveryLog } from '@odds/protocol';
import type { CompileContext } from '../content/compile';
import { compileContent, rankContents, type ContentSituation } from './content';
import type { ContactInfo, ContentInfo } from './match-state';

/**
 * The parts a channel's message cannot go out without: a push is shown as a title over a body, an
 * email as a subject over a body. Other channels need some text (a title, body or cta).
 */
const REQUIRED_PARTS: Readonly<Partial<Record<string, readonly ('title' | 'subject' | 'body')[]>>> = { PUSH: ['title', 'body'], EMAIL: ['subject', 'body'] };

const channelOf = (id: number) => CHANNELS.find((c) => c.id === id);
const channelName = (id: number) => channelOf(id)?.name ?? `channel ${id}`;
const requiredParts = (channelId: number) => REQUIRED_PARTS[channelOf(channelId)?.code ?? ''] ?? [];

/** " (a Push notification needs a title and a body)" for the suppression's detail; '' for a channel that needs no part in particular. */
function needs(channelId: number): string {
  const name = channelName(channelId);
  const parts = requiredParts(channelId);
  return parts.length ? ` (${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name} needs ${parts.map((p) => `a ${p}`).join(' and ')})` : '';
}

/** Why a compiled text cannot be delivered on a channel ("no title and no body"); null when it can. */
function undeliverable(log: DeliveryLog, channelId: number): string | null {
  const blank = (text: string | null) => !text?.trim();
  if (blank(log.subject) && blank(log.body) && blank(log.cta)) return 'no text';
  // A push's title and an email's subject are the same compiled part (the log's subject).
  const missing = requiredParts(channelId).filter((part) => blank(part === 'body' ? log.body : log.subject));
  return missing.length ? missing.map((part) => `no ${part}`).join(' and ') : null;
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
 * language gets the text of the first outcome its content compiles to a deliverable text for (the
 * parts its channel requires, REQUIRED_PARTS, written for that outcome: entries linked to another
 * outcome never count), from the most specific content that has one.
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
        problems.add(`${problem} for ${outcome}`);
      }
      if (found) break;
    }
    if (found) chosen.push(found);
  }
  if (chosen.length) return { chosen, detail: null };
  const channel = channelName(contact.channelId);
  const node = situation.prematch ? 'PRE' : situation.score;
  if (!anyContent) return { chosen: [], detail: `no ${channel} content in ${languages.join(', ')} for ${node}` };
  return { chosen: [], detail: `${channel} content in ${languages.join(', ')} for ${node} has ${[...problems].join('; ')}${needs(contact.channelId)}` };
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
