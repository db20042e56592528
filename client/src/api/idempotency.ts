/**
 * Idempotency keys of the console's POSTs. Each save attempt gets a key, sent as `Idempotency-Key`
 * and kept across its retries, so the services carry it out once however often it is sent. A save
 * whose outcome is unknown (no reply, or a 502/503/504: the services may have applied it) keeps its
 * key for the next identical save (same address, same body), so an operator who presses Save again
 * after such an error gets the first save's result, not a second record.
 */
const unsettled = new Map<string, string>();
/** Enough for every save a session leaves unsettled; the oldest go first. */
const MAX_UNSETTLED = 200;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Statuses after which a POST may or may not have been applied, and a retry with its key is safe. */
export const UNSETTLED_STATUSES: readonly number[] = [0, 502, 503, 504];
/** The services still run the first request with this key: ask again shortly. */
export const IN_PROGRESS_CODE = 'IDEMPOTENCY_IN_PROGRESS';

function newKey(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of a save attempt: the unsettled one of an identical earlier save, else a new one. */
export function keyFor(url: string, body: string | null): string {
  return unsettled.get(`${url}\n${body ?? ''}`) ?? newKey();
}

/** The attempt's outcome is known (a reply that is not UNSETTLED_STATUSES): its key is done. */
export function settled(url: string, body: string | null): void {
  unsettled.delete(`${url}\n${body ?? ''}`);
}

/** The attempt's outcome is unknown: an identical save reuses its key. */
export function unsettledKey(url: string, body: string | null, key: string): void {
  const id = `${url}\n${body ?? ''}`;
  unsettled.delete(id);
  unsettled.set(id, key);
  if (unsettled.size > MAX_UNSETTLED) unsettled.delete(unsettled.keys().next().value!);
}

/** Waits before retry `attempt` (0, 1, 2): about 1, 2, 4 s, with jitter. */
export const retryWait = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 1_000 * 2 ** attempt * (0.75 + Math.random() / 2)));
