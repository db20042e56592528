import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type DeadLettersReply } from '@odds/protocol';
import { deadLetters, deliveries, deliverySends, matches } from '../db/schema';
import { claimSend, releaseSend, SENDER_ID } from '../engine/sends';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

describe(`GET ${routes.deadLetters.path}`, () => {
  it('counts dead letters by kind and lists the newest with their reasons', async () => {
    const read = async (query = '') => upstream.app.inject({ method: 'GET', url: `${routes.deadLetters.path}${query}`, headers });
    expect((await read()).json<DeadLettersReply>()).toEqual({ mode: 'embedded', total: 0, by_kind: {}, last: [] });
    await upstream.database.db.insert(deadLetters).values([
      {
        kind: 'invalid_json',
        reason: 'not JSON: Unexpected end of JSON input',
        routingKey: 'feed.1.1.5',
        shard: 'odds.shard.2',
        matchId: 5,
        body: '{"type": ',
      },
      { kind: 'unknown_match', reason: 'Match 999999 not found', routingKey: 'feed.1.1.999999', shard: 'odds.shard.0', matchId: 999999, body: '{}' },
      { kind: 'unknown_match', reason: 'Match 999998 not found', routingKey: 'feed.1.1.999998', shard: 'odds.shard.1', matchId: 999998, body: '{}' },
    ]);
    const reply = (await read('?limit=2')).json<DeadLettersReply>();
    expect(reply).toMatchObject({ total: 3, by_kind: { invalid_json: 1, unknown_match: 2 } });
    expect(reply.last.map((d) => d.reason)).toEqual(['Match 999998 not found', 'Match 999999 not found']);
    expect((await read('?limit=0')).statusCode).toBe(400);
    expect((await upstream.app.inject({ method: 'GET', url: routes.deadLetters.path })).statusCode).toBe(401);
  });
});

const claim = () => ({ sender: SENDER_ID, leaseMs: 60_000, nowMs: Date.now(), deadlineMs: 3_600_000 });

describe('sends recorded before the call', () => {
  it('lets one sender at a time claim a PENDING delivery, again only once its lease ran out, and none once it is sent', async () => {
    const { db } = upstream.database;
    const [match] = await db.select({ id: matches.id }).from(matches).limit(1);
    const [delivery] = await db
      .insert(deliveries)
      .values({
        matchId: match!.id,
        marketId: 1,
        contactId: 1,
        channelId: 6,
        language: 'en',
        nodeId: 'INPLAY',
        status: 'PENDING',
        log: { subject: 's', body: 'b', cta: null, content: null },
      })
      .returning({ id: deliveries.id });
    const id = delivery!.id;
    const [first, second] = await Promise.all([claimSend(db, id, claim()), claimSend(db, id, claim())]);
    expect([first, second].sort()).toEqual([1, null]);
    // The claimer died mid-call: once the lease is over, the next attempt is the second.
    await db
      .update(deliverySends)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(deliverySends.deliveryId, id));
    expect(await claimSend(db, id, claim())).toBe(2);
    await releaseSend(db, id);
    await db.update(deliveries).set({ status: 'SENT' }).where(eq(deliveries.id, id));
    expect(await claimSend(db, id, claim())).toBeNull();
  });
});
