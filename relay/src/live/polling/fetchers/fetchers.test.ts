import { describe, expect, it } from 'vitest';
import { FEED_FETCH_LIMIT, type LiveTopic } from '@odds/protocol';
import type { LiveResponse } from '../../../upstream';
import { Publications } from '../publications';
import type { FetcherContext } from './fetcher';
import { createFetchers } from './index';
import { HEAD_SIZE } from './window';

interface Data {
  feed: object[];
  offers: object[];
  deliveries: object[];
}

/** An upstream answering from arrays (feed newest first, offers oldest first), recording the URLs asked for. */
function upstreamOf(data: Data) {
  const urls: string[] = [];
  const get = async (_topic: LiveTopic, url: string): Promise<LiveResponse> => {
    urls.push(url);
    const query = new URL(url, 'http://x').searchParams;
    const limit = Number(query.get('limit') ?? 1000);
    const after = Number(query.get('after_id') ?? 0);
    const newer = (records: object[]) => records.filter((record) => (record as { id: number }).id > after);
    let body: unknown;
    if (url.includes('/feed')) body = { results: newer(data.feed).slice(0, limit), total: newer(data.feed).length, limit };
    else if (url.includes('/delivery/')) {
      const ids = query.get('ids')?.split(',').map(Number);
      const rows = ids ? data.deliveries.filter((d) => ids.includes((d as { id: number }).id)) : data.deliveries.slice(0, limit);
      body = { deliveries: rows, total: data.deliveries.length };
    } else body = { results: newer(data.offers), total: newer(data.offers).length, limit: 1 };
    return { status: 200, text: JSON.stringify(body), etag: null };
  };
  return { urls, get };
}

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, second)).toISOString();
const offer = (id: number, second = id) => ({ id, market_id: 1, raw: { sent_at: at(second) }, created_at: at(second) });

function context(get: FetcherContext['get'], held = new Set<number>(), streaming = true, publications = new Publications()): FetcherContext {
  return { matchId: 7, get, known: (_topic, id) => held.has(id), streaming: () => streaming, safetyMs: 30_000, publications };
}

describe('feed fetcher', () => {
  it('reads the window whole once, then only offers after the newest held', async () => {
    const feed = [offer(2), offer(1)];
    const { urls, get } = upstreamOf({ feed, offers: [], deliveries: [] });
    const { feed: fetcher } = createFetchers(context(get));
    const first = await fetcher.fetch();
    expect(first).toMatchObject({ complete: true });
    first!.seen();
    expect(await fetcher.fetch()).toBeNull();
    feed.unshift(offer(3));
    const next = await fetcher.fetch();
    expect(next).toMatchObject({ complete: false, removes: [] });
    expect(next!.records.map((r) => r.id)).toEqual([3]);
    expect(urls).toEqual([`/api/1/match/7/feed?limit=${FEED_FETCH_LIMIT}`, ...Array(2).fill(`/api/1/match/7/feed?limit=${FEED_FETCH_LIMIT}&after_id=2`)]);
  });

  it('keeps the window at its size: what newer offers push out is removed', async () => {
    const feed = Array.from({ length: FEED_FETCH_LIMIT }, (_, i) => offer(FEED_FETCH_LIMIT - i));
    const { get } = upstreamOf({ feed, offers: [], deliveries: [] });
    const { feed: fetcher } = createFetchers(context(get));
    (await fetcher.fetch())!.seen();
    // one new offer, and one late one whose feed clock is older than the whole window
    feed.unshift(offer(FEED_FETCH_LIMIT + 1), offer(FEED_FETCH_LIMIT + 2, 0));
    const next = await fetcher.fetch();
    expect(next!.records.map((r) => r.id)).toEqual([FEED_FETCH_LIMIT + 1]);
    expect(next!.removes).toEqual([1]);
  });

  it('without the change stream, reads the window whole every so often (a cleared feed has no notice)', async () => {
    const { urls, get } = upstreamOf({ feed: [offer(1)], offers: [], deliveries: [] });
    const { feed: fetcher } = createFetchers(context(get, new Set(), false));
    (await fetcher.fetch())!.seen();
    await fetcher.fetch();
    fetcher.requestFull();
    await fetcher.fetch();
    expect(urls.map((url) => url.includes('after_id'))).toEqual([false, true, false]);
  });
});

