import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CompilerReply, DeliveriesReply, ListReply, Match, Offer } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
let final: Match;
let resultMarket: number;

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  [final] = (await get('/api/1/1/1/matches?q=Argentina - France&date=2022-12-18')).json<ListReply<Match>>().results as [Match];
  resultMarket = (await get('/api/1/1/1/markets?limit=100')).json<ListReply<{ id: number; type: { id: number } }>>().results.find((m) => m.type.id === 1)!.id;
});
afterAll(() => upstream.close());

// The engine demo seeder played the 2022 final through the engine: 528 offers of three markets.
describe('GET /api/1/match/{matchId}/feed', () => {
  it("lists the match's offers newest first, each with its raw message", async () => {
    const body = (await get(`/api/1/match/${final.id}/feed`)).json<ListReply<Offer>>();
    expect(body.total).toBe(528);
    expect(body.limit).toBe(1000);
    const times = body.results.map((o) => o.raw as { sent_at: string }).map((r) => r.sent_at);
    expect([...times].sort().reverse()).toEqual(times);
    const kickOff = body.results.find((o) => o.match_time === 0 && o.market_id === resultMarket)!;
    expect(kickOff).toMatchObject({
      match_id: final.id,
      market: { id: resultMarket, name: 'Match Result' },
      score: 'H0-A0',
      prematch: false,
      sub_node: null,
      leaf_node: null,
      outcome_map: { home: expect.any(Number), draw: expect.any(Number), away: expect.any(Number) },
      odds: [
        { label: '1', line: null, odds: expect.any(Number) },
        { label: 'X', line: null, odds: expect.any(Number) },
        { label: '2', line: null, odds: expect.any(Number) },
      ],
      raw: { type: 'offer', market_id: resultMarket, match_time: 0, sent_at: '2022-12-18T15:00:00.000Z', period: 1, suspended: false },
    });
    expect(['TRIGGERED', 'SKIPPED']).toContain(kickOff.status);
    // Keyed in the market type's order, as the Graph and Feed show the outcomes (not jsonb's sorted order).
    expect(Object.keys(kickOff.outcome_map)).toEqual(['home', 'draw', 'away']);
  });

  it('filters by market and pages', async () => {
    const page = (await get(`/api/1/match/${final.id}/feed?market_id=${resultMarket}&start=10&limit=5`)).json<ListReply<Offer>>();
    expect(page.results).toHaveLength(5);
    expect(page.results.every((o) => o.market_id === resultMarket)).toBe(true);
    // The filter's own total (the Feed tab's '1–20 of 74'), not the match's nor the page's.
    const all = (await get(`/api/1/match/${final.id}/feed`)).json<ListReply<Offer>>().results;
    expect(page.total).toBe(all.filter((o) => o.market_id === resultMarket).length);
    expect(page.total).toBeLessThan(528);
    const sorted = (await get(`/api/1/match/${final.id}/feed?market_id=${resultMarket}&order_by=-match_time&limit=20`)).json<ListReply<Offer>>();
    expect(sorted.total).toBe(page.total);
    const times = sorted.results.flatMap((o) => (o.match_time === null ? [] : [o.match_time]));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 404 for an unknown match and 400 for an unknown sort', async () => {
    expect((await get('/api/1/match/999999/feed')).json()).toMatchObject({ statusCode: 404, message: 'Match 999999 not found' });
    const reply = await get(`/api/1/match/${final.id}/feed?order_by=colour`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/^Cannot sort by 'colour'/);
  });
});

describe('GET /api/1/offers/{matchId}', () => {
  it("lists one market's offers oldest first, and only newer ones after after_id", async () => {
    const all = (await get(`/api/1/offers/${final.id}?market_id=${resultMarket}`)).json<ListReply<Offer>>();
    expect(all.results[0]).toMatchObject({ prematch: true, score: 'PRE', match_time: null });
    expect(all.results.every((o) => o.market_id === resultMarket && o.raw === undefined)).toBe(true);
    const after = all.results.at(-3)!.id;
    expect((await get(`/api/1/offers/${final.id}?market_id=${resultMarket}&after_id=${after}`)).json<ListReply<Offer>>().results.map((o) => o.id)).toEqual(
      all.results.slice(-2).map((o) => o.id),
    );
  });

  it('without market_id lists every market of the match (the relay reads a match in one request)', async () => {
    const all = (await get(`/api/1/offers/${final.id}`)).json<ListReply<Offer>>();
    expect(new Set(all.results.map((o) => o.market_id)).size).toBeGreaterThan(1);
    expect(all.results.every((o) => o.match_id === final.id)).toBe(true);
    const newest = Math.max(...all.results.map((o) => o.id));
    expect((await get(`/api/1/offers/${final.id}?after_id=${newest}`)).json<ListReply<Offer>>().results).toEqual([]);
  });

  it('answers 304 with no body when the ETag the caller holds is still current', async () => {
    const url = `/api/1/offers/${final.id}?market_id=${resultMarket}`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await upstream.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await upstream.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': '"stale"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });
});

