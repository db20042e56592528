/** How a retried wait grows: `baseMs` before the first retry, doubled for each further one, never over `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** 'equal': half the wait fixed, half random, so that the retries of many clients spread out. */
  jitter?: 'equal';
}

/** The wait before retry `attempt` (1 for the first): every process's one exponential backoff. */
export function backoffDelay(attempt: number, { baseMs, maxMs, jitter }: Backoff, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(0, attempt - 1), 30));
  return jitter === 'equal' ? Math.round(ceiling / 2 + random() * (ceiling / 2)) : ceiling;
}
