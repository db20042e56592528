import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportError } from '../feedback/errors';
import { sessionStore } from '../stores/session';
import { errorReply, json, shellHandlers, stubFetch } from '../testing/fetchStub';
import { renderApp } from '../testing/renderApp';

describe("'Saved' after each save", () => {
  beforeEach(() => {
    localStorage.setItem('token', 'tok-1');
    sessionStore.authenticated = true;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('confirms a save and clears the error banners of the failed attempt before it', async () => {
    let refuse = true;
    stubFetch({
      ...shellHandlers,
      'GET /api/1/contacts': () => json(200, { items: [], total: 0, limit: 20 }),
      'GET /api/1/lists': () => json(200, { results: [], total: 0, limit: 0 }),
      'POST /api/1/contact': (call) =>
        refuse ? errorReply(400, 'A PUSH contact needs a device id, a segment or a list id.') : json(200, { ...(call.body as object), id: 8 }),
    });
    const { router } = renderApp('/contacts/edit');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Night shift' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('needs a device id');
    expect(screen.queryByText('Saved')).toBeNull();
    refuse = false;
    fireEvent.change(screen.getByLabelText('Device Id'), { target: { value: 'dev-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect((await screen.findByText('Saved')).closest('[role=status]')).not.toBeNull();
    expect(screen.queryByText(/needs a device id/)).toBeNull();
  });

  it('says nothing for a preview or a failed save, and Deleted for a delete', async () => {
    const { announceSaved, isSave, noticeStore } = await import('../feedback/notices');
    const { routes } = await import('@odds/protocol');
    expect(isSave(routes.contentParse)).toBe(false);
    expect(isSave(routes.matches)).toBe(false);
    expect(isSave(routes.trackerSave)).toBe(true);
    reportError('Old failure');
    announceSaved(routes.contactDelete);
    expect(noticeStore.text).toBe('Deleted');
  });
});
