import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useChangedSinceLoad } from './useEditingPresence';

afterEach(cleanup);

describe('useChangedSinceLoad', () => {
  it('is dirty only once the value differs from what it was when it loaded, and starts again on the next load', () => {
    const { result, rerender } = renderHook(({ value, loaded }) => useChangedSinceLoad(value, loaded), {
      initialProps: { value: [] as unknown[], loaded: false },
    });
    expect(result.current).toBe(false);
    rerender({ value: [{ minute: 12 }], loaded: true });
    expect(result.current).toBe(false);
    rerender({ value: [{ minute: 63 }], loaded: true });
    expect(result.current).toBe(true);
    rerender({ value: [{ minute: 12 }], loaded: true });
    expect(result.current).toBe(false);
    rerender({ value: [{ minute: 63 }], loaded: false });
    expect(result.current).toBe(false);
    rerender({ value: [{ minute: 63 }], loaded: true });
    expect(result.current).toBe(false);
  });
});
