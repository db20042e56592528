import type { MatchFeedHealth } from '@odds/protocol';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../testing/fetchStub';
import { FakeSocket } from '../testing/pushedRecords';
import { useMatchFeedHealth } from './feedHealthLive';

const socket = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('./liveSocket', () => ({ liveSocket: () => socket.current }));

const health = (match_id: number, stalled: boolean): MatchFeedHealth => ({
  match_id,
  name: 'Argentina - France',
  feed: 'uof',
  event: 'sr:match:1',
  last_message_at: '2026-11-27T05:00:00Z',
  stalled,
  stalled_since: stalled ? '2026-11-27T05:01:00Z' : null,
  producer: null,
});

describe("a match's feed health", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is read once for the banner and the wall panel showing the match, then follows what the relay pushes', async () => {
    const fake = new FakeSocket();
    socket.current = fake;
    const { calls } = stubFetch({ 'GET /api/1/match/81/feed-health': () => json(200, health(81, false)) });
    const { result } = renderHook(() => [useMatchFeedHealth(81), useMatchFeedHealth(81)]);
    await waitFor(() => expect(result.current.map((row) => row?.stalled)).toEqual([false, false]));
    expect(calls).toHaveLength(1);
    fake.fire('feedHealth', health(81, true));
    await act(async () => {});
    expect(result.current.map((row) => row?.stalled)).toEqual([true, true]);
    expect(calls).toHaveLength(1);
  });
});
