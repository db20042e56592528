import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type DeliveriesReply, type DeliveryStats, type WebhookSecretIssued } from '@odds/protocol';
import { contacts, deliveries, markets, matches, webhookSecrets } from '../db/schema';
import { trackedLinkId } from '../engine/channels/tracked-links';
import { signingSecret } from '../engine/channels/webhook-secrets';
import { parseAllowHosts, systemResolver } from '../engine/channels/destination';
import { defaultWebhookSettings } from '../engine/channels/webhook-settings';
import { jobsFor } from '../engine/sends';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

/**
 * Webhooks end to end in one upstream: destinations refused when a contact is saved, deliveries
 * signed the Standard Webhooks way with the provider's secret, the call to action sent as a
 * tracked link that counts opens per platform, and figures that cannot break a screen.
 */
let upstream: TestUpstream;
let headers: Record<string, string>;
let receiver: Server;
let hook: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const TRACK_BASE = 'https://console.example';

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const settings = defaultWebhookSettings({ trackBase: TRACK_BASE });
  // The receiver's loopback port is allowed; a name that resolves to loopback is not.
  const resolve = async (host: string) => (host === 'sneaky.example' ? [{ address: '127.0.0.1', family: 4 }] : systemResolver(host));
  upstream = await createTestUpstream({ webhooks: { ...settings, policy: { allow: parseAllowHosts(new URL(hook).host), resolve } } });
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(async () => {
  await upstream.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const db = () => upstream.database.db;
const saveContact = (deviceId: string) =>
  upstream.app.inject({
    method: 'POST',
    url: '/api/1/contact',
    headers,
    payload: { name: `Hook ${deviceId.slice(0, 40)}`, channel_id: 6, device_id: deviceId },
  });

/** PENDING webhook deliveries of a new contact of provider 1, sent by the upstream's own sender. */
async function send(count: number, cta: string | null): Promise<number[]> {
  const [match] = await db().select().from(matches).orderBy(asc(matches.id)).limit(1);
  const [market] = await db().select().from(markets).where(eq(markets.providerId, 1)).limit(1);
  const [contact] = await db()
    .insert(contacts)
    .values({ providerId: 1, sportId: 1, name: `Receiver ${received.length}`, channelId: 6, languages: ['en'], deviceId: hook })
    .returning({ id: contacts.id });
  const rows = await db()
    .insert(deliveries)
    .values(
      Array.from({ length: count }, () => ({
        matchId: match!.id,
        marketId: market!.id,
        contactId: contact!.id,
        channelId: 6,
        language: 'en',
        nodeId: 'INPLAY',
        status: 'PENDING',
        log: { subject: 'Goal!', body: 'Home win pays 2.50.', cta, content: null },
      })),
    )
    .returning({ id: deliveries.id });
  const ids = rows.map((r) => r.id);
  upstream.app.engine.sending!.enqueue(await jobsFor(db(), ids, false));
  await upstream.app.engine.drain();
  return ids;
}

describe('webhook destinations when a contact is saved', () => {
  it('refuses internal destinations with a 400 that says why, a name resolving to loopback included', async () => {
    for (const url of [
      'http://169.254.169.254/latest',
      'http://[::1]/',
      'http://2130706433/',
      'http://localhost/',
      'http://x@10.0.0.1/',
      'http://sneaky.example/hook',
    ]) {
      const reply = await saveContact(url);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json().message, url).toMatch(/^This webhook destination is not allowed: /);
    }
    expect((await saveContact(`${hook}?ok`)).statusCode).toBe(200);
  });
});

describe('signed webhooks', () => {
  it("signs every POST with the provider's secret: a receiver verifies it with a Standard Webhooks library, a wrong secret does not", async () => {
    const rotate = (auth = headers) =>
      upstream.app.inject({ method: 'POST', url: '/api/1/providers/1/webhook-secret', headers: auth, payload: { version: null, overlap: false } });
    expect((await rotate({ authorization: `Token ${await upstream.login(OPS)}` })).statusCode).toBe(403);
    const issued = await rotate();
    expect(issued.headers['cache-control']).toBe('no-store');
    const { secret } = issued.json<WebhookSecretIssued>();
    expect(secret).toMatch(/^whsec_/);
    const state = (await upstream.app.inject({ method: 'GET', url: '/api/1/providers/1/webhook-secret', headers })).json();
    expect(state).toEqual({ configured: true, created_at: expect.any(String), version: 1, previous_until: null });
    expect(JSON.stringify(state)).not.toContain(secret.slice(6));

    const [id] = await send(1, null);
    const call = received.at(-1)!;
    expect(call.headers['webhook-id']).toBe(`delivery-${id}`);
    expect(call.headers['idempotency-key']).toBe(`delivery-${id}`);
    const signed = {
      'webhook-id': String(call.headers['webhook-id']),
      'webhook-timestamp': String(call.headers['webhook-timestamp']),
      'webhook-signature': String(call.headers['webhook-signature']),
    };
    expect(new Webhook(secret).verify(call.body, signed)).toMatchObject({ delivery_id: id });
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(call.body, signed)).toThrow();
    expect(() => new Webhook(secret).verify(call.body.replace('2.50', '9.99'), signed)).toThrow();
    // At rest it is encrypted: the stored text is not the secret, and another key cannot read it.
    const [stored] = await db().select().from(webhookSecrets).where(eq(webhookSecrets.providerId, 1));
    expect(stored!.secret).not.toContain(secret.slice(6, 20));
    expect(await signingSecret(db(), upstream.app.engine.webhooks.secretsKey!, 1)).toBe(secret);
    await expect(signingSecret(db(), Buffer.alloc(32, 9), 1)).rejects.toThrow();
  });
});

