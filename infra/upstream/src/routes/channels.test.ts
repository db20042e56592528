import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type ChannelCredentials, type ChannelTestReply, type ListReply, type RouteDef } from '@odds/protocol';
import { auditLog, channelCredentialSecrets } from '../db/schema';
import { startFcmFake, type FcmFake } from '../engine/channels/fakes/fcm-fake';
import { channelSettingsFrom } from '../engine/channels/settings';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let fcm: FcmFake;
let admin: Record<string, string>;
let operator: Record<string, string>;
let account: string;

beforeAll(async () => {
  fcm = await startFcmFake();
  const channels = { ...channelSettingsFrom({ FCM_API_URL: fcm.url, FCM_TOKEN_URL: fcm.tokenUrl }), secretsKey: randomBytes(32).toString('base64') };
  upstream = await createTestUpstream({ sending: { channels } });
  admin = { authorization: `Token ${await upstream.login()}` };
  operator = { authorization: `Token ${await upstream.login(OPS)}` };
  account = fcm.serviceAccount('odds-test');
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  await fcm?.close();
});

const call = (headers: Record<string, string>, route: RouteDef, params: Record<string, string | number>, payload?: object, query = '') =>
  upstream.app.inject({ method: route.method, url: `${buildPath(route, params)}${query}`, headers, ...(payload && { payload }) });
const P1 = { providerId: 1 };
/** A body for the FCM channel. */
const fcmBody = (body: object) => ({ vendor: 'fcm', ...body });
const list = async () => (await call(admin, routes.channelCredentials, { providerId: 1 })).json<ListReply<ChannelCredentials>>().results;
const fcmRow = async () => (await list()).find((c) => c.vendor === 'fcm')!;

