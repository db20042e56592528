import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestReply } from '@odds/protocol';
import { contacts, matches, thresholdSets } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';
import { classicsFixture, HOME_RISES_020, resultMarketOf, resultOfferAt } from './test-feed';

let upstream: TestUpstream;
let headers: Record<string, string>;
let fixture: number;

const T0 = Date.parse('2031-06-01T18:00:00Z');
const offerAt = (id: string, minute: number, home: number) => resultOfferAt(T0, id, minute, home);
const ingest = async (...messages: object[]) => {
  const reply = await upstream.app.inject({ method: 'POST', url: `/api/1/engine/match/${fixture}/ingest`, headers, payload: { messages } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<IngestReply>();
};

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const { db } = upstream.database;
  // The sixth Classics fixture: no seeded threshold sets, content or trackers.
  fixture = await classicsFixture(db, 5);
  // No contact's rate limit spans matches: a cached match is then not read before a batch (a
  // rate-limited contact's push times are, with the scopes, before deciding).
  await db.update(contacts).set({ rateLimited: false });
});
afterAll(() => upstream.close());

describe("the batch's write checks the scopes the cached match was decided with", () => {
  it('refuses a batch decided before an edit of the match, which is then decided again with the edit', async () => {
    const { counters } = upstream.app.engine;
    await ingest(offerAt('a', 1, 2000));
    const reloads = counters.reloads;
    // An edit after the match was cached (the database's trigger moves the match's scope).
    const { db } = upstream.database;
    const market = await resultMarketOf(db, fixture);
    await db.insert(thresholdSets).values({ matchId: fixture, marketId: market.id, type: 'RELATIVE', thresholds: HOME_RISES_020 });
    // Decided on the cache (which knows no set) this would not fire; refused and decided again, it does.
    expect(await ingest(offerAt('b', 2, 2400))).toMatchObject({ offers: 1, firings: 1 });
    expect(counters.reloads - reloads).toBe(1);
    expect(await ingest(offerAt('c', 3, 2000))).toMatchObject({ offers: 1, firings: 0 });
    expect(counters.reloads - reloads).toBe(1);
  });

  it("stands by a batch's decisions when only contacts that concern no one of the match changed", async () => {
    const { counters } = upstream.app.engine;
    const [match] = await upstream.database.db.select().from(matches).where(eq(matches.id, fixture));
    const reloads = counters.reloads;
    const unaffected = counters.unaffected;
    await upstream.database.db
      .insert(contacts)
      .values({ providerId: match!.providerId, sportId: match!.sportId, name: 'Subscribed to nothing', deviceId: 'nobody-scope' });
    expect(await ingest(offerAt('d', 4, 2050))).toMatchObject({ offers: 1 });
    expect(counters.reloads - reloads).toBe(0);
    expect(counters.unaffected - unaffected).toBe(1);
  });
});