describe('tracked links', () => {
  it("sends the call to action as a link on our domain that counts opens per platform and redirects only to the delivery's target", async () => {
    const [id] = await send(1, 'https://book.example/bet?m=1');
    const payload = JSON.parse(received.at(-1)!.body) as { log: { cta: string }; link: string };
    expect(payload.log.cta).toBe(payload.link);
    const path = new URL(payload.link).pathname;
    expect(payload.link.startsWith(`${TRACK_BASE}/t/`)).toBe(true);
    const open = (agent: string, from = '203.0.113.9', url = `/api/1${path}`) =>
      upstream.app.inject({ method: 'GET', url, headers: { 'user-agent': agent, 'x-forwarded-for': from } });
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';
    const first = await open(iphone);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://book.example/bet?m=1');
    await open(iphone); // a prefetch of the same minute: counted once
    await open('Mozilla/5.0 (Linux; Android 14)', '203.0.113.10');
    await open('curl/8', '203.0.113.11');
    // The target is never taken from the address.
    expect((await open(iphone, '203.0.113.12', `/api/1${path}?to=https://evil.example`)).headers.location).toBe('https://book.example/bet?m=1');
    const [row] = await db().select({ stats: deliveries.stats }).from(deliveries).where(eq(deliveries.id, id!));
    expect(row!.stats).toEqual({
      source: 'tracked',
      report: { ios: { sent: 0, open: 2 }, android: { sent: 0, open: 1 }, total: { sent: 1, open: 4 } },
    });
    const unknown = await open(iphone, '203.0.113.9', buildPath(routes.trackedLink, { linkId: 'AAAAAAAAAAAAAAAAAAAAAA' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.location).toBeUndefined();
    expect((await open(iphone, '203.0.113.9', '/api/1/t/..%2f..%2fevil')).statusCode).toBe(404);
  });
});

describe('made once, whoever asks at the same time', () => {
  it('gives a delivery one tracked link and a provider one signing secret however many senders make them at once', async () => {
    const [id] = await send(1, null);
    const links = await Promise.all(Array.from({ length: 6 }, (_, i) => trackedLinkId(db(), id!, `https://book.example/${i}`, null)));
    expect(new Set(links).size).toBe(1);
    const key = upstream.app.engine.webhooks.secretsKey!;
    const secrets = await Promise.all(Array.from({ length: 6 }, () => signingSecret(db(), key, 2)));
    expect(new Set(secrets).size).toBe(1);
  });
});

describe('figures that cannot break a screen', () => {
  it('shows a stored report of the wrong shape as N/A: the Delivery tab and Reports stay 200', async () => {
    const ids = await send(2, null);
    await db()
      .update(deliveries)
      .set({ stats: { report: { ios: 7 } } as unknown as DeliveryStats })
      .where(inArray(deliveries.id, ids));
    const [{ matchId }] = (await db().select({ matchId: deliveries.matchId }).from(deliveries).where(eq(deliveries.id, ids[0]!))) as [{ matchId: number }];
    const tab = await upstream.app.inject({ method: 'GET', url: `/api/1/delivery/match/${matchId}?limit=100`, headers });
    expect(tab.statusCode).toBe(200);
    expect(
      tab
        .json<DeliveriesReply>()
        .deliveries.filter((d) => ids.includes(d.id))
        .map((d) => d.stats),
    ).toEqual([null, null]);
    const reports = await upstream.app.inject({ method: 'GET', url: '/api/1/1/1/delivery?limit=100&channel=6', headers });
    expect(reports.statusCode).toBe(200);
    expect(
      reports
        .json<DeliveriesReply>()
        .deliveries.filter((d) => ids.includes(d.id))
        .map((d) => d.stats),
    ).toEqual([null, null]);
    const csv = await upstream.app.inject({ method: 'GET', url: '/api/1/1/1/delivery/csv?channel=6', headers });
    expect(csv.statusCode).toBe(200);
  });
});
