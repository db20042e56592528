import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  buildPath,
  buildQuery,
  routes,
  type ListReply,
  type Match,
  type MatchMarket,
  type MatchThresholdSet,
  type RouteDef,
  type SavedThreshold,
} from '@odds/protocol';
import { contacts, markets, matchContents, savedThresholds } from '../db/schema';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
/** Nordic's football markets by name, the next Classics fixtures, and contacts by name. */
let market: Record<string, { id: number; typeId: number }>;
let upcoming: Match[];
let contact: (name: string) => Promise<number>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const db = upstream.database.db;
  const rows = await db
    .select({ id: markets.id, name: markets.name, typeId: markets.typeId })
    .from(markets)
    .where(and(eq(markets.providerId, 1), eq(markets.sportId, 1)))
    .orderBy(asc(markets.id));
  market = Object.fromEntries(rows.map((row) => [row.name, row]));
  upcoming = (await call(routes.matches, { p: 1, s: 1 }, { timeframe: 'FUTURE', order_by: 'start', limit: 20 })).json<ListReply<Match>>().results;
  contact = async (name) => (await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.name, name)))[0]!.id;
});
afterAll(() => upstream.close());

const call = (route: RouteDef, params: Record<string, number> = {}, query: Record<string, unknown> = {}, payload?: object) =>
  upstream.app.inject({ method: route.method, url: buildPath(route, params) + buildQuery(query), headers, ...(payload && { payload }) });
const expectStatus = async (reply: Awaited<ReturnType<typeof call>>, status: number, message: string | RegExp) => {
  expect(reply.statusCode).toBe(status);
  if (typeof message === 'string') expect(reply.json().message).toBe(message);
  else expect(reply.json().message).toMatch(message);
};
const sets = async (matchId: number, query: Record<string, unknown> = {}) =>
  (await call(routes.matchThresholds, { matchId }, query)).json<ListReply<MatchThresholdSet>>();
const save = (matchId: number, body: object) => call(routes.matchThresholdsSave, { matchId }, {}, body);

describe('GET /api/1/match/{matchId}/markets', () => {
  it('lists the markets the match has content for (by market or by market type), or all of them', async () => {
    const match = upcoming[9]!;
    expect((await call(routes.matchMarkets, { matchId: match.id })).json()).toEqual({ results: [], total: 0, limit: 1 });
    const parts = { title: [{ content: '{{home.name}} are flying' }], content: [], cta: [], image: [] };
    await upstream.database.db.insert(matchContents).values([
      { matchId: match.id, marketId: market['Match Result']!.id, channelId: 1, language: 'en', nodeId: 'PRE', parts },
      { matchId: match.id, marketTypeId: market['Over/Under 2.5 Goals']!.typeId, channelId: 1, language: 'en', nodeId: 'PRE', parts },
    ]);
    const withContent = (await call(routes.matchMarkets, { matchId: match.id })).json<ListReply<MatchMarket>>();
    expect(withContent.results.map((m) => m.name)).toEqual(['Match Result', 'Over/Under 1.5 Goals', 'Over/Under 2.5 Goals', 'Over/Under 3.5 Goals']);
    expect(withContent.results[0]).toEqual({
      id: market['Match Result']!.id,
      version: 1,
      name: 'Match Result',
      line: null,
      type: { id: market['Match Result']!.typeId, name: 'Match Result', outcomes: ['home', 'draw', 'away'] },
      meta: expect.objectContaining({ thresholds: expect.objectContaining({ home: 2500 }) }),
      helper_args: { dynamic_line: false },
      outcome_mapping: { home: '1', draw: 'X', away: '2' },
      has_content: true,
    });
    const all = (await call(routes.matchMarkets, { matchId: match.id }, { all: true })).json<ListReply<MatchMarket>>();
    expect(all.total).toBe(Object.keys(market).length);
    expect(all.results.filter((m) => m.has_content).length).toBe(4);
    expect(all.results.find((m) => m.name === 'Both Teams to Score')!.has_content).toBe(false);
  });

  it('answers 404 for an unknown match and 400 for a bad flag', async () => {
    await expectStatus(await call(routes.matchMarkets, { matchId: 999999 }), 404, 'Match 999999 not found');
    await expectStatus(await call(routes.matchMarkets, { matchId: upcoming[0]!.id }, { all: 'perhaps' }), 400, 'all must be boolean');
  });
});

