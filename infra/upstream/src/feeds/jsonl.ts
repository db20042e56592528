import { readFileSync } from 'node:fs';
import Value from 'typebox/value';
import { type FeedHeader, RecordedLine, type FeedMessage, type RecordedMessage } from '@odds/protocol';

export interface RecordedFeed {
  header: FeedHeader;
  messages: RecordedMessage[];
}

/** Where the shipped recorded feeds live (infra/feeds/). */
export const FEEDS_DIR = new URL('../../../feeds/', import.meta.url);

/**
 * Reads a recorded feed (JSON Lines): a header line, then one message per line with its
 * offset_ms, offsets never going back. Blank lines are skipped. Errors name the line.
 */
export function parseFeed(text: string, name = 'feed'): RecordedFeed {
  const lines = text
    .split('\n')
    .map((line, i) => ({ line, number: i + 1 }))
    .filter(({ line }) => line.trim() !== '');
  if (!lines.length) throw new Error(`${name}: empty`);
  const parsed = lines.map(({ line, number }) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${name}:${number}: not JSON`);
    }
    if (!Value.Check(RecordedLine, value)) {
      const first = [...Value.Errors(RecordedLine, value)][0];
      throw new Error(`${name}:${number}: not a feed line (${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'})`);
    }
    return { value, number };
  });
  const [first, ...rest] = parsed;
  if (first!.value.type !== 'header') throw new Error(`${name}:${first!.number}: the first line must be the header`);
  const { offset_ms: _, ...header } = first!.value;
  let last = 0;
  const messages = rest.map(({ value, number }) => {
    if (value.type === 'header') throw new Error(`${name}:${number}: a second header`);
    if (value.offset_ms < last) throw new Error(`${name}:${number}: offset_ms goes back (${value.offset_ms} < ${last})`);
    last = value.offset_ms;
    return value as RecordedMessage;
  });
  return { header: header as FeedHeader, messages };
}

export const readFeedFile = (path: string | URL): RecordedFeed => parseFeed(readFileSync(path, 'utf8'), String(path).split('/').at(-1));

/** One line of a recorded feed. */
export const feedLine = (value: object): string => `${JSON.stringify(value)}\n`;

/**
 * A recorded message as the ingest route takes it: without its offset, dated `base + offset`; or,
 * when the recording keeps each message's own sent_at (its header's `base_at`, given as
 * `originMs`), dated base + (sent_at − base_at), so a late message stays as late as it was.
 */
export function toMessage(recorded: RecordedMessage, baseMs: number, originMs?: number): FeedMessage {
  const { offset_ms, ...message } = recorded;
  const own = originMs !== undefined && message.sent_at ? Date.parse(message.sent_at) : Number.NaN;
  const sentMs = Number.isNaN(own) ? baseMs + offset_ms : baseMs + (own - originMs!);
  return { ...message, sent_at: new Date(sentMs).toISOString() } as FeedMessage;
}

/** The feed clock of offset 0 of a recording that keeps each message's sent_at (undefined otherwise). */
export const feedOrigin = (feed: RecordedFeed): number | undefined => (feed.header.base_at ? Date.parse(feed.header.base_at) : undefined);

/** Offset of the kick-off (period 1 starting) in a recording, 0 if it has none. */
export function kickOffOffset(messages: readonly RecordedMessage[]): number {
  return messages.find((m) => m.type === 'event' && m.kind === 'period_start' && (m.period ?? 1) === 1)?.offset_ms ?? 0;
}
