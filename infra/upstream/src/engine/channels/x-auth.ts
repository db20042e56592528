import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AdapterContext, ChannelOutcome, RotatingTokens, TokenStore } from './adapter';
import { at, callVendor, isAnswer } from './vendor-http';

/**
 * User-context auth of the X API v2. OAuth 2.0 (authorization code with PKCE, done once by an
 * admin) is the primary: a bearer access token that lives 2 hours, renewed with the refresh token
 * at `{base}/2/oauth2/token`. X rotates the refresh token on every renewal (the old one stops
 * working), so the renewed pair is kept in a `TokenStore` that renews once for every sender that
 * shares it: the database's for the engine workers (x-tokens.ts), else this process's. OAuth
 * 1.0a (consumer key/secret + access token/secret, HMAC-SHA1 signature) is the alternative for
 * accounts set up that way; its tokens do not expire.
 */

export type XTokens = RotatingTokens;

/** Whether `stored` is a renewal of `spent` (another sender renewed since `spent` was read). */
export const renewedSince = (stored: XTokens, spent: XTokens) => stored.accessToken !== spent.accessToken || stored.refreshToken !== spent.refreshToken;

/** The tokens of this process only: one renewal at a time per account here, lost on restart (used where no shared store is given). */
export function memoryTokenStore(): TokenStore {
  const tokens = new Map<string, XTokens>();
  const renewing = new Map<string, Promise<XTokens | ChannelOutcome>>();
  return {
    get: async (key) => tokens.get(key) ?? null,
    renew(key, spent, renew) {
      const stored = tokens.get(key);
      if (stored && renewedSince(stored, spent)) return Promise.resolve(stored);
      let pending = renewing.get(key);
      if (!pending) {
        pending = renew(stored ?? spent).then((result) => {
          if ('accessToken' in result) tokens.set(key, result);
          return result;
        });
        renewing.set(key, pending);
        void pending.finally(() => renewing.delete(key)).catch(() => {});
      }
      return pending;
    },
  };
}

/** Renew this long before the access token's end, so a send never goes out with one about to lapse. */
const RENEW_EARLY_MS = 60_000;

export const tokenKey = (clientId: string, refreshToken: string) => createHash('sha256').update(`${clientId}\n${refreshToken}`).digest('hex');
export const needsRenewal = (tokens: XTokens, nowMs: number) => tokens.expiresAtMs !== null && nowMs >= tokens.expiresAtMs - RENEW_EARLY_MS;

/** Renews an OAuth 2.0 access token with the refresh token; the new pair, or the outcome that stops the send. */
export async function renewTokens(
  refreshToken: string,
  client: { clientId: string; clientSecret?: string },
  context: AdapterContext,
): Promise<XTokens | ChannelOutcome> {
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  // A confidential client authenticates itself with HTTP Basic; a public one names itself in the form only.
  if (client.clientSecret) headers.authorization = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  const answer = await callVendor('X', `${context.baseUrl.replace(/\/$/, '')}/2/oauth2/token`, { headers, body: form.toString() }, context);
  if (!isAnswer(answer)) return answer;
  const accessToken = at(answer.body, 'access_token');
  if (answer.status === 200 && typeof accessToken === 'string') {
    const next = at(answer.body, 'refresh_token');
    const seconds = Number(at(answer.body, 'expires_in'));
    return {
      accessToken,
      refreshToken: typeof next === 'string' ? next : refreshToken,
      expiresAtMs: Number.isFinite(seconds) ? context.now() + seconds * 1000 : null,
    };
  }
  if (answer.status >= 500) return { kind: 'retry', error: `X ${answer.status}: the token endpoint is unavailable` };
  return { kind: 'misconfigured', error: `X ${answer.status}: the refresh token was refused; an admin must authorize the account again` };
}

/** RFC 3986 percent-encoding, as OAuth 1.0a signs it. */
const enc = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface OAuth1Keys {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

/**
 * The `Authorization: OAuth ...` header of one request (HMAC-SHA1 over the method, URL and
 * parameters; a JSON body is not signed, form or query `params` are). `nonce` and `timestamp` are
 * given by tests only.
 */
export function oauth1Header(
  method: string,
  url: string,
  keys: OAuth1Keys,
  params: Record<string, string> = {},
  nonce = randomBytes(16).toString('hex'),
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: keys.consumerKey,
    oauth_nonce: nonce,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(timestamp),
    oauth_token: keys.accessToken,
    oauth_version: '1.0',
  };
  const all = { ...params, ...oauth };
  const parameterString = Object.keys(all)
    .map((key) => [enc(key), enc(all[key]!)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const base = [method.toUpperCase(), enc(url), enc(parameterString)].join('&');
  const signature = createHmac('sha1', `${enc(keys.consumerSecret)}&${enc(keys.accessTokenSecret)}`)
    .update(base)
    .digest('base64');
  const header = { ...oauth, oauth_signature: signature };
  return `OAuth ${Object.keys(header)
    .sort()
    .map((key) => `${enc(key)}="${enc(header[key as keyof typeof header])}"`)
    .join(', ')}`;
}
