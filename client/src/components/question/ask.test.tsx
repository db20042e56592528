import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ask, QuestionDialog } from '.';

describe('ask: the console asks in its own dialog', () => {
  afterEach(cleanup);

  it('shows the question with its title and buttons, and answers with the button pressed', async () => {
    render(<QuestionDialog />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = ask('Replace the existing VALUE set (home 2.50)?', { header: 'A set exists', accept: 'Replace', danger: true });
    });
    const dialog = await screen.findByRole('dialog', { name: 'A set exists' });
    expect(within(dialog).getByText('Replace the existing VALUE set (home 2.50)?')).toBeTruthy();
    // A yes that replaces something: the no button has the focus, so Enter does no harm.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('No'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await expect(answer).resolves.toBe(true);
  });

  it('answers no on No, and an unanswered question no when another is asked', async () => {
    render(<QuestionDialog />);
    let first: Promise<boolean> | undefined;
    let second: Promise<boolean> | undefined;
    act(() => {
      first = ask('Retry delivery 3?');
    });
    act(() => {
      second = ask('Retry delivery 4?');
    });
    await expect(first).resolves.toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(within(dialog).getByText('Retry delivery 4?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await expect(second).resolves.toBe(false);
  });
});
