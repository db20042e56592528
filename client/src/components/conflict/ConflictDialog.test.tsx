import type { ConflictReply } from '@odds/protocol';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { ConflictDialog, conflictOf, fieldChanges, fieldLabel, sideBySide, useConflict, type ConflictChoice } from '.';

const reply: ConflictReply = {
  statusCode: 409,
  code: 'CONFLICT',
  error: 'Conflict',
  message: 'Changed since you read it',
  entity: 'threshold_set',
  current: { id: 4, version: 3, market_id: 1, type: 'VALUE', thresholds: { home: { value: 2100 }, draw: { value: 3400 } } },
  changed_by: { id: 1, name: 'Ana' },
  changed_at: new Date().toISOString(),
};
const mine = { market_id: 1, type: 'VALUE', thresholds: { home: { value: 2500 }, draw: { value: 3400 } }, version: 2 };

let asked: Promise<ConflictChoice> | null = null;
function Harness() {
  const conflict = useConflict();
  return (
    <>
      <button type="button" onClick={() => (asked = conflict.ask(reply, mine))}>
        Save
      </button>
      <ConflictDialog state={conflict.state} what="This threshold set" />
    </>
  );
}

describe('conflict dialog (co-editing, 409)', () => {
  afterEach(() => {
    cleanup();
    asked = null;
  });

  it('shows who changed it and their version beside mine, differing fields first', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('This threshold set was changed by Ana');
    expect(dialog.textContent).toMatch(/Ana saved it at /);
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toBe('home value21002500 (differs)');
    expect(rows.some((r) => r.textContent === 'draw value34003400')).toBe(true);
    // version is bookkeeping: not a row.
    expect(rows.some((r) => r.textContent?.startsWith('version'))).toBe(false);
  });

  it.each([
    ['Keep theirs', 'theirs'],
    ['Overwrite with mine', 'mine'],
  ] as const)('%s resolves the save with %s and closes', async (label, choice) => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: label })));
    await expect(asked).resolves.toBe(choice);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closing it chooses neither', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /close/i })));
    await expect(asked).resolves.toBeNull();
  });
});

describe('conflictOf', () => {
  it('reads the 409 body with a current record, nothing else', () => {
    expect(conflictOf(new ApiError(409, 'x', reply as never))).toBe(reply);
    expect(conflictOf(new ApiError(409, 'x', { statusCode: 409, message: 'x' } as never))).toBeNull();
    expect(conflictOf(new ApiError(400, 'x', reply as never))).toBeNull();
    expect(conflictOf(new Error('x'))).toBeNull();
  });
});

describe('diffs', () => {
  it('lists changed fields by path, created and deleted records included', () => {
    expect(fieldChanges({ a: 1, b: { c: 'x' }, version: 1 }, { a: 1, b: { c: 'y' }, version: 2 })).toEqual([{ field: 'b.c', before: 'x', after: 'y' }]);
    expect(fieldChanges(null, { a: 1 })).toEqual([{ field: 'a', before: '—', after: '1' }]);
    expect(fieldChanges({ a: true }, null)).toEqual([{ field: 'a', before: 'true', after: '—' }]);
  });

  it('shows a list of plain values as one field, comma-separated, and one of records by path', () => {
    expect(fieldChanges({ league_ids: [3, 7], languages: ['en'] }, { league_ids: [3, 9], languages: [] })).toEqual([
      { field: 'languages', before: 'en', after: '—' },
      { field: 'league_ids', before: '3, 7', after: '3, 9' },
    ]);
    expect(
      fieldChanges({ league_ids: [3] }, { league_ids: [3, 9] }, (field, value) =>
        field === 'league_ids' ? (value as number[]).map((id) => `L${id}`).join(' + ') : undefined,
      ),
    ).toEqual([{ field: 'league_ids', before: 'L3', after: 'L3 + L9' }]);
    expect(fieldChanges({ parts: [{ text: 'a' }] }, { parts: [{ text: 'b' }] })).toEqual([{ field: 'parts.0.text', before: 'a', after: 'b' }]);
  });

  it('puts my fields beside theirs', () => {
    expect(sideBySide({ a: 1, b: 2, other: 3 }, { id: 9, a: 1, b: 5 })).toEqual([
      { field: 'b', theirs: '2', mine: '5', differs: true },
      { field: 'a', theirs: '1', mine: '1', differs: false },
    ]);
  });
});

describe('field labels', () => {
  it('names fields in the operator words', () => {
    expect(fieldLabel('thresholds.home.value')).toBe('home value');
    expect(fieldLabel('market_id')).toBe('market');
    expect(fieldLabel('content.title.0.content')).toBe('title');
    expect(fieldLabel('send_delay_minutes')).toBe('send delay minutes');
  });
});
