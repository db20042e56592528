import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shallowEqual, useShallowStable } from './useShallowStable';

describe('useShallowStable', () => {
  it('keeps the first object while a new one holds the same values, and takes a changed one', () => {
    const rows = [1, 2];
    const setPage = () => undefined;
    const { result, rerender } = renderHook(({ value }) => useShallowStable(value), { initialProps: { value: { rows, loading: false, setPage } } });
    const first = result.current;
    rerender({ value: { rows, loading: false, setPage } });
    expect(result.current).toBe(first);
    rerender({ value: { rows: [1, 2], loading: false, setPage } });
    expect(result.current).not.toBe(first);
    expect(result.current.rows).toEqual([1, 2]);
  });

  it('compares own keys by identity, including added and missing ones', () => {
    expect(shallowEqual({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toBe(true);
    expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(shallowEqual({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(shallowEqual({ a: {} }, { a: {} })).toBe(false);
    expect(shallowEqual({ a: NaN }, { a: NaN })).toBe(true);
  });
});
