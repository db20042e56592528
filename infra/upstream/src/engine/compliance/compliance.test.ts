import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { complianceSources, deliveries, matches, suppressions } from '../../db/schema';
import { createTestUpstream, type TestUpstream } from '../../testing';
import { Engine } from '../engine';
import { classicsFixture } from '../test-feed';
import { complianceChannels, craftContacts, firingMatch, jurisdictions, listValue, offerAt, T0, connectSource } from './engine-fixture';
import { startFastTrackFake, type FastTrackFake } from './fakes/fast-track-fake';

/**
 * Every compliance rule (docs/compliance.md) on crafted contacts through the real engine, on the
 * embedded database, with the blocks source a local fake of the Fast Track operator contract.
 */

let upstream: TestUpstream;
let db: Db;
let fake: FastTrackFake;
let engine: Engine;
let ids: Map<string, number>;
let matchA: number;
let matchB: number;
let clock = T0;
const settings = complianceChannels({ COMPLIANCE_BLOCKS_CACHE_MS: '60000' });

beforeAll(async () => {
  upstream = await createTestUpstream();
  db = upstream.database.db;
  fake = await startFastTrackFake();
  // A first call loads the HTTP client (slow on a busy machine): not the engine's to wait for.
  await fetch(`${fake.url}/userblocks/warm-up`, { headers: { 'x-api-key': fake.apiKey } });
  fake.customers.set('ref-excluded', { excluded: 'self-excluded until 2032' });
  fake.customers.set('ref-blocked', { blocked: 'age not verified' });
  fake.customers.set('ref-optout', { optedOut: ['pushNotification'] });
  matchA = await classicsFixture(db, 6);
  matchB = await classicsFixture(db, 7);
  await firingMatch(db, matchA);
  await firingMatch(db, matchB);
  const [match] = await db.select().from(matches).where(eq(matches.id, matchA));
  ids = await craftContacts(db, matchA, [
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
  ]);
  await jurisdictions(db);
  await connectSource(db, match!.providerId, fake, settings);
  await listValue(db, match!.providerId, settings, 'ref-listed');
  engine = new Engine(db, { dispatch: false, now: () => clock, sending: { channels: settings } });
}, 180_000);
afterAll(async () => {
  await engine?.close();
  await fake?.close();
  await upstream?.close();
});

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
async function outcomeOf(matchId: number, sourceId: string): Promise<Map<string, string>> {
  const [offer] = rows<{ id: number }>(await db.execute(sql`select id from offers where match_id = ${matchId} and source_id = ${sourceId}`));
  const byId = new Map([...ids].map(([name, id]) => [id, name]));
  const out = new Map<string, string>();
  for (const s of await db.select().from(suppressions).where(eq(suppressions.offerId, offer!.id)))
    if (s.contactId) out.set(byId.get(s.contactId)!, `${s.reason}: ${s.detail}`);
  for (const d of await db.select().from(deliveries).where(eq(deliveries.offerId, offer!.id))) out.set(byId.get(d.contactId)!, `SENT ${d.log.subject}`);
  return out;
}

