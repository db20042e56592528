import type { MatchLiveState } from '@odds/protocol';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, json, stubFetch } from '../../testing/fetchStub';
import { useMatchPhase } from './useMatchPhase';

const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

const state = (status: MatchLiveState['status']): MatchLiveState => ({
  match_id: 7,
  status,
  period: status === 'LIVE' ? 1 : 0,
  score: 'H0-A0',
  match_time: status === 'LIVE' ? 600 : null,
  suspended: false,
  suspended_market_ids: [],
  kicked_off_at: status === 'LIVE' ? '2022-12-18T15:00:00Z' : null,
  last_message_at: null,
  result: null,
});

function serve(status: () => MatchLiveState['status'] | 'down') {
  const { calls } = stubFetch({
    'GET /api/1/match/7/live': () => {
      const now = status();
      return now === 'down' ? errorReply(503, 'Back-office services not answering') : json(200, state(now));
    },
    'GET /api/1/match/7/feed/events': () => json(200, { results: [], total: 0, limit: 1000 }),
  });
  return { reads: () => calls.filter((call) => call.url.pathname === '/api/1/match/7/live').length, calls };
}

/** The seconds (from the start) at which the live state was read, stepping a second at a time. */
async function readsOver(seconds: number, reads: () => number, each?: (second: number) => void) {
  const at: number[] = [];
  for (let second = 1; second <= seconds; second += 1) {
    const before = reads();
    each?.(second);
    await wait(1_000);
    if (reads() > before) at.push(second);
  }
  return at;
}

describe("a wall panel's match phase", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is read once for every panel and header showing the same match', async () => {
    vi.useFakeTimers();
    const { reads } = serve(() => 'LIVE');
    const wall = renderHook(() => useMatchPhase(7, null, 1, null));
    const header = renderHook(() => useMatchPhase(7, null, 1, null));
    await wait(1);
    expect(wall.result.current.kind).toBe('live');
    expect(header.result.current.kind).toBe('live');
    expect(reads()).toBe(1);
  });

  it('reads again at most every 5 s while offers stream in, then every 10 s in play', async () => {
    vi.useFakeTimers();
    const { reads } = serve(() => 'LIVE');
    let version = 1;
    const { rerender } = renderHook(({ v }) => useMatchPhase(7, null, v, null), { initialProps: { v: version } });
    await wait(1);
    expect(reads()).toBe(1);
    // An offer pushed every second for 12 s, then none.
    const at = await readsOver(40, reads, (second) => {
      if (second > 12) return;
      version += 1;
      rerender({ v: version });
    });
    expect(at).toEqual([5, 10, 15, 25, 35]);
  });

  it('is tried again 5 s after a failed read, then once a minute before kick-off', async () => {
    vi.useFakeTimers();
    let now: MatchLiveState['status'] | 'down' = 'down';
    const { reads } = serve(() => now);
    const { result } = renderHook(() => useMatchPhase(7, null, 1, null));
    await wait(1);
    expect(reads()).toBe(1);
    const at = await readsOver(130, reads, (second) => {
      if (second === 8) now = 'PRE';
    });
    // Down at 0 and 5 s; the try at 10 s answers; then a minute apart.
    expect(at).toEqual([5, 10, 70, 130]);
    expect(result.current.kind).toBe('prematch');
  });

  it("drops a match's read in flight when the panel goes", async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    stubFetch({
      'GET /api/1/match/7/live': (call) => new Promise<Response>(() => void call),
      'GET /api/1/match/7/feed/events': () => new Promise<Response>(() => undefined),
    });
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [unknown, RequestInit][] } };
    const { unmount } = renderHook(() => useMatchPhase(7, null, 1, null));
    await wait(1);
    for (const [, init] of fetchMock.mock.calls) signals.push(init.signal!);
    expect(signals).toHaveLength(2);
    unmount();
    await wait(1);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });
});
