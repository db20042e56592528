/** A UOF API reply: the status and the body's text (XML). */
export interface UofApiReply {
  status: number;
  ok: boolean;
  text: string;
  /** The reply's Retry-After (seconds or an HTTP date), where it has one: a 429 or 503 says when to ask again. */
  retryAfter?: string | null;
}

/** GETs (or POSTs) one path of the UOF API (`/v1/…`), the access token in `x-access-token`, 10 s at most. */
export type UofApiCall = (path: string, init?: { method?: 'GET' | 'POST' }) => Promise<UofApiReply>;

export function uofApiCall(apiUrl: string, token: string | null, fetchImpl: typeof fetch = fetch): UofApiCall {
  const base = apiUrl.replace(/\/+$/, '');
  return async (path, init = {}) => {
    const reply = await fetchImpl(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: token ? { 'x-access-token': token } : {},
      signal: AbortSignal.timeout(10_000),
    });
    return { status: reply.status, ok: reply.ok, text: await reply.text(), retryAfter: reply.headers.get('retry-after') };
  };
}

/** The vendor's message of an error reply (`<response><message>…`), else its first characters. */
export function replyMessage(reply: UofApiReply): string {
  const message = /<message>([^<]{1,300})<\/message>/.exec(reply.text)?.[1] ?? /message="([^"]{1,300})"/.exec(reply.text)?.[1];
  return message ?? reply.text.slice(0, 200);
}
