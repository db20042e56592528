import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUpstream, type TestUpstream } from '../testing';

/** The cross-match incremental read keeps each match's own cursor (tests/integration/offers-since.test.ts compares it with the per-match reads). */
describe('GET /api/1/live/offers', () => {
  let upstream: TestUpstream;
  let token: string;
  let ids: number[];
  const get = (query: string) => upstream.app.inject({ method: 'GET', url: `/api/1/live/offers?${query}`, headers: { authorization: `Token ${token}` } });

  beforeAll(async () => {
    upstream = await createTestUpstream();
    token = await upstream.login();
    ids = (await upstream.app.inject({ method: 'GET', url: '/api/1/1/1/matches?limit=2', headers: { authorization: `Token ${token}` } }))
      .json()
      .results.map((m: { id: number }) => m.id)
      .sort((a: number, b: number) => a - b);
    for (const matchId of ids) {
      for (const n of [1, 2]) {
        const reply = await upstream.app.inject({
          method: 'POST',
          url: `/api/1/engine/match/${matchId}/ingest`,
          headers: { authorization: `Token ${token}` },
          payload: {
            messages: [
              {
                type: 'offer',
                source_id: `o${n}`,
                market: { type_id: 1, line: null },
                match_time: 60 * n,
                prematch: false,
                score: 'H0-A0',
                outcomes: [
                  { label: '1', line: null, odds: 2000 + n },
                  { label: 'X', line: null, odds: 3300 },
                  { label: '2', line: null, odds: 3600 },
                ],
              },
            ],
          },
        });
        expect(reply.statusCode).toBe(200);
      }
    }
  });
  afterAll(async () => upstream?.close());

  it("answers each match's offers after its own cursor, with the raw message", async () => {
    const all = (await get(`after=${ids[0]}:0,${ids[1]}:0`)).json() as { results: { id: number; match_id: number; raw: unknown }[]; more: boolean };
    expect(all.results.map((o) => o.match_id)).toEqual([ids[0], ids[0], ids[1], ids[1]]);
    expect(all.results.every((o) => o.raw)).toBe(true);
    const [first] = all.results;
    const some = (await get(`after=${ids[0]}:${first!.id},${ids[1]}:${all.results[3]!.id}`)).json() as { results: { id: number }[]; more: boolean };
    expect(some).toEqual({ results: [expect.objectContaining({ id: all.results[1]!.id })], more: false });
  });

  it('refuses a match named twice with 400', async () => {
    const reply = await get(`after=${ids[0]}:0,${ids[0]}:5`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/each match once/);
  });
});
