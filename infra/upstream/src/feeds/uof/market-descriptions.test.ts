import { describe, expect, it } from 'vitest';
import type { UofApiCall } from './api-client';
import { marketGroupsOf, parseMarketDescriptions } from './descriptions';
import { MarketDescriptions } from './market-descriptions';

const MARKETS = `\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<market_descriptions response_code="OK">
  <market id="18" name="Total" groups="all|score|regular_play">
    <outcomes><outcome id="13" name="under {total}"/><outcome id="12" name="over {total}"/></outcomes>
    <specifiers><specifier name="total" type="decimal"/></specifiers>
  </market>
  <market id="21" name="Exact goals" groups="all|score|regular_play">
    <specifiers><specifier name="variant" type="variable_text"/></specifiers>
    <mappings>
      <mapping product_id="1" product_ids="1|4" sport_id="sr:sport:1" market_id="8:140" valid_for="variant=sr:exact_goals:6+"/>
      <mapping product_id="3" product_ids="3" sport_id="sr:sport:1" market_id="21" valid_for="variant=sr:exact_goals:5+"/>
    </mappings>
  </market>
  <market id="x" name="not a market"/>
</market_descriptions>`;
const VARIANTS = `<variant_descriptions response_code="OK"><variant id="sr:exact_goals:5+"><outcomes><outcome id="sr:exact_goals:5+:1338" name="2"/></outcomes></variant></variant_descriptions>`;
const SINGLE = `<market_descriptions response_code="OK"><market id="23" name="{$competitor1} exact goals" variant="sr:exact_goals:4+"><outcomes><outcome id="sr:exact_goals:4+:94" name="2"/></outcomes></market></market_descriptions>`;

/** A fake UOF API: counts calls per path, answers from a table, fails when told to. */
function fakeApi(answers: Record<string, [number, string]>) {
  const calls: string[] = [];
  let failing = false;
  const call: UofApiCall = async (path) => {
    calls.push(path);
    if (failing) throw new Error('connect ECONNREFUSED');
    const [status, text] = answers[path.split('?')[0]!] ?? [404, '<response response_code="NOT_FOUND"><message>none</message></response>'];
    return { status, ok: status < 300, text };
  };
  const fail = (on: boolean) => {
    failing = on;
  };
  return { call, calls, fail };
}

const API = { '/v1/descriptions/en/markets.xml': [200, MARKETS], '/v1/descriptions/en/variants.xml': [200, VARIANTS] } as Record<string, [number, string]>;

describe('market descriptions', () => {
  it('parses markets (byte-order mark, variants from the mappings, groups) and skips what is not one', () => {
    const markets = parseMarketDescriptions(MARKETS);
    expect(markets.map((m) => m.id)).toEqual([18, 21]);
    expect(markets[1]).toEqual({
      id: 21,
      name: 'Exact goals',
      groups: ['all', 'score', 'regular_play'],
      specifiers: [{ name: 'variant', type: 'variable_text' }],
      outcomes: [],
      variants: ['sr:exact_goals:5+', 'sr:exact_goals:6+'],
    });
    expect(marketGroupsOf(new Map(markets.map((m) => [m.id, m])), 18)).toEqual(['all', 'score', 'regular_play']);
    expect(marketGroupsOf(new Map(), 18)).toEqual([]);
    expect(() => parseMarketDescriptions('<market_descriptions><market')).toThrow('not well-formed');
  });

  it('reads once per TTL, shares one read between concurrent callers, and asks a missing variant once', async () => {
    let now = 0;
    const api = fakeApi({ ...API, '/v1/descriptions/en/markets/23/variants/sr%3Aexact_goals%3A4%2B': [200, SINGLE] });
    const descriptions = new MarketDescriptions(api.call, { language: 'en', ttlMs: 1000, now: () => now });
    await Promise.all([descriptions.markets(), descriptions.markets(), descriptions.markets()]);
    expect(api.calls.filter((c) => c.includes('markets.xml'))).toHaveLength(1);
    expect((await descriptions.variant(21, 'sr:exact_goals:5+'))?.outcomes).toEqual([{ id: 'sr:exact_goals:5+:1338', name: '2' }]);
    expect(await descriptions.variant(23, 'sr:exact_goals:4+')).toEqual({ id: 'sr:exact_goals:4+', outcomes: [{ id: 'sr:exact_goals:4+:94', name: '2' }] });
    expect(await descriptions.variant(23, 'sr:exact_goals:4+')).not.toBeNull();
    expect(await descriptions.variant(23, 'sr:exact_goals:9+')).toBeNull();
    expect(api.calls.filter((c) => c.includes('/variants/'))).toHaveLength(2);
    now = 1500;
    await descriptions.markets();
    expect(api.calls.filter((c) => c.includes('markets.xml'))).toHaveLength(2);
  });

  it('serves the last read while the API fails, retries after the wait, and throws when it never read', async () => {
    let now = 0;
    const api = fakeApi(API);
    const never = new MarketDescriptions(api.call, { language: 'en', ttlMs: 1000, retryMs: 500, now: () => now });
    api.fail(true);
    await expect(never.markets()).rejects.toThrow('ECONNREFUSED');
    // Within the wait it does not ask again.
    await expect(never.markets()).rejects.toThrow('ECONNREFUSED');
    expect(api.calls.filter((c) => c.includes('markets.xml'))).toHaveLength(1);
    expect(never.groupsOf(18)).toEqual([]);
    api.fail(false);
    now = 600;
    expect((await never.markets()).size).toBe(2);
    expect(never.groupsOf(21)).toEqual(['all', 'score', 'regular_play']);
    api.fail(true);
    now = 2000;
    expect((await never.markets()).size).toBe(2);
  });

  it('names the vendor refusal', async () => {
    const api = fakeApi({
      '/v1/descriptions/en/markets.xml': [403, '<response response_code="FORBIDDEN"><message>Access denied</message></response>'],
      '/v1/descriptions/en/variants.xml': [200, VARIANTS],
    });
    await expect(new MarketDescriptions(api.call, { language: 'en', ttlMs: 1000 }).markets()).rejects.toThrow(
      'UOF market descriptions answered 403: Access denied',
    );
  });
});
