import type { CatalogChangedPayload, Match, MatchChangedPayload } from '@odds/protocol';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogListener } from '../../live/catalogLive';
import { CHANGE_MARK_MS } from '../../live/useChangeMarks';
import { contextStore } from '../../stores/context';
import { carries, useHeaderChanges } from './useHeaderChanges';

const listeners = new Set<CatalogListener>();
vi.mock('../../live/catalogLive', () => ({
  listenToCatalog: (listener: CatalogListener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
}));
const reloadProviders = vi.fn(() => Promise.resolve());
vi.mock('../../stores/context', async (original) => ({
  ...(await original<typeof import('../../stores/context')>()),
  reloadProviders: () => reloadProviders(),
}));

const match = { id: 5, provider: 1, provider_names: ['Nordic Sportsbook', 'Iberia Apuestas'] } as Match;
const ana = { id: 2, name: 'Ana' };
const matchChanged = (matchId: number): MatchChangedPayload => ({
  matchId,
  entity: 'match',
  id: 9,
  action: 'update',
  actor: ana,
  at: new Date().toISOString(),
});
const providerChanged = (id: number): CatalogChangedPayload => ({ entity: 'provider', id, action: 'update', actor: ana, at: new Date().toISOString() });
const send = (call: (listener: CatalogListener) => void) => act(() => listeners.forEach(call));

describe('useHeaderChanges', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    contextStore.providers = [
      { id: 1, name: 'Nordic Sportsbook' },
      { id: 2, name: 'Iberia Apuestas' },
      { id: 3, name: 'Benelux Odds' },
    ] as typeof contextStore.providers;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    listeners.clear();
    reloadProviders.mockClear();
  });

  it('reloads the match and marks the header with who reassigned its connector, for this match only, then drops the mark', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useHeaderChanges(5, match, reload));
    send((l) => l.match?.(matchChanged(6)));
    expect(reload).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
    send((l) => l.match?.(matchChanged(5)));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(result.current).toBe('Ana');
    act(() => vi.advanceTimersByTime(CHANGE_MARK_MS));
    expect(result.current).toBeNull();
  });

  it('reloads the providers on any provider change, and the match (marked) only when that provider carries it', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useHeaderChanges(5, match, reload));
    send((l) => l.catalog?.(providerChanged(3)));
    expect(reloadProviders).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
    send((l) => l.catalog?.(providerChanged(2)));
    expect(reloadProviders).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(result.current).toBe('Ana');
  });

  it('reads the match and the providers again, unmarked, after a reconnect', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useHeaderChanges(5, match, reload));
    send((l) => l.resync?.());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadProviders).toHaveBeenCalledTimes(1);
    expect(result.current).toBeNull();
  });

  it("counts the match's own provider and the providers on its event as carrying it", () => {
    expect(carries(match, 1, 'Nordic Sportsbook')).toBe(true);
    expect(carries(match, 2, 'Iberia Apuestas')).toBe(true);
    expect(carries(match, 3, 'Benelux Odds')).toBe(false);
    expect(carries(match, 3, undefined)).toBe(false);
  });
});
