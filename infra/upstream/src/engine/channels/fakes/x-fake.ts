import { randomBytes } from 'node:crypto';
import { startFakeServer, type FakeAnswer, type FakeRequest, type FakeServer } from './fake-server';

/**
 * A simulation of the X API v2's `POST /2/tweets` and OAuth 2.0 token endpoint for tests and
 * staging (never a production path). Errors are X's problem documents (`{title, detail, type,
 * status}`); 429 carries the `x-rate-limit-*` headers and no Retry-After, as X documents. Refresh
 * tokens rotate: each renewal spends the one it was given.
 */

export interface XFakeBehaviour {
  /** Access tokens it takes, with when each lapses (epoch ms; null: never). */
  accessTokens: Map<string, number | null>;
  /** The refresh token that works now (spent on use). */
  refreshToken: string;
  /** The OAuth 1.0a consumer key it takes (the signature's presence is checked, not its value). */
  consumerKey: string;
  /** Lifetime of renewed access tokens, in seconds. */
  tokenTtlS: number;
  /** The next calls answered 429, one entry per call: the reset (epoch seconds), and the 24-hour limit's state. */
  rateLimited: { reset: number; userDayRemaining?: number; userDayReset?: number }[];
  serverErrors: number[];
  latencyMs: number;
}

export interface XFake extends FakeServer {
  behaviour: XFakeBehaviour;
  posts: { id: string; text: string }[];
  /** How many times a token was renewed. */
  renewals: number;
}

const problem = (status: number, title: string, detail: string, headers?: Record<string, string>): FakeAnswer => ({
  status,
  headers,
  json: { title, detail, type: 'about:blank', status },
});

/** What X counts: code points, a URL as 23. */
const length = (text: string) => text.split(/(https?:\/\/\S+)/).reduce((n, part) => n + (/^https?:\/\//.test(part) ? 23 : [...part].length), 0);

function token(fake: XFake, request: FakeRequest): FakeAnswer {
  const b = fake.behaviour;
  const form = request.json ?? {};
  if (form.grant_type !== 'refresh_token' || form.refresh_token !== b.refreshToken) {
    return { status: 400, json: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' } };
  }
  fake.renewals++;
  const accessToken = `at-${randomBytes(8).toString('hex')}`;
  b.refreshToken = `rt-${randomBytes(8).toString('hex')}`;
  b.accessTokens.set(accessToken, Date.now() + b.tokenTtlS * 1000);
  return {
    status: 200,
    json: {
      token_type: 'bearer',
      expires_in: b.tokenTtlS,
      access_token: accessToken,
      scope: 'tweet.write users.read tweet.read offline.access',
      refresh_token: b.refreshToken,
    },
  };
}

function authorized(b: XFakeBehaviour, header: string | undefined): boolean {
  const bearer = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  if (bearer) {
    const lapses = b.accessTokens.get(bearer);
    return lapses !== undefined && (lapses === null || lapses > Date.now());
  }
  return Boolean(header?.startsWith('OAuth ') && header.includes(`oauth_consumer_key="${b.consumerKey}"`) && /oauth_signature="[^"]+"/.test(header));
}

function tweet(fake: XFake, request: FakeRequest): FakeAnswer {
  const b = fake.behaviour;
  if (!authorized(b, request.headers.authorization)) return problem(401, 'Unauthorized', 'Unauthorized');
  const limit = b.rateLimited.shift();
  if (limit) {
    return problem(429, 'Too Many Requests', 'Too Many Requests', {
      'x-rate-limit-limit': '100',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': String(limit.reset),
      ...(limit.userDayReset !== undefined && {
        'x-user-limit-24hour-limit': '2400',
        'x-user-limit-24hour-remaining': String(limit.userDayRemaining ?? 0),
        'x-user-limit-24hour-reset': String(limit.userDayReset),
      }),
    });
  }
  const serverError = b.serverErrors.shift();
  if (serverError !== undefined) return problem(serverError, 'Service Unavailable', 'Service Unavailable');
  const text = typeof request.json?.text === 'string' ? request.json.text : '';
  if (!text || length(text) > 280) return problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.');
  if (fake.posts.some((p) => p.text === text)) return problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
  const id = String(1_800_000_000_000_000_000n + BigInt(fake.posts.length + 1));
  fake.posts.push({ id, text });
  return { status: 201, json: { data: { id, text, edit_history_tweet_ids: [id] } } };
}

export async function startXFake(options: { port?: number; behaviour?: Partial<XFakeBehaviour> } = {}): Promise<XFake> {
  const behaviour: XFakeBehaviour = {
    accessTokens: new Map([['at-initial', null]]),
    refreshToken: 'rt-initial',
    consumerKey: 'ck-test',
    tokenTtlS: 7200,
    rateLimited: [],
    serverErrors: [],
    latencyMs: 0,
    ...options.behaviour,
  };
  const fake = { behaviour, posts: [], renewals: 0 } as unknown as XFake;
  const server = await startFakeServer(
    options.port ?? 0,
    () => behaviour.latencyMs,
    (request) => {
      if (request.method === 'POST' && request.url === '/2/oauth2/token') return token(fake, request);
      if (request.method === 'POST' && request.url === '/2/tweets') return tweet(fake, request);
      return problem(404, 'Not Found Error', 'Not Found');
    },
  );
  return Object.assign(fake, server);
}
