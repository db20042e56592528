import type { AdapterContext, ChannelOutcome } from './adapter';

/**
 * The one HTTP call the messaging adapters (Telegram, WhatsApp, X) make to their vendor: a JSON
 * (or form) request, the answer read up to a size cap and parsed when it is JSON. A call that gets
 * no answer is a `retry` whose text names neither the host nor the port (they are ours to know).
 */

/** What a vendor answered: its status, headers and body (parsed JSON, else null). */
export interface VendorAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A vendor's answer is a small JSON object; anything past this is not read. */
const MAX_ANSWER_BYTES = 64 * 1024;

async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_ANSWER_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

/** POSTs to the vendor; the answer, or the `retry` outcome of a call that got none (`vendor` names it). */
export async function callVendor(vendor: string, url: string, init: RequestInit, context: AdapterContext): Promise<VendorAnswer | ChannelOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', redirect: 'manual', ...init, signal: context.signal });
  } catch {
    return { kind: 'retry', error: context.signal.aborted ? `${vendor}: no answer within the timeout` : `${vendor}: connection failed` };
  }
  let body: unknown = null;
  try {
    const text = await readCapped(response);
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status alone decides.
  }
  return { status: response.status, headers: response.headers, body };
}

export const isAnswer = (value: VendorAnswer | ChannelOutcome): value is VendorAnswer => 'status' in value;

/**
 * A vendor's own words for an operator: one line, at most 160 characters, with every secret and
 * anything that looks like an address removed (a description may quote the URL it was called on).
 */
export function vendorWords(text: unknown, secrets: readonly string[] = []): string {
  if (typeof text !== 'string') return '';
  let words = text;
  for (const secret of secrets) if (secret) words = words.split(secret).join('…');
  words = words
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '…')
    .replace(/\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/g, '…')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length > 160 ? `${words.slice(0, 159)}…` : words;
}

/** Reads a property path of an untyped JSON value (`at(body, 'error', 'code')`). */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
