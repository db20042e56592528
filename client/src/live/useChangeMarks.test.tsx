import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../testing/fetchStub';
import { CHANGE_MARK_MS, useChangeMarks } from './useChangeMarks';

const entry = (name: string) => ({ results: [{ id: 1, actor: { id: 2, name } }], total: 1, limit: 1 });

describe('useChangeMarks', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('marks a row that changed after the first load with the actor of its newest history entry, then drops the mark', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stub = stubFetch({ 'GET /api/1/audit': (call) => json(200, entry(call.url.searchParams.get('entity_id') === '5' ? 'Ana' : 'Ben')) });
    const { result, rerender } = renderHook(({ rows, ready }) => useChangeMarks('threshold_set', rows, ready), {
      initialProps: { rows: [] as { id: number; version: number }[], ready: false },
    });
    rerender({
      rows: [
        { id: 4, version: 1 },
        { id: 5, version: 1 },
      ],
      ready: true,
    });
    expect(stub.calls).toHaveLength(0);
    // 5 was changed, 6 is new, 4 is as it was.
    rerender({
      rows: [
        { id: 4, version: 1 },
        { id: 5, version: 2 },
        { id: 6, version: 1 },
      ],
      ready: true,
    });
    await waitFor(() => expect(result.current.size).toBe(2));
    expect(result.current.get(5)).toBe('Ana');
    expect(result.current.get(6)).toBe('Ben');
    expect(stub.calls.map((c) => c.url.searchParams.get('entity'))).toEqual(['threshold_set', 'threshold_set']);
    act(() => vi.advanceTimersByTime(CHANGE_MARK_MS));
    expect(result.current.size).toBe(0);
  });
});
