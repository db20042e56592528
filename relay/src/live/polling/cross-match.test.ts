import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveResponse } from '../../upstream';
import { CrossMatchRead, type SinceRecord } from './cross-match';

const log = { warn: () => {} } as unknown as FastifyBaseLogger;

/**
 * The route's contract over arrays (what tests/integration/offers-since.test.ts checks of the real
 * one): per match the offers after its cursor, by match id then oldest first, `limit` rows at most.
 */
function upstreamOf(offers: SinceRecord[], options: { fail?: number } = {}) {
  const reads: string[] = [];
  let fail = options.fail ?? 0;
  const get = async (path: string): Promise<LiveResponse> => {
    reads.push(path);
    if (fail-- > 0) throw Object.assign(new Error('upstream answered 503'), { status: 503 });
    const query = new URL(path, 'http://x').searchParams;
    const limit = Number(query.get('limit'));
    const cursors = new Map(
      query
        .get('after')!
        .split(',')
        .map((pair) => pair.split(':').map(Number) as [number, number]),
    );
    const rows = offers
      .filter((offer) => cursors.has(offer.match_id) && offer.id > cursors.get(offer.match_id)!)
      .sort((a, b) => a.match_id - b.match_id || a.id - b.id);
    return { status: 200, text: JSON.stringify({ results: rows.slice(0, limit), more: rows.length > limit }), etag: null };
  };
  return { reads, get };
}

const offersOf = (matchId: number, ids: number[]) => ids.map((id) => ({ id, match_id: matchId }));
const idsOf = (rows: SinceRecord[] | null) => rows?.map((row) => row.id) ?? null;
const after = (path: string) => new URL(path, 'http://x').searchParams.get('after');

describe('the cross-match read', () => {
  it('asks of one burst are one read, each answered after its own id', async () => {
    const { reads, get } = upstreamOf([...offersOf(1, [10, 11, 12]), ...offersOf(2, [20, 21]), ...offersOf(3, [30])]);
    const burst = new CrossMatchRead({ get, windowMs: 5, log });
    // Feed and offers of match 1 hold different ids: the read asks from the smaller.
    const answers = await Promise.all([burst.offersAfter(1, 10), burst.offersAfter(1, 11), burst.offersAfter(2, 0), burst.offersAfter(3, 30)]);
    expect(answers.map(idsOf)).toEqual([[11, 12], [12], [20, 21], []]);
    expect(reads.map(after)).toEqual(['1:10,2:0,3:30']);
  });

  it('asks made while a read is in flight go together in the next one', async () => {
    const { reads, get } = upstreamOf([...offersOf(1, [10]), ...offersOf(2, [20]), ...offersOf(3, [30])]);
    const burst = new CrossMatchRead({ get, windowMs: 1, log });
    const first = burst.offersAfter(1, 0);
    await new Promise((resolve) => setTimeout(resolve, 3));
    const later = [burst.offersAfter(2, 0), burst.offersAfter(3, 0)];
    expect((await Promise.all([first, ...later])).map(idsOf)).toEqual([[10], [20], [30]]);
    expect(reads.map(after)).toEqual(['1:0', '2:0,3:0']);
  });

  it('pages a capped answer: matches it covered whole are answered, the rest read next', async () => {
    const { reads, get } = upstreamOf([...offersOf(1, [1, 2, 3]), ...offersOf(2, [4, 5, 6]), ...offersOf(3, [7, 8])]);
    const burst = new CrossMatchRead({ get, windowMs: 1, limit: 4, log });
    const answers = await Promise.all([1, 2, 3].map((matchId) => burst.offersAfter(matchId, 0)));
    expect(answers.map(idsOf)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    // Each answer held a match whole and part of the next: that one is read again from its own cursor.
    expect(reads.map(after)).toEqual(['1:0,2:0,3:0', '2:0,3:0', '3:0']);
  });

  it('a match that alone fills an answer is left to its own read', async () => {
    const { reads, get } = upstreamOf([...offersOf(1, [1, 2, 3, 4, 5]), ...offersOf(2, [6])]);
    const burst = new CrossMatchRead({ get, windowMs: 1, limit: 3, log });
    const answers = await Promise.all([burst.offersAfter(1, 0), burst.offersAfter(2, 0)]);
    expect(answers.map(idsOf)).toEqual([null, [6]]);
    expect(reads.map(after)).toEqual(['1:0,2:0', '2:0']);
  });

  it('names at most maxMatches matches a read', async () => {
    const { reads, get } = upstreamOf([1, 2, 3, 4, 5].flatMap((matchId) => offersOf(matchId, [matchId * 10])));
    const burst = new CrossMatchRead({ get, windowMs: 1, maxMatches: 2, log });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((matchId) => burst.offersAfter(matchId, 0)));
    expect(answers.map(idsOf)).toEqual([[10], [20], [30], [40], [50]]);
    expect(reads.map(after)).toEqual(['1:0,2:0', '3:0,4:0', '5:0']);
  });

  it('a failed read answers null (each match is read on its own); the next burst reads across matches again', async () => {
    const { reads, get } = upstreamOf([...offersOf(1, [1]), ...offersOf(2, [2])], { fail: 1 });
    const burst = new CrossMatchRead({ get, windowMs: 1, log });
    expect(await Promise.all([burst.offersAfter(1, 0), burst.offersAfter(2, 0)])).toEqual([null, null]);
    expect((await Promise.all([burst.offersAfter(1, 0), burst.offersAfter(2, 0)])).map(idsOf)).toEqual([[1], [2]]);
    expect(reads).toHaveLength(2);
  });
});
