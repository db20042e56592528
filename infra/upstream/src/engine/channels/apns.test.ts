import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apnsAdapter, closeApnsSessions, collapseId, type ApnsCredentials } from './apns';
import { startApnsFake, answerByToken, type ApnsFake } from './fakes/apns-fake';
import { testContext, testMessage } from './test-message';

let fake: ApnsFake;
let credentials: ApnsCredentials;
const clock = { ms: Date.now() };
const TOKEN = 'a'.repeat(64);
const context = () => testContext(fake.url, clock, { ca: fake.ca });
const send = (token = TOKEN, creds = credentials, overrides = {}) =>
  apnsAdapter.send(testMessage({ kind: 'device', value: token }, overrides), creds, context());

beforeAll(async () => {
  fake = await startApnsFake();
  fake.now = () => clock.ms;
  credentials = {
    team_id: 'TEAM123456',
    key_id: 'KEY1234567',
    bundle_id: 'com.example.odds',
    private_key: fake.authKey('TEAM123456', 'KEY1234567', 'com.example.odds'),
  };
});
afterAll(async () => {
  closeApnsSessions();
  await fake?.close();
});
beforeEach(() => {
  fake.behaviour = answerByToken;
});

describe('APNs over HTTP/2 against its TLS fake', () => {
  it('sends with an ES256 provider token, the bundle id as topic, alert type, priority 10, expiration and collapse id', async () => {
    const expiresAtMs = clock.ms + 300_000;
    expect(await send(TOKEN, credentials, { expiresAtMs })).toEqual({ kind: 'sent', vendorId: expect.stringMatching(/^[0-9A-F-]{36}$/) });
    const got = fake.received.at(-1)!;
    expect(got.token).toBe(TOKEN);
    expect(got.headers).toMatchObject({
      'apns-topic': 'com.example.odds',
      'apns-push-type': 'alert',
      'apns-priority': '10',
      'apns-expiration': String(Math.floor(expiresAtMs / 1000)),
      'apns-collapse-id': 'm7-k3',
    });
    expect(got.payload).toMatchObject({ aps: { alert: { title: 'Goal!', body: 'Home wins at 2.10' } }, delivery_id: 41 });
  });

  it('signs a new provider token when the key is replaced under the same team and key id', async () => {
    expect((await send()).kind).toBe('sent');
    const other = await startApnsFake();
    other.now = () => clock.ms;
    try {
      const replaced = { ...credentials, private_key: other.authKey('TEAM123456', 'KEY1234567', 'com.example.odds') };
      // As long as the first: only the key's content tells them apart.
      expect(replaced.private_key).toHaveLength(credentials.private_key.length);
      const sent = await apnsAdapter.send(testMessage({ kind: 'device', value: TOKEN }), replaced, testContext(other.url, clock, { ca: other.ca }));
      expect(sent.kind).toBe('sent');
    } finally {
      await other.close();
    }
  });

  it('keeps its provider token 40 minutes, signs a new one after, and renews once on ExpiredProviderToken', async () => {
    await send();
    const first = fake.received.at(-1)!.issuedAtS;
    clock.ms += 30 * 60_000;
    await send();
    expect(fake.received.at(-1)!.issuedAtS).toBe(first);
    clock.ms += 11 * 60_000;
    await send();
    const second = fake.received.at(-1)!.issuedAtS;
    expect(second).toBeGreaterThan(first);
    // The fake now takes tokens for 25 minutes only: at 30 minutes the held one is refused, renewed, and the send goes.
    fake.tokenTtlMs = 25 * 60_000;
    clock.ms += 30 * 60_000;
    expect((await send()).kind).toBe('sent');
    expect(fake.received.at(-1)!.issuedAtS).toBeGreaterThan(second);
    fake.tokenTtlMs = 3_600_000;
  });

  it.each([
    [{ status: 410, reason: 'Unregistered' }, 'gone'],
    [{ status: 400, reason: 'BadDeviceToken' }, 'failed'],
    [{ status: 413, reason: 'PayloadTooLarge' }, 'failed'],
    [{ status: 429, reason: 'TooManyProviderTokenUpdates' }, 'backoff'],
    [{ status: 429, reason: 'TooManyRequests' }, 'retry'],
    [{ status: 500, reason: 'InternalServerError' }, 'retry'],
    [{ status: 503, reason: 'ServiceUnavailable' }, 'retry'],
    [{ status: 403, reason: 'InvalidProviderToken' }, 'misconfigured'],
  ] as const)('%o → %s', async (answer, kind) => {
    fake.behaviour = () => answer;
    expect((await send()).kind).toBe(kind);
  });

  it('a key the fake does not trust is InvalidProviderToken → misconfigured; a token for another app is failed; the error names no host', async () => {
    const stranger = { ...credentials, key_id: 'OTHER12345' };
    const refused = await send(TOKEN, stranger);
    expect(refused).toMatchObject({ kind: 'misconfigured', error: expect.stringContaining('InvalidProviderToken') });
    expect(JSON.stringify(refused)).not.toContain('127.0.0.1');
    expect((await send(`dead${'b'.repeat(60)}`)).kind).toBe('gone');
    expect(
      await apnsAdapter.send(testMessage({ kind: 'device', value: TOKEN }), { ...credentials, private_key: 'nonsense PRIVATE KEY' }, context()),
    ).toMatchObject({
      kind: 'misconfigured',
    });
  });

  it('without the fake’s CA the TLS handshake fails: a retry, not a send', async () => {
    const outcome = await apnsAdapter.send(testMessage({ kind: 'device', value: TOKEN }), credentials, testContext(fake.url, clock));
    expect(outcome.kind).toBe('retry');
  });

  it('cuts a collapse key to 64 bytes on a character boundary', () => {
    expect(Buffer.byteLength(collapseId('é'.repeat(40)))).toBe(64);
    expect(collapseId('m1-k2')).toBe('m1-k2');
  });
});
