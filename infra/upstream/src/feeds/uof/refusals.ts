import type { FeedMessage } from '@odds/protocol';

/**
 * The feed message of a batch the engine's 400 names ("message 3 (uof:1:…): …"), so the adapter
 * can leave that one out and ingest the rest of the UOF message: a message is never lost whole
 * for one part the engine refuses. Null when the answer names none.
 */
export function refusedIndex(error: unknown, messages: readonly FeedMessage[]): number | null {
  const match = /^message (\d+) \(/.exec((error as Error).message ?? '');
  if (!match) return null;
  const index = Number(match[1]) - 1;
  return index >= 0 && index < messages.length ? index : null;
}

/** The UOF market (id and specifiers) a translated message's source id names: `uof:1:1000:18:total=4.5` → `18 (total=4.5)`. */
export function refusedMarket(message: FeedMessage): string {
  // Specifiers may hold a colon of their own (`hcp=0:1`), a suffix (`:resume`) never a digit after it.
  const match = /^uof:\d+:\d+:(\d+):([^:]*(?::\d+)?)/.exec(message.source_id);
  if (!match) return message.source_id.slice(0, 100);
  return match[2] ? `${match[1]} (${match[2]})` : match[1]!;
}
