import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChangesGuard } from './useUnsavedChangesGuard';

function Form() {
  const [text, setText] = useState('');
  const { allowLeaving } = useUnsavedChangesGuard(text !== '');
  const navigate = useNavigate();
  return (
    <>
      <label htmlFor="text">Text</label>
      <input id="text" value={text} onChange={(e) => setText(e.target.value)} />
      <Link to="/elsewhere">Leave</Link>
      <Link to="/form?tab=2">Same page</Link>
      <button
        type="button"
        onClick={() => {
          allowLeaving();
          void navigate('/elsewhere');
        }}
      >
        Save
      </button>
    </>
  );
}

/** happy-dom has no window.confirm: the browser's dialog is stubbed with the operator's answer. */
function stubConfirm(answer: boolean) {
  const confirm = vi.fn(() => answer);
  vi.stubGlobal('confirm', confirm);
  return confirm;
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Form /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUnsavedChangesGuard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lets a clean form go without asking', async () => {
    const confirm = stubConfirm(true);
    const router = renderForm();
    fireEvent.click(screen.getByText('Leave'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before leaving unsaved changes, and stays when the operator says no', async () => {
    const confirm = stubConfirm(false);
    const router = renderForm();
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByText('Leave'));
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE));
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Text') as HTMLInputElement).value).toBe('draft');
  });

  it('leaves when the operator confirms', async () => {
    stubConfirm(true);
    const router = renderForm();
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByText('Leave'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('does not ask for a change of the same page, nor after a save', async () => {
    const confirm = stubConfirm(true);
    const router = renderForm();
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByText('Same page'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    fireEvent.click(screen.getByText('Save'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks the browser to warn before the tab closes with unsaved changes', () => {
    renderForm();
    const clean = new Event('beforeunload', { cancelable: true });
    act(() => void window.dispatchEvent(clean));
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'draft' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    act(() => void window.dispatchEvent(dirty));
    expect(dirty.defaultPrevented).toBe(true);
  });
});