describe('offers fetcher', () => {
  it('asks once per match, for every market, only after the newest offer held', async () => {
    const offers = [
      { ...offer(1), market_id: 1 },
      { ...offer(2), market_id: 2 },
    ];
    const { urls, get } = upstreamOf({ feed: [], offers, deliveries: [] });
    const { offers: fetcher } = createFetchers(context(get));
    const first = await fetcher.fetch();
    expect(first!.records.map((r) => r.id)).toEqual([1, 2]);
    first!.seen();
    expect(await fetcher.fetch()).toBeNull();
    fetcher.requestFull();
    expect(await fetcher.fetch()).toMatchObject({ complete: true });
    expect(urls).toEqual(['/api/1/offers/7', '/api/1/offers/7?after_id=2', '/api/1/offers/7']);
  });
});

describe('feed and offers fetchers on publications', () => {
  const EPOCH = 'e1';
  const carried = (...ids: number[]) => ids.map((id) => ({ ...offer(id), match_id: 7 }));

  it('apply what the notices carried while the offsets follow, and read the match after a gap', async () => {
    const feed = [offer(2), offer(1)];
    const offers = [offer(1), offer(2)];
    const { urls, get } = upstreamOf({ feed, offers, deliveries: [] });
    const publications = new Publications();
    const { feed: feedFetcher, offers: offersFetcher } = createFetchers(context(get, new Set(), true, publications));
    const poll = async (fetcher: typeof feedFetcher) => {
      const fetched = await fetcher.fetch();
      fetched?.seen();
      return fetched?.records.map((r) => r.id) ?? null;
    };
    // The first publication seen: what is held is not known to be its predecessor, so both read.
    publications.add({ epoch: EPOCH, offset: 1 }, carried(1, 2));
    expect(await poll(feedFetcher)).toEqual([2, 1]);
    expect(await poll(offersFetcher)).toEqual([1, 2]);
    const reads = urls.length;
    // Offsets 2 and 3 follow: applied with no read (3 carried events only).
    publications.add({ epoch: EPOCH, offset: 2 }, carried(3, 4));
    publications.add({ epoch: EPOCH, offset: 3 }, []);
    feed.unshift(offer(4), offer(3));
    offers.push(offer(3), offer(4));
    expect(await poll(feedFetcher)).toEqual([4, 3]);
    expect(await poll(offersFetcher)).toEqual([3, 4]);
    expect(urls.length).toBe(reads);
    // Offset 4 lost: 5 starts past a gap, so each reads what it lacks (after its newest offer).
    feed.unshift(offer(6), offer(5));
    offers.push(offer(5), offer(6));
    publications.add({ epoch: EPOCH, offset: 5 }, carried(6));
    expect(await poll(feedFetcher)).toEqual([6, 5]);
    expect(await poll(offersFetcher)).toEqual([5, 6]);
    expect(urls.slice(reads)).toEqual(['/api/1/match/7/feed?limit=1000&after_id=4', '/api/1/offers/7?after_id=4']);
    // Past the gap, what follows is applied again.
    publications.add({ epoch: EPOCH, offset: 6 }, carried(7));
    expect(await poll(offersFetcher)).toEqual([7]);
    expect(urls).toHaveLength(reads + 2);
  });

  it('read when a publication came without its offers, or after another epoch began', async () => {
    const { urls, get } = upstreamOf({ feed: [], offers: [offer(1), offer(2)], deliveries: [] });
    const publications = new Publications();
    const { offers: fetcher } = createFetchers(context(get, new Set(), true, publications));
    publications.add({ epoch: EPOCH, offset: 1 }, undefined);
    (await fetcher.fetch())!.seen();
    publications.add({ epoch: EPOCH, offset: 2 }, undefined);
    expect(await fetcher.fetch()).toBeNull();
    publications.add({ epoch: 'e2', offset: 1 }, carried(3));
    expect(await fetcher.fetch()).toBeNull();
    expect(urls).toEqual(['/api/1/offers/7', '/api/1/offers/7?after_id=2', '/api/1/offers/7?after_id=2']);
  });

  it('take a publication again when the poll that took it failed before it was held', async () => {
    const { urls, get } = upstreamOf({ feed: [], offers: [offer(1)], deliveries: [] });
    const publications = new Publications();
    const { offers: fetcher } = createFetchers(context(get, new Set(), true, publications));
    publications.add({ epoch: EPOCH, offset: 1 }, carried(1));
    (await fetcher.fetch())!.seen();
    publications.add({ epoch: EPOCH, offset: 2 }, carried(2));
    // Fetched, but its commit failed: not seen.
    expect((await fetcher.fetch())!.records.map((r) => r.id)).toEqual([2]);
    publications.add({ epoch: EPOCH, offset: 3 }, carried(3));
    expect((await fetcher.fetch())!.records.map((r) => r.id)).toEqual([2, 3]);
    expect(urls).toHaveLength(1);
  });
});

