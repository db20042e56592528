import type { MatchThresholdSet } from '@odds/protocol';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../testing/fetchStub';
import { useMatchHistory } from './history/useMatchHistory';
import { MatchLive } from '../../live/matchLive';
import type { LiveSocket } from '../../live/liveSocket';
import { useChangeMarks } from '../../live/useChangeMarks';
import { byMarketThenId, useLiveTable } from '../../live/useLiveTable';
import { entry, FakeSocket, set } from '../../testing/pushedRecords';

/** What the Thresholds tab and its History panel do with a match's live state, together. */
function useTab(live: MatchLive, load: () => Promise<MatchThresholdSet[]>) {
  const table = useLiveTable(live, 'thresholds', ['thresholds', 7], load, byMarketThenId);
  const marks = useChangeMarks('threshold_set', table.rows, table.loaded, live);
  const history = useMatchHistory(7, live, true);
  return { table, marks, history };
}

describe('a co-edited table rendered from the push', () => {
  afterEach(cleanup);

  it("shows another operator's save, who made it and its history entry with no request", async () => {
    const first = entry(40, set(4, 2100, 1), null, 'Demo');
    const stub = stubFetch({ 'GET /api/1/audit': () => json(200, { results: [first], total: 1, limit: 50 }) });
    const socket = new FakeSocket();
    const live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    // The match page watched before the tab opened: its snapshots are held.
    socket.fire('snapshot', { matchId: 7, topic: 'thresholds', epoch: 'e', seq: 1, items: [set(4, 2100, 1)] });
    socket.fire('snapshot', { matchId: 7, topic: 'history', epoch: 'h', seq: 1, items: [first] });
    let tableReads = 0;
    const { result } = renderHook(() =>
      useTab(live, async () => {
        tableReads++;
        return [];
      }),
    );
    await waitFor(() => expect(result.current.history.entries).toHaveLength(1));
    expect(result.current.table.rows.map((r) => r.id)).toEqual([4]);
    // The first History page is read when the panel opens; the table came with the snapshot.
    const readsBefore = stub.calls.length;
    expect(tableReads).toBe(0);

    // Another operator saves: the relay pushes the set, then its audit entry (or the other way round).
    const saved = set(4, 2500, 2);
    socket.fire('delta', { matchId: 7, topic: 'thresholds', epoch: 'e', seq: 2, upserts: [saved], removes: [] });
    await waitFor(() => expect(result.current.table.rows[0]!.version).toBe(2));
    socket.fire('delta', { matchId: 7, topic: 'history', epoch: 'h', seq: 2, upserts: [entry(41, saved, set(4, 2100, 1), 'Ana')], removes: [] });
    await waitFor(() => expect(result.current.marks.get(4)).toBe('Ana'));
    expect(result.current.history.entries.map((e) => e.id)).toEqual([41, 40]);
    expect(result.current.history.total).toBe(2);

    // The entry first, then the row: the mark waits for the row's version.
    const third = set(4, 2600, 3);
    socket.fire('delta', { matchId: 7, topic: 'history', epoch: 'h', seq: 3, upserts: [entry(42, third, saved, 'Ben')], removes: [] });
    socket.fire('delta', { matchId: 7, topic: 'thresholds', epoch: 'e', seq: 3, upserts: [third], removes: [] });
    await waitFor(() => expect(result.current.marks.get(4)).toBe('Ben'));

    expect(stub.calls.length - readsBefore).toBe(0);
    expect(tableReads).toBe(0);
    live.close();
  });

  it('reads the table once over REST while the topic has no snapshot yet, then follows the topic', async () => {
    stubFetch({});
    const socket = new FakeSocket();
    const live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    let tableReads = 0;
    const { result } = renderHook(() =>
      useLiveTable(
        live,
        'thresholds',
        ['thresholds', 7],
        async () => {
          tableReads++;
          return [set(4, 2100, 1)];
        },
        byMarketThenId,
      ),
    );
    await waitFor(() => expect(result.current.rows.map((r) => r.version)).toEqual([1]));
    socket.fire('snapshot', { matchId: 7, topic: 'thresholds', epoch: 'e', seq: 5, items: [set(4, 2200, 2), set(5, 1900, 1)] });
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual([4, 5]));
    socket.fire('delta', { matchId: 7, topic: 'thresholds', epoch: 'e', seq: 6, upserts: [], removes: [4] });
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual([5]));
    expect(tableReads).toBe(1);
    live.close();
  });
});
