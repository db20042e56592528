import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@odds/protocol';
import { thresholdSets } from '../db/schema';
import { matchFeed } from '../reads/offers';
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

/** The match's feed as the relay's per-match read answers it after an id, oldest first (the order notices carry). */
const feedAfter = async (afterId: number) => (await matchFeed(upstream.database.db, fixture, { after_id: afterId, limit: 1000 })).results.toReversed();

describe("a match's publications: the change notices of its engine batches", () => {
  it('are numbered 1, 2, … in one epoch, and carry, byte for byte, what the per-match read answers', async () => {
    const first = await ingest([offerAt('a', 1, 2000), offerAt('b', 2, 2100), offerAt('g', 2, 2050)]);
    expect(first.publication).toEqual({ epoch: expect.any(String), offset: 1 });
    expect(first.offers!.map((o) => o.id)).toEqual(first.offer_ids);
    // A later batch, with an offer older than one already evaluated (stale: stored, not evaluated).
    const second = await ingest([offerAt('c', 4, 2200), offerAt('d', 3, 2150), offerAt('h', 5, 2300)]);
    expect(second.publication).toEqual({ epoch: first.publication!.epoch, offset: 2 });
    expect(JSON.stringify(first.offers)).toBe(JSON.stringify((await feedAfter(0)).filter((o) => o.id <= Math.max(...first.offer_ids))));
    expect(JSON.stringify(second.offers)).toBe(JSON.stringify(await feedAfter(Math.max(...first.offer_ids))));
    expect(second.offers!.map((o) => o.match_time)).toEqual([180, 240, 300]);
  });

  // A feed event between the offers (a market resumed: it changes nothing the next batches fire on).
  const resumed = {
    type: 'event',
    source_id: 'resume-1',
    sent_at: new Date(T0 + 330_000).toISOString(),
    kind: 'suspension',
    suspended: false,
    match_time: 330,
  };

  it('number a batch of events alone too (it carries no offer), and not a batch that wrote nothing', async () => {
    const before = notices.length;
    const goal = await ingest([resumed]);
    expect(goal.publication?.offset).toBe(3);
    expect(goal.offers).toEqual([]);
    expect(goal.event_ids).toHaveLength(1);
    // The same message again: already stored, nothing written, no publication.
    const reply = await upstream.app.inject({
      method: 'POST',
      url: `/api/1/engine/match/${fixture}/ingest`,
      headers,
      payload: { messages: [resumed] },
    });
    expect(reply.statusCode).toBe(200);
    expect(notices.length).toBe(before + 1);
  });

  it('leave the offers out when one of the batch fired (its record names its deliveries): the relay reads them', async () => {
    const { db } = upstream.database;
    const market = await resultMarketOf(db, fixture);
    await db.insert(thresholdSets).values({ matchId: fixture, marketId: market.id, type: 'RELATIVE', thresholds: HOME_RISES_020 });
    await ingest([offerAt('e', 6, 2000)]);
    const fired = await ingest([offerAt('f', 7, 2400)]);
    const [read] = await feedAfter(Math.max(...fired.offer_ids) - 1);
    expect(read!.status).toBe('TRIGGERED');
    expect(fired.offer_ids).toHaveLength(1);
    expect(fired.publication?.offset).toBe(5);
    expect(fired.offers).toBeUndefined();
  });

  it('start a new epoch at offset 1 after a reset', async () => {
    const before = notices.at(-1)!.publication!;
    const reply = await upstream.app.inject({ method: 'POST', url: `/api/1/engine/match/${fixture}/reset`, headers });
    expect(reply.statusCode, reply.body).toBeLessThan(300);
    const next = await ingest([offerAt('z', 1, 2000)]);
    expect(next.publication?.offset).toBe(1);
    expect(next.publication?.epoch).not.toBe(before.epoch);
  });
});
