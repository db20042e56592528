import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChangeBus, createTestUpstream, Dispatcher, jobsFor, type TestUpstream } from '../../testing';
import { contacts, deliveries, deliverySends, matches, markets } from '../../db/schema';
import type { Db } from '../../db/client';
import { saveChannel } from './credentials';
import type { FakeRequest } from './fakes/fake-server';
import { startTelegramFake, type TelegramFake } from './fakes/telegram-fake';
import { startWhatsappFake, type WhatsappFake } from './fakes/whatsapp-fake';
import { channelSettingsFrom, type ChannelSettings } from './settings';
import { resetPacing, statusOf } from './sending-fixture';

/**
 * The recipients' own pace (docs/channels.md "Pace"), held by two Dispatchers (two workers)
 * sharing the database's buckets: a Telegram chat gets at most one message a second and a group
 * 20 a minute, a WhatsApp number one per 6 s; a send over its recipient's pace waits alone, while
 * the same bot's or number's sends to other recipients go at once.
 */

let upstream: TestUpstream;
let db: Db;
let telegram: TelegramFake;
let whatsapp: WhatsappFake;
let settings: ChannelSettings;
let matchId: number;
let marketId: number;
const ADMIN_CALL = { user: { id: 1, name: 'Test Admin' }, request: { headers: {} } };

beforeAll(async () => {
  upstream = await createTestUpstream();
  db = upstream.database.db;
  [telegram, whatsapp] = await Promise.all([startTelegramFake(), startWhatsappFake()]);
  settings = {
    ...channelSettingsFrom({ TELEGRAM_API_URL: telegram.url, WHATSAPP_API_URL: whatsapp.url }),
    secretsKey: randomBytes(32).toString('base64'),
    simulateUnconfigured: false,
  };
  const save = (vendor: string, form: { settings: Record<string, string>; secrets: Record<string, string> }) =>
    saveChannel(upstream.app.writes, ADMIN_CALL, 1, vendor, { vendor, ...form }, settings.secretsKey);
  await save('telegram', { settings: {}, secrets: { bot_token: telegram.behaviour.token } });
  await save('whatsapp', {
    settings: { phone_number_id: whatsapp.behaviour.phoneNumberId, templates: '{"en": {"name": "odds_offer", "language": "en", "parameters": ["body"]}}' },
    secrets: { access_token: whatsapp.behaviour.accessToken },
  });
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.providerId, 1)).limit(1);
  const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.providerId, 1)).limit(1);
  matchId = match!.id;
  marketId = market!.id;
}, 120_000);
afterAll(async () => {
  await Promise.all([telegram?.close(), whatsapp?.close()]);
  await upstream?.close();
});
beforeEach(() => resetPacing(db));

/** A PENDING delivery to each destination (a contact of its own each, of provider 1 on the channel). */
async function deliveriesTo(channelId: number, destinations: { deviceId?: string; mobile?: string }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const destination of destinations) {
    const [contact] = await db
      .insert(contacts)
      .values({ providerId: 1, sportId: 1, channelId, name: `Paced ${randomBytes(4).toString('hex')}`, ...destination })
      .returning({ id: contacts.id });
    const [delivery] = await db
      .insert(deliveries)
      .values({
        matchId,
        marketId,
        contactId: contact!.id,
        channelId,
        language: 'en',
        nodeId: 'H1-A0',
        status: 'PENDING',
        log: { subject: 'Goal!', body: `Home at 2.${ids.length}0 ${randomBytes(3).toString('hex')}`, cta: null, content: null },
      })
      .returning({ id: deliveries.id });
    ids.push(delivery!.id);
  }
  return ids;
}

const worker = (sender: string) =>
  new Dispatcher(db, new ChangeBus(), null, {
    sender,
    concurrency: 4,
    timeoutMs: 5000,
    channels: settings,
    policy: { scheduleMs: [1000], deadlineMs: 600_000, jitter: 0 },
  });

