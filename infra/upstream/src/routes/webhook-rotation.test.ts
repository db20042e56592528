import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookSecretIssued, WebhookSecretState } from '@odds/protocol';
import { auditLog, contacts, deliveries, markets, matches } from '../db/schema';
import { parseAllowHosts } from '../engine/channels/destination';
import { defaultWebhookSettings } from '../engine/channels/webhook-settings';
import { jobsFor } from '../engine/sends';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

/**
 * Rotating the webhook signing secret (docs/channels.md "Signed"): versioned (two admins rotating
 * from the same version: one 200, one 409), audited without the secret, and with the overlap both
 * the old and the new secret sign each POST (Standard Webhooks: space-separated signatures).
 */
let upstream: TestUpstream;
let headers: Record<string, string>;
let receiver: Server;
let hook: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const PROVIDER = 1;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const settings = defaultWebhookSettings();
  upstream = await createTestUpstream({ webhooks: { ...settings, policy: { ...settings.policy, allow: parseAllowHosts(new URL(hook).host) } } });
  headers = { authorization: `Token ${await upstream.login()}` };
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const db = () => upstream.database.db;
const url = `/api/1/providers/${PROVIDER}/webhook-secret`;
const rotate = (version: number | null, overlap: boolean) => upstream.app.inject({ method: 'POST', url, headers, payload: { version, overlap } });
const state = async () => (await upstream.app.inject({ method: 'GET', url, headers })).json<WebhookSecretState>();

/** One webhook delivery of the provider, sent by the upstream's own sender; the call the receiver got. */
async function sendOne() {
  const [match] = await db().select().from(matches).where(eq(matches.providerId, PROVIDER)).orderBy(asc(matches.id)).limit(1);
  const [market] = await db().select().from(markets).where(eq(markets.providerId, PROVIDER)).limit(1);
  const [contact] = await db()
    .insert(contacts)
    .values({ providerId: PROVIDER, sportId: match!.sportId, name: `Receiver ${received.length}`, channelId: 6, languages: ['en'], deviceId: hook })
    .returning({ id: contacts.id });
  const [row] = await db()
    .insert(deliveries)
    .values({
      matchId: match!.id,
      marketId: market!.id,
      contactId: contact!.id,
      channelId: 6,
      language: 'en',
      nodeId: 'INPLAY',
      status: 'PENDING',
      log: { subject: 'Goal!', body: 'Home win pays 2.50.', cta: null, content: null },
    })
    .returning({ id: deliveries.id });
  const before = received.length;
  upstream.app.engine.sending!.enqueue(await jobsFor(db(), [row!.id], false));
  await upstream.app.engine.drain();
  expect(received.length).toBe(before + 1);
  const call = received.at(-1)!;
  const signed = {
    'webhook-id': String(call.headers['webhook-id']),
    'webhook-timestamp': String(call.headers['webhook-timestamp']),
    'webhook-signature': String(call.headers['webhook-signature']),
  };
  return { body: call.body, signed, verifies: (secret: string) => () => new Webhook(secret).verify(call.body, signed) };
}

describe('rotating the signing secret', () => {
  it('is versioned: two admins rotating from the same version get one new secret and one 409', async () => {
    const first = await rotate(null, false);
    expect(first.statusCode).toBe(200);
    expect((await state()).version).toBe(1);
    const raced = await Promise.all([rotate(1, false), rotate(1, false)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await rotate(null, false)).statusCode).toBe(409);
    expect((await state()).version).toBe(2);
  });

  it('with the overlap, each POST carries both signatures: a receiver with the old or the new secret verifies it', async () => {
    const old = (await rotate((await state()).version, false)).json<WebhookSecretIssued>().secret;
    const before = await sendOne();
    expect(before.verifies(old)).not.toThrow();
    const next = (await rotate((await state()).version, true)).json<WebhookSecretIssued>().secret;
    const current = await state();
    expect(Date.parse(current.previous_until!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const during = await sendOne();
    expect(during.signed['webhook-signature'].split(' ')).toHaveLength(2);
    expect(during.verifies(old)).not.toThrow();
    expect(during.verifies(next)).not.toThrow();
    // Without the overlap (a secret that leaked) the old one stops at once.
    const fresh = (await rotate(current.version, false)).json<WebhookSecretIssued>().secret;
    const after = await sendOne();
    expect(after.signed['webhook-signature'].split(' ')).toHaveLength(1);
    expect(after.verifies(fresh)).not.toThrow();
    expect(after.verifies(next)).toThrow();
    expect((await state()).previous_until).toBeNull();
  });

  it('is audited: History names who rotated it and when, never a secret; operators may not rotate', async () => {
    const operator = { authorization: `Token ${await upstream.login(OPS)}` };
    expect((await upstream.app.inject({ method: 'POST', url, headers: operator, payload: { version: null, overlap: true } })).statusCode).toBe(403);
    const issued = (await rotate((await state()).version, true)).json<WebhookSecretIssued>();
    const history = await db().select().from(auditLog).where(eq(auditLog.entity, 'webhook_signing'));
    expect(history.length).toBeGreaterThanOrEqual(4);
    expect(history.at(-1)).toMatchObject({ actorName: expect.any(String), action: 'update', after: expect.objectContaining({ provider_id: PROVIDER }) });
    const text = JSON.stringify(history);
    expect(text).not.toContain(issued.secret.slice(6, 26));
    expect(text).not.toContain('whsec_');
  });
});
