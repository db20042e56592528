import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildPath, buildQuery, IDS_MAX, MATCH_TABLE_TOPICS, routes, type ListReply } from '@odds/protocol';
import { selectRows } from '../db/rows';
import { createTestUpstream, type TestUpstream } from '../testing';

/**
 * The `ids` filter of a match table's list (IdsQuery): what the relay reads when change notices
 * name the records that moved (docs/live-path.md, "Tables read by id").
 */
let upstream: TestUpstream;
let headers: Record<string, string>;
let matchIds: number[];

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
  const listed = await upstream.app.inject({ method: 'GET', url: `/api/1/1/1/matches${buildQuery({ limit: 100 })}`, headers });
  matchIds = listed.json<ListReply<{ id: number }>>().results.map((match) => match.id);
});
afterAll(() => upstream.close());

const list = (route: (typeof MATCH_TABLE_TOPICS)[keyof typeof MATCH_TABLE_TOPICS], matchId: number, ids?: string) =>
  upstream.app.inject({ method: 'GET', url: buildPath(routes[route], { matchId }) + buildQuery({ ids }), headers });

describe.each(Object.entries(MATCH_TABLE_TOPICS))('the %s list with ids', (_topic, route) => {
  /** A match whose list has records (the demo data has some of each). */
  async function withRecords(): Promise<{ matchId: number; ids: number[] }> {
    for (const matchId of matchIds) {
      const ids = (await list(route, matchId)).json<ListReply<{ id: number }>>().results.map((record) => record.id);
      if (ids.length) return { matchId, ids };
    }
    throw new Error(`no match with ${route} records in the demo data`);
  }

  it('answers only the records named that the match has (one of another match, or none, is left out)', async () => {
    const { matchId, ids } = await withRecords();
    const other = matchIds.find((id) => id !== matchId)!;
    const reply = await list(route, matchId, `${ids[0]},2147483647,9999999999`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<ListReply<{ id: number }>>().results.map((record) => record.id)).toEqual([ids[0]]);
    const elsewhere = (await list(route, other, String(ids[0]))).json<ListReply<{ id: number }>>();
    expect(elsewhere.results.filter((record) => record.id === ids[0])).toEqual([]);
  });

  it(`refuses ids that are not a list of up to ${IDS_MAX} positive whole numbers`, async () => {
    const { matchId } = await withRecords();
    for (const ids of ['abc', '1,,2', '0', '-1', Array.from({ length: IDS_MAX + 1 }, (_, i) => i + 1).join(',')]) {
      const reply = await list(route, matchId, ids);
      expect(reply.statusCode, ids).toBe(400);
      expect(reply.json().message).toMatch(/ids/);
    }
  });
});

describe('the deliveries list with ids', () => {
  it('answers only the named deliveries of the match, wherever they are in its window', async () => {
    const get = (matchId: number, query: Record<string, unknown>) =>
      upstream.app.inject({ method: 'GET', url: buildPath(routes.matchDeliveries, { matchId }) + buildQuery(query), headers });
    let found: { matchId: number; ids: number[] } | undefined;
    for (const matchId of matchIds) {
      const ids = (await get(matchId, { limit: 1000 })).json<{ deliveries: { id: number }[] }>().deliveries.map((d) => d.id);
      if (ids.length >= 2) found = { matchId, ids };
      if (found) break;
    }
    expect(found, 'a demo match with deliveries').toBeDefined();
    const { matchId, ids } = found!;
    const oldest = ids.at(-1)!;
    // More than a default page (20) of them come whole: 25 more like the oldest.
    const { db } = upstream.database;
    const [{ columns }] = (await selectRows<{ columns: string }>(
      db,
      sql`SELECT string_agg(quote_ident(column_name), ',') AS columns FROM information_schema.columns WHERE table_name = 'deliveries' AND column_name <> 'id'`,
    )) as [{ columns: string }];
    // Each copy in a language of its own (one delivery per offer, contact and language).
    const values = columns.replace('language', `'t' || g`);
    const copies = await selectRows<{ id: number }>(
      db,
      sql.raw(`INSERT INTO deliveries (${columns}) SELECT ${values} FROM deliveries, generate_series(1, 25) g WHERE id = ${ids.at(-1)} RETURNING id`),
    );
    const named = copies.map((row) => Number(row.id));
    const many = await get(matchId, { ids: named.join(',') });
    expect(many.json<{ deliveries: { id: number }[] }>().deliveries).toHaveLength(25);
    const reply = await get(matchId, { ids: `${oldest},${ids[0]},2147483647` });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(
      reply
        .json<{ deliveries: { id: number }[] }>()
        .deliveries.map((d) => d.id)
        .sort((a, b) => a - b),
    ).toEqual([oldest, ids[0]!].sort((a, b) => a - b));
    expect((await get(matchId, { ids: 'x' })).statusCode).toBe(400);
  });
});
