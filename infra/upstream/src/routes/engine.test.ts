import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacktestReply, ChangeNotice, IngestReply, ListReply, Match, MatchFeedEvent, MatchLiveState, Offer, Suppression } from '@odds/protocol';
import { FEEDS_DIR, readFeedFile } from '../feeds/jsonl';
import { offers } from '../db/schema';
import { classicsFixture } from '../engine/test-feed';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let fixture: number;
let final: Match;

const call = (method: 'GET' | 'POST', url: string, payload?: object) => upstream.app.inject({ method, url, headers, ...(payload && { payload }) });
const offerAt = (id: string, clock: number | null, home: number, extra: object = {}) => ({
  type: 'offer',
  source_id: id,
  sent_at: new Date(Date.parse('2031-06-01T18:00:00Z') + (clock ?? -60) * 1000).toISOString(),
  market: { type_id: 1, line: null },
  outcomes: [
    { label: '1', line: null, odds: home },
    { label: 'X', line: null, odds: 3300 },
    { label: '2', line: null, odds: 3000 },
  ],
  match_time: clock,
  prematch: clock === null,
  score: clock === null ? 'PRE' : 'H0-A0',
  ...extra,
});
const kickOff = { type: 'event', source_id: 'ko', sent_at: '2031-06-01T18:00:00.000Z', kind: 'period_start', period: 1, match_time: 0 };

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  // The sixth Classics fixture: no seeded threshold sets, content or trackers.
  fixture = await classicsFixture(upstream.database.db, 5);
  [final] = (await call('GET', '/api/1/1/1/matches?q=Argentina - France&date=2022-12-18')).json<ListReply<Match>>().results as [Match];
});
afterAll(() => upstream.close());

