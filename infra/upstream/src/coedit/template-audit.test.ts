import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery, routes, type AuditEntry, type ChangeNotice, type ListReply, type Market, type Match, type RouteDef } from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

/**
 * A threshold set saved "as template" keeps a saved threshold of the market in the same write: it
 * is in the history (created, then replaced with its row before) and announced to the provider's
 * consoles from that history, in the set's transaction; a refused save records and announces neither.
 */
let upstream: TestUpstream;
let headers: Record<string, string>;
const notices: ChangeNotice[] = [];
let stop: () => void;
let market: Market;
let matchId: number;

const call = (route: RouteDef, params: Record<string, number> = {}, query: Record<string, unknown> = {}, payload?: object) =>
  upstream.app.inject({ method: route.method, url: buildPath(route, params) + buildQuery(query), headers, ...(payload && { payload }) });
const templateHistory = async () => (await call(routes.audit, {}, { entity: 'saved_threshold' })).json<ListReply<AuditEntry>>();
const save = (value: number, replace: boolean) =>
  call(
    routes.matchThresholdsSave,
    { matchId },
    {},
    {
      type: 'VALUE',
      market_id: market.id,
      thresholds: { yes: { value } },
      ...(replace && { replace: true }),
      saveAsTemplate: 'Audited template',
    },
  );

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login(OPS)}` };
  stop = upstream.app.engine.bus.subscribe((notice) => notices.push(notice));
  market = (await call(routes.markets, { p: 1, s: 1 }, { limit: 100 })).json<ListReply<Market>>().results.find((m) => m.name === 'Both Teams to Score')!;
  matchId = (await call(routes.matches, { p: 1, s: 1 }, { timeframe: 'FUTURE', limit: 1 })).json<ListReply<Match>>().results[0]!.id;
});
afterAll(async () => {
  stop();
  await upstream.close();
});

describe('a threshold set saved as a template', () => {
  it('records the template created, then replaced with its row before, and announces each once from the history', async () => {
    const before = (await templateHistory()).total;
    notices.length = 0;
    expect((await save(1750, true)).statusCode).toBe(200);
    const created = await templateHistory();
    expect(created.total).toBe(before + 1);
    const [first] = created.results;
    expect(first).toMatchObject({
      entity: 'saved_threshold',
      action: 'create',
      actor: { name: 'Ops Operator' },
      before: null,
      after: { name: 'Audited template', version: 1 },
    });
    const announced = () => notices.filter((n) => n.entities?.some((e) => e.entity === 'saved_threshold'));
    expect(announced()).toEqual([expect.objectContaining({ provider_id: 1, entities: [expect.objectContaining({ id: first!.entity_id, action: 'create' })] })]);

    notices.length = 0;
    expect((await save(1900, true)).statusCode).toBe(200);
    const [second] = (await templateHistory()).results;
    expect(second).toMatchObject({
      entity_id: first!.entity_id,
      action: 'update',
      version: 2,
      before: { thresholds: { yes: { value: 1750 } }, version: 1 },
      after: { thresholds: { yes: { value: 1900 } }, version: 2 },
    });
    expect(announced()).toHaveLength(1);
    expect(announced()[0]!.entities![0]).toMatchObject({ action: 'update' });
  });

  it('records and announces nothing for a save refused because a set exists (no replace)', async () => {
    const before = (await templateHistory()).total;
    notices.length = 0;
    expect((await save(2100, false)).statusCode).toBe(409);
    expect((await templateHistory()).total).toBe(before);
    expect(notices).toEqual([]);
    const templates = (await call(routes.marketThresholds, { marketId: market.id })).json<ListReply<{ name: string; thresholds: unknown }>>();
    expect(templates.results.find((t) => t.name === 'Audited template')?.thresholds).toEqual({ yes: { value: 1900 } });
  });
});
