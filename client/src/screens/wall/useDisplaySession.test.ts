import { SOCKET_AUTH_ERROR } from '@odds/protocol';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, json, stubFetch } from '../../testing/fetchStub';
import { useDisplaySession } from './useDisplaySession';

/** The wall's socket, as far as the session check listens to it. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    on: (event: string, handler: (...args: unknown[]) => void) => void handlers.set(event, (handlers.get(event) ?? new Set()).add(handler)),
    off: (event: string, handler: (...args: unknown[]) => void) => void handlers.get(event)?.delete(handler),
    emit: (event: string, ...args: unknown[]) => {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
});
vi.mock('../../live/liveSocket', () => ({ liveSocket: () => socket }));

const DISPLAY = { id: 4, name: 'Trading floor', config: { match_ids: [7], league_id: null, market_id: null, theme: 'dark' }, league: null };
const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

function serve(answer: () => 'ok' | 'down' | 'revoked') {
  const { calls } = stubFetch({
    'GET /api/1/session': () => {
      const now = answer();
      if (now === 'down') return errorReply(502, 'Bad gateway');
      if (now === 'revoked') return errorReply(401, 'Invalid token.');
      return json(200, { user: null, display: DISPLAY, expires_at: '2030-01-01T00:00:00Z' });
    },
  });
  return () => calls.length;
}

describe("a wall's display session", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says at once that the console cannot be reached, asks again every 10 s, and shows the display when it answers', async () => {
    vi.useFakeTimers();
    let now: 'ok' | 'down' = 'down';
    const checks = serve(() => now);
    const { result } = renderHook(() => useDisplaySession());
    await wait(1);
    expect(result.current.kind).toBe('unreachable');
    expect(checks()).toBe(1);
    await wait(10_000);
    expect(checks()).toBe(2);
    now = 'ok';
    await wait(10_000);
    expect(checks()).toBe(3);
    expect(result.current).toEqual({ kind: 'ok', display: DISPLAY });
    // Shown: nothing more is asked until something says the token may have changed.
    await wait(60_000);
    expect(checks()).toBe(3);
  });

  it('asks at once when the network comes back', async () => {
    vi.useFakeTimers();
    let now: 'ok' | 'down' = 'down';
    const checks = serve(() => now);
    const { result } = renderHook(() => useDisplaySession());
    await wait(1);
    expect(result.current.kind).toBe('unreachable');
    now = 'ok';
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await wait(1);
    expect(checks()).toBe(2);
    expect(result.current.kind).toBe('ok');
  });

  it('ends at once when the relay cuts the socket and the token is refused, and asks no more', async () => {
    vi.useFakeTimers();
    let now: 'ok' | 'revoked' = 'ok';
    const checks = serve(() => now);
    const { result } = renderHook(() => useDisplaySession());
    await wait(1);
    expect(result.current.kind).toBe('ok');
    now = 'revoked';
    await act(async () => socket.emit('disconnect', 'io server disconnect'));
    await wait(1);
    expect(result.current.kind).toBe('revoked');
    await wait(60_000);
    expect(checks()).toBe(2);
  });

  it('keeps showing its display while the console is away, and checks its token when the socket is refused', async () => {
    vi.useFakeTimers();
    let now: 'ok' | 'down' | 'revoked' = 'ok';
    const checks = serve(() => now);
    const { result } = renderHook(() => useDisplaySession());
    await wait(1);
    now = 'down';
    await act(async () => socket.emit('disconnect', 'io server disconnect'));
    await wait(1);
    expect(result.current.kind).toBe('ok');
    now = 'revoked';
    await act(async () => socket.emit('connect_error', new Error(SOCKET_AUTH_ERROR)));
    await wait(1);
    expect(result.current.kind).toBe('revoked');
    expect(checks()).toBe(3);
  });
});