describe('GET /api/1/match/{matchId}/thresholds', () => {
  it('lists the seeded sets of the next fixture: each type on the result and over/under markets', async () => {
    const body = await sets(upcoming[0]!.id);
    expect(body.results.map((s) => [s.market.name, s.type, s.contact?.name ?? null])).toEqual([
      ['Match Result', 'VALUE', null],
      ['Match Result', 'RANGE', 'iOS app – Danish football fans'],
      ['Match Result', 'RELATIVE', 'Telegram – odds boost channel'],
      ['Over/Under 2.5 Goals', 'VALUE', 'Feed – trading partner odds feed'],
      ['Over/Under 2.5 Goals', 'RANGE', null],
      ['Over/Under 2.5 Goals', 'RELATIVE', 'Android app – Swedish in-play bettors'],
    ]);
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      version: 1,
      match_id: upcoming[0]!.id,
      market_id: market['Match Result']!.id,
      market: { id: market['Match Result']!.id, name: 'Match Result' },
      contact_id: null,
      contact: null,
      line: null,
      timed: { before: 90 },
      type: 'VALUE',
      thresholds: { home: { value: 2500 }, draw: { value: 3400 }, away: { value: 3000 } },
    });
    expect(body.results[2]!.thresholds).toMatchObject({
      draw: { direction: 'RISE', metric: 'VALUE', value: 300, time_amount: 10, time_unit: 'MINUTES', time_basis: 'START' },
    });
    const ou = await sets(upcoming[0]!.id, { market_id: market['Over/Under 2.5 Goals']!.id });
    expect(ou.results.map((s) => s.type)).toEqual(['VALUE', 'RANGE', 'RELATIVE']);
  });

  it('holds demo sets that each pass the rules of a save, unchanged', async () => {
    for (const match of upcoming.slice(0, 3)) {
      for (const seeded of (await sets(match.id)).results) {
        const { id: _, match_id: __, market: ___, contact: ____, ...body } = seeded;
        const reply = await save(match.id, body);
        expect(reply.statusCode, reply.json().message).toBe(200);
        // Its version names the set it replaces, so no `replace` is needed; the write moves the version on.
        expect(reply.json()).toEqual({ ...seeded, version: seeded.version! + 1 });
      }
    }
  });

  it('answers 404 for an unknown match and 400 for a bad market id', async () => {
    await expectStatus(await call(routes.matchThresholds, { matchId: 999999 }), 404, 'Match 999999 not found');
    await expectStatus(await call(routes.matchThresholds, { matchId: upcoming[0]!.id }, { market_id: 'abc' }), 400, 'market_id must be integer');
  });
});

