import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { startXFake, type XFake } from './fakes/x-fake';
import { testContext, testMessage } from './testing';
import { createXAdapter, postText, postWeight, X_PACE, XCredentials, xAdapter } from './x';
import { memoryTokenStore, oauth1Header } from './x-auth';

let fake: XFake;
let clock = Date.now();
const handle = testMessage({ kind: 'handle', value: '@oddsbrand' });
const oauth2 = (accessToken: string, refreshToken = 'rt-initial'): XCredentials => ({
  settings: { clientId: 'client-1', handle: '@oddsbrand' },
  secrets: { oauth2: { accessToken, refreshToken } },
});
const context = () => testContext(fake.url, () => clock);
const withText = (body: string) => testMessage({ kind: 'handle', value: '@oddsbrand' }, { log: { subject: 'Goal', body, cta: null, content: null } });

beforeAll(async () => {
  fake = await startXFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  clock = Math.floor(Date.now() / 1000) * 1000;
});

describe('X adapter against the API v2 fake', () => {
  it("posts the text with the account's OAuth 2.0 token and reports the post id", async () => {
    const outcome = await xAdapter.send(handle, oauth2('at-initial'), context());
    expect(outcome).toEqual({ kind: 'sent', vendorId: fake.posts.at(-1)!.id });
    expect(fake.received[0]!.headers.authorization).toBe('Bearer at-initial');
    expect(fake.received[0]!.json).toEqual({ text: 'Argentina v France\nArgentina to win at 2.15 <now>\nBet now https://odds.example/t/abc123' });
  });

  it('renews an expired token once with the refresh token, keeps the rotated pair, and renews again before the next lapse', async () => {
    fake.behaviour.refreshToken = 'rt-a';
    const adapter = createXAdapter(memoryTokenStore());
    const credentials = oauth2('at-lapsed', 'rt-a');
    expect((await adapter.send(withText('renewal one'), credentials, context())).kind).toBe('sent');
    expect(fake.renewals).toBe(1);
    expect(fake.received.map((r) => r.url)).toEqual(['/2/tweets', '/2/oauth2/token', '/2/tweets']);
    expect(fake.received[1]!.json).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt-a', client_id: 'client-1' });
    // The renewed token is used as it is; a minute before it lapses it is renewed with the rotated refresh token.
    expect((await adapter.send(withText('renewal two'), credentials, context())).kind).toBe('sent');
    expect(fake.renewals).toBe(1);
    clock += 7200_000 - 30_000;
    expect((await adapter.send(withText('renewal three'), credentials, context())).kind).toBe('sent');
    expect(fake.renewals).toBe(2);
  });

  it('renews once for two sends that find the token expired together', async () => {
    fake.behaviour.refreshToken = 'rt-b';
    const adapter = createXAdapter(memoryTokenStore());
    const credentials = oauth2('at-lapsed', 'rt-b');
    const before = fake.renewals;
    const outcomes = await Promise.all([
      adapter.send(withText('together one'), credentials, context()),
      adapter.send(withText('together two'), credentials, context()),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['sent', 'sent']);
    expect(fake.renewals - before).toBe(1);
  });

  it('is misconfigured when the refresh token is refused, naming no token', async () => {
    const outcome = await createXAdapter(memoryTokenStore()).send(handle, oauth2('at-lapsed', 'rt-spent'), context());
    expect(outcome).toEqual({ kind: 'misconfigured', error: 'X 400: the refresh token was refused; an admin must authorize the account again' });
  });

  it('backs off until x-rate-limit-reset, or the 24-hour reset when that limit is spent', async () => {
    const now = Math.floor(clock / 1000);
    fake.behaviour.rateLimited.push({ reset: now + 90 }, { reset: now + 60, userDayRemaining: 0, userDayReset: now + 3600 });
    expect(await xAdapter.send(handle, oauth2('at-initial'), context())).toEqual({
      kind: 'backoff',
      error: 'X 429 too many requests: posting again in 90 s',
      retryAfterMs: 90_000,
    });
    expect(await xAdapter.send(handle, oauth2('at-initial'), context())).toMatchObject({ kind: 'backoff', retryAfterMs: 3_600_000 });
  });

  it('fails a duplicate text with "duplicate text" after one call: no variation, no loop', async () => {
    const message = withText('the same words twice');
    expect((await xAdapter.send(message, oauth2('at-initial'), context())).kind).toBe('sent');
    fake.received.length = 0;
    expect(await xAdapter.send(message, oauth2('at-initial'), context())).toEqual({
      kind: 'failed',
      error: 'X 403: duplicate text (X already has a post with this text)',
    });
    expect(fake.received).toHaveLength(1);
  });

  it('retries a 5xx', async () => {
    fake.behaviour.serverErrors.push(503);
    expect(await xAdapter.send(handle, oauth2('at-initial'), context())).toEqual({ kind: 'retry', error: 'X 503: Service Unavailable' });
  });

  it('posts with OAuth 1.0a keys, and is misconfigured (401) with wrong ones', async () => {
    const keys = { consumerKey: 'ck-test', consumerSecret: 'cs', accessToken: 'tok', accessTokenSecret: 'ts' };
    const ok = await xAdapter.send(withText('signed with oauth 1'), { settings: {}, secrets: { oauth1: keys } }, context());
    expect(ok.kind).toBe('sent');
    expect(fake.received[0]!.headers.authorization).toMatch(
      /^OAuth oauth_consumer_key="ck-test", oauth_nonce="\w+", oauth_signature="[^"]+", oauth_signature_method="HMAC-SHA1"/,
    );
    const bad = await xAdapter.send(withText('signed badly'), { settings: {}, secrets: { oauth1: { ...keys, consumerKey: 'other' } } }, context());
    expect(bad).toEqual({ kind: 'misconfigured', error: 'X 401: Unauthorized' });
  });

  it("signs OAuth 1.0a as X's documentation example does", () => {
    const header = oauth1Header(
      'post',
      'https://api.twitter.com/1.1/statuses/update.json',
      {
        consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
        consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
        accessToken: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        accessTokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
      },
      { status: 'Hello Ladies + Gentlemen, a signed OAuth request!', include_entities: 'true' },
      'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
      1318622958,
    );
    expect(header).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"');
  });

  it('keeps a post within 280 as X counts it: the body shortened, the link whole', async () => {
    const long = withText('Argentina to win at 2.15 and France to score first at 3.40, '.repeat(10));
    const text = postText(long);
    expect(postWeight(text)).toBeLessThanOrEqual(280);
    expect(text.endsWith('https://odds.example/t/abc123')).toBe(true);
    expect(postWeight('ab https://x.example/very/long/path 世')).toBe(3 + 23 + 2 + 1);
    expect((await xAdapter.send(long, oauth2('at-initial'), context())).kind).toBe('sent');
  });

  it('describes its credentials (OAuth 2.0 or 1.0a secrets) and its pace', () => {
    expect(Value.Check(XCredentials, oauth2('a'))).toBe(true);
    expect(Value.Check(XCredentials, { settings: {}, secrets: { oauth1: { consumerKey: 'a' } } })).toBe(false);
    expect(X_PACE.perSender).toEqual({ messages: 100, perMs: 900_000 });
  });
});
