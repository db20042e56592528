import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, buildQuery, routes, type ChangeNotice, type ListReply, type Market, type RouteDef, type Team } from '@odds/protocol';
import { createTestUpstream, OPS, type TestUpstream } from '../testing';

/**
 * Writes of provider-wide records are announced on the change stream with their provider and who
 * wrote them (match_id 0, no topics), after the commit only; other writes announce no provider.
 */
let upstream: TestUpstream;
let headers: Record<string, string>;
const notices: ChangeNotice[] = [];
let stop: () => void;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login(OPS)}` };
  stop = upstream.app.engine.bus.subscribe((notice) => notices.push(notice));
});
afterAll(async () => {
  stop();
  await upstream.close();
});

const call = (
  route: RouteDef,
  params: Record<string, number> = {},
  query: Record<string, unknown> = {},
  payload?: object,
  extra: Record<string, string> = {},
) =>
  upstream.app.inject({
    method: route.method,
    url: buildPath(route, params) + buildQuery(query),
    headers: { ...headers, ...extra },
    ...(payload && { payload }),
  });
const providerNotices = () => notices.filter((n) => n.provider_id !== undefined);

describe('provider notices', () => {
  it('announces a content group created for provider 2 and a content item deleted, each with its provider and actor', async () => {
    notices.length = 0;
    const created = await call(
      routes.groupCreate,
      {},
      { provider: 2, sport: 1 },
      {
        name: 'Pushed group',
        content_type: 'title',
        channel_id: 1,
        content: { en: 'Hello', es: 'Hola' },
        market_ids: [],
        categories: [],
      },
    );
    expect(created.statusCode).toBe(200);
    const group = created.json<{ id: number; items: { id: number }[] }>();
    expect(providerNotices()).toEqual([
      expect.objectContaining({
        match_id: 0,
        topics: [],
        provider_id: 2,
        entities: [{ entity: 'content_group', id: group.id, action: 'create', actor: { id: expect.any(Number), name: 'Ops Operator' } }],
      }),
    ]);
    // A deleted row is gone after the write: its provider is taken from the row as it was.
    notices.length = 0;
    const itemId = group.items[0]!.id;
    expect((await call(routes.contentDelete, { id: itemId })).statusCode).toBe(200);
    expect(providerNotices()).toEqual([
      expect.objectContaining({ provider_id: 2, entities: [expect.objectContaining({ entity: 'content_item', id: itemId, action: 'delete' })] }),
    ]);
  });

  it('announces nothing for a write that failed (a stale version) and no provider for a write of another entity', async () => {
    const [market] = (await call(routes.markets, { p: 1, s: 1 }, { limit: 1 })).json<ListReply<Market>>().results;
    notices.length = 0;
    const stale = await call(
      routes.marketMetaSave,
      { p: 1, s: 1, marketId: market!.id },
      {},
      { market_meta: market!.meta },
      { 'if-match': `"${market!.version! + 5}"` },
    );
    expect(stale.statusCode).toBe(409);
    const [team] = (await call(routes.teams, {}, { limit: 1 })).json<ListReply<Team>>().results;
    expect((await call(routes.teamShortNameSave, { teamId: team!.id }, {}, { value: 'PUSH' })).statusCode).toBe(200);
    expect(providerNotices()).toEqual([]);
    // The same market write with its version goes through and is announced.
    expect(
      (await call(routes.marketMetaSave, { p: 1, s: 1, marketId: market!.id }, {}, { market_meta: market!.meta, version: market!.version })).statusCode,
    ).toBe(200);
    expect(providerNotices()).toEqual([
      expect.objectContaining({ provider_id: 1, entities: [expect.objectContaining({ entity: 'market', id: market!.id, action: 'update' })] }),
    ]);
  });
});
