import type { DeliveryStats } from '@odds/protocol';
import { isFinalHttpStatus, parseRetryAfter } from '../retry-policy';
import type { DestinationPolicy } from './destination';
import { receiverReport } from './report';
import { CallFailed, safeRequest } from './safe-http';

export interface SendResult {
  status: 'SENT' | 'FAILED';
  error?: string;
  stats?: DeliveryStats | null;
  /** A failure that the same call would meet again (retry-policy.ts): not retried. */
  final?: boolean;
  /** The receiver's `Retry-After` (429, 503), in milliseconds. */
  retryAfterMs?: number | null;
  /** Why a 2xx answer's `report` was not kept (logged; the figures stay N/A). */
  reportIgnored?: string | null;
}

export interface WebhookCall {
  timeoutMs: number;
  /** Signature, idempotency key. */
  headers: Record<string, string>;
  policy: DestinationPolicy;
}

/**
 * Webhook adapter: POSTs the delivery (JSON text, as signed) to the contact's URL through the
 * guarded call (safe-http.ts: destination checked on the connected address, no redirects, the
 * answer read up to 64 KiB). A 2xx answer is SENT, and a `{report: {ios, android, total}}` body
 * of the right shape becomes the delivery's figures (source `channel`); any other answer, or none
 * within the timeout, is FAILED with what happened in words that name no host, port or body,
 * marked `final` when retrying cannot help (retry-policy.ts; a redirect; a refused destination),
 * carrying a 429's or 503's `Retry-After`.
 */
export async function postWebhook(url: string, body: string, call: WebhookCall): Promise<SendResult> {
  try {
    const response = await safeRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'odds-console-engine/1', ...call.headers },
      body,
      timeoutMs: call.timeoutMs,
      policy: call.policy,
    });
    if (response.status >= 300 && response.status < 400) {
      return { status: 'FAILED', error: `the receiver answered HTTP ${response.status} (a redirect, not followed)`, final: true };
    }
    if (response.status < 200 || response.status >= 300) {
      const retryAfter = response.status === 429 || response.status === 503 ? parseRetryAfter(header(response.headers['retry-after']), Date.now()) : null;
      return {
        status: 'FAILED',
        error: `the receiver answered HTTP ${response.status}`,
        ...(isFinalHttpStatus(response.status) && { final: true }),
        ...(retryAfter !== null && { retryAfterMs: retryAfter }),
      };
    }
    const { stats, ignored } = receiverReport(response.body, response.truncated);
    return { status: 'SENT', stats, ...(ignored && { reportIgnored: ignored }) };
  } catch (error) {
    if (error instanceof CallFailed) return { status: 'FAILED', error: error.message, ...(error.final && { final: true }) };
    throw error;
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** Asks the receiver for the delivery's report again (`GET url?delivery_id=`), through the same checks; null when it has none. */
export async function fetchWebhookReport(url: string, deliveryId: number, call: Omit<WebhookCall, 'headers'>): Promise<DeliveryStats | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  target.searchParams.set('delivery_id', String(deliveryId));
  try {
    const response = await safeRequest(target.href, {
      method: 'GET',
      timeoutMs: call.timeoutMs,
      policy: call.policy,
      headers: { 'user-agent': 'odds-console-engine/1' },
    });
    if (response.status < 200 || response.status >= 300) return null;
    return receiverReport(response.body, response.truncated).stats;
  } catch (error) {
    if (error instanceof CallFailed) return null;
    throw error;
  }
}
