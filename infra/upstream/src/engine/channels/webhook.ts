import type { DeliveryStats } from '@odds/protocol';
import { isFinalHttpStatus, parseRetryAfter } from '../retry-policy';

export interface SendResult {
  status: 'SENT' | 'FAILED';
  error?: string;
  stats?: DeliveryStats | null;
  /** A failure that the same call would meet again (retry-policy.ts): not retried. */
  final?: boolean;
  /** The receiver's `Retry-After` (429, 503), in milliseconds. */
  retryAfterMs?: number | null;
}

const isReport = (value: unknown): value is DeliveryStats => typeof value === 'object' && value !== null && 'report' in value;

/**
 * Webhook adapter: POSTs the delivery as JSON to the contact's URL. A 2xx answer is SENT (and a
 * `{report: {ios, android, total}}` body, if the receiver gives one, becomes the delivery's stats);
 * anything else, or no answer within the timeout, is FAILED with the reason, marked `final` when
 * retrying cannot help (retry-policy.ts) and carrying a 429's or 503's `Retry-After`.
 */
export async function postWebhook(url: string, payload: unknown, timeoutMs = 5000, headers: Record<string, string> = {}): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'odds-console-engine/1', ...headers },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) {
      const retryAfterMs = response.status === 429 || response.status === 503 ? parseRetryAfter(response.headers.get('retry-after'), Date.now()) : null;
      return {
        status: 'FAILED',
        error: `HTTP ${response.status} from ${new URL(url).host}`,
        ...(isFinalHttpStatus(response.status) && { final: true }),
        ...(retryAfterMs !== null && { retryAfterMs }),
      };
    }
    let stats: DeliveryStats | null = null;
    try {
      const body: unknown = text ? JSON.parse(text) : null;
      if (isReport(body)) stats = body;
    } catch {
      // A receiver may answer with anything; only a report is kept.
    }
    return { status: 'SENT', stats };
  } catch (error) {
    return { status: 'FAILED', error: `webhook ${new URL(url).host}: ${(error as Error).message}` };
  }
}

/** Asks the receiver for the delivery's report again (`GET url?delivery_id=`); null when it has none. */
export async function fetchWebhookReport(url: string, deliveryId: number, timeoutMs = 5000): Promise<DeliveryStats | null> {
  try {
    const target = new URL(url);
    target.searchParams.set('delivery_id', String(deliveryId));
    const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isReport(body) ? body : null;
  } catch {
    return null;
  }
}
