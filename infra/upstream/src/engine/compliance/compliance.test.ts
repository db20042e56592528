import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { deliveries } from '../../db/schema';
import { createTestUpstream, type TestUpstream } from '../../testing';
import { Engine } from '../engine';
import { CAPPED, complianceChannels, FIRST_FIRING, offerAt, outcomesOf, rulesFixture, sentTo, SOURCE_FAILING, sourceState, T0 } from './engine-fixture';
import { startFastTrackFake, type FastTrackFake } from './fakes/fast-track-fake';

/**
 * Every compliance rule (docs/compliance.md) on crafted contacts through the real engine, on the
 * embedded database, with the blocks source a local fake of the Fast Track operator contract
 * (the same rules through engine workers on a broker: tests/integration/compliance-broker.test.ts).
 */

let upstream: TestUpstream;
let db: Db;
let fake: FastTrackFake;
let engine: Engine;
let ids: Map<string, number>;
let matchA: number;
let matchB: number;
let providerId: number;
let clock = T0;
const settings = complianceChannels({ COMPLIANCE_BLOCKS_CACHE_MS: 60_000 });

beforeAll(async () => {
  upstream = await createTestUpstream();
  db = upstream.database.db;
  fake = await startFastTrackFake();
  // A first call loads the HTTP client (slow on a busy machine): not the engine's to wait for.
  await fetch(`${fake.url}/userblocks/warm-up`, { headers: { 'x-api-key': fake.apiKey } });
  ({ matchA, matchB, providerId, ids } = await rulesFixture(db, fake, settings));
  engine = new Engine(db, { dispatch: false, now: () => clock, sending: { channels: settings } });
}, 180_000);
afterAll(async () => {
  await engine?.close();
  await fake?.close();
  await upstream?.close();
});

const outcomeOf = (matchId: number, sourceId: string) => outcomesOf(db, ids, matchId, sourceId);

describe('compliance checks before every send, through the real engine', () => {
  it('refuses each kind of recipient with its reason, and sends to the rest', async () => {
    await engine.ingest(matchA, [offerAt('a2', 2)]);
    const got = await outcomeOf(matchA, 'a2');
    expect([...got.keys()].sort()).toEqual(Object.keys(FIRST_FIRING).sort());
    for (const [name, outcome] of Object.entries(FIRST_FIRING)) expect(got.get(name), name).toMatch(outcome);
  });

  it('caps a recipient per local calendar day across two matches', async () => {
    await engine.ingest(matchA, [offerAt('a3', 3), offerAt('a4', 4)]);
    expect((await outcomeOf(matchA, 'a4')).get('ok')).toMatch(/^SENT/);
    await engine.ingest(matchB, [offerAt('b6', 6)]);
    const got = await outcomeOf(matchB, 'b6');
    for (const [name, outcome] of Object.entries(CAPPED)) expect(got.get(name), name).toMatch(outcome);
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
    for (const mode of ['error', 'slow', 'bad-shape'] as const) {
      const got = await fire(mode);
      expect(got.get('ontario'), mode).toMatch(SOURCE_FAILING[mode]);
      // The segment is not a person: it still goes.
      expect(sentTo(got), mode).toEqual(['segment']);
      const source = await sourceState(db, providerId);
      expect(source.state, mode).toBe('unavailable');
      expect(got.get('ontario')).toContain(source.lastError);
    }
    expect((await fire('ok')).get('ontario')).toMatch(/^SENT/);
    expect((await sourceState(db, providerId)).state).toBe('ok');
    const downed = await db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.matchId, matchA), eq(deliveries.contactId, ids.get('ontario')!)));
    expect(downed.length).toBe(4); // a2, a4, a6, and the last one: none while the source was down
  });
});
