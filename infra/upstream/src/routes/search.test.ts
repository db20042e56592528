import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListReply, SearchResult } from '@odds/protocol';
import { createTestUpstream, type TestUpstream } from '../testing';

let upstream: TestUpstream;
let headers: Record<string, string>;

beforeAll(async () => {
  upstream = await createTestUpstream();
  headers = { authorization: `Token ${await upstream.login()}` };
});
afterAll(() => upstream.close());

const search = (p: number, q: string) => upstream.app.inject({ method: 'GET', url: `/api/1/${p}/1/search?${q}`, headers });
const titles = async (p: number, q: string) => (await search(p, q)).json<ListReply<SearchResult>>().results.map((r) => r.title);

describe('GET /api/1/:p/:s/search (search)', () => {
  it("finds a provider's leagues by name or path by default, with the provider's name", async () => {
    const body = (await search(1, 'q=world')).json<ListReply<SearchResult>>();
    expect(body).toEqual({
      results: [
        { id: expect.any(Number), title: 'FIFA World Cup', providers: ['Nordic Sportsbook'] },
        { id: expect.any(Number), title: 'World Cup Classics', providers: ['Nordic Sportsbook'] },
      ],
      total: 2,
      limit: 10,
    });
    expect(await titles(1, 'q=replays&type=leagues')).toEqual(['World Cup Classics']);
    expect(await titles(2, 'q=mundial')).toEqual(['Copa Mundial de la FIFA']);
  });

  it('finds teams with the providers they are connected across, sorted by name, paged', async () => {
    const body = (await search(1, 'q=an&type=teams&limit=3')).json<ListReply<SearchResult>>();
    expect(body.results.map((r) => r.title)).toEqual(['Canada', 'England', 'France']);
    expect(body.limit).toBe(3);
    expect(body.total).toBeGreaterThan(3);
    expect(body.results[0]!.providers).toEqual(['Nordic Sportsbook', 'Iberia Apuestas']);
    expect(await titles(1, 'q=an&type=teams&limit=3&offset=1')).toEqual(['England', 'France', 'Germany']);
    expect(await titles(1, 'q=an&type=teams&limit=2&order_by=-name')).toEqual(['Switzerland', 'Poland']);
    expect((await search(1, 'q=Russia&type=teams')).json().results[0].providers).toEqual(['Nordic Sportsbook']);
  });

  it('defaults to 10 hits', async () => {
    expect((await search(1, 'q=a&type=teams')).json<ListReply<SearchResult>>().results).toHaveLength(10);
  });

  it('refuses a missing query, an unknown type and an unknown sort', async () => {
    const missing = await search(1, 'type=teams');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("query must have required property 'q'");
    expect((await search(1, 'q=a&type=players')).statusCode).toBe(400);
    expect((await search(1, 'q=a&order_by=colour')).json().message).toBe("Cannot sort by 'colour'; use one of: name, id, last_modified.");
  });
});