describe('POST /api/1/engine/match/{matchId}/ingest', () => {
  it('stores offers and events, evaluates at once, and counts a message sent twice once', async () => {
    const reply = await call('POST', `/api/1/engine/match/${fixture}/ingest`, { messages: [offerAt('pre', null, 2400), kickOff, offerAt('m1', 60, 2450)] });
    expect(reply.json<IngestReply>()).toEqual({ accepted: 3, duplicates: 0, stale: 0, offers: 2, events: 1, firings: 0, deliveries: 0, suppressions: 0 });
    const again = await call('POST', `/api/1/engine/match/${fixture}/ingest`, { messages: [offerAt('m1', 60, 2450), offerAt('m0', 30, 2430)] });
    // m1 is a duplicate; m0 (30 s) is older than m1 (60 s) already evaluated: stored, not evaluated.
    expect(again.json<IngestReply>()).toMatchObject({ accepted: 1, duplicates: 1, stale: 1, offers: 1 });
    const feed = (await call('GET', `/api/1/match/${fixture}/feed`)).json<ListReply<Offer>>();
    expect(feed.results.map((o) => [o.match_time, o.status])).toEqual([
      [60, 'SKIPPED'],
      [30, 'SKIPPED'],
      [null, 'SKIPPED'],
    ]);
  });

  it("refuses a market or outcome the match's provider does not have, naming the message, and stores nothing of the batch", async () => {
    const unknownType = await call('POST', `/api/1/engine/match/${fixture}/ingest`, {
      messages: [offerAt('ok', 90, 2500), offerAt('bad', 120, 2500, { market: { type_id: 99, line: null } })],
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().message).toBe("message 2 (bad): this match's provider has no market of type 99.");
    const badLabel = await call('POST', `/api/1/engine/match/${fixture}/ingest`, {
      messages: [
        offerAt('lbl', 90, 2500, {
          outcomes: [
            { label: 'Home', line: null, odds: 2500 },
            { label: 'Maybe', line: null, odds: 2000 },
          ],
        }),
      ],
    });
    expect(badLabel.json().message).toBe("message 1 (lbl): 'Maybe' is not an outcome of Match Result; use home, draw, away.");
    expect((await call('GET', `/api/1/match/${fixture}/feed`)).json<ListReply<Offer>>().total).toBe(3);
  });

  it('validates the body and the match', async () => {
    const empty = await call('POST', `/api/1/engine/match/${fixture}/ingest`, { messages: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('messages must NOT have fewer than 1 items');
    const odds = await call('POST', `/api/1/engine/match/${fixture}/ingest`, { messages: [offerAt('low', 90, 999)] });
    expect(odds.statusCode).toBe(400);
    expect((await call('POST', '/api/1/engine/match/999999/ingest', { messages: [offerAt('x', 1, 2000)] })).json()).toMatchObject({
      statusCode: 404,
      message: 'Match 999999 not found',
    });
  });
});

describe('GET /api/1/match/{matchId}/live, /feed/events, /suppressions', () => {
  it('gives the live state: kicked off, so the fixture moved its start and is live', async () => {
    expect((await call('GET', `/api/1/match/${fixture}/live`)).json<MatchLiveState>()).toEqual({
      match_id: fixture,
      status: 'LIVE',
      period: 1,
      score: 'H0-A0',
      match_time: 60,
      suspended: false,
      suspended_market_ids: [],
      kicked_off_at: '2031-06-01T18:00:00.000Z',
      last_message_at: '2031-06-01T18:01:00.000Z',
      result: { regular: { home: 0, away: 0 }, after_extra_time: null, penalties: null },
    });
    expect((await call('GET', `/api/1/match/${fixture}`)).json<Match>().start).toBe('2031-06-01T18:00:00.000Z');
  });

  it('lists the match events, and what the engine held back in the seeded final', async () => {
    const events = (await call('GET', `/api/1/match/${fixture}/feed/events`)).json<ListReply<MatchFeedEvent>>();
    expect(events.results).toEqual([
      {
        id: expect.any(Number),
        match_id: fixture,
        kind: 'period_start',
        side: null,
        period: 1,
        match_time: 0,
        score: null,
        market_id: null,
        suspended: null,
        sent_at: '2031-06-01T18:00:00.000Z',
        arrival: expect.any(Number),
        raw: kickOff,
      },
    ]);
    const held = (await call('GET', `/api/1/match/${final.id}/suppressions?limit=100`)).json<ListReply<Suppression>>();
    expect(held.total).toBeGreaterThan(0);
    expect(held.results.every((s) => s.match_id === final.id && s.detail.length > 0)).toBe(true);
    expect((await call('GET', '/api/1/match/999999/live')).statusCode).toBe(404);
    expect((await call('GET', '/api/1/match/999999/suppressions')).statusCode).toBe(404);
  });

  it('filters suppressions by offer and market, and refuses a bad offer_id with a message', async () => {
    const all = (await call('GET', `/api/1/match/${final.id}/suppressions?limit=1000`)).json<ListReply<Suppression>>();
    const first = all.results.find((s) => s.offer_id !== null)!;
    const byOffer = (await call('GET', `/api/1/match/${final.id}/suppressions?offer_id=${first.offer_id}&limit=1000`)).json<ListReply<Suppression>>();
    expect(byOffer.total).toBe(all.results.filter((s) => s.offer_id === first.offer_id).length);
    expect(byOffer.results.map((s) => s.id)).toContain(first.id);
    const other = all.results.find((s) => s.offer_id !== null && s.offer_id !== first.offer_id);
    if (other) expect(byOffer.results.map((s) => s.id)).not.toContain(other.id);
    const both = (await call('GET', `/api/1/match/${final.id}/suppressions?offer_id=${first.offer_id}&market_id=${first.market.id + 100000}`)).json<
      ListReply<Suppression>
    >();
    expect(both.total).toBe(0);
    for (const query of ['offer_id=abc', 'offer_id=0', 'offer_id=-3']) {
      const reply = await call('GET', `/api/1/match/${final.id}/suppressions?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toEqual(expect.any(String));
    }
  });
});

describe('POST /api/1/engine/backtest', () => {
  const set = (thresholds: object) => ({ type: 'VALUE', market_id: 0, thresholds });

  it('runs a set over a recorded feed and tells what would fire, go out and be held back, storing nothing', async () => {
    const market = (await call('GET', '/api/1/1/1/markets?limit=100'))
      .json<ListReply<{ id: number; type: { id: number } }>>()
      .results.find((m) => m.type.id === 1)!.id;
    const before = await upstream.database.db.$count(offers, eq(offers.matchId, final.id));
    const reply = await call('POST', '/api/1/engine/backtest', {
      match_id: final.id,
      feed: 'argentina-france-2022-final',
      threshold_set: { ...set({ draw: { value: 4000 } }), market_id: market },
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json<BacktestReply>();
    const feed = readFeedFile(new URL('argentina-france-2022-final.jsonl', FEEDS_DIR));
    expect(body.offers).toBe(feed.messages.filter((m) => m.type === 'offer' && m.market?.type_id === 1).length);
    // The draw first drifts to 4.00 or more at Argentina's first goal (after the suspension): 1-0, 24'.
    expect(body.firings[0]).toMatchObject({ outcomes: ['draw'], score: 'H1-A0', match_time: 1410 });
    expect(body.firings[0]!.odds.draw).toBeGreaterThanOrEqual(4000);
    expect(body.firings[0]!.why).toEqual([`VALUE draw ≥ 4.00 reached at ${(body.firings[0]!.odds.draw! / 1000).toFixed(2)}`]);
    expect(body.deliveries.length + body.suppressions.length).toBeGreaterThan(0);
    expect(await upstream.database.db.$count(offers, eq(offers.matchId, final.id))).toBe(before);
  });

  it("replays a past match's stored offers with a saved set and other market settings", async () => {
    const { db } = upstream.database;
    const sets = await db.query.thresholdSets.findMany({ where: (t, { eq: is }) => is(t.matchId, final.id), orderBy: (t, { asc: up }) => [up(t.id)] });
    const reply = await call('POST', '/api/1/engine/backtest', { match_id: final.id, threshold_set_id: sets[0]!.id, market_meta: { max_threshold: 0 } });
    const body = reply.json<BacktestReply>();
    expect(body.firings).toEqual([]);
    expect(body.suppressions.length).toBeGreaterThan(0);
    expect(body.suppressions.every((s) => s.reason === 'MAX_THRESHOLD')).toBe(true);
  });

  it('says what is missing or wrong', async () => {
    const message = async (payload: object) => (await call('POST', '/api/1/engine/backtest', payload)).json().message;
    expect(await message({ match_id: final.id })).toBe('Give the threshold set to test: threshold_set_id or threshold_set.');
    expect(await message({ match_id: final.id, threshold_set: { ...set({ home: { value: 2000 } }), market_id: 999999 } })).toBe(
      'Market 999999 does not exist.',
    );
    expect(
      await message({
        match_id: final.id,
        feed: 'nope',
        threshold_set_id: (await upstream.database.db.query.thresholdSets.findFirst({ where: (t, { eq: is }) => is(t.matchId, final.id) }))!.id,
      }),
    ).toBe("No recorded feed 'nope' in infra/feeds/.");
    expect(await message({ match_id: fixture, threshold_set_id: 1, threshold_set: set({ home: { value: 2000 } }) })).toBe(
      'threshold_set.market_id must be >= 1',
    );
    expect(await message({ match_id: fixture, threshold_set_id: 1, threshold_set: { ...set({ home: { value: 2000 } }), market_id: 1 } })).toBe(
      'Give threshold_set_id or threshold_set, not both.',
    );
    expect(await message({ match_id: fixture, threshold_set_id: 999999 })).toBe(`Threshold set 999999 is not a threshold set of match ${fixture}.`);
    expect(await message({ match_id: final.id, feed: '../etc', threshold_set_id: 1 })).toMatch(/^feed must match pattern/);
  });
});

describe('GET /api/1/changes', () => {
  it('streams a notice per ingest of the match, as server-sent events', async () => {
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    const response = await fetch(new URL(`/api/1/changes?match_id=${fixture}`, url), { headers, signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    await reader.read(); // ': connected'
    await call('POST', `/api/1/engine/match/${fixture}/ingest`, { messages: [offerAt('m3', 180, 2480)] });
    let text = '';
    while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const data = JSON.parse(
      text
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    ) as ChangeNotice;
    expect(text).toMatch(/^id: [0-9a-f]{8}\.\d+\nevent: change\n/);
    expect(data).toMatchObject({ match_id: fixture, topics: ['feed', 'offers'], offer_ids: [expect.any(Number)], delivery_ids: [], reset: false });
    expect((await fetch(new URL('/api/1/changes', url))).status).toBe(401);
  });
});

describe('POST /api/1/engine/match/{matchId}/reset', () => {
  it("clears the match's feed and live state", async () => {
    const reply = (await call('POST', `/api/1/engine/match/${fixture}/reset`)).json();
    expect(reply).toEqual({ success: true, deleted: 5 });
    expect((await call('GET', `/api/1/match/${fixture}/feed`)).json<ListReply<Offer>>().total).toBe(0);
    expect((await call('GET', `/api/1/match/${fixture}/live`)).json<MatchLiveState>().status).toBe('PRE');
    // The same messages are new again after a reset.
    expect((await call('POST', `/api/1/engine/match/${fixture}/ingest`, { messages: [kickOff] })).json<IngestReply>().events).toBe(1);
    expect((await call('POST', '/api/1/engine/match/999999/reset')).json()).toMatchObject({ statusCode: 404, message: 'Match 999999 not found' });
  });
});
