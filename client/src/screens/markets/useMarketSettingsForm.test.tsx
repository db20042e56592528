import { act, renderHook } from '@testing-library/react';
import type { Market } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { useMarketSettingsForm } from './useMarketSettingsForm';

const market = (version: number, firstMinute: number) =>
  ({
    id: 1,
    version,
    name: 'Match Result',
    line: null,
    type: { id: 1, outcomes: ['home', 'draw', 'away'] },
    meta: { first_minute: firstMinute, last_minute: 90, thresholds: { home: 2500, draw: 3400, away: 3000 } },
    helper_args: { dynamic_line: false },
    outcome_mapping: {},
  }) as unknown as Market;

describe('useMarketSettingsForm when another console saves the market (a pushed newer version)', () => {
  it('shows the newer settings while nothing is typed, and keeps unsaved edits (the save then meets the conflict dialog)', () => {
    const { result, rerender } = renderHook(({ m }) => useMarketSettingsForm(m, () => {}), { initialProps: { m: market(3, 0) } });
    expect(result.current.values.settings.first_minute).toBe(0);
    rerender({ m: market(4, 10) });
    expect(result.current.values.settings.first_minute).toBe(10);

    act(() => result.current.setSetting('first_minute', 5));
    rerender({ m: market(5, 20) });
    expect(result.current.values.settings.first_minute).toBe(5);
  });
});
