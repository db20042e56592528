import { Type, type Static } from 'typebox';
import type { AdapterContext, ChannelAdapter, ChannelMessage, ChannelOutcome, ChannelPace, TokenStore } from './adapter';
import { messageParts } from './message-text';
import { at, callVendor, isAnswer, vendorWords, type VendorAnswer } from './vendor-http';
import { memoryTokenStore, needsRenewal, oauth1Header, renewTokens, tokenKey } from './x-auth';

/**
 * X API v2 adapter (docs/channels.md "X"): a TWITTER contact is the brand's own account,
 * so a delivery is a post, `POST {base}/2/tweets {text}`, with user-context auth (x-auth.ts). A post
 * is at most 280 characters as X counts them (a link is 23, wide characters 2): the body is
 * shortened, the link kept. X refuses a text it already has (403 duplicate): that delivery fails
 * with "duplicate text", it is never varied and re-sent in a loop.
 */

const OAuth2 = Type.Object({
  accessToken: Type.String({ minLength: 1 }),
  refreshToken: Type.String({ minLength: 1 }),
  /** Only for a confidential client (a web app's client secret). */
  clientSecret: Type.Optional(Type.String({ minLength: 1 })),
});
const OAuth1 = Type.Object({
  consumerKey: Type.String({ minLength: 1 }),
  consumerSecret: Type.String({ minLength: 1 }),
  accessToken: Type.String({ minLength: 1 }),
  accessTokenSecret: Type.String({ minLength: 1 }),
});

/** A provider's X credentials. Every field of `secrets` is write-only (never shown back). */
export const XCredentials = Type.Object({
  settings: Type.Object({
    /** The OAuth 2.0 client id of the X app (needed to renew tokens). */
    clientId: Type.Optional(Type.String({ minLength: 1 })),
    /** The account posted as (@brand), for people reading the settings. */
    handle: Type.Optional(Type.String({ pattern: '^@?\\w{1,15}$' })),
  }),
  secrets: Type.Union([Type.Object({ oauth2: OAuth2 }), Type.Object({ oauth1: OAuth1 })]),
});
export type XCredentials = Static<typeof XCredentials>;

/**
 * X's pace for creating posts with user context: 100 requests per 15 minutes per user on the paid
 * tiers (the free tier allows far fewer per day: configure it). Over it: 429 until the reset.
 */
export const X_PACE: ChannelPace = { perSender: { messages: 100, perMs: 15 * 60_000 } };

const MAX_WEIGHT = 280;
/** What X counts any URL as (t.co). */
const URL_WEIGHT = 23;
/** A 429 without reset headers: the limits' window. */
const DEFAULT_RESET_MS = 15 * 60_000;

