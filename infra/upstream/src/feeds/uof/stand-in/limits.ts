import type { FastifyInstance } from 'fastify';

/** The Sports API endpoints whose calls the stand-in can limit, as the vendor limits calls per endpoint. */
type LimitedEndpoint = 'schedule' | 'live' | 'fixture' | 'tournament';

/** An error the stand-in answers a call with instead (tests: a vendor outage, or its throttling). */
interface Fault {
  status: 429 | 500 | 502 | 503;
  retryAfterS?: number;
}

export interface LimitOptions {
  /** Requests per minute per endpoint; a call over it is answered 429 with Retry-After, as the vendor's API does. */
  limits?: Partial<Record<LimitedEndpoint, number>>;
  /** Test hook: an error to answer this call with, or null to serve it. */
  fault?: (path: string) => Fault | null;
  now: () => number;
  refuse: (status: number, message: string, retryAfterS?: number) => { status: number; body: string; retryAfterS?: number };
}

function endpointOf(path: string): LimitedEndpoint | null {
  if (/\/schedules\/live\//.test(path)) return 'live';
  if (/\/schedules\//.test(path)) return 'schedule';
  if (/\/sport_events\/[^/]+\/(fixture|summary)\.xml/.test(path)) return 'fixture';
  if (/\/tournaments\//.test(path)) return 'tournament';
  return null;
}

/**
 * Answers calls over an endpoint's rate with 429 (a sliding minute; Retry-After the seconds until
 * the oldest call of the minute leaves it), and the faults a test asks for, before any route runs.
 */
export function limitCalls(app: FastifyInstance, options: LimitOptions): void {
  const calls = new Map<LimitedEndpoint, number[]>();
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const fault = options.fault?.(path) ?? null;
    const endpoint = endpointOf(path);
    let refusal: ReturnType<LimitOptions['refuse']> | null = null;
    if (fault) refusal = options.refuse(fault.status, fault.status === 429 ? 'Too many requests.' : 'Internal server error.', fault.retryAfterS);
    else if (endpoint && options.limits?.[endpoint]) {
      const now = options.now();
      const recent = (calls.get(endpoint) ?? []).filter((at) => at > now - 60_000);
      if (recent.length >= options.limits[endpoint]) {
        const retryAfterS = Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000));
        refusal = options.refuse(429, `Too many requests: ${options.limits[endpoint]} a minute on this endpoint.`, retryAfterS);
      } else recent.push(now);
      calls.set(endpoint, recent);
    }
    if (!refusal) return;
    if (refusal.retryAfterS !== undefined) reply.header('retry-after', String(refusal.retryAfterS));
    return reply.status(refusal.status).type('application/xml; charset=utf-8').send(refusal.body);
  });
}
