/**
 * Faithful record and replay: a feed with late, duplicate and out-of-order messages is ingested
 * live (in several calls, as a source would send it), recorded from the upstream, the match reset,
 * and the recording replayed into it: the match ends with the same offers, firings, deliveries and
 * suppressions. Before, the recording sorted by time and the replay re-dated each message by its
 * place in the file, so a late suspension the live ingest ignored became effective on replay.
 */
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUpstream,
  deliveries,
  leagues,
  markets,
  matchContents,
  matches,
  offers,
  parseFeed,
  recordFeed,
  replayFeed,
  suppressions,
  type TestUpstream,
  thresholdFirings,
  thresholdSets,
  UpstreamClient,
} from '@odds/upstream/testing';

let upstream: TestUpstream;
let client: UpstreamClient;
let matchId: number;
const T0 = Date.parse('2031-08-01T18:00:00Z');

const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const offer = (id: string, clock: number, home: number, extra: object = {}) => ({
  type: 'offer',
  source_id: id,
  sent_at: at(clock),
  market: { type_id: 1, line: null },
  outcomes: [
    { label: '1', line: null, odds: home },
    { label: 'X', line: null, odds: 3300 },
    { label: '2', line: null, odds: 3000 },
  ],
  match_time: clock,
  prematch: false,
  score: 'H0-A0',
  ...extra,
});
const event = (id: string, clock: number, fields: object) => ({ type: 'event', source_id: id, sent_at: at(clock), match_time: clock, period: 1, ...fields });

/** What the source sent, call by call. */
const CALLS: object[][] = [
  [event('ko', 0, { kind: 'period_start' }), offer('o60', 60, 2400), offer('o120', 120, 2550)],
  // A duplicate, and an offer older than one already evaluated (out of order: stored, not evaluated).
  [offer('o120', 120, 2550), offer('o180', 180, 2400), offer('o150', 150, 2700)],
  // A late suspension (sent at 200 s, arriving after the 240 s offer): the live ingest ignores it.
  [offer('o240', 240, 2600), event('late-suspend', 200, { kind: 'suspension', suspended: true })],
  [offer('o300', 300, 2300), offer('o360', 360, 2650), offer('o240', 240, 2600), offer('o420', 420, 2300), offer('o480', 480, 2700)],
];

beforeAll(async () => {
  upstream = await createTestUpstream();
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  client = await UpstreamClient.connect({ url: `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`, token: await upstream.login() });
  const { db } = upstream.database;
  const [classics] = await db.select().from(leagues).where(eq(leagues.uniqueId, 'wc-classics'));
  const match = (await db.select().from(matches).where(eq(matches.leagueId, classics!.id)).orderBy(asc(matches.start)))[8]!;
  matchId = match.id;
  const [market] = await db
    .select()
    .from(markets)
    .where(and(eq(markets.providerId, match.providerId), eq(markets.sportId, match.sportId), eq(markets.typeId, 1)))
    .orderBy(asc(markets.id));
  await db
    .update(markets)
    .set({ meta: { max_threshold: 2 } })
    .where(eq(markets.id, market!.id));
  await db.insert(thresholdSets).values([
    { matchId, marketId: market!.id, type: 'VALUE', thresholds: { home: { value: 2500 } } },
    {
      matchId,
      marketId: market!.id,
      type: 'RELATIVE',
      thresholds: { home: { direction: 'RISE', metric: 'VALUE', value: 200, time_amount: 3, time_unit: 'MINUTES', time_basis: 'REAL' } },
    },
  ]);
  const parts = { title: [{ content: '{{home.name}} v {{away.name}}' }], content: [{ content: 'Home win pays {{odds.home}}.' }], cta: [], image: [] };
  await db.insert(matchContents).values([1, 2].map((channelId) => ({ matchId, marketId: market!.id, channelId, language: 'en', nodeId: 'INPLAY', parts })));
});
afterAll(() => upstream?.close());

/** The match's engine log, by source id and contact, without row ids or write times. */
async function outcome() {
  const { db } = upstream.database;
  const offerRows = await db.select().from(offers).where(eq(offers.matchId, matchId));
  const source = new Map(offerRows.map((o) => [o.id, o.sourceId]));
  const src = (id: number | null) => (id === null ? null : source.get(id));
  const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    offers: sorted(offerRows.map((o) => [o.sourceId, o.status, o.sentAt.toISOString()])),
    firings: sorted(
      (await db.select().from(thresholdFirings).where(eq(thresholdFirings.matchId, matchId))).map((f) => [
        src(f.offerId),
        f.thresholdSetId,
        f.outcomes,
        f.details,
      ]),
    ),
    deliveries: sorted(
      (await db.select().from(deliveries).where(eq(deliveries.matchId, matchId))).map((d) => [src(d.offerId), d.contactId, d.language, d.log, d.status]),
    ),
    suppressions: sorted(
      (await db.select().from(suppressions).where(eq(suppressions.matchId, matchId))).map((s) => [src(s.offerId), s.contactId, s.reason, s.detail, s.count]),
    ),
  };
}

describe('record and replay', () => {
  it('a replayed recording ends with the same offers, firings, deliveries and suppressions as the live ingest', async () => {
    for (const messages of CALLS) await client.call('POST', `/api/1/engine/match/${matchId}/ingest`, { messages });
    const live = await outcome();
    // The late suspension was ignored live (no offer suspended); the sets fired, then met max_threshold.
    expect(live.offers).toContain(JSON.stringify(['o150', 'SKIPPED', at(150)]));
    expect(live.offers.filter((o) => o.includes('SUSPENDED'))).toEqual([]);
    expect(live.suppressions.some((s) => s.includes('MAX_THRESHOLD'))).toBe(true);
    expect(live.firings.length).toBeGreaterThan(1);
    expect(live.deliveries.length).toBeGreaterThan(0);
    expect(live.suppressions.length).toBeGreaterThan(0);

    const lines: string[] = [];
    await recordFeed({ client, matchId, write: (line) => lines.push(JSON.stringify(line)), follow: false });
    const feed = parseFeed(lines.join('\n'), 'recorded');
    // Arrival order and each message's own sent_at are kept: the late suspension comes after o240.
    expect(feed.messages.map((m) => m.source_id)).toEqual(['ko', 'o60', 'o120', 'o180', 'o150', 'o240', 'late-suspend', 'o300', 'o360', 'o420', 'o480']);
    expect(feed.messages.find((m) => m.source_id === 'late-suspend')!.sent_at).toBe(at(200));

    await client.call('POST', `/api/1/engine/match/${matchId}/reset`);
    expect((await outcome()).offers).toEqual([]);
    await replayFeed({ client, matchId, feed, speed: 0, baseMs: Date.parse(feed.header.base_at!) });
    expect(await outcome()).toEqual(live);
  });
});
