import type { StatEvent } from '@odds/protocol';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../testing/fetchStub';
import { FakeSocket } from '../../testing/pushedRecords';
import { useStatEventsList } from './useMatchEvents';

const socket = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../live/liveSocket', () => ({ liveSocket: () => socket.current }));

const inRouter = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/events/7']}>{children}</MemoryRouter>;
const event = (id: number, game_time: number): StatEvent => ({
  id,
  version: 1,
  match_id: 7,
  type: 1,
  period: 1,
  game_time,
  extra_time: 0,
  team: null,
  participant: null,
  tags: [],
  timestamp: '2026-11-27T05:00:00Z',
});

/** The live store tells its readers on the next microtask (valtio batches): no timer, no request. */
const pushed = () => act(async () => {});

describe("a match's stat events", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('are read once over REST until the topic holds them, then render every pushed change at once, with no request', async () => {
    const fake = new FakeSocket();
    socket.current = fake;
    const { calls } = stubFetch({ 'GET /api/1/events/match/7': () => json(200, { results: [event(1, 10)] }) });
    const { result } = renderHook(() => useStatEventsList(7), { wrapper: inRouter });
    await waitFor(() => expect(result.current.list.rows.map((row) => row.id)).toEqual([1]));
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/1/events/match/7']);

    fake.fire('snapshot', { matchId: 7, topic: 'stats', epoch: 'e', seq: 1, items: [event(1, 10), event(2, 30)] });
    await pushed();
    expect(result.current.list.rows.map((row) => row.id)).toEqual([1, 2]);
    // Another operator adds an event at minute 20 and deletes the first: shown in the same render, in match order.
    fake.fire('delta', { matchId: 7, topic: 'stats', epoch: 'e', seq: 2, upserts: [event(3, 20)], removes: [] });
    await pushed();
    expect(result.current.list.loading).toBe(false);
    expect(result.current.list.rows.map((row) => row.id)).toEqual([1, 3, 2]);
    fake.fire('delta', { matchId: 7, topic: 'stats', epoch: 'e', seq: 3, upserts: [], removes: [1] });
    await pushed();
    expect(result.current.list.rows.map((row) => row.id)).toEqual([3, 2]);
    expect(result.current.list.total).toBe(2);
    expect(calls).toHaveLength(1);
  });
});