/** X's weighted length: Latin and most punctuation count 1, other characters (CJK, emoji) 2, a URL 23. */
export function postWeight(text: string): number {
  let weight = 0;
  for (const part of text.split(/(https?:\/\/\S+)/)) {
    if (/^https?:\/\//.test(part)) weight += URL_WEIGHT;
    else for (const ch of part) weight += weightOf(ch.codePointAt(0)!);
  }
  return weight;
}
const weightOf = (cp: number) => (cp <= 0x10ff || (cp >= 0x2000 && cp <= 0x200d) || (cp >= 0x2010 && cp <= 0x201f) || (cp >= 0x2032 && cp <= 0x2037) ? 1 : 2);

/** The post: title, body, call to action and link; the body shortened so the whole fits 280. */
export function postText(message: ChannelMessage): string {
  const { title, body, cta, link } = messageParts(message);
  const tail = [cta, link].filter(Boolean).join(' ');
  const compose = (b: string | null) => [title, b, tail].filter(Boolean).join('\n');
  if (postWeight(compose(body)) <= MAX_WEIGHT || !body) return compose(body);
  const chars = [...body];
  let keep = chars.length;
  while (keep > 0 && postWeight(compose(`${chars.slice(0, keep).join('').trimEnd()}…`)) > MAX_WEIGHT) keep--;
  return compose(keep > 0 ? `${chars.slice(0, keep).join('').trimEnd()}…` : null);
}

/** When X lets this account post again: the 24-hour limit's reset when it is spent, else the 15-minute one's. */
function resetMs(headers: Headers, nowMs: number): number {
  const spent = (name: string) => headers.get(`${name}-remaining`) === '0' && Number(headers.get(`${name}-reset`));
  const reset = spent('x-user-limit-24hour') || spent('x-app-limit-24hour') || Number(headers.get('x-rate-limit-reset'));
  return reset ? Math.max(1_000, reset * 1000 - nowMs) : DEFAULT_RESET_MS;
}

function outcomeOf(answer: VendorAnswer, context: AdapterContext, secrets: string[]): ChannelOutcome {
  const { status, body } = answer;
  const id = at(body, 'data', 'id');
  if (status >= 200 && status < 300 && typeof id === 'string') return { kind: 'sent', vendorId: id };
  const words = vendorWords(at(body, 'detail') ?? at(body, 'title'), secrets);
  const said = `X ${status}${words ? `: ${words}` : ''}`;
  if (status === 429) {
    const retryAfterMs = resetMs(answer.headers, context.now());
    return { kind: 'backoff', error: `X 429 too many requests: posting again in ${Math.ceil(retryAfterMs / 1000)} s`, retryAfterMs };
  }
  if (status === 403 && /duplicate/i.test(words)) return { kind: 'failed', error: 'X 403: duplicate text (X already has a post with this text)' };
  // 401: the token is wrong or revoked; 403 otherwise: the app or account may not post (suspended, not in a project).
  if (status === 401 || status === 403) return { kind: 'misconfigured', error: said };
  if (status >= 500) return { kind: 'retry', error: said };
  return { kind: 'failed', error: said };
}

export function createXAdapter(own: TokenStore = memoryTokenStore()): ChannelAdapter<XCredentials> {
  return {
    vendor: 'x',
    async send(message, credentials, context) {
      const url = `${context.baseUrl.replace(/\/$/, '')}/2/tweets`;
      const body = JSON.stringify({ text: postText(message) });
      const post = (authorization: string) => callVendor('X', url, { headers: { authorization, 'content-type': 'application/json' }, body }, context);
      const { secrets } = credentials;
      if ('oauth1' in secrets) {
        const answer = await post(oauth1Header('POST', url, secrets.oauth1));
        return isAnswer(answer) ? outcomeOf(answer, context, Object.values(secrets.oauth1)) : answer;
      }
      const { oauth2 } = secrets;
      const clientId = credentials.settings.clientId;
      const key = tokenKey(clientId ?? '', oauth2.refreshToken);
      const store = context.tokens ?? own;
      let tokens = (await store.get(key)) ?? { accessToken: oauth2.accessToken, refreshToken: oauth2.refreshToken, expiresAtMs: null };
      const client = clientId ? { clientId, ...(oauth2.clientSecret && { clientSecret: oauth2.clientSecret }) } : null;
      let renewed = false;
      if (client && needsRenewal(tokens, context.now())) {
        const result = await store.renew(key, tokens, (current) => renewTokens(current.refreshToken, client, context));
        if (!('accessToken' in result)) return result;
        tokens = result;
        renewed = true;
      }
      let answer = await post(`Bearer ${tokens.accessToken}`);
      // A 401 with a token not renewed in this send: it lapsed early or was entered expired; renewed once.
      if (isAnswer(answer) && answer.status === 401 && client && !renewed) {
        // Another sender may have renewed meanwhile (the old refresh token is then spent): the store hands its pair over.
        const result = await store.renew(key, tokens, (current) => renewTokens(current.refreshToken, client, context));
        if (!('accessToken' in result)) return result;
        tokens = result;
        answer = await post(`Bearer ${tokens.accessToken}`);
      }
      return isAnswer(answer) ? outcomeOf(answer, context, [tokens.accessToken, tokens.refreshToken]) : answer;
    },
  };
}

/** The X adapter of the registry: renewed tokens in the sender's shared store (context.tokens), else in this process's memory. */
export const xAdapter = createXAdapter();
