import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { contacts, deliveries, deliverySends, matches, markets } from '../../db/schema';
import { saveChannel } from './credentials';
import { startApnsFake, type ApnsFake } from './fakes/apns-fake';
import { startFcmFake, type FcmFake } from './fakes/fcm-fake';
import { channelSettingsFrom, type ChannelSettings } from './settings';

/**
 * What the channel sending tests share: both push fakes, provider 1 configured for both
 * (through the real save), push contacts and PENDING deliveries made directly in the database.
 */
export interface SendingFixture {
  fcm: FcmFake;
  apns: ApnsFake;
  settings: ChannelSettings;
  matchId: number;
  marketId: number;
  close(): Promise<void>;
}

const ADMIN_CALL = { user: { id: 1, name: 'Test Admin' }, request: { headers: {} } };

export async function sendingFixture(app: FastifyInstance, rates = 'fcm=500,apns=500'): Promise<SendingFixture> {
  const db = app.writes.db;
  const [fcm, apns] = await Promise.all([startFcmFake(), startApnsFake()]);
  const base = channelSettingsFrom({ FCM_API_URL: fcm.url, FCM_TOKEN_URL: fcm.tokenUrl, APNS_API_URL: apns.url, CHANNEL_RATES: rates });
  const settings: ChannelSettings = { ...base, cas: { apns: apns.ca }, secretsKey: randomBytes(32).toString('base64'), simulateUnconfigured: false };
  await saveChannel(
    app.writes,
    ADMIN_CALL,
    1,
    'fcm',
    { vendor: 'fcm', settings: { project_id: 'odds-test' }, secrets: { service_account: fcm.serviceAccount('odds-test') } },
    settings.secretsKey,
  );
  await saveChannel(
    app.writes,
    ADMIN_CALL,
    1,
    'apns',
    {
      vendor: 'apns',
      settings: { team_id: 'TEAM123456', key_id: 'KEY1234567', bundle_id: 'com.example.odds' },
      secrets: { private_key: apns.authKey('TEAM123456', 'KEY1234567', 'com.example.odds') },
    },
    settings.secretsKey,
  );
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.providerId, 1)).limit(1);
  const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.providerId, 1)).limit(1);
  return { fcm, apns, settings, matchId: match!.id, marketId: market!.id, close: async () => void (await Promise.all([fcm.close(), apns.close()])) };
}

/** Push contacts of provider 1 with these device ids (one each). */
export async function pushContacts(db: Db, deviceIds: string[]): Promise<number[]> {
  const rows = await db
    .insert(contacts)
    .values(deviceIds.map((deviceId, i) => ({ providerId: 1, sportId: 1, channelId: 1, name: `Push ${i} ${deviceId.slice(0, 12)}`, deviceId })))
    .returning({ id: contacts.id });
  return rows.map((r) => r.id);
}

/** A PENDING delivery per contact, as the engine would have committed them. */
export async function pendingDeliveries(db: Db, fixture: Pick<SendingFixture, 'matchId' | 'marketId'>, contactIds: number[]): Promise<number[]> {
  const rows = await db
    .insert(deliveries)
    .values(
      contactIds.map((contactId) => ({
        matchId: fixture.matchId,
        marketId: fixture.marketId,
        contactId,
        channelId: 1,
        language: 'en',
        nodeId: 'H1-A0',
        status: 'PENDING',
        log: { subject: 'Goal!', body: 'Home at 2.10', cta: 'Bet now', content: null },
      })),
    )
    .returning({ id: deliveries.id });
  return rows.map((r) => r.id);
}

export async function statusOf(db: Db, ids: number[]) {
  return db
    .select({ id: deliveries.id, status: deliveries.status, error: deliveries.error, vendorId: deliveries.vendorMessageId })
    .from(deliveries)
    .where(inArray(deliveries.id, ids))
    .orderBy(deliveries.id);
}

/** Forgets the pace buckets and sends of earlier tests. */
export async function resetPacing(db: Db): Promise<void> {
  await db.execute(sql`delete from channel_pacing`);
  await db.delete(deliverySends);
}
