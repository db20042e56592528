import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { startTelegramFake, type TelegramFake } from './fakes/telegram-fake';
import { TELEGRAM_PACE, TelegramCredentials, telegramAdapter, telegramText } from './telegram';
import { testContext, testMessage } from './testing';

let fake: TelegramFake;
const token = '123456:TEST-token';
const credentials: TelegramCredentials = { settings: {}, secrets: { botToken: token } };
const chat = (value: string) => testMessage({ kind: 'chat', value });
const send = (message = chat('1001'), creds = credentials) => telegramAdapter.send(message, creds, testContext(fake.url));

beforeAll(async () => {
  fake = await startTelegramFake({ behaviour: { token } });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.sent.length = 0;
});

describe('Telegram adapter against the Bot API fake', () => {
  it('sends an HTML message to the chat id, without a link preview, and reports the message id', async () => {
    expect(await send()).toEqual({ kind: 'sent', vendorId: '1' });
    const request = fake.received[0]!;
    expect(request.url).toBe(`/bot${token}/sendMessage`);
    expect(request.json).toEqual({
      chat_id: '1001',
      parse_mode: 'HTML',
      text: '<b>Argentina v France</b>\nArgentina to win at 2.15 &lt;now&gt;\n<a href="https://odds.example/t/abc123">Bet now</a>',
      link_preview_options: { is_disabled: true },
    });
  });

  it('sends a photo with the text as its caption when the content has an image', async () => {
    const outcome = await send(testMessage({ kind: 'chat', value: '1001' }, { imageUrl: 'https://cdn.example/goal.png' }));
    expect(outcome.kind).toBe('sent');
    expect(fake.received[0]!.url).toBe(`/bot${token}/sendPhoto`);
    expect(fake.received[0]!.json).toMatchObject({ photo: 'https://cdn.example/goal.png', caption: expect.stringContaining('<b>Argentina v France</b>') });
  });

  it('keeps the text within Telegram limits, the link whole', () => {
    const long = testMessage({ kind: 'chat', value: '1' }, { log: { subject: 'T', body: 'x'.repeat(5000), cta: 'Go', content: null } });
    const text = telegramText(long, 1024);
    const visible = text.replace(/<[^>]+>/g, '');
    expect([...visible].length).toBeLessThanOrEqual(1024);
    expect(text).toContain('<a href="https://odds.example/t/abc123">Go</a>');
  });

  it('backs off exactly as long as the 429 body says (parameters.retry_after)', async () => {
    fake.behaviour.rateLimited.push(7);
    expect(await send()).toEqual({ kind: 'backoff', error: 'Telegram 429 too many requests: retry after 7 s', retryAfterMs: 7_000 });
    expect(fake.sent).toEqual([]);
  });

  it('is gone when the user blocked the bot, the group kicked it, or the chat does not exist', async () => {
    fake.behaviour.blocked.add('2001');
    fake.behaviour.kicked.add('-2002');
    fake.behaviour.missing.add('2003');
    expect(await send(chat('2001'))).toEqual({ kind: 'gone', error: 'Telegram 403: Forbidden: bot was blocked by the user' });
    expect(await send(chat('-2002'))).toEqual({ kind: 'gone', error: 'Telegram 403: Forbidden: bot was kicked from the group chat' });
    expect(await send(chat('2003'))).toEqual({ kind: 'gone', error: 'Telegram 400: Bad Request: chat not found' });
  });

  it('follows a group upgraded to a supergroup: resends once to the new chat id and reports it', async () => {
    fake.behaviour.migrated.set('-3001', '-1003001');
    expect(await send(chat('-3001'))).toEqual({ kind: 'sent', vendorId: expect.any(String), newRecipient: { kind: 'chat', value: '-1003001' } });
    expect(fake.received.map((r) => r.json?.chat_id)).toEqual(['-3001', '-1003001']);
    expect(fake.sent).toEqual([expect.objectContaining({ chatId: '-1003001' })]);
  });

  it('never loops on a chat that keeps moving', async () => {
    fake.behaviour.migrated.set('-4001', '-4002').set('-4002', '-4003');
    expect(await send(chat('-4001'))).toEqual({ kind: 'failed', error: 'Telegram 400: the chat moved twice in one send' });
    expect(fake.received).toHaveLength(2);
  });

  it('is misconfigured on a wrong token, and never shows the token', async () => {
    const outcome = await send(chat('1001'), { settings: {}, secrets: { botToken: '999:wrong' } });
    expect(outcome).toEqual({ kind: 'misconfigured', error: 'Telegram 401: the bot token is wrong or revoked' });
  });

  it('retries a 5xx and a call that gets no answer, naming no host', async () => {
    fake.behaviour.serverErrors.push(502);
    expect(await send()).toEqual({ kind: 'retry', error: 'Telegram 502: Internal Server Error' });
    const dead = await telegramAdapter.send(chat('1'), credentials, testContext('http://127.0.0.1:9'));
    expect(dead).toEqual({ kind: 'retry', error: 'Telegram: connection failed' });
    fake.behaviour.latencyMs = 300;
    const slow = await telegramAdapter.send(chat('1'), credentials, testContext(fake.url, Date.now, 50));
    fake.behaviour.latencyMs = 0;
    expect(slow).toEqual({ kind: 'retry', error: 'Telegram: no answer within the timeout' });
  });

  it('any other 400 is failed (no retry), in Telegram words', async () => {
    const empty = testMessage({ kind: 'chat', value: '1001' }, { log: { subject: null, body: null, cta: null, content: null }, link: null });
    expect(await send(empty)).toEqual({ kind: 'failed', error: 'Telegram 400: Bad Request: message text is empty' });
  });

  it('describes its credentials (the token a secret) and its pace', () => {
    expect(Value.Check(TelegramCredentials, credentials)).toBe(true);
    expect(Value.Check(TelegramCredentials, { settings: {}, secrets: {} })).toBe(false);
    expect(TELEGRAM_PACE).toEqual({
      perSender: { messages: 30, perMs: 1000 },
      perRecipient: { messages: 1, perMs: 1000 },
      perGroup: { messages: 20, perMs: 60_000 },
    });
  });
});
