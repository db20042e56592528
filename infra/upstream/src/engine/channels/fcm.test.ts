import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fcmAdapter, fcmTopic, type FcmCredentials } from './fcm';
import { startFcmFake, type FcmFake } from './fakes/fcm-fake';
import { testContext, testMessage } from './test-message';

let fake: FcmFake;
let credentials: FcmCredentials;
const clock = { ms: Date.now() };
const context = () => testContext(fake.url, clock, { tokenUrl: fake.tokenUrl });

beforeAll(async () => {
  fake = await startFcmFake();
  fake.now = () => clock.ms;
  credentials = { project_id: 'odds-test', service_account: fake.serviceAccount('odds-test') };
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.behaviour = () => null;
});

describe('FCM HTTP v1 against its fake', () => {
  it('sends to a device token with a service-account token, string data, TTL and collapse key; the token is cached', async () => {
    const before = fake.tokensIssued;
    const outcome = await fcmAdapter.send(
      testMessage({ kind: 'device', value: 'device-token-1' }, { expiresAtMs: clock.ms + 600_000 }),
      credentials,
      context(),
    );
    expect(outcome).toEqual({ kind: 'sent', vendorId: expect.stringMatching(/^projects\/odds-test\/messages\/\d+$/) });
    const { message } = fake.received.at(-1)!;
    expect(message.token).toBe('device-token-1');
    expect(message.data).toEqual({ delivery_id: '41', match_id: '7', market_id: '3', language: 'en', cta: 'Bet now' });
    expect(message.notification).toEqual({ title: 'Goal!', body: 'Home wins at 2.10' });
    expect(message.android).toEqual({ ttl: '600s', collapse_key: 'm7-k3', priority: 'high' });
    expect((message.apns as { headers: Record<string, string> }).headers['apns-collapse-id']).toBe('m7-k3');
    await fcmAdapter.send(testMessage({ kind: 'device', value: 'device-token-2' }), credentials, context());
    expect(fake.tokensIssued).toBe(before + 1);
  });

  it('a segment goes to its topic, percent-encoded into FCM’s topic alphabet', async () => {
    await fcmAdapter.send(testMessage({ kind: 'topic', value: 'VIP users (DK)' }), credentials, context());
    expect(fake.received.at(-1)!.message.topic).toBe('VIP%20users%20%28DK%29');
    expect(fcmTopic('a-b_c.d~e')).toBe('a-b_c.d~e');
  });

  it('renews the token when it expires, and once when the fake revokes it', async () => {
    const before = fake.tokensIssued;
    clock.ms += 3_600_000;
    expect((await fcmAdapter.send(testMessage({ kind: 'device', value: 'd' }), credentials, context())).kind).toBe('sent');
    expect(fake.tokensIssued).toBe(before + 1);
    fake.revokeTokens();
    expect((await fcmAdapter.send(testMessage({ kind: 'device', value: 'd' }), credentials, context())).kind).toBe('sent');
    expect(fake.tokensIssued).toBe(before + 2);
  });

  it.each([
    [{ status: 404, errorCode: 'UNREGISTERED' }, 'gone'],
    [{ status: 400, errorCode: 'INVALID_ARGUMENT', message: 'The registration token is not a valid FCM registration token' }, 'gone'],
    [{ status: 400, errorCode: 'INVALID_ARGUMENT', message: 'Invalid JSON payload' }, 'failed'],
    [{ status: 403, errorCode: 'SENDER_ID_MISMATCH' }, 'failed'],
    [{ status: 401, errorCode: 'THIRD_PARTY_AUTH_ERROR' }, 'misconfigured'],
    [{ status: 500, errorCode: 'INTERNAL' }, 'retry'],
  ] as const)('%o → %s', async (answer, kind) => {
    fake.behaviour = () => answer;
    expect((await fcmAdapter.send(testMessage({ kind: 'device', value: 'd' }), credentials, context())).kind).toBe(kind);
  });

  it('QUOTA_EXCEEDED backs the app off at least 60 s; UNAVAILABLE retries at Retry-After', async () => {
    fake.behaviour = () => ({ status: 429, errorCode: 'QUOTA_EXCEEDED', retryAfter: '10' });
    expect(await fcmAdapter.send(testMessage({ kind: 'device', value: 'd' }), credentials, context())).toMatchObject({ kind: 'backoff', retryAfterMs: 60_000 });
    fake.behaviour = () => ({ status: 429, errorCode: 'QUOTA_EXCEEDED', retryAfter: '90' });
    expect(await fcmAdapter.send(testMessage({ kind: 'device', value: 'd' }), credentials, context())).toMatchObject({ kind: 'backoff', retryAfterMs: 90_000 });
    fake.behaviour = () => ({ status: 503, errorCode: 'UNAVAILABLE', retryAfter: '7' });
    expect(await fcmAdapter.send(testMessage({ kind: 'device', value: 'd' }), credentials, context())).toMatchObject({ kind: 'retry', retryAfterMs: 7000 });
  });

  it('a key the token endpoint does not trust, or a project the account is not in, is misconfigured; the error names no host', async () => {
    const stranger = {
      project_id: 'odds-test',
      service_account: await startFcmFake().then(async (other) => {
        const account = other.serviceAccount('odds-test');
        await other.close();
        return account;
      }),
    };
    const refused = await fcmAdapter.send(testMessage({ kind: 'device', value: 'd' }), stranger, context());
    expect(refused).toEqual({ kind: 'misconfigured', error: 'FCM token: invalid_grant' });
    const elsewhere = await fcmAdapter.send(testMessage({ kind: 'device', value: 'd' }), { ...credentials, project_id: 'another' }, context());
    expect(elsewhere.kind).toBe('misconfigured');
    expect(JSON.stringify(elsewhere)).not.toContain('127.0.0.1');
  });

  it('no answer is a retry that names the vendor, not the host', async () => {
    const outcome = await fcmAdapter.send(
      testMessage({ kind: 'device', value: 'd' }),
      credentials,
      testContext('http://127.0.0.1:1', clock, { tokenUrl: fake.tokenUrl }),
    );
    expect(outcome.kind).toBe('retry');
    expect(JSON.stringify(outcome)).not.toContain('127.0.0.1');
  });
});
