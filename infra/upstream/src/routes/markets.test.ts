import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply, Market, MarketType, RuleSet } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

const get = (url: string) => upstream.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown) => upstream.app.inject({ method: 'POST', url, headers, payload: payload as object });
const marketNamed = async (name: string, p = 1) =>
  (await get(`/api/1/${p}/1/markets?limit=100`)).json<ListReply<Market>>().results.find((m) => m.name === name)!;

describe('GET /api/1/:p/:s/markets (markets)', () => {
  it("lists a provider's markets with type, line, settings and outcome mapping", async () => {
    const body = (await get('/api/1/1/1/markets')).json<ListReply<Market>>();
    expect(body.total).toBe(10);
    expect(body.limit).toBe(20);
    expect(body.results.map((m) => m.name)).toEqual([
      'Match Result',
      'Over/Under 1.5 Goals',
      'Over/Under 2.5 Goals',
      'Over/Under 3.5 Goals',
      'Both Teams to Score',
      'Handicap -1',
      'Handicap +1',
      'Correct Score',
      'Half-time Result',
      'Draw No Bet',
    ]);
    const ou = body.results[2]!;
    expect(ou).toMatchObject({
      line: 2500,
      type: { id: 2, name: 'Total Goals Over/Under', outcomes: ['over', 'under'] },
      helper_args: { dynamic_line: false },
      outcome_mapping: { over: 'Over', under: 'Under' },
      meta: { first_minute: 0, last_minute: 80, thresholds: { over: 1900, over_min: 1300, over_max: 3500, under: 1950 } },
    });
    expect(body.results.find((m) => m.name === 'Handicap -1')).toMatchObject({ line: -1000, helper_args: { dynamic_line: true } });
  });

  it("names another provider's markets in its language and searches them", async () => {
    const spanish = (await get('/api/1/2/1/markets?q=goles')).json<ListReply<Market>>();
    expect(spanish.results.map((m) => m.name)).toEqual(['Más/Menos de 1.5 goles', 'Más/Menos de 2.5 goles', 'Más/Menos de 3.5 goles']);
    expect(spanish.results[0]!.outcome_mapping).toEqual({ over: 'Más', under: 'Menos' });
    expect((await get('/api/1/1/3/markets')).json<ListReply<Market>>().results.map((m) => m.type.id)).toEqual([301, 302, 303]);
  });

  it('refuses an unknown sort key', async () => {
    const reply = await get('/api/1/1/1/markets?order_by=colour');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe("Cannot sort by 'colour'; use one of: id, name, type, line, last_modified.");
  });
});

