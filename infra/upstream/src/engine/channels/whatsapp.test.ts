import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Value } from 'typebox/value';
import { startWhatsappFake, type WhatsappFake } from './fakes/whatsapp-fake';
import { testContext, testMessage } from './testing';
import { WHATSAPP_PACE, WhatsappCredentials, whatsappAdapter } from './whatsapp';
import { OUTSIDE_WINDOW, PAIR_RATE_RETRY_MS, THROUGHPUT_BACKOFF_MS } from './whatsapp-errors';
import { statusesOf, validHubSignature } from './whatsapp-status';

let fake: WhatsappFake;
const token = 'EAAG-test-token';
const credentials: WhatsappCredentials = {
  settings: { phoneNumberId: '106540352242922', templates: { en: { name: 'odds_offer', language: 'en', parameters: ['title', 'body', 'link'] } } },
  secrets: { accessToken: token },
};
const phone = (value: string, language = 'en') => testMessage({ kind: 'phone', value }, { language });
const send = (message = phone('4512345678'), creds = credentials) => whatsappAdapter.send(message, creds, testContext(fake.url));

beforeAll(async () => {
  fake = await startWhatsappFake({ behaviour: { accessToken: token } });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.accepted.length = 0;
});

describe('WhatsApp adapter against the Cloud API fake', () => {
  it("sends the language's approved template with the compiled text as its body parameters, and reports the wamid", async () => {
    const outcome = await send(phone('+4512345678'));
    expect(outcome).toEqual({ kind: 'sent', vendorId: fake.accepted[0]!.id });
    expect(outcome.kind === 'sent' && outcome.vendorId).toMatch(/^wamid\./);
    const request = fake.received[0]!;
    expect(request.url).toBe('/v21.0/106540352242922/messages');
    expect(request.headers.authorization).toBe(`Bearer ${token}`);
    expect(request.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '4512345678',
      biz_opaque_callback_data: 'delivery-41',
      type: 'template',
      template: {
        name: 'odds_offer',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Argentina v France' },
              { type: 'text', text: 'Argentina to win at 2.15 <now>' },
              { type: 'text', text: 'https://odds.example/t/abc123' },
            ],
          },
        ],
      },
    });
  });

  it('sends free text where no template is set for the language, which Meta refuses outside the 24-hour window', async () => {
    expect(await send(phone('4511111111', 'da'))).toEqual({ kind: 'failed', error: `WhatsApp 131047: ${OUTSIDE_WINDOW}` });
    expect(fake.received[0]!.json).toMatchObject({ type: 'text', text: { preview_url: false, body: expect.stringContaining('Argentina to win') } });
    fake.behaviour.windowOpen.add('4511111111');
    expect(await send(phone('4511111111', 'da'))).toMatchObject({ kind: 'sent' });
  });

  it('backs off the number on 130429 (throughput) and retries one recipient after 6 s on 131056 (pair rate)', async () => {
    fake.behaviour.errors.push(130429, 131056);
    expect(await send()).toEqual({ kind: 'backoff', error: 'WhatsApp 130429: (#130429) Rate limit hit', retryAfterMs: THROUGHPUT_BACKOFF_MS });
    expect(await send()).toEqual({
      kind: 'retry',
      error: 'WhatsApp 131056: (#131056) (Business Account, Consumer Account) pair rate limit hit',
      retryAfterMs: PAIR_RATE_RETRY_MS,
    });
    expect(PAIR_RATE_RETRY_MS).toBeGreaterThanOrEqual(6_000);
  });

  it('fails on the marketing limit (131049), is gone for a number not on WhatsApp (131026), retries 131000', async () => {
    fake.behaviour.errors.push(131049, 131000);
    expect(await send()).toEqual({ kind: 'failed', error: 'WhatsApp 131049: marketing limit: Meta held the message back to keep this user engaged' });
    expect(await send()).toEqual({ kind: 'retry', error: 'WhatsApp 131000: (#131000) Something went wrong' });
    fake.behaviour.notOnWhatsapp.add('4599999999');
    expect(await send(phone('4599999999'))).toEqual({
      kind: 'gone',
      error: 'WhatsApp 131026: message undeliverable (not a WhatsApp user, or cannot receive it)',
    });
  });

  it('is misconfigured on a bad token (190) or a template Meta does not know (132001), and never shows the token', async () => {
    const wrong = { ...credentials, secrets: { accessToken: 'EAAG-wrong' } };
    const bad = await send(phone('4512345678'), wrong);
    expect(bad).toEqual({ kind: 'misconfigured', error: 'WhatsApp 190: (#190) Invalid OAuth access token - Cannot parse access token' });
    const unknown = { ...credentials, settings: { ...credentials.settings, templates: { en: { name: 'nope', language: 'en' } } } };
    expect((await send(phone('4512345678'), unknown)).kind).toBe('misconfigured');
    expect(JSON.stringify(bad)).not.toContain('EAAG');
  });

  it('retries a call that gets no answer, naming no host', async () => {
    expect(await whatsappAdapter.send(phone('4512345678'), credentials, testContext('http://127.0.0.1:9'))).toEqual({
      kind: 'retry',
      error: 'WhatsApp: connection failed',
    });
  });

  it('describes its credentials (token, app secret, verify token are secrets) and its pace', () => {
    expect(Value.Check(WhatsappCredentials, credentials)).toBe(true);
    expect(Value.Check(WhatsappCredentials, { settings: { phoneNumberId: 'abc' }, secrets: { accessToken: 'x' } })).toBe(false);
    expect(WHATSAPP_PACE).toEqual({ perSender: { messages: 80, perMs: 1000 }, perRecipient: { messages: 1, perMs: 6000 } });
  });
});

describe('the WhatsApp fake for staging', () => {
  it("posts each accepted message's sent and delivered statuses to a webhook, signed with the app secret", async () => {
    const got: { signature: string | undefined; body: Buffer }[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        got.push({ signature: request.headers['x-hub-signature-256'] as string | undefined, body: Buffer.concat(chunks) });
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake.behaviour.webhook = { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, appSecret: 'app-secret' };
    try {
      const outcome = await send();
      await vi.waitFor(() => expect(got).toHaveLength(2));
      expect(got.every((g) => validHubSignature(g.body, g.signature, 'app-secret'))).toBe(true);
      const statuses = got.flatMap((g) => statusesOf(JSON.parse(g.body.toString())) ?? []);
      expect(statuses.map((s) => [s.id, s.status])).toEqual([
        [outcome.kind === 'sent' && outcome.vendorId, 'sent'],
        [outcome.kind === 'sent' && outcome.vendorId, 'delivered'],
      ]);
    } finally {
      fake.behaviour.webhook = null;
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
