import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeBus, createTestUpstream, Dispatcher, jobsFor, type TestUpstream } from '../../testing';
import { auditLog, contacts, deliveries, matches, markets } from '../../db/schema';
import type { Db } from '../../db/client';
import { saveChannel } from './credentials';
import { startTelegramFake, type TelegramFake } from './fakes/telegram-fake';
import { startWhatsappFake, type WhatsappFake } from './fakes/whatsapp-fake';
import { startXFake, type XFake } from './fakes/x-fake';
import { fieldsOf, VENDORS } from './registry';
import { channelSettingsFrom, type ChannelSettings } from './settings';
import { resetPacing, statusOf } from './sending-fixture';

/**
 * Telegram, WhatsApp and X deliveries through the real path: credentials saved as an admin saves
 * them on Settings → Channels (the flat form), routed by the Dispatcher, paced, sent by the
 * registry's adapter to each vendor's fake, the outcome stored.
 */

let upstream: TestUpstream;
let db: Db;
let telegram: TelegramFake;
let whatsapp: WhatsappFake;
let x: XFake;
let settings: ChannelSettings;
let matchId: number;
let marketId: number;
const ADMIN_CALL = { user: { id: 1, name: 'Test Admin' }, request: { headers: {} } };
const CHANNEL = { TELEGRAM: 9, WHATSAPP: 7, TWITTER: 3 } as const;

const save = (vendor: string, form: { settings: Record<string, string>; secrets: Record<string, string> }, providerId = 1) =>
  saveChannel(upstream.app.writes, ADMIN_CALL, providerId, vendor, { vendor, ...form }, settings.secretsKey);

beforeAll(async () => {
  upstream = await createTestUpstream();
  db = upstream.database.db;
  [telegram, whatsapp, x] = await Promise.all([
    startTelegramFake({ behaviour: { blocked: new Set(['403']), migrated: new Map([['-300', '-100300']]) } }),
    startWhatsappFake(),
    startXFake(),
  ]);
  const base = channelSettingsFrom({ TELEGRAM_API_URL: telegram.url, WHATSAPP_API_URL: whatsapp.url, X_API_URL: x.url });
  settings = { ...base, secretsKey: randomBytes(32).toString('base64'), simulateUnconfigured: false };
  await save('telegram', { settings: {}, secrets: { bot_token: telegram.behaviour.token } });
  await save('whatsapp', {
    settings: {
      phone_number_id: whatsapp.behaviour.phoneNumberId,
      templates: '{"en": {"name": "odds_offer", "language": "en", "parameters": ["title", "body"]}}',
    },
    secrets: { access_token: whatsapp.behaviour.accessToken, app_secret: 'app-secret', verify_token: 'verify' },
  });
  await save('x', { settings: { client_id: 'client-1', handle: '@oddsbrand' }, secrets: { access_token: 'at-initial', refresh_token: 'rt-initial' } });
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.providerId, 1)).limit(1);
  const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.providerId, 1)).limit(1);
  matchId = match!.id;
  marketId = market!.id;
}, 120_000);
afterAll(async () => {
  await Promise.all([telegram?.close(), whatsapp?.close(), x?.close()]);
  await upstream?.close();
});

/** A contact of provider 1 on the channel, and a PENDING delivery to it; their ids. */
async function deliveryTo(channelId: number, contact: { deviceId?: string; mobile?: string; twitter?: string }) {
  const [row] = await db
    .insert(contacts)
    .values({ providerId: 1, sportId: 1, channelId, name: `Messaging ${randomBytes(4).toString('hex')}`, ...contact })
    .returning({ id: contacts.id });
  const [delivery] = await db
    .insert(deliveries)
    .values({
      matchId,
      marketId,
      contactId: row!.id,
      channelId,
      language: 'en',
      nodeId: 'H1-A0',
      status: 'PENDING',
      log: { subject: 'Goal!', body: 'Home at 2.10', cta: 'Bet now', content: null },
    })
    .returning({ id: deliveries.id });
  return { contactId: row!.id, deliveryId: delivery!.id };
}

async function send(...ids: number[]) {
  await resetPacing(db);
  const dispatcher = new Dispatcher(db, new ChangeBus(), null, {
    sender: 'messaging',
    concurrency: 4,
    timeoutMs: 5000,
    channels: settings,
    policy: { scheduleMs: [1000], deadlineMs: 600_000, jitter: 0 },
  });
  dispatcher.enqueue(await jobsFor(db, ids, false));
  await dispatcher.drain();
  return statusOf(db, ids);
}