describe('deliveries fetcher', () => {
  const delivery = (id: number, status = 'PENDING') => ({ id, status });

  it('reads only the deliveries notices named, however deep in the window, and the head on a trigger naming none', async () => {
    const deliveries = Array.from({ length: 100 }, (_, i) => delivery(100 - i));
    const { urls, get } = upstreamOf({ feed: [], offers: [], deliveries });
    const held = new Set(deliveries.map((d) => d.id));
    const { deliveries: fetcher } = createFetchers(context(get, held));
    (await fetcher.fetch())!.seen();
    deliveries.unshift(delivery(101));
    fetcher.noticed!([101]);
    const fresh = await fetcher.fetch();
    expect(fresh).toMatchObject({ complete: false, records: [delivery(101)] });
    fresh!.seen();
    deliveries[61] = delivery(40, 'SENT');
    fetcher.noticed!([40]);
    const deep = await fetcher.fetch();
    expect(deep).toMatchObject({ complete: false, records: [delivery(40, 'SENT')] });
    deep!.seen();
    expect((await fetcher.fetch())?.complete ?? false).toBe(false);
    expect(urls).toEqual([
      '/api/1/delivery/match/7?limit=1000',
      '/api/1/delivery/match/7?ids=101',
      '/api/1/delivery/match/7?ids=40',
      `/api/1/delivery/match/7?limit=${HEAD_SIZE}`,
    ]);
  });

  it('reads the window after a read by id whose result was not held', async () => {
    const { urls, get } = upstreamOf({ feed: [], offers: [], deliveries: [delivery(2), delivery(1)] });
    const { deliveries: fetcher } = createFetchers(context(get, new Set([1, 2])));
    (await fetcher.fetch())!.seen();
    fetcher.noticed!([2]);
    await fetcher.fetch();
    fetcher.noticed!([1]);
    await fetcher.fetch();
    expect(urls.slice(1)).toEqual(['/api/1/delivery/match/7?ids=2', '/api/1/delivery/match/7?limit=1000']);
  });
});

describe('table fetcher', () => {
  const set = (id: number, version = 1) => ({ id, version });

  /** A match's threshold sets, answering `ids=` with only those that exist. */
  function tableOf(rows: { id: number; version: number }[]) {
    const urls: string[] = [];
    const get = async (_topic: LiveTopic, url: string): Promise<LiveResponse> => {
      urls.push(url);
      const ids = new URL(url, 'http://x').searchParams.get('ids')?.split(',').map(Number);
      const results = ids ? rows.filter((row) => ids.includes(row.id)) : rows;
      return { status: 200, text: JSON.stringify({ results, total: results.length, limit: 1 }), etag: null };
    };
    return { urls, get };
  }

  it('reads whole first, then only the records notices named (a named one gone was deleted), and whole on a notice naming none', async () => {
    const rows = [set(1), set(2)];
    const { urls, get } = tableOf(rows);
    const { thresholds: fetcher } = createFetchers(context(get));
    const first = await fetcher.fetch();
    expect(first).toMatchObject({ complete: true });
    first!.seen();
    rows[0] = set(1, 2);
    rows.splice(1, 1, set(3));
    fetcher.noticed!([1]);
    fetcher.noticed!([2]);
    const named = await fetcher.fetch();
    expect(named).toMatchObject({ complete: false, records: [set(1, 2)], removes: [2] });
    named!.seen();
    fetcher.unnamed!();
    expect(await fetcher.fetch()).toMatchObject({ complete: true, records: [set(1, 2), set(3)] });
    expect(urls.slice(-2)).toEqual(['/api/1/match/7/thresholds?ids=1%2C2', '/api/1/match/7/thresholds']);
  });

  it('reads whole after a read by id whose result was not held (a failed commit loses no id)', async () => {
    const { urls, get } = tableOf([set(1)]);
    const { content: fetcher } = createFetchers(context(get));
    (await fetcher.fetch())!.seen();
    fetcher.noticed!([1]);
    expect(await fetcher.fetch()).toMatchObject({ complete: false });
    fetcher.noticed!([5]);
    // Whole, and the body is the one held: nothing to send.
    expect(await fetcher.fetch()).toBeNull();
    expect(urls).toEqual(['/api/1/match/7/content', '/api/1/match/7/content?ids=1', '/api/1/match/7/content']);
  });

  it('reads the history whole, whatever the notice named', async () => {
    const { urls, get } = tableOf([set(1)]);
    const { history: fetcher } = createFetchers(context(get));
    (await fetcher.fetch())!.seen();
    fetcher.noticed?.([1]);
    await fetcher.fetch();
    expect(urls.every((url) => !url.includes('ids='))).toBe(true);
  });
});
