import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../stores/session';
import { errorReply, json, shellHandlers, stubFetch } from '../testing/fetchStub';
import { renderApp } from '../testing/renderApp';

const sessionOf = (admin: boolean) => () => json(200, { user: { id: 1, email: 'demo@example.com', name: 'Demo', admin }, expires_at: '2030-01-01T00:00:00Z' });

describe('settings menu: operators and my password', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'tok-1');
    sessionStore.authenticated = true;
    sessionStore.user = null;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('gives an admin the Operators and Compliance entries; Operators opens /operators', async () => {
    stubFetch({ ...shellHandlers, 'GET /api/1/session': sessionOf(true) });
    const { router } = renderApp('/');
    await vi.waitFor(() => expect(sessionStore.user?.admin).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Settings menu' }));
    expect(await screen.findByText('Compliance')).toBeTruthy();
    fireEvent.click(await screen.findByText('Operators'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/operators'));
  });

  it('gives any other operator no Operators or Compliance entry, and Change password', async () => {
    stubFetch({ ...shellHandlers, 'GET /api/1/session': sessionOf(false) });
    renderApp('/');
    await vi.waitFor(() => expect(sessionStore.user?.admin).toBe(false));
    fireEvent.click(await screen.findByRole('button', { name: 'Settings menu' }));
    await screen.findByText('Change password');
    expect(screen.queryByText('Operators')).toBeNull();
    expect(screen.queryByText('Compliance')).toBeNull();
  });

  it("changes my password: the current one is required, the server's refusal is shown, then a clear message", async () => {
    let attempt = 0;
    const { calls } = stubFetch({
      ...shellHandlers,
      'GET /api/1/session': sessionOf(false),
      'POST /api/1/password/change': () => (++attempt === 1 ? errorReply(400, 'The current password is not right') : json(200, { success: true })),
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Settings menu' }));
    fireEvent.click(await screen.findByText('Change password'));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong one' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'lanterns over the bay' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'lanterns over the bay' } });
    fireEvent.submit(dialog.querySelector('form')!);
    await screen.findByText('The current password is not right');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'the right one' } });
    fireEvent.submit(dialog.querySelector('form')!);
    await screen.findByText('Your password was changed. You stay signed in here; your other sessions were signed out.');
    const sent = calls.filter((c) => c.url.pathname === '/api/1/password/change');
    expect(sent.at(-1)?.body).toEqual({ current_password: 'the right one', new_password: 'lanterns over the bay' });
  });
});