describe('Telegram, WhatsApp and X through the registry', () => {
  it('sends to each vendor with the saved credentials and keeps its message id (the wamid the status webhook looks up)', async () => {
    const viaTelegram = await deliveryTo(CHANNEL.TELEGRAM, { deviceId: '1001' });
    const viaWhatsapp = await deliveryTo(CHANNEL.WHATSAPP, { mobile: '+4512345678' });
    const viaX = await deliveryTo(CHANNEL.TWITTER, { twitter: '@oddsbrand' });
    const [t, w, p] = await send(viaTelegram.deliveryId, viaWhatsapp.deliveryId, viaX.deliveryId);
    expect(t).toMatchObject({ status: 'SENT', vendorId: expect.stringMatching(/^\d+$/) });
    expect(telegram.sent.at(-1)).toMatchObject({ method: 'sendMessage', chatId: '1001' });
    expect(w).toMatchObject({ status: 'SENT', vendorId: whatsapp.accepted.at(-1)!.id });
    expect(w!.vendorId).toMatch(/^wamid\./);
    // The templates text field became the adapter's template per language.
    expect(whatsapp.accepted.at(-1)!.body).toMatchObject({ to: '4512345678', type: 'template', template: { name: 'odds_offer', language: { code: 'en' } } });
    expect(p).toMatchObject({ status: 'SENT', vendorId: x.posts.at(-1)!.id });
  });

  it('a group that became a supergroup: sent to the new chat, and the contact follows it, audited as the engine', async () => {
    const { contactId, deliveryId } = await deliveryTo(CHANNEL.TELEGRAM, { deviceId: '-300' });
    expect((await send(deliveryId))[0]).toMatchObject({ status: 'SENT' });
    expect(telegram.sent.at(-1)!.chatId).toBe('-100300');
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact).toMatchObject({ deviceId: '-100300', active: true });
    const history = await db.select().from(auditLog).where(eq(auditLog.entityId, contactId));
    expect(history.filter((h) => h.entity === 'contact')).toEqual([
      expect.objectContaining({
        actorId: null,
        actorName: 'Engine',
        action: 'update',
        before: expect.objectContaining({ device_id: '-300' }),
        after: expect.objectContaining({ device_id: '-100300' }),
      }),
    ]);
  });

  it('a chat that blocked the bot deactivates its contact', async () => {
    const { contactId, deliveryId } = await deliveryTo(CHANNEL.TELEGRAM, { deviceId: '403' });
    expect((await send(deliveryId))[0]).toMatchObject({ status: 'FAILED', error: expect.stringContaining('blocked') });
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, contactId));
    expect(contact).toMatchObject({ active: false, inactiveReason: expect.stringContaining('Telegram 403') });
  });

  it('paces each at its documented per-sender rate, and draws each form from its schema with the secrets write-only', () => {
    expect(settings.rates).toMatchObject({ telegram: 30, whatsapp: 80 });
    expect(settings.rates.x).toBeCloseTo(100 / 900);
    const secrets = (vendor: string) =>
      fieldsOf(VENDORS[vendor]!)
        .filter((f) => f.secret)
        .map((f) => f.name);
    expect(secrets('telegram')).toEqual(['bot_token']);
    expect(secrets('whatsapp')).toEqual(['access_token', 'app_secret', 'verify_token']);
    expect(secrets('x')).toEqual(['access_token', 'refresh_token', 'client_secret', 'consumer_key', 'consumer_secret', 'access_token_secret']);
    expect(fieldsOf(VENDORS.whatsapp!).find((f) => f.name === 'templates')).toMatchObject({ secret: false, multiline: true, required: false });
  });
});

describe('saving the messaging forms', () => {
  const refused = (vendor: string, form: { settings: Record<string, string>; secrets: Record<string, string> }) =>
    save(vendor, form, 2).then(
      () => 'saved',
      (error: Error) => error.message,
    );

  it('refuses templates that are not JSON of a template per language, naming the field', async () => {
    const form = (templates: string) => ({ settings: { phone_number_id: '1065', templates }, secrets: { access_token: 'EAAG' } });
    expect(await refused('whatsapp', form('{not json'))).toBe('WhatsApp Business (Cloud API): Templates: not valid JSON');
    expect(await refused('whatsapp', form('{"en": {"language": "en"}}'))).toMatch(/^WhatsApp Business \(Cloud API\): Templates\/en: /);
    expect(await refused('whatsapp', form('{"EN": {"name": "t", "language": "en"}}'))).toMatch(/Templates/);
  });

  it('refuses an X sign-in that is neither whole OAuth 2.0 nor whole OAuth 1.0a, and a bot token of the wrong shape', async () => {
    expect(await refused('x', { settings: { client_id: 'c' }, secrets: { access_token: 'a' } })).toMatch(/refresh token/);
    expect(await refused('x', { settings: {}, secrets: { access_token: 'a', refresh_token: 'r' } })).toMatch(/client id/);
    expect(await refused('x', { settings: {}, secrets: { access_token: 'a', consumer_key: 'k' } })).toMatch(/OAuth 1.0a needs/);
    expect(await refused('telegram', { settings: {}, secrets: { bot_token: 'not a token' } })).toMatch(/^Bot token: /);
    expect(await refused('telegram', { settings: { bot_token: '1:a' }, secrets: {} })).toMatch(/is a secret/);
  });
});