/** Both workers take half the jobs each and poll for the sends put back in the database, until every one is SENT. */
async function sendWithTwo(channelId: number, ids: number[], timeoutMs: number): Promise<void> {
  const [a, b] = [worker('paced-a'), worker('paced-b')];
  // Each worker's first send opens its credentials and connection: made before, so what is timed is the pace.
  const warm = await jobsFor(
    db,
    await deliveriesTo(channelId, [
      { deviceId: '3001', mobile: '4530000001' },
      { deviceId: '3002', mobile: '4530000002' },
    ]),
    false,
  );
  a.enqueue([warm[0]!]);
  b.enqueue([warm[1]!]);
  await Promise.all([a.drain(), b.drain()]);
  const jobs = await jobsFor(db, ids, false);
  a.start({ intervalMs: 100, sweepMs: 3_600_000 });
  b.start({ intervalMs: 100, sweepMs: 3_600_000 });
  a.enqueue(jobs.filter((_, i) => i % 2 === 0));
  b.enqueue(jobs.filter((_, i) => i % 2 === 1));
  const until = Date.now() + timeoutMs;
  while ((await statusOf(db, ids)).some((d) => d.status !== 'SENT') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  a.stop();
  b.stop();
  await Promise.all([a.drain(), b.drain()]);
}

/**
 * The buckets hand out one token per slot (n sends take n - 1 slots), but a call is timed where it
 * arrives, and the embedded database runs on the test's own event loop: on a busy machine a call
 * can arrive up to ~700 ms after its token was taken, and the next one on time. So the span of n
 * arrivals is held to 60 % of (n - 1) slots; unpaced, they would all come within a few ms.
 */
const paced = (times: number[], slotMs: number) => expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 1) * slotMs * 0.6);
const arrivals = (received: FakeRequest[], field: 'chat_id' | 'to', value: string, since: number) =>
  received.filter((r) => r.atMs >= since && String(r.json?.[field]) === value).map((r) => r.atMs);

describe('a recipient’s own pace, shared by two workers', () => {
  it('a Telegram chat gets one message a second, while the bot’s other chats are sent at once', async () => {
    const started = Date.now();
    // Chat 2001's four first in each worker's lane, the other chats behind them.
    const ids = await deliveriesTo(9, [
      ...Array.from({ length: 8 }, () => ({ deviceId: '2001' })),
      ...Array.from({ length: 4 }, (_, i) => ({ deviceId: `21${i}` })),
    ]);
    await sendWithTwo(9, ids, 30_000);
    expect((await statusOf(db, ids)).map((d) => d.status)).toEqual(Array(12).fill('SENT'));
    const same = arrivals(telegram.received, 'chat_id', '2001', started);
    expect(same).toHaveLength(8);
    paced(same, 1000);
    // The other chats did not queue behind chat 2001's pace: behind its four in each worker's lane
    // they would come 6 s or more after its first; passing them, they go with it (as fast as the
    // embedded database serves the claims on a busy machine: up to ~2.5 s).
    const others = [0, 1, 2, 3].flatMap((i) => arrivals(telegram.received, 'chat_id', `21${i}`, started));
    expect(others).toHaveLength(4);
    for (const at of others) expect(at).toBeLessThan(same[0]! + 3_500);
  }, 45_000);

  it('a Telegram group gets at most 20 a minute: its later sends wait in the database, one each 3 s', async () => {
    const started = Date.now();
    const ids = await deliveriesTo(
      9,
      Array.from({ length: 3 }, () => ({ deviceId: '-2002' })),
    );
    const other = await deliveriesTo(9, [{ deviceId: '2201' }]);
    await sendWithTwo(9, [...ids, ...other], 20_000);
    expect((await statusOf(db, [...ids, ...other])).every((d) => d.status === 'SENT')).toBe(true);
    const group = arrivals(telegram.received, 'chat_id', '-2002', started);
    expect(group).toHaveLength(3);
    paced(group, 3000);
    expect(arrivals(telegram.received, 'chat_id', '2201', started)[0]).toBeLessThan(group[1]!);
  }, 40_000);

  it('a WhatsApp number gets one message per 6 s; the business number’s other recipients are not held', { timeout: 45_000 }, async () => {
    const started = Date.now();
    const ids = await deliveriesTo(7, [{ mobile: '+4520000001' }, { mobile: '4520000001' }, { mobile: '4520000001' }, { mobile: '4520000002' }]);
    await sendWithTwo(7, ids, 25_000);
    expect((await statusOf(db, ids)).map((d) => d.status)).toEqual(['SENT', 'SENT', 'SENT', 'SENT']);
    const same = arrivals(whatsapp.received, 'to', '4520000001', started);
    expect(same).toHaveLength(3);
    paced(same, 6000);
    expect(arrivals(whatsapp.received, 'to', '4520000002', started)[0]).toBeLessThan(same[1]!);
    // The wait was spent in the database (a planned send), not in a worker's queue, and the attempt was not counted as a failure.
    const sends = await db.select().from(deliverySends).where(inArray(deliverySends.deliveryId, ids));
    expect(sends.every((s) => s.lastError === null && s.failures === 0)).toBe(true);
  });
});