describe('compliance checks before every send, through the real engine', () => {
  it('refuses each kind of recipient with its reason, and sends to the rest', async () => {
    await engine.ingest(matchA, [offerAt('a2', 2)]);
    const got = await outcomeOf(matchA, 'a2');
    expect(got.get('ok')).toBe('SENT Boosted: home');
    expect(got.get('excluded')).toBe('EXCLUDED: self-excluded at the sportsbook: self-excluded until 2032');
    expect(got.get('blocked')).toBe('BLOCKED: blocked at the sportsbook: age not verified');
    expect(got.get('withdrawn')).toMatch(/^CONSENT_WITHDRAWN: marketing consent for Push notification withdrawn on 2031-01-01/);
    expect(got.get('none')).toBe('NO_CONSENT: no marketing consent recorded for Telegram (the provider requires one)');
    expect(got.get('optout')).toMatch(/^CONSENT_WITHDRAWN: the sportsbook says/);
    expect(got.get('listed')).toMatch(/^SUPPRESSION_LIST: on the provider’s suppression list \(self-excluded\)/);
    expect(got.get('quiet')).toMatch(/^QUIET_HOURS: quiet hours 22:00–08:00 in Asia\/Tokyo \(it is 03:02 there\)/);
    // Ontario forbids boosted odds: the plain text for the same outcome goes instead.
    expect(got.get('ontario')).toBe('SENT Home is up');
    // Massachusetts forbids urging a wager, and the email has no other text.
    expect(got.get('mass')).toMatch(/^JURISDICTION_CONTENT: content not allowed in US-MA: call_to_wager is forbidden there/);
    expect(got.get('noref')).toMatch(/^COMPLIANCE_UNAVAILABLE: compliance check unavailable: the contact has no customer reference/);
    // A segment names many: its members' consent is its platform's.
    expect(got.get('segment')).toBe('SENT Boosted: home');
  });

  it('caps a recipient per local calendar day across two matches', async () => {
    await engine.ingest(matchA, [offerAt('a3', 3), offerAt('a4', 4)]);
    expect((await outcomeOf(matchA, 'a4')).get('ok')).toMatch(/^SENT/);
    await engine.ingest(matchB, [offerAt('b6', 6)]);
    const got = await outcomeOf(matchB, 'b6');
    expect(got.get('ok')).toBe('DAILY_CAP: max 2 pushes per day reached in Europe/London (2 sent on 2031-07-01)');
    // Ontario has no cap.
    expect(got.get('ontario')).toMatch(/^SENT/);
  });

  it('asks the source once per cache period, and again when it expired', async () => {
    const calls = fake.received.length;
    await engine.ingest(matchA, [offerAt('a5', 5), offerAt('a6', 6)]);
    expect(fake.received.length).toBe(calls);
    clock += 61_000;
    await engine.ingest(matchA, [offerAt('a7', 7)]);
    expect(fake.received.length).toBeGreaterThan(calls);
    expect(fake.received.at(-1)!.headers['x-api-key']).toBe(fake.apiKey);
  });

  it('fails closed: a source down, answering 500, slow or in a wrong shape suppresses person contacts, never sends', async () => {
    let minute = 8;
    const fire = async (mode: FastTrackFake['mode']) => {
      fake.mode = mode;
      clock += 61_000;
      await engine.ingest(matchA, [offerAt(`m${minute}`, minute)]);
      const got = await outcomeOf(matchA, `m${minute}`);
      await engine.ingest(matchA, [offerAt(`m${minute + 1}`, minute + 1)]);
      minute += 2;
      return got;
    };
    fake.slowMs = 6_000;
    expect((await fire('error')).get('ontario')).toMatch(/^COMPLIANCE_UNAVAILABLE: compliance check unavailable: the blocks source answered 500/);
    const [source] = await db.select().from(complianceSources).where(eq(complianceSources.providerId, 1));
    expect(source).toMatchObject({ state: 'unavailable', lastError: 'the blocks source answered 500' });
    expect((await fire('slow')).get('ontario')).toMatch(/did not answer within 3000 ms/);
    expect((await fire('bad-shape')).get('ontario')).toMatch(/answered a shape it should not/);
    // The segment is not a person: it still goes.
    const back = await fire('ok');
    expect(back.get('ontario')).toMatch(/^SENT/);
    expect(
      (
        await db
          .select()
          .from(complianceSources)
          .where(and(eq(complianceSources.providerId, 1)))
      )[0]!.state,
    ).toBe('ok');
    const downed = await db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.matchId, matchA), eq(deliveries.contactId, ids.get('ontario')!)));
    expect(downed.length).toBe(4); // a2, a4, a6, and the last one: none while the source was down
  });
});
