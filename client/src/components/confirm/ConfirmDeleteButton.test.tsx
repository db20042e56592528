import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDeleteButton } from '.';

describe('confirm-delete button (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('confirms only on a second click within the countdown', () => {
    const onConfirm = vi.fn();
    render(<ConfirmDeleteButton label="Delete event 3" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete event 3' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm: Delete event 3' }).textContent).toContain('Confirm (5)');
    for (let i = 0; i < 2; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Confirm: Delete event 3' }).textContent).toContain('Confirm (3)');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Delete event 3' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete event 3' })).toBeTruthy();
  });

  it('resets when the 5 seconds run out', () => {
    const onConfirm = vi.fn();
    render(<ConfirmDeleteButton label="Delete event 3" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete event 3' }));
    for (let i = 0; i < 5; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('button', { name: 'Confirm: Delete event 3' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete event 3' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