describe('GET /api/1/match/{matchId}/feed?after_id', () => {
  it('gives only offers newer than after_id, newest first', async () => {
    const window = (await get(`/api/1/match/${final.id}/feed?limit=1000`)).json<ListReply<Offer>>().results;
    const ids = window.map((o) => o.id).sort((a, b) => a - b);
    const after = ids.at(-3)!;
    const newer = (await get(`/api/1/match/${final.id}/feed?after_id=${after}`)).json<ListReply<Offer>>().results;
    expect(newer.map((o) => o.id).sort((a, b) => a - b)).toEqual(ids.slice(-2));
    expect(newer.every((o) => o.raw)).toBe(true);
  });
});

describe('GET /api/1/offer/{offerId}', () => {
  it('gives a triggered offer with the contacts it went to and its delivery log', async () => {
    const delivered = (await get(`/api/1/match/${final.id}/feed`)).json<ListReply<Offer>>().results.find((o) => o.contact_names.length > 0)!;
    const offer = (await get(`/api/1/offer/${delivered.id}`)).json<Offer>();
    expect(offer).toEqual(delivered);
    expect(offer.status).toBe('TRIGGERED');
    // The log's content is what the channel sent: the compiled title, body and cta that the content had.
    const { subject, body, cta, content } = offer.delivery!.log;
    expect(content).toBe([subject, body, cta].filter(Boolean).join('\n'));
    // The names are its deliveries' contacts, each once, in the order they were served; the log is the first delivery's.
    const sent = (await get(`/api/1/delivery/match/${final.id}?limit=1000&sort=id&order_dir=asc`))
      .json<DeliveriesReply>()
      .deliveries.filter((d) => d.offer_id === offer.id);
    expect(offer.contact_names).toEqual([...new Set(sent.map((d) => d.contact.name))]);
    expect(offer.delivery!.log).toEqual(sent[0]!.log);
  });

  it('answers 404 for an unknown offer', async () => {
    expect((await get('/api/1/offer/999999')).json()).toMatchObject({ statusCode: 404, message: 'Offer 999999 not found' });
  });
});

describe('GET /api/1/match/offer/{offerId}/compiler', () => {
  it("compiles the match content the engine would choose for the offer, with the offer's odds", async () => {
    const offers = (await get(`/api/1/offers/${final.id}?market_id=${resultMarket}`)).json<ListReply<Offer>>().results;
    const pre = offers[0]!;
    const reply = (await get(`/api/1/match/offer/${pre.id}/compiler`)).json<CompilerReply>();
    expect(reply.odds).toEqual(pre.odds);
    const title = reply.results.find((r) => r.content_type === 'title' && r.content.startsWith('World Cup final'));
    expect(title?.content).toBe('World Cup final: Argentina v France');
    const cta = reply.results.find((r) => r.content_type === 'cta' && r.link_target === 'home');
    expect(cta?.content).toBe(`Back Argentina at ${(pre.outcome_map.home! / 1000).toFixed(2)}`);
  });

  it('answers 404 for an unknown offer', async () => {
    expect((await get('/api/1/match/offer/999999/compiler')).statusCode).toBe(404);
  });
});

describe('a fired offer that sent nothing', () => {
  it('says why from its stored suppressions (one per reason); an offer that sent something, or did not fire, says nothing of the kind', async () => {
    const feed = (await get(`/api/1/match/${final.id}/feed`)).json<ListReply<Offer>>().results;
    const delivered = feed.filter((o) => o.contact_names.length > 0);
    expect(delivered.length).toBeGreaterThan(1);
    expect(delivered.every((o) => o.nothing_sent === undefined)).toBe(true);
    expect(feed.filter((o) => o.status !== 'TRIGGERED').every((o) => o.nothing_sent === undefined)).toBe(true);

    // One fired offer whose sends were all held back: no delivery, three suppressions of two reasons.
    const target = delivered.at(-1)!;
    const { db } = upstream.database;
    await db.execute(sql`delete from deliveries where offer_id = ${target.id}`);
    for (const [reason, detail] of [
      ['CHANNEL_NOT_CONFIGURED', 'Push iOS is not configured for this provider'],
      ['CHANNEL_NOT_CONFIGURED', 'Push Android is not configured for this provider'],
      ['RATE_LIMIT', 'contact reached 3 sends in 10 minutes'],
    ]) {
      await db.execute(
        sql`insert into suppressions (match_id, offer_id, market_id, reason, detail, feed_at) values (${final.id}, ${target.id}, ${target.market_id}, ${reason}, ${detail}, now())`,
      );
    }
    const offer = (await get(`/api/1/offer/${target.id}`)).json<Offer>();
    expect(offer.status).toBe('TRIGGERED');
    expect(offer.delivery).toBeNull();
    // Its own suppressions (the engine held some contacts back) and these, each reason once, the first of each.
    const reasons = offer.nothing_sent!.map((w) => w.reason);
    expect(new Set(reasons).size).toBe(reasons.length);
    expect(offer.nothing_sent).toEqual(
      expect.arrayContaining([
        { reason: 'CHANNEL_NOT_CONFIGURED', detail: expect.any(String) },
        { reason: 'RATE_LIMIT', detail: expect.any(String) },
      ]),
    );
    // The Feed tab's rows carry it too.
    const row = (await get(`/api/1/match/${final.id}/feed?market_id=${target.market_id}&limit=1000`))
      .json<ListReply<Offer>>()
      .results.find((o) => o.id === target.id)!;
    expect(row.nothing_sent).toEqual(offer.nothing_sent);
  });
});
