import type { MatchThresholdSet } from '@odds/protocol';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveSocket } from '../../live/liveSocket';
import { MatchLive } from '../../live/matchLive';
import { byMarketThenId, useLiveTable } from '../../live/useLiveTable';
import { json, stubFetch } from '../../testing/fetchStub';
import { useMatchHistory } from './history/useMatchHistory';
import { usePatchFromPush } from './patchFromPush';
import { useWhy } from './why/useWhy';
import { entry, FakeSocket, set } from '../../testing/pushedRecords';

const homeOf = (row: MatchThresholdSet | null | undefined) => (row?.thresholds as { home?: { value: number } } | undefined)?.home?.value;

/**
 * The match page with the same threshold set on screen three times: the Thresholds list (rendered
 * from the live topic), the History panel's newest entry (the detail of its last change) and the
 * Why panel beside an offer (its market's sets, read over REST through the query cache).
 */
function useThreeViews(live: MatchLive) {
  usePatchFromPush(live, 7);
  const list = useLiveTable(live, 'thresholds', ['thresholds', 7], async () => [], byMarketThenId);
  const history = useMatchHistory(7, live, true);
  const why = useWhy(live, 7, 99, 3);
  return { list: list.rows[0], detail: history.entries[0]?.after as MatchThresholdSet | undefined, side: why.data?.sets[0] };
}

describe('a list, a detail and a side panel showing the same record', () => {
  afterEach(cleanup);

  it('agree after another operator saves it, with no request', async () => {
    const first = set(4, 2100, 1);
    const stub = stubFetch({
      'GET /api/1/audit': () => json(200, { results: [entry(40, first, null, 'Demo')], total: 1, limit: 50 }),
      'GET /api/1/match/7/thresholds': () => json(200, { results: [first] }),
      'GET /api/1/match/7/firings': () => json(200, { results: [], total: 0, limit: 100 }),
      'GET /api/1/delivery/match/7': () => json(200, { deliveries: [], total: 0 }),
      'GET /api/1/match/7/suppressions': () => json(200, { results: [], total: 0, limit: 100 }),
    });
    const socket = new FakeSocket();
    const live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    socket.fire('snapshot', { matchId: 7, topic: 'thresholds', epoch: 'e', seq: 1, items: [first] });
    socket.fire('snapshot', { matchId: 7, topic: 'history', epoch: 'h', seq: 1, items: [entry(40, first, null, 'Demo')] });
    const { result } = renderHook(() => useThreeViews(live));
    await waitFor(() => expect([result.current.list?.version, result.current.detail?.version, result.current.side?.version]).toEqual([1, 1, 1]));
    const readsBefore = stub.calls.length;

    // Ana saves the set on her console: the relay pushes the set and its audit entry.
    const saved = set(4, 2500, 2);
    socket.fire('delta', { matchId: 7, topic: 'thresholds', epoch: 'e', seq: 2, upserts: [saved], removes: [] });
    socket.fire('delta', { matchId: 7, topic: 'history', epoch: 'h', seq: 2, upserts: [entry(41, saved, first, 'Ana')], removes: [] });
    await waitFor(() => expect([result.current.list?.version, result.current.detail?.version, result.current.side?.version]).toEqual([2, 2, 2]));
    expect([homeOf(result.current.list), homeOf(result.current.detail), homeOf(result.current.side)]).toEqual([2500, 2500, 2500]);

    // She deletes it: the list and the side panel drop it together.
    socket.fire('delta', { matchId: 7, topic: 'thresholds', epoch: 'e', seq: 3, upserts: [], removes: [4] });
    await waitFor(() => expect([result.current.list, result.current.side]).toEqual([undefined, undefined]));

    expect(stub.calls.slice(readsBefore).map((call) => call.url.pathname)).toEqual([]);
    live.close();
  });
});