describe('POST /api/1/match/{matchId}/thresholds', () => {
  const matchId = () => upcoming[5]!.id;
  const result = () => market['Match Result']!.id;

  it('saves a VALUE set, and replaces it for the same market, contact and line only with replace: true', async () => {
    const first = await save(matchId(), { type: 'VALUE', market_id: result(), contact_id: null, line: null, thresholds: { home: { value: 2100 } } });
    expect(first.json()).toEqual({
      id: expect.any(Number),
      version: 1,
      match_id: matchId(),
      market_id: result(),
      market: { id: result(), name: 'Match Result' },
      contact_id: null,
      contact: null,
      line: null,
      timed: null,
      type: 'VALUE',
      thresholds: { home: { value: 2100 } },
    });
    const range = { type: 'RANGE', market_id: result(), timed: { before: 30 }, thresholds: { home: { from: 1800, to: 2400 }, away: { from: 2000, to: 2000 } } };
    const refused = await save(matchId(), range);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', entity: 'threshold_set', current: first.json(), changed_by: { name: expect.any(String) } });
    expect((await sets(matchId())).results).toEqual([first.json()]);
    const again = await save(matchId(), { ...range, replace: true });
    expect(again.json()).toMatchObject({
      id: first.json().id,
      version: 2,
      type: 'RANGE',
      timed: { before: 30 },
      thresholds: { away: { from: 2000, to: 2000 } },
    });
    expect((await sets(matchId())).results.map((s) => s.id)).toEqual([first.json().id]);
  });

  it('fills the RELATIVE defaults (RISE, VALUE, MINUTES, START) and keeps what was given', async () => {
    const push = await contact('Trading desk – test iPhone');
    const reply = await save(matchId(), {
      type: 'RELATIVE',
      market_id: result(),
      contact_id: push,
      thresholds: {
        home: { value: 250, time_amount: 5 },
        away: { value: 12, time_amount: 30, direction: 'DROP', metric: 'PERCENT', time_unit: 'SECONDS', time_basis: 'GAME' },
      },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      contact_id: push,
      contact: { id: push, name: 'Trading desk – test iPhone' },
      thresholds: {
        home: { direction: 'RISE', metric: 'VALUE', value: 250, time_amount: 5, time_unit: 'MINUTES', time_basis: 'START' },
        away: { direction: 'DROP', metric: 'PERCENT', value: 12, time_amount: 30, time_unit: 'SECONDS', time_basis: 'GAME' },
      },
    });
  });

  it('allows VALUE min and max only for a FEED contact, with min not above max', async () => {
    const bounded = { type: 'VALUE', market_id: result(), thresholds: { home: { value: 2500, min: 2000, max: 3000 } } };
    await expectStatus(await save(matchId(), bounded), 400, 'home: min and max apply only to a FEED contact.');
    await expectStatus(
      await save(matchId(), { ...bounded, contact_id: await contact('Twitter – @NordicOdds') }),
      400,
      'home: min and max apply only to a FEED contact.',
    );
    const feed = await contact('Feed – trading partner odds feed');
    expect((await save(matchId(), { ...bounded, contact_id: feed })).json()).toMatchObject({
      contact: { name: 'Feed – trading partner odds feed' },
      thresholds: bounded.thresholds,
    });
    await expectStatus(
      await save(matchId(), { ...bounded, contact_id: feed, thresholds: { home: { value: 2500, min: 3000, max: 2000 } } }),
      400,
      'home: min 3.00 is above max 2.00.',
    );
  });

  it('refuses a RANGE whose from is above its to, and a shape of another type', async () => {
    await expectStatus(
      await save(matchId(), { type: 'RANGE', market_id: result(), thresholds: { home: { from: 2500, to: 2000 } } }),
      400,
      'home: from 2.50 is above to 2.00.',
    );
    const wrongShape = await save(matchId(), { type: 'RANGE', market_id: result(), thresholds: { home: { value: 2500 } } });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().message).toMatch(/^(body|thresholds|type)/);
  });

  it("takes only outcomes of the market's type", async () => {
    await expectStatus(
      await save(matchId(), { type: 'VALUE', market_id: result(), thresholds: { over: { value: 1900 } } }),
      400,
      "'over' is not an outcome of Match Result; use home, draw, away.",
    );
  });

  it('takes a line only for a dynamic-line market', async () => {
    await expectStatus(
      await save(matchId(), { type: 'VALUE', market_id: result(), line: 500, thresholds: { home: { value: 2000 } } }),
      400,
      'Match Result has a fixed line; leave the line empty.',
    );
    const handicap = market['Handicap -1']!.id;
    const reply = await save(matchId(), { type: 'VALUE', market_id: handicap, line: -1500, thresholds: { home: { value: 3600 } } });
    expect(reply.json()).toMatchObject({ market: { name: 'Handicap -1' }, line: -1500 });
    await expectStatus(
      await save(matchId(), { type: 'VALUE', market_id: handicap, line: -1250, thresholds: { home: { value: 3600 } } }),
      400,
      'line must be multiple of 500',
    );
  });

  it("needs a market and a contact of the match's provider", async () => {
    await expectStatus(
      await save(matchId(), { type: 'VALUE', market_id: 999999, thresholds: { home: { value: 2000 } } }),
      400,
      'Market 999999 does not exist.',
    );
    const [iberiaMarket] = await upstream.database.db.select({ id: markets.id }).from(markets).where(eq(markets.providerId, 2)).limit(1);
    await expectStatus(
      await save(matchId(), { type: 'VALUE', market_id: iberiaMarket!.id, thresholds: { home: { value: 2000 } } }),
      400,
      `Market ${iberiaMarket!.id} is not a market of this match's provider and sport.`,
    );
    const iberiaFeed = await contact('Feed – socio de datos deportivos');
    await expectStatus(
      await save(matchId(), { type: 'VALUE', market_id: result(), contact_id: iberiaFeed, thresholds: { home: { value: 2000 } } }),
      400,
      `Contact ${iberiaFeed} is not a contact of this match's provider.`,
    );
    await expectStatus(await save(999999, { type: 'VALUE', market_id: result(), thresholds: { home: { value: 2000 } } }), 404, 'Match 999999 not found');
  });

  it("also saves a named template, optionally as the market's default, in the same save", async () => {
    const btts = market['Both Teams to Score']!.id;
    const reply = await save(matchId(), {
      type: 'VALUE',
      market_id: btts,
      thresholds: { yes: { value: 1750 } },
      saveAsTemplate: 'Cup nights – BTTS',
      saveAsTemplateDefault: true,
    });
    expect(reply.statusCode).toBe(200);
    const saved = (await call(routes.marketThresholds, { marketId: btts })).json<ListReply<SavedThreshold>>().results;
    expect(saved[0]).toEqual({
      id: expect.any(Number),
      version: 1,
      market_id: btts,
      name: 'Cup nights – BTTS',
      is_default: true,
      contact: null,
      channel: null,
      line: null,
      type: 'VALUE',
      thresholds: { yes: { value: 1750 } },
    });
    expect(saved.filter((s) => s.is_default)).toHaveLength(1);
    await expectStatus(
      await save(matchId(), { type: 'VALUE', market_id: btts, thresholds: { yes: { value: 1750 } }, saveAsTemplateDefault: true }),
      400,
      "Name the template (saveAsTemplate) to make it the market's default.",
    );
  });
});

