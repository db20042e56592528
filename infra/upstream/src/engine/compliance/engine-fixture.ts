import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Consent, ContentFlag, FeedMessage } from '@odds/protocol';
import type { Db } from '../../db/client';
import {
  complianceSources,
  complianceSourceSecrets,
  contacts,
  jurisdictionRules,
  markets,
  matchContents,
  matches,
  suppressionEntries,
  thresholdSets,
} from '../../db/schema';
import { sealSecrets } from '../channels/secrets';
import { channelSettingsFrom, type ChannelSettings } from '../channels/settings';
import { resultMarketOf, resultOfferAt } from '../test-feed';
import type { FastTrackFake } from './fakes/fast-track-fake';
import { keyedHash } from './hash';
import { complianceSettingsFrom } from './settings';
import { sourceContext } from './view';

/**
 * What the compliance tests through the real engine share: channel settings with a secrets key
 * and a short blocks cache, a match of the Classics fixtures with a VALUE set that fires on home
 * 2.00 and content for it, crafted contacts, jurisdiction rules and the provider's source.
 */

export const T0 = Date.parse('2031-07-01T18:00:00Z');
/** Fires (home 2.00 ≥ 1.80) on an even minute, re-arms (1.20) on an odd one. */
export const offerAt = (id: string, minute: number, t0 = T0) => resultOfferAt(t0, id, minute, minute % 2 === 0 ? 2000 : 1200) as FeedMessage;

export function complianceChannels(env: Record<string, string> = {}): ChannelSettings {
  const secretsKey = randomBytes(32).toString('base64');
  return {
    ...channelSettingsFrom({}),
    secretsKey,
    simulateUnconfigured: true,
    compliance: complianceSettingsFrom({ COMPLIANCE_BLOCKS_TIMEOUT_MS: '3000', COMPLIANCE_BLOCKS_CACHE_MS: '400', ...env }, secretsKey, false),
  };
}

/** A match ready to fire: the set, a plain push text at INPLAY, a boosted one at H0-A0, an email text that urges a wager. */
export async function firingMatch(db: Db, matchId: number): Promise<void> {
  const market = await resultMarketOf(db, matchId);
  // No market bounds (the seeded ones space firings by minutes and cap them per match).
  await db.update(markets).set({ meta: {} }).where(eq(markets.id, market.id));
  await db.insert(thresholdSets).values({ matchId, marketId: market.id, type: 'VALUE', thresholds: { home: { value: 1800 } } });
  const text = (title: string, body: string) => ({ title: [{ content: title }], content: [{ content: body }], cta: [], image: [] });
  const row = (channelId: number, nodeId: string, title: string, flags: ContentFlag[]) => ({
    matchId,
    marketId: market.id,
    marketTypeId: market.typeId,
    channelId,
    language: 'en',
    nodeId,
    parts: text(title, 'Home at {{odds.home}}'),
    flags,
  });
  await db
    .insert(matchContents)
    .values([row(1, 'INPLAY', 'Home is up', []), row(1, 'H0-A0', 'Boosted: home', ['boosted_odds']), row(2, 'INPLAY', 'Bet on home now', ['call_to_wager'])]);
}

interface Crafted {
  name: string;
  channelId?: number;
  deviceId?: string | null;
  email?: string | null;
  segment?: string | null;
  ref?: string | null;
  jurisdiction?: string | null;
  timeZone?: string | null;
  consents?: Consent['channel'][];
  withdrawn?: Consent['channel'][];
}

/** Replaces the provider's contacts with crafted ones (all subscribed to everything); returns their ids by name. */
export async function craftContacts(db: Db, matchId: number, crafted: Crafted[]): Promise<Map<string, number>> {
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  await db
    .update(contacts)
    .set({ active: false })
    .where(and(eq(contacts.providerId, match!.providerId), eq(contacts.active, true)));
  const consent = (channel: Consent['channel'], status: Consent['status']): Consent => ({ channel, status, at: '2031-01-01T00:00:00.000Z', source: 'test' });
  const rows = await db
    .insert(contacts)
    .values(
      crafted.map((c) => ({
        providerId: match!.providerId,
        sportId: match!.sportId,
        name: c.name,
        subAll: true,
        channelId: c.channelId ?? 1,
        deviceId: c.deviceId === undefined ? `device-${c.name}` : c.deviceId,
        email: c.email ?? null,
        segment: c.segment ?? null,
        customerRef: c.ref === undefined ? `ref-${c.name}` : c.ref,
        jurisdiction: c.jurisdiction === undefined ? 'GB' : c.jurisdiction,
        timeZone: c.timeZone === undefined ? 'Europe/London' : c.timeZone,
        consents: [...(c.consents ?? ['PUSH']).map((ch) => consent(ch, 'GIVEN')), ...(c.withdrawn ?? []).map((ch) => consent(ch, 'WITHDRAWN'))],
      })),
    )
    .returning({ id: contacts.id, name: contacts.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function jurisdictions(db: Db): Promise<void> {
  await db.insert(jurisdictionRules).values([
    { jurisdiction: 'GB', quietHours: { start: '22:00', end: '08:00' }, dailyCap: 2 },
    { jurisdiction: 'CA-ON', forbiddenFlags: ['boosted_odds'] },
    { jurisdiction: 'US-MA', forbiddenFlags: ['call_to_wager'] },
  ]);
}

/** The provider's blocks source: the fake, its API key sealed as the routes seal it; "no consent recorded" suppresses. */
export async function connectSource(db: Db, providerId: number, fake: FastTrackFake, settings: ChannelSettings): Promise<void> {
  const [row] = await db
    .insert(complianceSources)
    .values({ providerId, baseUrl: fake.url, auth: 'api_key', secretSet: true, consentRequired: true })
    .onConflictDoUpdate({ target: complianceSources.providerId, set: { baseUrl: fake.url, secretSet: true, consentRequired: true } })
    .returning();
  const sealed = sealSecrets(Buffer.from(settings.secretsKey!, 'base64'), sourceContext(providerId), { secret: fake.apiKey });
  await db
    .insert(complianceSourceSecrets)
    .values({ sourceId: row!.id, sealed })
    .onConflictDoUpdate({ target: complianceSourceSecrets.sourceId, set: { sealed } });
}

export async function listValue(db: Db, providerId: number, settings: ChannelSettings, ref: string): Promise<void> {
  await db
    .insert(suppressionEntries)
    .values({ providerId, kind: 'CUSTOMER_REF', hash: keyedHash(settings.compliance.hashKey!, 'CUSTOMER_REF', ref), reason: 'EXCLUDED' });
}
