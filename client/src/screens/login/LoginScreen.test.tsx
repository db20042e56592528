import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { sessionStore } from '../../stores/session';
import { errorReply, json, stubFetch } from '../../testing/fetchStub';
import { LoginScreen } from './LoginScreen';

function fillAndPressEnter(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  const passwordField = screen.getByLabelText('Password');
  fireEvent.change(passwordField, { target: { value: password } });
  fireEvent.keyDown(passwordField, { key: 'Enter', code: 'Enter' });
}

describe('login screen', () => {
  let reload: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    localStorage.clear();
    sessionStore.authenticated = false;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('has labelled fields and a Login button', () => {
    render(<LoginScreen />);
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('logs in on Enter, stores the token and reloads the page', async () => {
    const { calls } = stubFetch({
      'POST /api/1/authenticate': () =>
        json(200, { token: 'tok-1', success: true, user: { id: 1, email: 'demo@example.com', name: 'Demo' }, expires_at: '2030-01-01T00:00:00Z' }),
    });
    render(<LoginScreen />);
    fillAndPressEnter('demo@example.com', 'demo');
    // The API client loads with the first call (the login page ships without it): allow for that.
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 5_000 });
    expect(calls[0]!.body).toEqual({ email: 'demo@example.com', password: 'demo' });
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('goes from the /login address to the page named by ?next= (or home) instead of reloading Not Found', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    stubFetch({ 'POST /api/1/authenticate': () => json(200, { token: 'tok-1', success: true }) });
    window.history.replaceState(null, '', '/login?next=/league/9/matches');
    render(<LoginScreen />);
    fillAndPressEnter('demo@example.com', 'demo');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/league/9/matches'));
    expect(reload).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  it("stays on login after a failure, unauthenticated, showing the server's message", async () => {
    stubFetch({ 'POST /api/1/authenticate': () => errorReply(401, 'Invalid email or password', 'Unauthorized') });
    render(<LoginScreen />);
    fillAndPressEnter('demo@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(sessionStore.authenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('login screen when throttled', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows the server's 429 message, with how long to wait, and lets the operator try again later", async () => {
    vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    sessionStore.authenticated = false;
    const { calls } = stubFetch({
      'POST /api/1/authenticate': () => {
        const reply = errorReply(429, 'Too many failed login attempts. Try again in 15 minutes.', 'Too Many Requests');
        reply.headers.set('retry-after', '900');
        return reply;
      },
    });
    render(<LoginScreen />);
    fillAndPressEnter('demo@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed login attempts. Try again in 15 minutes.');
    expect(calls).toHaveLength(1);
    expect(sessionStore.authenticated).toBe(false);
    // The form is usable again (not stuck pending).
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(false));
  });
});
