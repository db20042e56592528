import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, json, stubFetch } from '../../testing/fetchStub';
import { useLeagueLiveMatches } from './useLeagueLiveMatches';

const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

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
    await wait(0);
    expect(calls).toHaveLength(1);
    down = false;
    await wait(2_000);
    expect(calls).toHaveLength(2);
    // The cache tells its hooks on the next turn (TanStack batches its notices with a 0 ms timer).
    await wait(1);
    expect(result.current).toEqual([125]);
    await wait(29_000);
    expect(calls).toHaveLength(2);
    await wait(1_000);
    expect(calls).toHaveLength(3);
  });

  it('backs off 2, 4, 8, 16 s while the services stay away, then polls every 30 s again, keeping what it showed', async () => {
    vi.useFakeTimers();
    let down = false;
    const { calls } = stubFetch({
      'GET /api/1/leagues/3/matches': () =>
        down ? errorReply(502, 'Back-office services not answering') : json(200, { results: [{ id: 125 }, { id: 126 }], total: 2, limit: 12 }),
    });
    const { result } = renderHook(() => useLeagueLiveMatches(3));
    await wait(0);
    const shown = result.current;
    expect(shown).toEqual([125, 126]);
    down = true;
    const at: number[] = [];
    for (let second = 1; second <= 30 + 2 + 4 + 8 + 16 + 30; second += 1) {
      const before = calls.length;
      await wait(1_000);
      if (calls.length > before) at.push(second);
      if (second === 30 + 2 + 4 + 8 + 16) down = false;
    }
    // The poll at 30 s fails; tries 2, 4, 8 and 16 s apart (the last answers), then the next poll 30 s on.
    expect(at).toEqual([30, 32, 36, 44, 60, 90]);
    // The wall kept its panels through the outage, and an unchanged list keeps its identity.
    expect(result.current).toBe(shown);
  });

  it('reads at once when the network comes back', async () => {
    vi.useFakeTimers();
    const { calls } = stubFetch({ 'GET /api/1/leagues/3/matches': () => json(200, { results: [{ id: 125 }], total: 1, limit: 12 }) });
    renderHook(() => useLeagueLiveMatches(3));
    await wait(0);
    expect(calls).toHaveLength(1);
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await wait(0);
    expect(calls).toHaveLength(2);
  });

  it('is read once for everything on the page that follows the same league', async () => {
    vi.useFakeTimers();
    const { calls } = stubFetch({ 'GET /api/1/leagues/3/matches': () => json(200, { results: [{ id: 125 }], total: 1, limit: 12 }) });
    const first = renderHook(() => useLeagueLiveMatches(3));
    const second = renderHook(() => useLeagueLiveMatches(3));
    await wait(0);
    expect(first.result.current).toEqual([125]);
    expect(second.result.current).toEqual([125]);
    expect(calls).toHaveLength(1);
    await wait(30_000);
    expect(calls).toHaveLength(2);
  });
});
