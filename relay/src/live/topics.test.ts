import { describe, expect, it } from 'vitest';
import type { LiveTopic } from '@odds/protocol';
import type { LiveResponse } from '../upstream';
import { createFetchers, HEAD_SIZE } from './topics';

/** An upstream answering from arrays, recording the URLs asked for (the fetchers' only dependency is a GET function). */
function upstreamOf(data: { feed: object[]; offers: Record<number, object[]>; deliveries: object[] }) {
  const urls: string[] = [];
  const get = async (_topic: LiveTopic, url: string): Promise<LiveResponse> => {
    urls.push(url);
    const query = new URL(url, 'http://x').searchParams;
    const limit = Number(query.get('limit') ?? 1000);
    let body: unknown;
    if (url.includes('/feed')) body = { results: data.feed.slice(0, limit), total: data.feed.length, limit };
    else if (url.includes('/delivery/')) body = { deliveries: data.deliveries.slice(0, limit), total: data.deliveries.length };
    else {
      const after = Number(query.get('after_id') ?? 0);
      const results = (data.offers[Number(query.get('market_id'))] ?? []).filter((offer) => (offer as { id: number }).id > after);
      body = { results, total: results.length, limit: Math.max(1, results.length) };
    }
    return { status: 200, text: JSON.stringify(body), etag: null };
  };
  return { urls, get };
}

const offer = (id: number, marketId: number, status = 'SKIPPED') => ({ id, market_id: marketId, status, created_at: new Date().toISOString(), delivery: null });

describe('window fetchers', () => {
  it('read the whole window first, then only the head, and skip an unchanged body', async () => {
    const feed = Array.from({ length: 300 }, (_, i) => offer(300 - i, 1));
    const { urls, get } = upstreamOf({ feed, offers: {}, deliveries: [] });
    const held = new Set<number>();
    const fetchers = createFetchers(7, get, (_topic, id) => held.has(id));
    const first = await fetchers.feed.fetch();
    expect(first).toMatchObject({ complete: true });
    expect(first!.records).toHaveLength(300);
    first!.seen();
    for (const record of first!.records) held.add(record.id);
    const head = await fetchers.feed.fetch();
    expect(head).toMatchObject({ complete: false });
    expect(head!.records.map((r) => r.id)).toEqual(feed.slice(0, HEAD_SIZE).map((r) => r.id));
    head!.seen();
    expect(await fetchers.feed.fetch()).toBeNull();
    feed.unshift(offer(301, 1));
    const next = await fetchers.feed.fetch();
    expect(next!.records[0]!.id).toBe(301);
    expect(urls).toEqual(['/api/1/match/7/feed?limit=1000', ...Array(3).fill(`/api/1/match/7/feed?limit=${HEAD_SIZE}`)]);
  });

  it('read the whole window when the head holds nothing known (more may have come)', async () => {
    const feed = Array.from({ length: 150 }, (_, i) => offer(150 - i, 1));
    const { urls, get } = upstreamOf({ feed, offers: {}, deliveries: [] });
    const held = new Set<number>([1]);
    const fetchers = createFetchers(7, get, (_topic, id) => held.has(id));
    (await fetchers.feed.fetch())!.seen();
    feed.unshift(offer(151, 1));
    const result = await fetchers.feed.fetch();
    expect(result).toMatchObject({ complete: true });
    expect(urls.slice(1)).toEqual([`/api/1/match/7/feed?limit=${HEAD_SIZE}`, '/api/1/match/7/feed?limit=1000']);
  });
});

describe('offers fetcher', () => {
  it('asks each market of the feed for offers after the last held, or the oldest still unsettled', async () => {
    const data = { feed: [offer(3, 2), offer(2, 1)], offers: { 1: [offer(1, 1), offer(2, 1, 'RECEIVED')], 2: [offer(3, 2)] }, deliveries: [] };
    const { urls, get } = upstreamOf(data);
    const fetchers = createFetchers(7, get, () => false);
    (await fetchers.feed.fetch())!.seen();
    const first = await fetchers.offers.fetch();
    expect(first!.records.map((r) => r.id)).toEqual([1, 2, 3]);
    first!.seen();
    urls.length = 0;
    await fetchers.offers.fetch();
    expect(urls).toEqual(['/api/1/offers/7?market_id=1&after_id=1', '/api/1/offers/7?market_id=2&after_id=3']);
  });
});
