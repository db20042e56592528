import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeBus, createTestUpstream, Dispatcher, jobsFor, type TestUpstream } from '../../testing';
import { contacts, deliveries, matches, markets } from '../../db/schema';
import type { Db } from '../../db/client';
import type { SmtpSender } from '../../mail/smtp';
import { saveChannel } from './credentials';
import { startTelegramFake, type TelegramFake } from './fakes/telegram-fake';
import { channelSettingsFrom } from './settings';
import { openTrackedLink } from './tracked-links';
import { defaultWebhookSettings } from './webhook-settings';

/**
 * The call to action of an email and of a vendor message is the delivery's tracked link, as a
 * webhook's is (docs/channels.md "Delivery figures"): the mail's text and the Telegram message
 * carry `{PUBLIC_URL}/t/{id}`, never the target itself, and each open of it counts.
 */

let upstream: TestUpstream;
let db: Db;
let telegram: TelegramFake;
const mails: { to: string; subject: string; text: string }[] = [];
/** The mail server as the Dispatcher sees it: what it was handed is kept (a test double of the SMTP sender, not a production path). */
const smtp: SmtpSender = {
  async send(mail) {
    mails.push(mail);
    return { messageId: `m${mails.length}` };
  },
  close: () => {},
};
const TRACK_BASE = 'https://console.example';
const TARGET = 'https://book.example/bet?m=7';
let dispatcher: Dispatcher;

beforeAll(async () => {
  upstream = await createTestUpstream();
  db = upstream.database.db;
  telegram = await startTelegramFake();
  const channels = { ...channelSettingsFrom({ TELEGRAM_API_URL: telegram.url }), secretsKey: randomBytes(32).toString('base64'), simulateUnconfigured: false };
  await saveChannel(
    upstream.app.writes,
    { user: { id: 1, name: 'Test Admin' }, request: { headers: {} } },
    1,
    'telegram',
    { vendor: 'telegram', settings: {}, secrets: { bot_token: telegram.behaviour.token } },
    channels.secretsKey,
  );
  dispatcher = new Dispatcher(db, new ChangeBus(), smtp, { sender: 'tracked', channels, webhooks: defaultWebhookSettings({ trackBase: TRACK_BASE }) });
}, 120_000);
afterAll(async () => {
  await telegram?.close();
  await upstream?.close();
});

async function sent(channelId: number, destination: { email?: string; deviceId?: string }) {
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.providerId, 1)).limit(1);
  const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.providerId, 1)).limit(1);
  const [contact] = await db
    .insert(contacts)
    .values({ providerId: 1, sportId: 1, channelId, name: `Tracked ${randomBytes(3).toString('hex')}`, ...destination })
    .returning({ id: contacts.id });
  const [delivery] = await db
    .insert(deliveries)
    .values({
      matchId: match!.id,
      marketId: market!.id,
      contactId: contact!.id,
      channelId,
      language: 'en',
      nodeId: 'H1-A0',
      status: 'PENDING',
      log: { subject: 'Goal!', body: `Home at 2.10 (${randomBytes(3).toString('hex')})`, cta: TARGET, content: null },
    })
    .returning({ id: deliveries.id });
  dispatcher.enqueue(await jobsFor(db, [delivery!.id], true));
  await dispatcher.drain();
  const [row] = await db.select().from(deliveries).where(eq(deliveries.id, delivery!.id));
  return row!;
}

const linkIn = (text: string) => new RegExp(`${TRACK_BASE}/t/([A-Za-z0-9_-]{22})`).exec(text)?.[1];
const open = (linkId: string, userAgent: string, address: string) => openTrackedLink(db, linkId, { userAgent, address, key: Buffer.alloc(32, 1) }, Date.now());

describe('tracked calls to action beyond webhooks', () => {
  it('an email carries the tracked link in place of the target, and its opens are counted', async () => {
    const delivery = await sent(2, { email: 'fan@example.com' });
    expect(delivery.status).toBe('SENT');
    const mail = mails.at(-1)!;
    expect(mail.to).toBe('fan@example.com');
    expect(mail.text).not.toContain(TARGET);
    const linkId = linkIn(mail.text)!;
    expect(linkId).toBeDefined();
    expect(delivery.stats).toEqual({ source: 'tracked', report: { ios: { sent: 0, open: 0 }, android: { sent: 0, open: 0 }, total: { sent: 1, open: 0 } } });
    expect(await open(linkId, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', '198.51.100.7')).toMatchObject({ target: TARGET, counted: true });
    const [after] = await db.select({ stats: deliveries.stats }).from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(after!.stats).toMatchObject({ source: 'tracked', report: { ios: { open: 1 }, total: { sent: 1, open: 1 } } });
  });

  it('a Telegram message links to the tracked link, and shows the target nowhere', async () => {
    const delivery = await sent(9, { deviceId: '5150' });
    expect(delivery.status).toBe('SENT');
    const message = telegram.sent.at(-1)!;
    expect(message.chatId).toBe('5150');
    expect(message.text).not.toContain('book.example');
    expect(linkIn(message.text)).toBeDefined();
    expect(delivery.stats).toMatchObject({ source: 'tracked', report: { total: { sent: 1, open: 0 } } });
  });
});
