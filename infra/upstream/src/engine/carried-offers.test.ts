import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@odds/protocol';
import { thresholdSets } from '../db/schema';
import { offersSince } from '../reads/offers';
import { createTestUpstream, type TestUpstream } from '../testing';
import { classicsFixture, HOME_RISES_020, resultMarketOf, resultOfferAt } from './test-feed';

let upstream: TestUpstream;
let headers: Record<string, string>;
let fixture: number;
const notices: ChangeNotice[] = [];
let unsubscribe: () => void;

const T0 = Date.parse('2031-06-01T18:00:00Z');
const offerAt = (id: string, minute: number, home: number) => resultOfferAt(T0, id, minute, home);
const ingest = async (messages: object[]) => {
  const reply = await upstream.app.inject({ method: 'POST', url: `/api/1/engine/match/${fixture}/ingest`, headers, payload: { messages } });
  expect(reply.statusCode, reply.body).toBe(200);
  return notices.at(-1)!;
};

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  // The sixth Classics fixture: no seeded threshold sets, content or trackers.
  fixture = await classicsFixture(upstream.database.db, 5);
  unsubscribe = upstream.app.engine.bus.subscribe((notice) => notices.push(notice));
});
afterAll(async () => {
  unsubscribe();
  await upstream.close();
});

describe("the offers an ingest's change notice carries", () => {
  it('are, byte for byte, what the incremental read answers after the id the notice names', async () => {
    const first = await ingest([offerAt('a', 1, 2000), offerAt('b', 2, 2100), offerAt('g', 2, 2050)]);
    expect(first.offers_after).toBe(0);
    expect(first.offers!.map((o) => o.id)).toEqual(first.offer_ids);
    // A later batch, with an offer older than one already evaluated (stale: stored, not evaluated).
    const second = await ingest([offerAt('c', 4, 2200), offerAt('d', 3, 2150), offerAt('h', 5, 2300)]);
    expect(second.offers_after).toBe(Math.max(...first.offer_ids));
    for (const notice of [first, second]) {
      const read = await offersSince(upstream.database.db, [[fixture, notice.offers_after!]], 1000);
      const upTo = Math.max(...notice.offer_ids);
      expect(JSON.stringify(notice.offers)).toBe(JSON.stringify(read.results.filter((o) => o.id <= upTo)));
    }
    expect(second.offers!.map((o) => o.match_time)).toEqual([180, 240, 300]);
  });

  it('are left out when an offer of the batch fired (its record names its deliveries): the relay reads them', async () => {
    const { db } = upstream.database;
    const market = await resultMarketOf(db, fixture);
    await db.insert(thresholdSets).values({ matchId: fixture, marketId: market.id, type: 'RELATIVE', thresholds: HOME_RISES_020 });
    await ingest([offerAt('e', 6, 2000)]);
    const fired = await ingest([offerAt('f', 7, 2400)]);
    const [read] = (await offersSince(db, [[fixture, Math.max(...fired.offer_ids) - 1]], 10)).results;
    expect(read!.status).toBe('TRIGGERED');
    expect(fired.offer_ids).toHaveLength(1);
    expect(fired.offers).toBeUndefined();
    expect(fired.offers_after).toBeUndefined();
  });
});
