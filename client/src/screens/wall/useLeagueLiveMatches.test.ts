import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, json, stubFetch } from '../../testing/fetchStub';
import { useLeagueLiveMatches } from './useLeagueLiveMatches';

describe("a wall's followed league", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads its live matches again within seconds after a failed read, and every 30 s after a good one', async () => {
    vi.useFakeTimers();
    let down = true;
    const { calls } = stubFetch({
      'GET /api/1/leagues/3/matches': () =>
        down ? errorReply(503, 'Back-office services not answering') : json(200, { results: [{ id: 125 }], total: 1, limit: 12 }),
    });
    const { result } = renderHook(() => useLeagueLiveMatches(3));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(calls).toHaveLength(1);
    down = false;
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(calls).toHaveLength(2);
    expect(result.current).toEqual([125]);
    await act(async () => vi.advanceTimersByTimeAsync(29_000));
    expect(calls).toHaveLength(2);
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(calls).toHaveLength(3);
  });
});
