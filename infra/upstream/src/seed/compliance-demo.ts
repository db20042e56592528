import { asc } from 'drizzle-orm';
import type { Consent } from '@odds/protocol';
import type { Db } from '../db/client';
import { complianceSources, contacts, jurisdictionRules, providers } from '../db/schema';
import { importEntries } from '../compliance/suppression-list';
import { seedLiveMatchForCustomers } from './compliance-demo-live';

/**
 * The embedded demo's compliance data (docs/compliance.md), written once after the demo seeding
 * (so the seeded history is what it always was): jurisdiction rules, and customers of the first
 * provider with customer references, jurisdictions, time zones and consents, so the live replay of
 * `npm start` shows sends and each kind of refusal. Three of them sit in London, Tokyo and Los
 * Angeles, so whenever the demo runs one of them is in its quiet hours; one is self-excluded
 * (suppression list), one withdrew consent, one never gave it (the demo provider requires it), one
 * in Sweden, whose demo rule caps him at 1 push a day (DAILY_CAP at his second push of the live
 * match), and one in Massachusetts, whose rule forbids urging a wager (JURISDICTION_CONTENT: the
 * live match's texts all do). What they get on the live match: compliance-demo-live.ts.
 */

const given = (channel: Consent['channel']): Consent => ({ channel, status: 'GIVEN', at: '2026-01-15T10:00:00.000Z', source: 'app sign-up' });

const CUSTOMERS: {
  name: string;
  ref: string;
  jurisdiction: string;
  zone: string;
  device?: string;
  email?: string;
  mobile?: string;
  channelId: number;
  consents: Consent[];
}[] = [
  {
    name: 'Customer – Anna (London, app)',
    ref: 'NS-100231',
    jurisdiction: 'GB',
    zone: 'Europe/London',
    device: 'demo-fcm-token-anna-7c41',
    channelId: 1,
    consents: [given('PUSH')],
  },
  {
    name: 'Customer – Kenji (Tokyo, app)',
    ref: 'NS-100487',
    jurisdiction: 'GB',
    zone: 'Asia/Tokyo',
    device: 'demo-fcm-token-kenji-2b9e',
    channelId: 1,
    consents: [given('PUSH')],
  },
  {
    name: 'Customer – Maria (Los Angeles, app)',
    ref: 'NS-100552',
    jurisdiction: 'GB',
    zone: 'America/Los_Angeles',
    device: 'demo-fcm-token-maria-9d03',
    channelId: 1,
    consents: [given('PUSH')],
  },
  {
    name: 'Customer – Oskar (self-excluded)',
    ref: 'NS-100618',
    jurisdiction: 'GB',
    zone: 'Europe/London',
    device: 'demo-fcm-token-oskar-51aa',
    channelId: 1,
    consents: [given('PUSH')],
  },
  {
    name: 'Customer – Liv (consent withdrawn)',
    ref: 'NS-100702',
    jurisdiction: 'GB',
    zone: 'Europe/Oslo',
    device: 'demo-fcm-token-liv-e6f2',
    channelId: 1,
    consents: [{ channel: 'PUSH', status: 'WITHDRAWN', at: '2026-02-01T08:30:00.000Z', source: 'unsubscribe link' }],
  },
  {
    name: 'Customer – Jonas (no consent)',
    ref: 'NS-100815',
    jurisdiction: 'GB',
    zone: 'Europe/Stockholm',
    device: 'demo-fcm-token-jonas-03bd',
    channelId: 1,
    consents: [],
  },
  {
    name: 'Customer – Sven (Stockholm, daily cap 1)',
    ref: 'NS-101046',
    jurisdiction: 'SE',
    zone: 'Europe/Stockholm',
    device: 'demo-fcm-token-sven-4c58',
    channelId: 1,
    consents: [given('PUSH')],
  },
  {
    name: 'Customer – Ethan (Boston, app)',
    ref: 'NS-101163',
    jurisdiction: 'US-MA',
    zone: 'America/New_York',
    device: 'demo-fcm-token-ethan-6d21',
    channelId: 1,
    consents: [given('PUSH')],
  },
  {
    name: 'Customer – Emma (Ontario, app)',
    ref: 'NS-100934',
    jurisdiction: 'CA-ON',
    zone: 'America/Toronto',
    device: 'demo-fcm-token-emma-8a17',
    channelId: 1,
    consents: [given('PUSH')],
  },
];

export async function seedComplianceDemo(db: Db, hashKey: string | null): Promise<void> {
  const [provider] = await db.select().from(providers).orderBy(asc(providers.id)).limit(1);
  if (!provider) return;
  await db.transaction(async (tx) => {
    await tx.insert(jurisdictionRules).values([
      { jurisdiction: 'GB', quietHours: { start: '22:00', end: '08:00' }, dailyCap: 5, note: 'Demo: quiet hours and a daily cap of 5 pushes' },
      {
        jurisdiction: 'CA-ON',
        forbiddenFlags: ['boosted_odds'],
        quietHours: { start: '23:00', end: '07:00' },
        note: 'Ontario counts boosted odds as an inducement',
      },
      { jurisdiction: 'US-MA', forbiddenFlags: ['call_to_wager'], note: 'No messages urging a specific wager' },
      { jurisdiction: 'SE', dailyCap: 1, note: 'Demo: a low daily cap' },
    ]);
    await tx.insert(complianceSources).values({ providerId: provider.id, consentRequired: true }).onConflictDoNothing();
    const language = provider.meta.languages.includes('en') ? 'en' : provider.meta.languages[0]!;
    const inserted = await tx
      .insert(contacts)
      .values(
        CUSTOMERS.map((c) => ({
          providerId: provider.id,
          sportId: 1,
          channelId: c.channelId,
          name: c.name,
          languages: [language],
          subAll: true,
          deviceId: c.device ?? null,
          email: c.email ?? null,
          mobile: c.mobile ?? null,
          customerRef: c.ref,
          jurisdiction: c.jurisdiction,
          timeZone: c.zone,
          consents: c.consents,
        })),
      )
      .returning({ id: contacts.id, name: contacts.name });
    const sven = inserted.find((c) => c.name.startsWith('Customer – Sven'))!;
    await seedLiveMatchForCustomers(tx, provider.id, language, sven.id);
    if (hashKey)
      await importEntries(
        tx,
        provider.id,
        { entries: [{ kind: 'CUSTOMER_REF', value: 'NS-100618', reason: 'EXCLUDED', note: 'Demo: self-excluded' }] },
        hashKey,
        'Demo seed',
      );
  });
}
