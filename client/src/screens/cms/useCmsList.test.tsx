import { routes, type ContentItem } from '@odds/protocol';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCmsList } from './useCmsList';

type Flags = { deliver: boolean; auto_build: boolean };
/** Each toggle call waits here until the test answers it, in whatever order the test chooses. */
const calls: { route: unknown; answer(flags: Flags): Promise<void> }[] = [];
vi.mock('../../api/client', () => ({
  api: (route: unknown) =>
    new Promise<Flags>((resolve) => {
      calls.push({ route, answer: async (flags) => act(async () => resolve(flags)) });
    }),
}));
const item = { id: 7, deliver: false, auto_build: false } as ContentItem;
// One list object, as useList keeps its rows until a reload (new rows reset the shown flags).
const list = { rows: [item], reload: () => undefined };
vi.mock('../../components/table', () => ({ useList: () => list }));
vi.mock('../../live/useProviderChanges', () => ({ useProviderChanges: () => ({ markOf: () => undefined }) }));

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const shown = (result: { current: ReturnType<typeof useCmsList> }) => {
  const row = result.current.table.rows[0]!;
  return { deliver: row.deliver, auto_build: row.auto_build };
};

describe('useCmsList toggles', () => {
  afterEach(() => {
    cleanup();
    calls.length = 0;
  });

  it('keeps both flips when the answer of the first arrives after the second', async () => {
    const { result } = renderHook(() => useCmsList(), { wrapper });
    act(() => void result.current.toggle(item, 'deliver'));
    act(() => void result.current.toggle(item, 'auto_build'));
    expect(calls.map((call) => call.route)).toEqual([routes.contentActiveToggle, routes.contentAutoToggle]);
    // The server flipped deliver, then auto build; the answers come back the other way round.
    await calls[1]!.answer({ deliver: true, auto_build: true });
    await calls[0]!.answer({ deliver: true, auto_build: false });
    expect(shown(result)).toEqual({ deliver: true, auto_build: true });
  });

  it('shows the last flip of a flag when two flips of it answer out of order', async () => {
    const { result } = renderHook(() => useCmsList(), { wrapper });
    act(() => void result.current.toggle(item, 'deliver'));
    act(() => void result.current.toggle(item, 'deliver'));
    await calls[1]!.answer({ deliver: false, auto_build: false });
    await calls[0]!.answer({ deliver: true, auto_build: false });
    expect(shown(result)).toEqual({ deliver: false, auto_build: false });
  });
});
