/**
 * The relay's cross-match incremental read (`GET /api/1/live/offers?after=m:id,…`) returns exactly
 * what the per-match reads it replaces return: for each match, the offers read
 * (`/api/1/offers/:matchId?after_id=`, same order, same fields) and the feed read
 * (`/api/1/match/:matchId/feed?after_id=`, same records with their raw message).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';

type Row = { id: number; match_id: number } & Record<string, unknown>;
let upstream: TestUpstream;
let token: string;
let matchIds: number[];

const get = async (url: string, as = token) => upstream.app.inject({ method: 'GET', url, headers: { authorization: `Token ${as}` } });
const json = async <T>(url: string): Promise<T> => {
  const reply = await get(url);
  if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode} ${reply.body}`);
  return reply.json() as T;
};

beforeAll(async () => {
  upstream = await createTestUpstream();
  token = await upstream.login();
  const listed = await json<{ results: { id: number }[] }>('/api/1/1/1/matches?limit=3');
  matchIds = listed.results.map((m) => m.id);
  // Offers of three markets on three matches, interleaved as a Saturday's feeds are, with sent_at
  // out of id order now and then (a late message), so the order by feed clock is exercised.
  const base = Date.parse('2031-05-01T15:00:00Z');
  for (let round = 0; round < 6; round += 1) {
    for (const [k, matchId] of matchIds.entries()) {
      const at = (s: number) => new Date(base + (round * 60 + s - (round === 3 && k === 1 ? 90 : 0)) * 1000).toISOString();
      const messages = [
        {
          type: 'offer',
          source_id: `r${round}-1x2`,
          sent_at: at(1),
          market: { type_id: 1, line: null },
          match_time: round * 60,
          prematch: false,
          score: 'H0-A0',
          outcomes: [
            { label: '1', line: null, odds: 2000 + round * 37 + k },
            { label: 'X', line: null, odds: 3300 },
            { label: '2', line: null, odds: 3600 - round * 11 },
          ],
        },
        {
          type: 'offer',
          source_id: `r${round}-ou`,
          sent_at: at(2),
          market: { type_id: 2, line: 2500 },
          match_time: round * 60,
          prematch: false,
          score: 'H0-A0',
          outcomes: [
            { label: 'Over', line: 2500, odds: 1800 + round },
            { label: 'Under', line: 2500, odds: 2000 - round },
          ],
        },
      ];
      const reply = await upstream.app.inject({
        method: 'POST',
        url: `/api/1/engine/match/${matchId}/ingest`,
        headers: { authorization: `Token ${token}` },
        payload: { messages },
      });
      if (reply.statusCode !== 200) throw new Error(`ingest: ${reply.statusCode} ${reply.body}`);
    }
  }
});
afterAll(async () => upstream?.close());

const withoutRaw = ({ raw: _raw, arrival: _arrival, ...offer }: Row) => offer;
const byId = (rows: Row[]) => [...rows].sort((a, b) => a.id - b.id);

describe('the cross-match incremental read', () => {
  it('returns, for every match, what its own offers and feed reads return after the same id', async () => {
    const all = await json<{ results: Row[] }>(`/api/1/live/offers?after=${matchIds.map((id) => `${id}:0`).join(',')}`);
    const ids = (matchId: number) => all.results.filter((o) => o.match_id === matchId).map((o) => o.id);
    expect(matchIds.map((id) => ids(id).length)).toEqual([12, 12, 12]);
    // Cursors as a relay holds them: nothing yet, part of the match, all of it.
    const cursorSets = [
      matchIds.map(() => 0),
      matchIds.map((id, k) => ids(id)[[2, 7, 11][k]!]!),
      matchIds.map((id, k) => (k === 1 ? ids(id).at(-1)! : ids(id)[5]!)),
    ];
    for (const cursors of cursorSets) {
      const since = await json<{ results: Row[]; more: boolean }>(`/api/1/live/offers?after=${matchIds.map((id, k) => `${id}:${cursors[k]}`).join(',')}`);
      expect(since.more).toBe(false);
      for (const [k, matchId] of matchIds.entries()) {
        const mine = since.results.filter((o) => o.match_id === matchId);
        const offers = await json<{ results: Row[] }>(`/api/1/offers/${matchId}${cursors[k] ? `?after_id=${cursors[k]}` : ''}`);
        const feed = await json<{ results: Row[] }>(`/api/1/match/${matchId}/feed${cursors[k] ? `?after_id=${cursors[k]}` : ''}`);
        expect(mine.map(withoutRaw)).toEqual(offers.results);
        expect(byId(mine)).toEqual(byId(feed.results));
      }
      // By match, each match's offers together.
      const order = since.results.map((o) => o.match_id);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('says when its limit cut the offers short', async () => {
    const since = await json<{ results: Row[]; more: boolean }>(`/api/1/live/offers?after=${matchIds.map((id) => `${id}:0`).join(',')}&limit=20`);
    expect(since).toMatchObject({ more: true });
    expect(since.results).toHaveLength(20);
  });

  it('refuses a malformed or repeated cursor with 400, and a wall display token with 403', async () => {
    for (const after of ['abc', `${matchIds[0]}:1,${matchIds[0]}:2`, `0:5`]) {
      const reply = await get(`/api/1/live/offers?after=${encodeURIComponent(after)}`);
      expect(reply.statusCode, after).toBe(400);
      expect(reply.json().message).toBeTruthy();
    }
    const created = await upstream.app.inject({
      method: 'POST',
      url: '/api/1/displays',
      headers: { authorization: `Token ${token}` },
      payload: { name: 'wall', match_ids: [matchIds[0]], league_id: null, market_id: null, theme: 'dark' },
    });
    const display = created.json() as { token: string };
    expect((await get(`/api/1/live/offers?after=${matchIds[0]}:0`, display.token)).statusCode).toBe(403);
  });
});
