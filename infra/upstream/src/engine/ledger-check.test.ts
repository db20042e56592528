import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedMessage } from '@odds/protocol';
import { contacts, matches } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';
import { Engine } from './engine';
import { classicsFixture, resultOfferAt } from './test-feed';

let upstream: TestUpstream;
let contactId: number;

const T0 = Date.parse('2031-07-01T18:00:00Z');
const offerAt = (id: string, minute: number) => resultOfferAt(T0, id, minute, 2000) as FeedMessage;

/** Another process's push to the contact, as far as the ledger tells (its version moves). */
const movedElsewhere = () =>
  upstream.database.db.execute(sql`insert into contact_push_ledger (contact_id, version) values (${contactId}, 1)
    on conflict (contact_id) do update set version = contact_push_ledger.version + 1`);

beforeAll(async () => {
  upstream = await createTestUpstream();
  const { db } = upstream.database;
  const fixture = await classicsFixture(db, 6);
  const [match] = await db.select().from(matches).where(eq(matches.id, fixture));
  // One contact of the matches' audience whose rate limit spans matches (its pushes are in the shared ledger).
  await db.update(contacts).set({ rateLimited: false }).where(ne(contacts.id, 0));
  [{ id: contactId }] = (await db
    .insert(contacts)
    .values({
      providerId: match!.providerId,
      sportId: match!.sportId,
      name: 'Spans matches',
      subAll: true,
      rateLimited: true,
      rateLimitMinutes: 3,
      deviceId: 'ledger-check',
    })
    .returning({ id: contacts.id })) as [{ id: number }];
  expect(
    (
      await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.active, true)))
    ).length,
  ).toBe(1);
});
afterAll(() => upstream.close());

describe("the push ledger of a cached match's rate-limited contacts", () => {
  it('is checked by the write when this engine is the only writer: a ledger moved behind it refuses the batch, decided again', async () => {
    const { db } = upstream.database;
    const engine = new Engine(db, { dispatch: false, onlyWriter: true });
    const matchId = await classicsFixture(db, 6);
    await engine.ingest(matchId, [offerAt('a', 1)]);
    await engine.ingest(matchId, [offerAt('b', 2)]);
    await movedElsewhere();
    // Decided on the push times held (no read before it), the write finds the ledger moved: decided again, once.
    expect(await engine.ingest(matchId, [offerAt('c', 3)])).toMatchObject({ accepted: 1, offers: 1 });
    expect(engine.counters.redecided).toBe(1);
    expect(await engine.ingest(matchId, [offerAt('d', 4)])).toMatchObject({ accepted: 1, offers: 1 });
    expect(engine.counters.redecided).toBe(1);
    const stored = await db.execute(sql`select count(*)::int as n from offers where match_id = ${matchId} and source_id in ('a', 'b', 'c', 'd')`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(4);
  });

  it('is read before each batch otherwise (another engine may push to the contact): nothing is decided twice', async () => {
    const { db } = upstream.database;
    const engine = new Engine(db, { dispatch: false });
    const matchId = await classicsFixture(db, 7);
    await engine.ingest(matchId, [offerAt('a', 1)]);
    await movedElsewhere();
    expect(await engine.ingest(matchId, [offerAt('b', 2)])).toMatchObject({ accepted: 1, offers: 1 });
    expect(engine.counters.redecided).toBe(0);
  });
});
