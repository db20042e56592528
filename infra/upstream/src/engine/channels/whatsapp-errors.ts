import type { ChannelOutcome } from './adapter';

/**
 * WhatsApp Cloud API error codes (Meta's "WhatsApp error codes" page; build on `error.code`, never
 * on titles) mapped to what the sender does next. Meta gives no wait with its rate-limit errors:
 * the waits below are ours, chosen from what each limit counts.
 */

/** 130429: the number's throughput (80 messages/s by default) is spent for this second. */
export const THROUGHPUT_BACKOFF_MS = 2_000;
/** 4, 80007: the app's or the business account's call rate (counted per hour). */
const ACCOUNT_RATE_BACKOFF_MS = 60_000;
/** 131048: the number is held back for spam; Meta lifts it after a while, not seconds. */
const SPAM_BACKOFF_MS = 15 * 60_000;
/** 131056: one recipient takes about one message per 6 s from a business number (pair rate limit). */
export const PAIR_RATE_RETRY_MS = 6_000;

/** The reason a free-text message is refused outside the customer-service window (131047). */
export const OUTSIDE_WINDOW = 'outside the 24-hour window: a template is needed';

type Decision =
  | { kind: 'backoff'; retryAfterMs: number }
  | { kind: 'retry'; retryAfterMs?: number }
  | { kind: 'failed' | 'gone' | 'misconfigured'; reason?: string };

const RULES: [codes: number[], decision: Decision][] = [
  [[130429], { kind: 'backoff', retryAfterMs: THROUGHPUT_BACKOFF_MS }],
  [[4, 80007], { kind: 'backoff', retryAfterMs: ACCOUNT_RATE_BACKOFF_MS }],
  [[131048], { kind: 'backoff', retryAfterMs: SPAM_BACKOFF_MS }],
  [[131056], { kind: 'retry', retryAfterMs: PAIR_RATE_RETRY_MS }],
  // Transient on Meta's side: something went wrong, service unavailable, the number in maintenance.
  [[1, 2, 131000, 131016, 131057, 133004], { kind: 'retry' }],
  [[131047], { kind: 'failed', reason: OUTSIDE_WINDOW }],
  [[131049], { kind: 'failed', reason: 'marketing limit: Meta held the message back to keep this user engaged' }],
  // The recipient: not a WhatsApp user or cannot take the message; opted out of this business's marketing.
  [[131026], { kind: 'gone', reason: 'message undeliverable (not a WhatsApp user, or cannot receive it)' }],
  [[131050], { kind: 'gone', reason: 'the user stopped marketing messages from this business' }],
  // Our side, for an admin: token, permissions, the number, the account, payment, the template's state.
  [[0, 3, 10, 190, 368, 131031, 131042, 131045, 132001, 132015, 132016, 133010, 133000], { kind: 'misconfigured' }],
];

const byCode = new Map(RULES.flatMap(([codes, decision]) => codes.map((code) => [code, decision] as const)));

/** The outcome of an error answer: Meta's code (and HTTP status when the body carries none), in Meta's terms. */
export function whatsappOutcome(status: number, code: number | null, words: string): Exclude<ChannelOutcome, { kind: 'sent' }> {
  const said = `WhatsApp ${code ?? status}${words ? `: ${words}` : ''}`;
  const decision = code === null ? null : (byCode.get(code) ?? (code >= 200 && code <= 299 ? ({ kind: 'misconfigured' } as Decision) : null));
  if (decision?.kind === 'backoff') return { kind: 'backoff', error: said, retryAfterMs: decision.retryAfterMs };
  if (decision?.kind === 'retry') return { kind: 'retry', error: said, ...(decision.retryAfterMs && { retryAfterMs: decision.retryAfterMs }) };
  if (decision) return { kind: decision.kind, error: decision.reason ? `WhatsApp ${code}: ${decision.reason}` : said };
  if (status === 401 || status === 403) return { kind: 'misconfigured', error: said };
  if (status === 429) return { kind: 'backoff', error: said, retryAfterMs: THROUGHPUT_BACKOFF_MS };
  if (status >= 500) return { kind: 'retry', error: said };
  // 100 (invalid parameter), 131009, 131051, 132000, 132012...: this message as built is refused.
  return { kind: 'failed', error: said };
}