describe('DELETE /api/1/match/{matchId}/thresholds', () => {
  const del = (matchId: number, ids: number[] | undefined) => call(routes.matchThresholdsDelete, { matchId }, ids ? { thresholds_id: ids } : {});

  it("deletes sets of the match by id ('Delete all' sends them all)", async () => {
    const matchId = upcoming[1]!.id;
    const ids = (await sets(matchId, { market_id: market['Match Result']!.id })).results.map((s) => s.id);
    expect(ids).toHaveLength(3);
    expect((await del(matchId, ids)).json()).toEqual({ success: true, deleted: 3 });
    expect((await sets(matchId, { market_id: market['Match Result']!.id })).total).toBe(0);
    const [one] = (await sets(matchId)).results;
    expect((await del(matchId, [one!.id])).json()).toEqual({ success: true, deleted: 1 });
  });

  it('deletes nothing when an id is not a set of the match, and needs ids', async () => {
    const matchId = upcoming[2]!.id;
    const before = (await sets(matchId)).results.map((s) => s.id);
    await expectStatus(await del(matchId, [before[0]!, 999999]), 404, `Threshold set 999999 of match ${matchId} not found`);
    expect((await sets(matchId)).results.map((s) => s.id)).toEqual(before);
    await expectStatus(await del(matchId, undefined), 400, "query must have required property 'thresholds_id'");
  });
});