describe('channel credentials (admins only, secrets write-only)', () => {
  it('lists every vendor of the registry, not configured, with its form; an operator who is not admin gets 403 everywhere', async () => {
    const fcmChannel = await fcmRow();
    expect(fcmChannel).toMatchObject({ state: 'not_configured', version: null, secrets_set: [], channels: ['PUSH'] });
    expect(fcmChannel.fields.map((f) => [f.name, f.secret])).toEqual([
      ['project_id', false],
      ['service_account', true],
    ]);
    expect((await list()).map((c) => c.vendor)).toContain('apns');
    for (const [route, params, body, query] of [
      [routes.channelCredentials, { providerId: 1 }, undefined, ''],
      [routes.channelCredentialsSave, P1, fcmBody({ settings: { project_id: 'x' }, secrets: {} }), ''],
      [routes.channelCredentialsRemove, P1, undefined, '?vendor=fcm'],
      [routes.channelTest, P1, fcmBody({ recipient: 'a' }), ''],
    ] as const)
      expect((await call(operator, route, params, body, query)).statusCode).toBe(403);
  });

  it('refuses bad input with a 400 that names the field, and an unknown vendor or provider with a 404', async () => {
    const save = (body: object, vendor = 'fcm', providerId = 1) => call(admin, routes.channelCredentialsSave, { providerId }, { vendor, ...body });
    const cases: [object, RegExp][] = [
      [{ settings: { project_id: 'odds-test' }, secrets: {} }, /Service account key/],
      [{ settings: { project_id: 'Not A Project' }, secrets: { service_account: account } }, /Project id/],
      [{ settings: { project_id: 'odds-test' }, secrets: { service_account: '{"client_email": 3}' } }, /client_email/],
      [{ settings: { project_id: 'odds-test', colour: 'red' }, secrets: { service_account: account } }, /no field 'colour'/],
      [{ settings: { project_id: 'odds-test', service_account: account }, secrets: {} }, /a secret: send it under secrets/],
    ];
    for (const [body, message] of cases) {
      const reply = await save(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().message).toMatch(message);
    }
    expect((await save({ settings: {}, secrets: {} }, 'pigeon')).statusCode).toBe(404);
    expect((await save({ settings: {}, secrets: {} }, 'fcm', 999999)).statusCode).toBe(404);
    expect((await fcmRow()).state).toBe('not_configured');
  });

  it('saves (sealed at rest, never returned, not in history), keeps a secret left empty, and checks versions', async () => {
    const saved = await call(admin, routes.channelCredentialsSave, P1, {
      vendor: 'fcm',
      settings: { project_id: 'odds-test' },
      secrets: { service_account: account },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ state: 'configured', version: 1, settings: { project_id: 'odds-test' }, secrets_set: ['service_account'] });
    const privateKey = (JSON.parse(account) as { private_key: string }).private_key.split('\n')[1]!;
    expect(saved.body).not.toContain(privateKey);
    expect((await call(admin, routes.channelCredentials, { providerId: 1 })).body).not.toContain(privateKey);
    const [sealed] = await upstream.database.db.select().from(channelCredentialSecrets);
    expect(sealed!.sealed).toMatch(/^v1\./);
    expect(sealed!.sealed).not.toContain(privateKey);
    const again = await call(admin, routes.channelCredentialsSave, P1, {
      vendor: 'fcm',
      settings: { project_id: 'odds-test' },
      secrets: { service_account: '' },
      version: 1,
    });
    expect(again.json()).toMatchObject({ version: 2, secrets_set: ['service_account'] });
    const stale = await call(admin, routes.channelCredentialsSave, P1, { vendor: 'fcm', settings: { project_id: 'odds-test' }, secrets: {}, version: 1 });
    expect(stale.statusCode).toBe(409);
    const history = await upstream.database.db.select().from(auditLog).where(eq(auditLog.entity, 'channel_credentials'));
    expect(history.map((h) => h.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(history)).not.toContain(privateKey);
    expect(JSON.stringify(history)).not.toContain(sealed!.sealed);
  });

  it('"Send test" calls the vendor for real with the stored secret and answers its outcome', async () => {
    const sent = await call(admin, routes.channelTest, P1, { vendor: 'fcm', recipient: 'admin-phone-token' });
    expect(sent.json<ChannelTestReply>()).toMatchObject({
      outcome: 'sent',
      error: null,
      vendor_id: expect.stringMatching(/^projects\/odds-test\//),
      state: 'configured',
    });
    expect(fcm.received.at(-1)!.message.token).toBe('admin-phone-token');
    const dead = await call(admin, routes.channelTest, P1, { vendor: 'fcm', recipient: 'unregistered-1' });
    expect(dead.json<ChannelTestReply>()).toMatchObject({ outcome: 'gone', error: expect.stringContaining('UNREGISTERED') });
    fcm.behaviour = () => ({ status: 401, errorCode: 'THIRD_PARTY_AUTH_ERROR' });
    const refused = await call(admin, routes.channelTest, P1, { vendor: 'fcm', recipient: 'x' });
    expect(refused.json<ChannelTestReply>()).toMatchObject({ outcome: 'misconfigured', state: 'failing' });
    expect(await fcmRow()).toMatchObject({ state: 'failing', last_error: expect.stringContaining('THIRD_PARTY_AUTH_ERROR') });
    fcm.behaviour = () => null;
    expect((await call(admin, routes.channelTest, P1, { vendor: 'fcm', recipient: 'x' })).json<ChannelTestReply>().state).toBe('configured');
  });

  it('two admins saving the first credentials at once: one is saved, the other gets a 409', async () => {
    const body = {
      vendor: 'apns',
      settings: { team_id: 'TEAM123456', key_id: 'KEY1234567', bundle_id: 'com.example.odds' },
      secrets: { private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----' },
      version: null,
    };
    const replies = await Promise.all([call(admin, routes.channelCredentialsSave, P1, body), call(admin, routes.channelCredentialsSave, P1, body)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await call(admin, routes.channelCredentialsRemove, P1, undefined, '?vendor=apns')).json()).toEqual({ success: true });
    expect((await list()).find((c) => c.vendor === 'apns')).toMatchObject({ state: 'not_configured', version: null });
    expect((await call(admin, routes.channelCredentialsRemove, P1, undefined, '?vendor=apns')).statusCode).toBe(409);
  });
});
