/** Asks UOF to replay a producer's state (everything after `afterMs`, or all when null), answered over AMQP. */
export type RequestRecovery = (producer: number, requestId: number, afterMs: number | null) => Promise<void>;

/**
 * The UOF API's recovery call: `POST {apiUrl}/v1/{producer path}/recovery/initiate_request?after=&request_id=`
 * with the access token in `x-access-token`; `pathOf` gives a producer's path from producers.xml
 * (producer-list.ts). A non-2xx answer is an error (asked again no sooner than UOF_RECOVERY_INTERVAL_S).
 */
export function uofRecoveryApi(apiUrl: string, token: string | null, pathOf: (producer: number) => string, fetchImpl: typeof fetch = fetch): RequestRecovery {
  const base = apiUrl.replace(/\/+$/, '');
  return async (producer, requestId, afterMs) => {
    const query = new URLSearchParams({ request_id: String(requestId), ...(afterMs !== null && { after: String(afterMs) }) });
    const reply = await fetchImpl(`${base}/v1/${pathOf(producer)}/recovery/initiate_request?${query}`, {
      method: 'POST',
      headers: token ? { 'x-access-token': token } : {},
      signal: AbortSignal.timeout(10_000),
    });
    if (!reply.ok) throw new Error(`UOF recovery request for producer ${producer} answered ${reply.status} ${(await reply.text()).slice(0, 200)}`);
  };
}
