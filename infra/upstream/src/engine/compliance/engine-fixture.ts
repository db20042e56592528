import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Consent, ContentFlag, FeedMessage } from '@odds/protocol';
import type { Db } from '../../db/client';
import {
  complianceSources,
  complianceSourceSecrets,
  contacts,
  deliveries,
  jurisdictionRules,
  markets,
  matchContents,
  matches,
  suppressionEntries,
  suppressions,
  thresholdSets,
} from '../../db/schema';
import { sealSecrets } from '../channels/secrets';
import { channelSettingsFrom, type ChannelSettings } from '../channels/settings';
import { classicsFixture, resultMarketOf, resultOfferAt } from '../test-feed';
import type { FastTrackFake } from './fakes/fast-track-fake';
import { keyedHash } from './hash';
import { complianceSettingsFrom, type ComplianceEnvironment } from './settings';
import { sourceContext } from './view';

/**
 * What the compliance tests through the real engine share (embedded: compliance.test.ts; engine
 * workers on a broker: tests/integration/compliance-broker.test.ts): channel settings with a
 * secrets key and a short blocks cache, matches of the Classics fixtures with a VALUE set that
 * fires on home 2.00 and content for it, crafted contacts, jurisdiction rules, the provider's
 * source and suppression list, and what each rule must make of each contact.
 */

export const T0 = Date.parse('2031-07-01T18:00:00Z');
/** Fires (home 2.00 ≥ 1.80) on an even minute, re-arms (1.20) on an odd one. */
export const offerAt = (id: string, minute: number, t0 = T0) => resultOfferAt(t0, id, minute, minute % 2 === 0 ? 2000 : 1200) as FeedMessage;

