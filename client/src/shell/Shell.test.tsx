import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { basketStore } from '../stores/basket';
import { reportError } from '../feedback/errors';
import { sessionStore } from '../stores/session';
import { errorReply, json, shellHandlers, stubFetch } from '../testing/fetchStub';
import { renderApp } from '../testing/renderApp';

describe('shell', () => {
  let reload: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    localStorage.setItem('token', 'tok-1');
    sessionStore.authenticated = true;
    basketStore.items = [];
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the product, the current provider and the basket count in landmarks', async () => {
    stubFetch(shellHandlers);
    basketStore.items = [{ match_content_id: 5, match_id: 12, label: 'Match result · en · Push notification · PRE', hold: false }];
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain('Odds Console');
    expect((await screen.findByText('Current provider:', { exact: false })).parentElement?.textContent).toBe('Current provider: Nordic Odds');
    expect(screen.getByRole('button', { name: 'Basket, 1 item' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('opens the empty basket with its message', async () => {
    stubFetch(shellHandlers);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Basket, 0 items' }));
    expect(await screen.findByText('Selected Content')).toBeTruthy();
    expect(screen.getByText('Add content items from different matches (see the Preview tab)')).toBeTruthy();
  });

  it('goes to /settings/ from the settings menu', async () => {
    stubFetch(shellHandlers);
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Settings menu' }));
    fireEvent.click(await screen.findByText('Settings'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/settings/'));
  });

  it('logs out: revokes the token, forgets it and reloads', async () => {
    const { calls } = stubFetch({ ...shellHandlers, 'POST /api/1/logout': () => json(200, { success: true }) });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Settings menu' }));
    fireEvent.click(await screen.findByText('Logout'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/1/logout')?.headers.authorization).toBe('Token tok-1');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('returns to login when the server refuses the stored token', async () => {
    stubFetch({ ...shellHandlers, 'GET /api/1/session': () => errorReply(401, 'Authentication required', 'Unauthorized') });
    renderApp('/');
    await vi.waitFor(() => expect(sessionStore.authenticated).toBe(false));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows each error once and clears them', async () => {
    stubFetch(shellHandlers);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Home' });
    reportError('League not found');
    reportError('League not found');
    reportError('Match not found');
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent?.trim())).toEqual(['League not found', 'Match not found']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss error' })[0]!);
    await vi.waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent?.trim())).toEqual(['Match not found']));
    reportError('Bad date');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear all errors' }));
    await vi.waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]));
  });
});
