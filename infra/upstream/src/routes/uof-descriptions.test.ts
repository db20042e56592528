import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UofMarketDescriptionList, UofVariantOutcomes } from '@odds/protocol';
import { uofApiCall } from '../feeds/uof/api-client';
import { MarketDescriptions } from '../feeds/uof/market-descriptions';
import { buildStandIn, type StandIn } from '../feeds/uof/stand-in/server';
import { createTestUpstream, type TestUpstream } from '../testing';

const TOKEN = 'descriptions-route-token';
let standIn: StandIn;
let upstream: TestUpstream;
let headers: Record<string, string>;
// The vendor's API is unreachable while this is set.
let down = true;
const get = (url: string, auth = true) => upstream.app.inject({ method: 'GET', url, headers: auth ? headers : {} });

beforeAll(async () => {
  standIn = await buildStandIn({ tokens: [TOKEN], snapshots: null });
  await standIn.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(standIn.app.server.address() as AddressInfo).port}`;
  const flaky: typeof fetch = (input, init) => (down ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1')) : fetch(input, init));
  const uofDescriptions = new MarketDescriptions(uofApiCall(base, TOKEN, flaky), { language: 'en', ttlMs: 60_000, retryMs: 0 });
  upstream = await createTestUpstream({ uofDescriptions });
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(async () => {
  await upstream?.close();
  await standIn?.app.close();
});

describe('the UOF market description routes', () => {
  it('say why vendor names are unavailable while the UOF API does not answer, and need a token', async () => {
    const reply = await get('/api/1/uof/market-descriptions');
    expect(reply.statusCode).toBe(200);
    expect(reply.json<UofMarketDescriptionList>()).toEqual({
      available: false,
      reason: 'Vendor market names are unavailable: connect ECONNREFUSED 127.0.0.1. Map markets by their UOF ids, or try again later.',
      results: [],
    });
    expect((await get('/api/1/uof/market-descriptions', false)).statusCode).toBe(401);
  });

  it('list the vendor markets with outcomes, groups and variants once it answers', async () => {
    down = false;
    const { available, results } = (await get('/api/1/uof/market-descriptions')).json<UofMarketDescriptionList>();
    expect(available).toBe(true);
    expect(results.map((m) => m.id)).toEqual([...results.map((m) => m.id)].sort((a, b) => a - b));
    expect(results.find((m) => m.id === 1)).toEqual({
      id: 1,
      name: '1x2',
      groups: ['all', 'score', 'regular_play'],
      specifiers: [],
      outcomes: [
        { id: '1', name: '{$competitor1}' },
        { id: '2', name: 'draw' },
        { id: '3', name: '{$competitor2}' },
      ],
      variants: [],
    });
    expect(results.find((m) => m.id === 21)).toMatchObject({
      outcomes: [],
      variants: ['sr:exact_goals:5+', 'sr:exact_goals:6+'],
      specifiers: [{ name: 'variant', type: 'variable_text' }],
    });
    // Cached: the vendor going away does not take the names with it.
    down = true;
    expect((await get('/api/1/uof/market-descriptions')).json<UofMarketDescriptionList>().available).toBe(true);
    down = false;
  });

  it('give the outcomes of a variant, 404 for one the vendor lacks, 400 for a malformed one', async () => {
    const reply = await get(`/api/1/uof/market-descriptions/21/variant?variant=${encodeURIComponent('sr:exact_goals:5+')}`);
    expect(reply.statusCode).toBe(200);
    const variant = reply.json<UofVariantOutcomes>();
    expect(variant).toMatchObject({ available: true, reason: null, market_id: 21, variant: 'sr:exact_goals:5+' });
    expect(variant.outcomes.at(-1)).toEqual({ id: 'sr:exact_goals:5+:1341', name: '5+' });
    const missing = await get(`/api/1/uof/market-descriptions/21/variant?variant=${encodeURIComponent('sr:exact_goals:42+')}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('UOF variant sr:exact_goals:42+ of market 21 not found');
    expect((await get('/api/1/uof/market-descriptions/21/variant?variant=a%20b')).statusCode).toBe(400);
  });
});
