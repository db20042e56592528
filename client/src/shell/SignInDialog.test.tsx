import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expiryStore } from '../api/sessionExpiry';
import { browser } from '../lib/browser';
import { sessionStore } from '../stores/session';
import { errorReply, json, shellHandlers, stubFetch, type StubCall } from '../testing/fetchStub';
import { renderApp } from '../testing/renderApp';

/** Answers 401 while the old token is sent, and `ok` once the new one is. */
const refusedUntilSignedIn = (ok: (call: StubCall) => Response) => (call: StubCall) =>
  call.headers.authorization === 'Token tok-new' ? ok(call) : errorReply(401, 'Authentication required', 'Unauthorized');

const LEAGUES = { results: [{ id: 9, name: 'Premier League', path: 'England', unique_id: 'pl', event_sync: true }], total: 1, limit: 20 };
const authenticate = () =>
  json(200, { token: 'tok-new', success: true, user: { id: 1, email: 'demo@example.com', name: 'Demo' }, expires_at: '2030-01-01T00:00:00Z' });

async function signIn() {
  const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
  fireEvent.change(await within(dialog).findByLabelText('Password'), { target: { value: 'demo' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
  // The dialog closes (its exit animation may still run on a busy machine).
  await vi.waitFor(() => expect(expiryStore.expired).toBe(false));
}

describe('a session that ends while the console is open', () => {
  let reload: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    localStorage.setItem('token', 'tok-old');
    sessionStore.authenticated = true;
    expiryStore.expired = false;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('asks to sign in over the list instead of showing its empty state, then loads it on the same page', async () => {
    const { calls } = stubFetch({
      ...shellHandlers,
      'GET /api/1/1/1/leagues': refusedUntilSignedIn(() => json(200, LEAGUES)),
      'POST /api/1/authenticate': authenticate,
    });
    const { router } = renderApp('/leagues?q=prem');
    await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(screen.queryByText('No leagues found')).toBeNull();
    expect(screen.queryByText(/0–0 of 0/)).toBeNull();
    expect(screen.getByRole('table', { name: 'Leagues' }).textContent).toContain('Loading...');
    await signIn();
    expect(await screen.findByText('Premier League')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/leagues?q=prem');
    const leagueCalls = calls.filter((c) => c.url.pathname === '/api/1/1/1/leagues');
    expect(leagueCalls.at(-1)!.headers.authorization).toBe('Token tok-new');
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps a save made after expiry and its input, and sends it once signed in', async () => {
    const saved: unknown[] = [];
    stubFetch({
      ...shellHandlers,
      'GET /api/1/contacts': () => json(200, { items: [], total: 0, limit: 20 }),
      'GET /api/1/lists': () => json(200, { results: [], total: 0, limit: 0 }),
      'POST /api/1/contact': refusedUntilSignedIn((call) => {
        saved.push(call.body);
        return json(200, { ...(call.body as object), id: 8 });
      }),
      'POST /api/1/authenticate': authenticate,
    });
    const { router } = renderApp('/contacts/edit');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Night shift list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(saved).toEqual([]);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Night shift list');
    await signIn();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(saved).toMatchObject([{ name: 'Night shift list' }]);
  });

  it('offers to log out instead', async () => {
    stubFetch({
      ...shellHandlers,
      'GET /api/1/1/1/leagues': () => errorReply(401, 'Authentication required'),
      'POST /api/1/logout': () => json(200, { success: true }),
    });
    renderApp('/leagues');
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out instead' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("offers the company's sign-in in a window of its own where passwords are off, and carries on once it stored the new session", async () => {
    const opened = vi.spyOn(browser, 'openWindow').mockReturnValue(true);
    stubFetch({
      ...shellHandlers,
      'GET /api/1/auth/methods': () => json(200, { password: false, sso: { name: 'Corp SSO' } }),
      'GET /api/1/1/1/leagues': refusedUntilSignedIn(() => json(200, LEAGUES)),
    });
    // The dialog sits beside the router: the page to come back to is the browser's address.
    window.history.replaceState(null, '', '/leagues?q=prem');
    renderApp('/leagues?q=prem');
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Sign in with Corp SSO' }));
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    expect(opened).toHaveBeenCalledWith('/api/1/auth/oidc/start?next=%2Fleagues%3Fq%3Dprem&window=1', 'console-sign-in');
    // The sign-in window stores the new session (session.ts completeSso), as another tab would.
    localStorage.setItem('token', 'tok-new');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'tok-new' }));
    expect(await screen.findByText('Premier League')).toBeTruthy();
    expect(expiryStore.expired).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('says so when the browser blocks the sign-in window, with the sign-in as a link to open instead', async () => {
    vi.spyOn(browser, 'openWindow').mockReturnValue(false);
    stubFetch({
      ...shellHandlers,
      'GET /api/1/auth/methods': () => json(200, { password: true, sso: { name: 'Corp SSO' } }),
      'GET /api/1/1/1/leagues': () => errorReply(401, 'Authentication required'),
    });
    window.history.replaceState(null, '', '/leagues');
    renderApp('/leagues');
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Sign in with Corp SSO' }));
    const link = await within(dialog).findByRole('link', { name: 'Open the sign-in in a new tab' });
    expect(link.getAttribute('href')).toBe('/api/1/auth/oidc/start?next=%2Fleagues&window=1');
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
  });

  it('shows a refused password in the dialog and keeps the page waiting', async () => {
    stubFetch({
      ...shellHandlers,
      'GET /api/1/1/1/leagues': () => errorReply(401, 'Authentication required'),
      'POST /api/1/authenticate': () => errorReply(401, 'Invalid email or password'),
    });
    renderApp('/leagues');
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(((await within(dialog).findByLabelText('Email')) as HTMLInputElement).value).toBe('demo@example.com');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(sessionStore.authenticated).toBe(true);
    expect(localStorage.getItem('token')).toBe('tok-old');
  });
});