/** `secretsKey`: the key the engine's processes open secrets with (CHANNEL_SECRETS_KEY), a fresh one by default. */
export function complianceChannels(env: ComplianceEnvironment = {}, secretsKey = randomBytes(32).toString('base64')): ChannelSettings {
  return {
    ...channelSettingsFrom({}),
    secretsKey,
    simulateUnconfigured: true,
    compliance: complianceSettingsFrom({ COMPLIANCE_BLOCKS_TIMEOUT_MS: 3000, COMPLIANCE_BLOCKS_CACHE_MS: 400, ...env }, secretsKey, false),
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

async function jurisdictions(db: Db): Promise<void> {
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

async function listValue(db: Db, providerId: number, settings: ChannelSettings, ref: string): Promise<void> {
  await db
    .insert(suppressionEntries)
    .values({ providerId, kind: 'CUSTOMER_REF', hash: keyedHash(settings.compliance.hashKey!, 'CUSTOMER_REF', ref), reason: 'EXCLUDED' });
}

/** One contact per rule, named for it (provider 1's push, GB and London unless said). */
const RULE_CONTACTS: Crafted[] = [
  { name: 'ok' },
  { name: 'excluded' },
  { name: 'blocked' },
  { name: 'withdrawn', consents: [], withdrawn: ['PUSH'] },
  // Telegram has no Fast Track consent type: only the contact's own record can say.
  { name: 'none', channelId: 9, deviceId: '4242', consents: [] },
  { name: 'optout' },
  { name: 'listed' },
  { name: 'quiet', timeZone: 'Asia/Tokyo' },
  { name: 'ontario', jurisdiction: 'CA-ON', timeZone: 'America/Toronto' },
  { name: 'mass', channelId: 2, deviceId: null, email: 'mass@example.com', jurisdiction: 'US-MA', timeZone: 'America/New_York', consents: ['EMAIL'] },
  { name: 'noref', ref: null },
  { name: 'segment', deviceId: null, segment: '1', ref: null, consents: [], jurisdiction: null, timeZone: null },
];

/** What the sportsbook's blocks source (the fake) says of the crafted contacts. */
export function sportsbookCustomers(fake: FastTrackFake): void {
  fake.customers.set('ref-excluded', { excluded: 'self-excluded until 2032' });
  fake.customers.set('ref-blocked', { blocked: 'age not verified' });
  fake.customers.set('ref-optout', { optedOut: ['pushNotification'] });
}

export interface RulesFixture {
  /** Two matches of one provider, ready to fire (firingMatch). */
  matchA: number;
  matchB: number;
  providerId: number;
  /** The crafted contacts' ids by name. */
  ids: Map<string, number>;
}

/** Everything the rules need, in the database and the fake: `settings` seal the source's key and hash the listed reference. */
export async function rulesFixture(db: Db, fake: FastTrackFake, settings: ChannelSettings): Promise<RulesFixture> {
  sportsbookCustomers(fake);
  const matchA = await classicsFixture(db, 6);
  const matchB = await classicsFixture(db, 7);
  await firingMatch(db, matchA);
  await firingMatch(db, matchB);
  const [match] = await db.select().from(matches).where(eq(matches.id, matchA));
  const ids = await craftContacts(db, matchA, RULE_CONTACTS);
  await jurisdictions(db);
  await connectSource(db, match!.providerId, fake, settings);
  await listValue(db, match!.providerId, settings, 'ref-listed');
  return { matchA, matchB, providerId: match!.providerId, ids };
}

/** Each crafted contact's outcome of one offer: `REASON: detail` for a refusal, `SENT subject` for a delivery (none before the offer is stored). */
export async function outcomesOf(db: Db, ids: Map<string, number>, matchId: number, sourceId: string): Promise<Map<string, string>> {
  const result = await db.execute(sql`select id from offers where match_id = ${matchId} and source_id = ${sourceId}`);
  const [offer] = (result as unknown as { rows: { id: number }[] }).rows;
  const out = new Map<string, string>();
  if (!offer) return out;
  const byId = new Map([...ids].map(([name, id]) => [id, name]));
  for (const s of await db.select().from(suppressions).where(eq(suppressions.offerId, offer.id)))
    if (s.contactId && byId.has(s.contactId)) out.set(byId.get(s.contactId)!, `${s.reason}: ${s.detail}`);
  for (const d of await db.select().from(deliveries).where(eq(deliveries.offerId, offer.id)))
    if (byId.has(d.contactId)) out.set(byId.get(d.contactId)!, `SENT ${d.log.subject}`);
  return out;
}

/** The first firing (offerAt minute 2, 19:02 in London): each contact refused with its reason, or sent. */
export const FIRST_FIRING: Readonly<Record<string, RegExp>> = {
  ok: /^SENT Boosted: home$/,
  excluded: /^EXCLUDED: self-excluded at the sportsbook: self-excluded until 2032$/,
  blocked: /^BLOCKED: blocked at the sportsbook: age not verified$/,
  withdrawn: /^CONSENT_WITHDRAWN: marketing consent for Push notification withdrawn on 2031-01-01/,
  none: /^NO_CONSENT: no marketing consent recorded for Telegram \(the provider requires one\)$/,
  optout: /^CONSENT_WITHDRAWN: the sportsbook says/,
  listed: /^SUPPRESSION_LIST: on the provider’s suppression list \(self-excluded\)/,
  quiet: /^QUIET_HOURS: quiet hours 22:00–08:00 in Asia\/Tokyo \(it is 03:02 there\)/,
  // Ontario forbids boosted odds: the plain text for the same outcome goes instead.
  ontario: /^SENT Home is up$/,
  // Massachusetts forbids urging a wager, and the email has no other text.
  mass: /^JURISDICTION_CONTENT: content not allowed in US-MA: call_to_wager is forbidden there/,
  noref: /^COMPLIANCE_UNAVAILABLE: compliance check unavailable: the contact has no customer reference/,
  // A segment names many: its members' consent is its platform's.
  segment: /^SENT Boosted: home$/,
};

/** A firing on the second match after two sends on the first, the same London day (GB caps at 2); Ontario has no cap. */
export const CAPPED: Readonly<Record<string, RegExp>> = {
  ok: /^DAILY_CAP: max 2 pushes per day reached in Europe\/London \(2 sent on 2031-07-01\)$/,
  ontario: /^SENT/,
};

/** A person contact's refusal while the blocks source misbehaves (the fake's mode; COMPLIANCE_BLOCKS_TIMEOUT_MS 3000): fail closed. */
export const SOURCE_FAILING: Readonly<Record<Exclude<FastTrackFake['mode'], 'ok'>, RegExp>> = {
  error: /^COMPLIANCE_UNAVAILABLE: compliance check unavailable: the blocks source answered 500/,
  slow: /^COMPLIANCE_UNAVAILABLE: compliance check unavailable: the blocks source did not answer within 3000 ms/,
  'bad-shape': /^COMPLIANCE_UNAVAILABLE: compliance check unavailable: the blocks source answered a shape it should not/,
};

/** The blocks source's state as the engine last stored it (the Compliance screen's). */
export async function sourceState(db: Db, providerId: number): Promise<{ state: string; lastError: string | null }> {
  const [row] = await db
    .select({ state: complianceSources.state, lastError: complianceSources.lastError })
    .from(complianceSources)
    .where(eq(complianceSources.providerId, providerId));
  return row!;
}

/** Who an outcome map sent to (while the source fails: the segment only, which names no person). */
export const sentTo = (outcomes: Map<string, string>) => [...outcomes].filter(([, outcome]) => outcome.startsWith('SENT')).map(([name]) => name);
