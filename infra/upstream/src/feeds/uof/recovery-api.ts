/** UOF's producer names in its API paths (`/v1/{name}/recovery/initiate_request`). */
const PRODUCER_NAMES: Record<number, string> = { 1: 'liveodds', 3: 'pre', 4: 'betradar', 5: 'betpal', 6: 'premium_cricket', 7: 'vf', 8: 'wns' };

const producerName = (id: number) => PRODUCER_NAMES[id] ?? `producer${id}`;

/** Asks UOF to replay a producer's state (everything after `afterMs`, or all when null), answered over AMQP. */
export type RequestRecovery = (producer: number, requestId: number, afterMs: number | null) => Promise<void>;

/**
 * The UOF API's recovery call: `POST {apiUrl}/v1/{producer}/recovery/initiate_request?after=&request_id=`
 * with the access token in `x-access-token`. A non-2xx answer is an error (the caller retries).
 */
export function uofRecoveryApi(apiUrl: string, token: string | null, fetchImpl: typeof fetch = fetch): RequestRecovery {
  const base = apiUrl.replace(/\/+$/, '');
  return async (producer, requestId, afterMs) => {
    const query = new URLSearchParams({ request_id: String(requestId), ...(afterMs !== null && { after: String(afterMs) }) });
    const reply = await fetchImpl(`${base}/v1/${producerName(producer)}/recovery/initiate_request?${query}`, {
      method: 'POST',
      headers: token ? { 'x-access-token': token } : {},
      signal: AbortSignal.timeout(10_000),
    });
    if (!reply.ok) throw new Error(`UOF recovery request for producer ${producer} answered ${reply.status} ${(await reply.text()).slice(0, 200)}`);
  };
}
