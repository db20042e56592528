import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type ChangeNotice } from '@odds/protocol';
import { randomBytes } from 'node:crypto';
import { deliveries, matches, providers } from '../db/schema';
import { saveChannel } from '../engine/channels/credentials';
import { fallbackChannelSettings } from '../engine/channels/settings';
import { hubSignature, statusNotification, type WhatsappStatus } from '../engine/channels/fakes/whatsapp-fake';
import { whatsappWebhookSecrets } from '../engine/channels/whatsapp-secrets';
import { createTestUpstream, type TestUpstream } from '../testing';

const appSecret = 'meta-app-secret';
const verifyToken = 'verify-me';
let upstream: TestUpstream;
let providerId: number;
let matchId: number;
const notices: ChangeNotice[] = [];

beforeAll(async () => {
  upstream = await createTestUpstream({ whatsappWebhook: { appSecret, verifyToken } });
  const [match] = await upstream.database.db.select({ id: matches.id, providerId: matches.providerId }).from(matches).limit(1);
  providerId = match!.providerId;
  matchId = match!.id;
  upstream.app.changes.subscribe((notice) => void notices.push(notice));
});
afterAll(() => upstream.close());

/** A SENT WhatsApp delivery whose message Meta knows as `wamid`. */
async function sentDelivery(wamid: string): Promise<number> {
  const [row] = await upstream.database.db
    .insert(deliveries)
    .values({
      matchId,
      marketId: 1,
      contactId: 1,
      channelId: 7,
      language: 'en',
      nodeId: 'PRE',
      status: 'SENT',
      vendorMessageId: wamid,
      log: { subject: 's', body: 'b', cta: null, content: null },
    })
    .returning({ id: deliveries.id });
  return row!.id;
}
const delivery = async (id: number) => (await upstream.database.db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;
const url = (p = providerId) => buildPath(routes.whatsappWebhook, { p });

function post(
  statuses: { id: string; status: WhatsappStatus; error?: { code: number; title: string } }[],
  options: { p?: number; sign?: (raw: string) => string | undefined } = {},
) {
  const raw = JSON.stringify(
    statusNotification(
      '106540352242922',
      statuses.map((s) => ({ ...s, recipient: '4512345678' })),
    ),
  );
  const signature = (options.sign ?? ((body) => hubSignature(body, appSecret)))(raw);
  return upstream.app.inject({
    method: 'POST',
    url: url(options.p),
    headers: { 'content-type': 'application/json', ...(signature !== undefined && { 'x-hub-signature-256': signature }) },
    payload: raw,
  });
}

describe('WhatsApp status webhook', () => {
  it("answers Meta's subscription check with the challenge, as text, only to the verify token", async () => {
    const verify = (token: string, mode = 'subscribe') =>
      upstream.app.inject({
        method: 'GET',
        url: `${buildPath(routes.whatsappWebhookVerify, { p: providerId })}?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const ok = await verify(verifyToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    expect((await verify('guess')).statusCode).toBe(403);
    expect((await verify(verifyToken, 'unsubscribe')).statusCode).toBe(403);
  });

  it("refuses a notification without the app's signature of its raw body (401), changing nothing", async () => {
    const id = await sentDelivery('wamid.unsigned');
    const unsigned = await post([{ id: 'wamid.unsigned', status: 'read' }], { sign: () => undefined });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().message).toBe('The request is not signed by the vendor: X-Hub-Signature-256 is missing or wrong');
    expect((await post([{ id: 'wamid.unsigned', status: 'read' }], { sign: (raw) => hubSignature(raw, 'another-secret') })).statusCode).toBe(401);
    // Signed, then changed by one byte on the way.
    expect((await post([{ id: 'wamid.unsigned', status: 'read' }], { sign: (raw) => hubSignature(`${raw} `, appSecret) })).statusCode).toBe(401);
    expect((await post([{ id: 'wamid.unsigned', status: 'read' }], { sign: () => 'sha256=zz' })).statusCode).toBe(401);
    expect((await delivery(id)).stats).toBeNull();
  });

  it('folds delivered and read into the delivery as channel figures, announced to the match; a repeat changes nothing', async () => {
    const id = await sentDelivery('wamid.fold');
    notices.length = 0;
    const delivered = await post([{ id: 'wamid.fold', status: 'delivered' }]);
    expect(delivered.json()).toEqual({ statuses: 1, changed: 1 });
    const none = { sent: 0, open: 0 };
    expect((await delivery(id)).stats).toEqual({ report: { ios: none, android: none, total: { sent: 1, open: 0 } }, source: 'channel' });
    expect(notices).toContainEqual(expect.objectContaining({ match_id: matchId, topics: ['deliveries'], delivery_ids: [id] }));
    expect((await post([{ id: 'wamid.fold', status: 'delivered' }])).json()).toEqual({ statuses: 1, changed: 0 });
    expect(
      (
        await post([
          { id: 'wamid.fold', status: 'sent' },
          { id: 'wamid.fold', status: 'read' },
        ])
      ).json(),
    ).toEqual({ statuses: 2, changed: 1 });
    // A delivered that arrives after the read leaves it read.
    expect((await post([{ id: 'wamid.fold', status: 'delivered' }])).json()).toEqual({ statuses: 1, changed: 0 });
    expect((await delivery(id)).stats?.report?.total).toEqual({ sent: 1, open: 1 });
  });

  it('takes a read before its delivered, and two notifications about one message at once', async () => {
    const early = await sentDelivery('wamid.early');
    await post([{ id: 'wamid.early', status: 'read' }]);
    expect((await delivery(early)).stats?.report?.total).toEqual({ sent: 1, open: 1 });
    const raced = await sentDelivery('wamid.race');
    const replies = await Promise.all([post([{ id: 'wamid.race', status: 'delivered' }]), post([{ id: 'wamid.race', status: 'read' }])]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await delivery(raced)).stats?.report?.total).toEqual({ sent: 1, open: 1 });
  });

  it("marks a failed status's delivery FAILED with Meta's code, once", async () => {
    const id = await sentDelivery('wamid.failed');
    const failed = { id: 'wamid.failed', status: 'failed' as const, error: { code: 131026, title: 'Message undeliverable' } };
    expect((await post([failed])).json()).toEqual({ statuses: 1, changed: 1 });
    expect(await delivery(id)).toMatchObject({ status: 'FAILED', error: 'WhatsApp 131026: message undeliverable (not a WhatsApp user, or cannot receive it)' });
    expect((await post([failed])).json()).toEqual({ statuses: 1, changed: 0 });
  });

  it("leaves another provider's deliveries and unknown messages alone, and refuses what is not a notification", async () => {
    const id = await sentDelivery('wamid.other');
    expect((await post([{ id: 'wamid.other', status: 'read' }], { p: providerId + 1000 })).json()).toEqual({ statuses: 1, changed: 0 });
    expect((await post([{ id: 'wamid.nobody', status: 'read' }])).json()).toEqual({ statuses: 1, changed: 0 });
    expect((await delivery(id)).stats).toBeNull();
    const raw = JSON.stringify({ hello: 'world' });
    const reply = await upstream.app.inject({
      method: 'POST',
      url: url(),
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(raw, appSecret) },
      payload: raw,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('The notification is not a WhatsApp Business Account notification.');
  });

  it("uses a provider's saved WhatsApp app secret and verify token over the process's settings; none anywhere: no keys", async () => {
    const db = upstream.database.db;
    expect(await whatsappWebhookSecrets(db, null, null, providerId)).toBeNull();
    expect(await whatsappWebhookSecrets(db, null, { appSecret, verifyToken }, providerId)).toEqual({ appSecret, verifyToken });
    const [other] = await db
      .insert(providers)
      .values({ name: 'Saved WhatsApp keys', meta: { languages: ['en'] } })
      .returning({ id: providers.id });
    const { secretsKey } = fallbackChannelSettings();
    const saved = { app_secret: 'saved-app-secret', verify_token: 'saved-verify' };
    await saveChannel(
      upstream.app.writes,
      { user: { id: 1, name: 'Test Admin' }, request: { headers: {} } },
      other!.id,
      'whatsapp',
      { vendor: 'whatsapp', settings: { phone_number_id: '106540352242922' }, secrets: { access_token: 'EAAG-test-token', ...saved } },
      secretsKey,
    );
    expect(await whatsappWebhookSecrets(db, secretsKey, { appSecret, verifyToken }, other!.id)).toEqual({
      appSecret: saved.app_secret,
      verifyToken: saved.verify_token,
    });
    // Saved credentials that do not open with this key: the process's settings.
    expect(await whatsappWebhookSecrets(db, randomBytes(32).toString('base64'), { appSecret, verifyToken }, other!.id)).toEqual({ appSecret, verifyToken });
    const check = (token: string) =>
      upstream.app.inject({
        method: 'GET',
        url: `${buildPath(routes.whatsappWebhookVerify, { p: other!.id })}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=7`,
      });
    expect((await check(saved.verify_token)).body).toBe('7');
    expect((await check(verifyToken)).statusCode).toBe(403);
    const signedWith = (secret: string) => post([{ id: 'wamid.elsewhere', status: 'read' }], { p: other!.id, sign: (raw) => hubSignature(raw, secret) });
    expect((await signedWith(saved.app_secret)).json()).toEqual({ statuses: 1, changed: 0 });
    expect((await signedWith(appSecret)).statusCode).toBe(401);
  });
});
