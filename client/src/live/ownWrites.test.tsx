import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOwnWrites } from './useLiveTable';

type Row = { id: number; version: number };
const byId = (a: Row, b: Row) => a.id - b.id;

/** The pushed rows as a prop, changed by the test as the relay's deltas would change them. */
function render(first: Row[]) {
  return renderHook(({ rows }) => useOwnWrites(rows, byId), { initialProps: { rows: first } });
}

describe("a live table with this console's own writes", () => {
  afterEach(cleanup);

  it('shows a save at once, then the pushed row', () => {
    const view = render([]);
    act(() => view.result.current.saved({ id: 4, version: 1 }));
    expect(view.result.current.rows).toEqual([{ id: 4, version: 1 }]);
    view.rerender({ rows: [{ id: 4, version: 2 }] });
    expect(view.result.current.rows).toEqual([{ id: 4, version: 2 }]);
  });

  it('lets a later delete by someone else show when the push came before the save answered', () => {
    const view = render([{ id: 4, version: 1 }]);
    // The relay pushed version 2 (my save), then my save's answer came.
    view.rerender({ rows: [{ id: 4, version: 2 }] });
    act(() => view.result.current.saved({ id: 4, version: 2 }));
    // Another operator deletes the set: the push removes it, and so does the list.
    view.rerender({ rows: [] });
    expect(view.result.current.rows).toEqual([]);
  });

  it('hides a row deleted here until the push removes it, and forgets the delete once it has', () => {
    const view = render([
      { id: 4, version: 1 },
      { id: 5, version: 1 },
    ]);
    act(() => view.result.current.deleted([4]));
    expect(view.result.current.rows).toEqual([{ id: 5, version: 1 }]);
    view.rerender({ rows: [{ id: 5, version: 1 }] });
    // Held no longer: a row of that id pushed later (a replay restoring it) is shown.
    view.rerender({
      rows: [
        { id: 4, version: 3 },
        { id: 5, version: 1 },
      ],
    });
    expect(view.result.current.rows.map((row) => row.id)).toEqual([4, 5]);
  });
});
