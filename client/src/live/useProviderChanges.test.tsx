import type { ProviderChangedPayload } from '@odds/protocol';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderListener } from './providerLive';
import { CHANGE_MARK_MS } from './useChangeMarks';
import { PROVIDER_RELOAD_DELAY_MS, useProviderChanges } from './useProviderChanges';

const listeners = new Set<ProviderListener>();
vi.mock('./providerLive', () => ({
  listenToProvider: (listener: ProviderListener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
}));

const change = (entity: ProviderChangedPayload['entity'], id: number, name: string): ProviderChangedPayload => ({
  providerId: 1,
  entity,
  id,
  action: 'update',
  actor: { id: 2, name },
  at: new Date().toISOString(),
});
const send = (payload: ProviderChangedPayload) =>
  act(() => {
    for (const l of listeners) l.changed(payload);
  });

describe('useProviderChanges', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    listeners.clear();
  });

  it('reloads once for a burst of changes of its entities, marks each changed record with its actor, then drops the marks', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useProviderChanges(['market', 'saved_threshold'], reload));
    send(change('market', 4, 'Ana'));
    send(change('saved_threshold', 9, 'Ben'));
    send(change('content_item', 5, 'Cy'));
    expect(result.current.markOf('market', 4)).toBe('Ana');
    expect(result.current.markOf('saved_threshold', 9)).toBe('Ben');
    expect(result.current.markOf('content_item', 5)).toBeUndefined();
    expect(result.current.latest).toEqual({ entity: 'saved_threshold', id: 9, by: 'Ben' });
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(PROVIDER_RELOAD_DELAY_MS));
    expect(reload).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(CHANGE_MARK_MS));
    expect(result.current.markOf('market', 4)).toBeUndefined();
    expect(result.current.latest).toBeNull();
  });

  it('ignores other entities, reloads after a reconnect, and stops listening when unmounted', () => {
    const reload = vi.fn();
    const { unmount } = renderHook(() => useProviderChanges(['content_item'], reload));
    send(change('market', 4, 'Ana'));
    act(() => vi.advanceTimersByTime(PROVIDER_RELOAD_DELAY_MS));
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      for (const l of listeners) l.resync();
    });
    act(() => vi.advanceTimersByTime(PROVIDER_RELOAD_DELAY_MS));
    expect(reload).toHaveBeenCalledTimes(1);
    unmount();
    expect(listeners.size).toBe(0);
  });
});
