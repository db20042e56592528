import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, ListReply, UofMarketMapping, UofMarketMappingList } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, auth = true) =>
  upstream.app.inject({ method, url, headers: auth ? headers : {}, ...(payload && { payload }) });

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

describe('the UOF market mapping routes', () => {
  it('lists the shipped football mapping', async () => {
    const { results } = (await call('GET', '/api/1/uof/market-map')).json<UofMarketMappingList>();
    expect(results.find((m) => m.uof_market_id === 18)).toEqual({
      uof_market_id: 18,
      type_id: 2,
      line_specifier: 'total',
      name: 'Total',
      outcomes: [
        { id: '12', key: 'over' },
        { id: '13', key: 'under' },
      ],
    });
    expect((await call('GET', '/api/1/uof/market-map', undefined, false)).statusCode).toBe(401);
  });

  it('adds, changes and deletes a mapping, each audited', async () => {
    const body = {
      type_id: 2,
      line_specifier: 'total',
      name: '1st half - total',
      outcomes: [
        { id: '12', key: 'over' },
        { id: '13', key: 'under' },
      ],
    };
    const added = await call('PUT', '/api/1/uof/market-map/68', body);
    expect(added.statusCode).toBe(200);
    expect(added.json<UofMarketMapping>()).toMatchObject({ uof_market_id: 68, type_id: 2, name: '1st half - total' });
    const changed = await call('PUT', '/api/1/uof/market-map/68', { ...body, name: 'First half total' });
    expect(changed.json<UofMarketMapping>().name).toBe('First half total');
    const deleted = await call('DELETE', '/api/1/uof/market-map/68');
    expect(deleted.json<UofMarketMapping>().name).toBe('First half total');
    expect((await call('DELETE', '/api/1/uof/market-map/68')).statusCode).toBe(404);
    const history = (await call('GET', '/api/1/audit?entity=uof_market_map&entity_id=68')).json<ListReply<AuditEntry>>().results;
    expect(history.map((h) => [h.action, (h.after as UofMarketMapping | null)?.name ?? null])).toEqual([
      ['delete', null],
      ['update', 'First half total'],
      ['create', '1st half - total'],
    ]);
  });

  it('refuses what the adapter could not use, with a message saying why', async () => {
    const refused = async (id: string, body: object) => {
      const reply = await call('PUT', `/api/1/uof/market-map/${id}`, body);
      return [reply.statusCode, reply.json<{ message: string }>().message];
    };
    const ok = { type_id: 1, line_specifier: null, name: '1x2', outcomes: [{ id: '1', key: 'home' }] };
    expect(await refused('70', { ...ok, type_id: 999 })).toEqual([400, 'Market type 999 does not exist.']);
    expect(await refused('70', { ...ok, outcomes: [{ id: '1', key: 'over' }] })).toEqual([
      400,
      "'over' is not an outcome of market type 1 (Match Result); its outcomes are home, draw, away.",
    ]);
    expect(
      await refused('70', {
        ...ok,
        outcomes: [
          { id: '1', key: 'home' },
          { id: '1', key: 'draw' },
        ],
      }),
    ).toEqual([400, 'UOF outcome 1 is mapped twice.']);
    expect(
      await refused('70', {
        ...ok,
        outcomes: [
          { id: '1', key: 'home' },
          { id: '4', key: 'home' },
        ],
      }),
    ).toEqual([400, 'Outcome home is mapped from two UOF outcomes (1 and 4).']);
    const [status] = await refused('70', { ...ok, outcomes: [] });
    expect(status).toBe(400);
    expect((await refused('0', ok))[0]).toBe(400);
    expect((await refused('70', { ...ok, line_specifier: 'Total Goals' }))[0]).toBe(400);
    expect((await call('GET', '/api/1/uof/market-map')).json<UofMarketMappingList>().results.some((m) => m.uof_market_id === 70)).toBe(false);
  });
});
