import { routes } from '@odds/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearErrors, errorsStore, PERMISSION_MESSAGE } from '../feedback/errors';
import { errorReply, json, stubFetch } from '../testing/fetchStub';
import { api } from './client';
import { ApiError } from './errors';
import { setHomeNavigation } from './navigation';
import { expiryStore, sessionResumed } from './sessionExpiry';

const shown = () => errorsStore.items.map((entry) => entry.text);

describe('api client', () => {
  const goHome = vi.fn();

  beforeEach(() => {
    clearErrors();
    goHome.mockReset();
    setHomeNavigation(goHome);
    localStorage.setItem('token', 'abc123');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('fills the route, sends the token and returns the typed reply', async () => {
    const { calls } = stubFetch({ 'GET /api/1/2/1/matches': () => json(200, { results: [], total: 0, limit: 20 }) });
    const reply = await api(routes.matches, { params: { p: 2, s: 1 }, query: { start: 40, order_by: '-start', q: '' } });
    expect(reply).toEqual({ results: [], total: 0, limit: 20 });
    expect(calls[0]!.url.search).toBe('?start=40&order_by=-start');
    expect(calls[0]!.headers.authorization).toBe('Token abc123');
  });

  it('sends a body as JSON', async () => {
    const { calls } = stubFetch({ 'POST /api/1/authenticate': () => json(200, { token: 't', success: true }) });
    await api(routes.authenticate, { body: { email: 'demo@example.com', password: 'demo' } });
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[0]!.body).toEqual({ email: 'demo@example.com', password: 'demo' });
  });

  it('shows the permission message on 403 and goes home', async () => {
    stubFetch({ 'GET /api/1/sports': () => errorReply(403, 'Forbidden by policy', 'Forbidden') });
    await expect(api(routes.sports)).rejects.toMatchObject({ status: 403 });
    expect(shown()).toEqual([PERMISSION_MESSAGE]);
    expect(PERMISSION_MESSAGE).toBe('You do not have permission to perform this action');
    expect(goHome).toHaveBeenCalledOnce();
  });

  it('stays on the screen after a 403 when the call is flagged to remain', async () => {
    stubFetch({ 'GET /api/1/sports': () => errorReply(403, 'Forbidden', 'Forbidden') });
    await expect(api(routes.sports, { remain: true })).rejects.toBeInstanceOf(ApiError);
    expect(shown()).toEqual([PERMISSION_MESSAGE]);
    expect(goHome).not.toHaveBeenCalled();
  });

  it("shows the server's text of a 400 once, however often it comes", async () => {
    const message = 'querystring/date must match pattern "^\\d{4}-\\d{2}-\\d{2}$"';
    stubFetch({ 'GET /api/1/1/1/matches': () => errorReply(400, message, 'Bad Request') });
    const call = () => api(routes.matches, { params: { p: 1, s: 1 } });
    await expect(call()).rejects.toThrow(message);
    await expect(call()).rejects.toThrow(message);
    expect(shown()).toEqual([message]);
  });

  it("shows the server's text of a 500", async () => {
    stubFetch({ 'GET /api/1/sports': () => errorReply(500, 'Internal Server Error', 'Internal Server Error') });
    await expect(api(routes.sports)).rejects.toMatchObject({ status: 500 });
    expect(shown()).toEqual(['Internal Server Error']);
  });

  it('shows no error for a 401 but waits for a new sign-in and sends the call again with the new token', async () => {
    const { calls } = stubFetch({
      'GET /api/1/sports': (call) =>
        call.headers.authorization === 'Token fresh' ? json(200, { results: [] }) : errorReply(401, 'Authentication required', 'Unauthorized'),
    });
    const reply = api(routes.sports);
    await vi.waitFor(() => expect(expiryStore.expired).toBe(true));
    expect(shown()).toEqual([]);
    expect(goHome).not.toHaveBeenCalled();
    localStorage.setItem('token', 'fresh');
    sessionResumed();
    await expect(reply).resolves.toEqual({ results: [] });
    expect(calls.map((c) => c.headers.authorization)).toEqual(['Token abc123', 'Token fresh']);
  });

  it('hands a 401 back at once to a silent call, and a call waiting for a sign-in stops when aborted', async () => {
    stubFetch({ 'GET /api/1/sports': () => errorReply(401, 'Authentication required', 'Unauthorized') });
    await expect(api(routes.sports, { silent: true })).rejects.toMatchObject({ status: 401, message: 'Authentication required' });
    const controller = new AbortController();
    const waiting = api(routes.sports, { signal: controller.signal });
    await vi.waitFor(() => expect(expiryStore.expired).toBe(true));
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(shown()).toEqual([]);
    sessionResumed();
  });

  it('shows other failures as they are', async () => {
    stubFetch({ 'GET /api/1/sports': () => new Response('upstream unavailable', { status: 502, statusText: 'Bad Gateway' }) });
    await expect(api(routes.sports)).rejects.toMatchObject({ status: 502 });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api(routes.sports)).rejects.toMatchObject({ status: 0 });
    expect(shown()).toEqual(['upstream unavailable', 'Failed to fetch']);
  });

  it('reports nothing for a call its caller aborted', async () => {
    stubFetch({ 'GET /api/1/sports': () => json(200, { results: [] }) });
    const controller = new AbortController();
    controller.abort();
    await expect(api(routes.sports, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(shown()).toEqual([]);
  });
});