describe('POST /api/1/core/:p/:s/market/:marketId (marketMetaSave)', () => {
  it('saves settings and keeps what was not sent; numbers sent as text are refused, not converted', async () => {
    const market = await marketNamed('Match Result');
    const asText = await post(`/api/1/core/1/1/market/${market.id}`, { market_meta: { first_minute: '5' } });
    expect([asText.statusCode, asText.json().message]).toEqual([400, 'market_meta.first_minute must be integer or null']);
    const reply = await post(`/api/1/core/1/1/market/${market.id}`, {
      market_meta: {
        first_minute: 5,
        last_minute: 80,
        send_delay_minutes: 3,
        pass_threshold: 1.5,
        thresholds: { home: 2600, home_min: 1300, home_max: 7000, draw: 3300, away: 3100 },
      },
    });
    expect(reply.statusCode).toBe(200);
    const saved = reply.json<Market>();
    expect(saved.meta).toMatchObject({
      first_minute: 5,
      last_minute: 80,
      send_delay_minutes: 3,
      pass_threshold: 1.5,
      max_threshold: 3,
      pass_threshold_timeout: 300,
    });
    expect(saved.meta.thresholds).toEqual({ home: 2600, home_min: 1300, home_max: 7000, draw: 3300, away: 3100 });
    expect(saved.meta.summary).toEqual({ name: 'outcome_ratio', args: { market_type_id: 1, last_n: 10 } });
    expect((await marketNamed('Match Result')).meta).toEqual(saved.meta);
    // An emptied field clears the setting.
    const cleared = await post(`/api/1/core/1/1/market/${market.id}`, { market_meta: { max_threshold: null } });
    expect(cleared.json<Market>().meta).toMatchObject({ max_threshold: null, first_minute: 5 });
  });

  it('refuses a threshold key the market type does not have, or a value outside its bounds', async () => {
    const market = await marketNamed('Both Teams to Score');
    const unknown = await post(`/api/1/core/1/1/market/${market.id}`, { market_meta: { thresholds: { home: 2000 } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Unknown threshold key 'home' for Both Teams to Score; use yes, no (each optionally with _min or _max).");
    const outside = await post(`/api/1/core/1/1/market/${market.id}`, { market_meta: { thresholds: { yes: 1100, yes_min: 1300 } } });
    expect(outside.json().message).toBe('Threshold yes (1100) must lie within yes_min (1300) and yes_max (-).');
    const minutes = await post(`/api/1/core/1/1/market/${market.id}`, { market_meta: { first_minute: 60, last_minute: 30 } });
    expect(minutes.json().message).toBe('First minute (60) is after last minute (30).');
  });

  it('refuses text that is not a number, and answers 404 for an unknown market or one of another provider', async () => {
    const market = await marketNamed('Match Result');
    const text = await post(`/api/1/core/1/1/market/${market.id}`, { market_meta: { first_minute: 'ten' } });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/^market_meta\.first_minute must be/);
    const unknown = await post('/api/1/core/1/1/market/9999', { market_meta: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Market 9999 not found');
    const spanish = await marketNamed('Resultado del partido', 2);
    expect((await post(`/api/1/core/1/1/market/${spanish.id}`, { market_meta: {} })).statusCode).toBe(404);
  });
});

describe('GET /api/1/core/:s/marketypes (marketTypes)', () => {
  it("lists a sport's market types with outcomes and evaluators (SPEC §9 ids for football)", async () => {
    const body = (await get('/api/1/core/1/marketypes')).json<ListReply<MarketType>>();
    expect(body.results.map((t) => t.id)).toEqual([1, 2, 3, 7, 8, 10, 11, 12, 14]);
    expect(body.results[0]).toEqual({ id: 1, name: 'Match Result', outcomes: ['home', 'draw', 'away'], evaluator: 'win_draw' });
    expect(body.results.find((t) => t.id === 10)).toMatchObject({ outcomes: ['yes', 'no'], evaluator: 'yes_no' });
    expect(body.results.find((t) => t.id === 3)!.outcomes).toContain('H2-A1');
    expect((await get('/api/1/core/4/marketypes')).json<ListReply<MarketType>>().results.map((t) => t.name)).toEqual([
      'Money Line',
      'Total Points Over/Under',
      'Point Spread',
    ]);
  });

  it('answers 404 for an unknown sport', async () => {
    const reply = await get('/api/1/core/9/marketypes');
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('Sport 9 not found');
  });
});

describe('GET /api/1/:p/:s/rules (rules)', () => {
  it("lists a provider's rule sets with their markets", async () => {
    const body = (await get('/api/1/1/1/rules')).json<ListReply<RuleSet>>();
    expect(body.results.map((r) => r.name)).toEqual(['Result markets', 'Goal markets', 'Headline markets']);
    expect(body.results[1]!.markets.map((m) => m.name)).toEqual([
      'Over/Under 1.5 Goals',
      'Over/Under 2.5 Goals',
      'Over/Under 3.5 Goals',
      'Both Teams to Score',
      'Correct Score',
    ]);
    expect((await get('/api/1/2/4/rules')).json<ListReply<RuleSet>>().results.map((r) => r.name)).toEqual(['Todos los mercados']);
  });

  it('refuses a provider id that is not a number', async () => {
    const reply = await get('/api/1/one/1/rules');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('p must be integer');
  });
});