describe('GET /api/1/{p}/thresholds', () => {
  it("lists the provider's saved thresholds, newest first, with contact and channel", async () => {
    const [{ n }] = (await upstream.database.db.select({ n: count() }).from(savedThresholds).where(eq(savedThresholds.providerId, 1))) as [{ n: number }];
    const body = (await call(routes.savedThresholds, { p: 1 }, { limit: 100 })).json<ListReply<SavedThreshold>>();
    expect(body.total).toBe(n);
    expect(body.results.map((s) => s.id)).toEqual(body.results.map((s) => s.id).sort((a, b) => b - a));
    const feed = body.results.find((s) => s.market_id === market['Match Result']!.id && s.name === 'Feed partner – bounded value');
    expect(feed).toMatchObject({
      contact: { name: 'Feed – trading partner odds feed' },
      channel: { id: 4, name: 'Feed' },
      type: 'VALUE',
      thresholds: { home: { value: 2500, min: 2500, max: 8000 } },
    });
    const page = (await call(routes.savedThresholds, { p: 1 }, { start: 2, limit: 3 })).json<ListReply<SavedThreshold>>();
    expect(page.results.map((s) => s.id)).toEqual(body.results.slice(2, 5).map((s) => s.id));
  });

  it('answers 404 for an unknown provider and 400 for an unknown sort', async () => {
    await expectStatus(await call(routes.savedThresholds, { p: 99 }), 404, 'Provider 99 not found');
    await expectStatus(await call(routes.savedThresholds, { p: 1 }, { order_by: 'colour' }), 400, /^Cannot sort by 'colour'/);
  });
});

describe('GET /api/1/thresholds/{marketId}', () => {
  it("lists a market's saved thresholds, its default first", async () => {
    const body = (await call(routes.marketThresholds, { marketId: market['Over/Under 2.5 Goals']!.id })).json<ListReply<SavedThreshold>>();
    expect(body.results.map((s) => [s.name, s.type, s.is_default])).toEqual([
      ['Standard alert', 'VALUE', true],
      ['Feed partner – bounded value', 'VALUE', false],
      ['Long-odds window', 'RANGE', false],
      ['Sharp drop – 10% in 5 min', 'RELATIVE', false],
    ]);
    expect(body.results[3]!.thresholds).toEqual({
      over: { direction: 'DROP', metric: 'PERCENT', value: 10, time_amount: 5, time_unit: 'MINUTES', time_basis: 'GAME' },
      under: { direction: 'DROP', metric: 'PERCENT', value: 10, time_amount: 5, time_unit: 'MINUTES', time_basis: 'GAME' },
    });
  });

  it('answers 404 for an unknown market', async () => {
    await expectStatus(await call(routes.marketThresholds, { marketId: 999999 }), 404, 'Market 999999 not found');
  });
});

describe('POST /api/1/thresholds/{thresholdId}/delete', () => {
  it('deletes a saved threshold once', async () => {
    const marketId = market['Over/Under 3.5 Goals']!.id;
    const [first] = (await call(routes.marketThresholds, { marketId })).json<ListReply<SavedThreshold>>().results;
    expect((await call(routes.savedThresholdDelete, { thresholdId: first!.id })).json()).toEqual({ success: true });
    expect((await call(routes.marketThresholds, { marketId })).json<ListReply<SavedThreshold>>().results.map((s) => s.id)).not.toContain(first!.id);
    await expectStatus(await call(routes.savedThresholdDelete, { thresholdId: first!.id }), 404, `Saved threshold ${first!.id} not found`);
  });
});
