import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { sessionStore } from '../../stores/session';
import { errorReply, json, stubFetch } from '../../testing/fetchStub';
import { LoginScreen } from './LoginScreen';

async function fillAndPressEnter(email: string, password: string) {
  // The fields appear once the screen knows this console takes passwords (GET /api/1/auth/methods).
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
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

  it('has labelled fields and a Login button (a console that cannot say how it signs in takes passwords)', async () => {
    stubFetch({});
    render(<LoginScreen />);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('logs in on Enter, stores the token and reloads the page', async () => {
    const { calls } = stubFetch({
      'POST /api/1/authenticate': () =>
        json(200, { token: 'tok-1', success: true, user: { id: 1, email: 'demo@example.com', name: 'Demo' }, expires_at: '2030-01-01T00:00:00Z' }),
    });
    render(<LoginScreen />);
    await fillAndPressEnter('demo@example.com', 'demo');
    // The API client loads with the first call (the login page ships without it): allow for that.
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 5_000 });
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ email: 'demo@example.com', password: 'demo' });
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('goes from the /login address to the page named by ?next= (or home) instead of reloading Not Found', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    stubFetch({ 'POST /api/1/authenticate': () => json(200, { token: 'tok-1', success: true }) });
    window.history.replaceState(null, '', '/login?next=/league/9/matches');
    render(<LoginScreen />);
    await fillAndPressEnter('demo@example.com', 'demo');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/league/9/matches'));
    expect(reload).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  it("stays on login after a failure, unauthenticated, showing the server's message", async () => {
    stubFetch({ 'POST /api/1/authenticate': () => errorReply(401, 'Invalid email or password', 'Unauthorized') });
    render(<LoginScreen />);
    await fillAndPressEnter('demo@example.com', 'wrong');
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
    await fillAndPressEnter('demo@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed login attempts. Try again in 15 minutes.');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(sessionStore.authenticated).toBe(false);
    // The form is usable again (not stuck pending).
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(false));
  });
});

describe('login screen with an identity provider', () => {
  const methods = (password: boolean) => ({ 'GET /api/1/auth/methods': () => json(200, { password, sso: { name: 'Corp SSO' } }) });
  let assign: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    localStorage.clear();
    sessionStore.authenticated = false;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('offers "Sign in with <name>" first, which starts the sign-in with the page to come back to, and the password form after it', async () => {
    stubFetch(methods(true));
    window.history.replaceState(null, '', '/login?next=/league/9/matches');
    render(<LoginScreen />);
    const link = await screen.findByRole('link', { name: 'Sign in with Corp SSO' });
    expect(link.getAttribute('href')).toBe('/api/1/auth/oidc/start?next=%2Fleague%2F9%2Fmatches');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });

  it('shows only the identity provider when password sign-in is off', async () => {
    stubFetch(methods(false));
    render(<LoginScreen />);
    expect(await screen.findByRole('link', { name: 'Sign in with Corp SSO' })).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it("trades the callback's one-time ticket for a session, wipes it from the address and goes on to ?next=", async () => {
    const { calls } = stubFetch({
      ...methods(false),
      'POST /api/1/auth/oidc/complete': () =>
        json(200, { token: 'tok-sso', success: true, user: { id: 3, email: 'ana@corp.example', name: 'Ana' }, expires_at: '2030-01-01T00:00:00Z' }),
    });
    window.history.replaceState(null, '', '/login?next=/league/9/matches#sso=ticket-0123456789abcdefghij');
    render(<LoginScreen />);
    expect(window.location.hash).toBe('');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/league/9/matches'));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ ticket: 'ticket-0123456789abcdefghij' });
    expect(localStorage.getItem('token')).toBe('tok-sso');
  });

  it('closes a sign-in window the sign-in dialog opened once the session is stored, or goes on to the page where it cannot', async () => {
    for (const closes of [true, false]) {
      const closeWindow = vi.spyOn(browser, 'closeWindow').mockReturnValue(closes);
      stubFetch({
        ...methods(false),
        'POST /api/1/auth/oidc/complete': () =>
          json(200, { token: 'tok-sso', success: true, user: { id: 3, email: 'ana@corp.example', name: 'Ana' }, expires_at: '2030-01-01T00:00:00Z' }),
      });
      window.history.replaceState(null, '', '/login?next=%2Fleagues&window=1#sso=ticket-0123456789abcdefghij');
      render(<LoginScreen />);
      await vi.waitFor(() => expect(closeWindow).toHaveBeenCalledOnce());
      expect(localStorage.getItem('token')).toBe('tok-sso');
      if (closes) expect(assign).not.toHaveBeenCalled();
      else await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/leagues'));
      cleanup();
      vi.restoreAllMocks();
      assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    }
  });

  it("shows a refused sign-in in the operator's words, never text from the address", async () => {
    stubFetch(methods(true));
    window.history.replaceState(null, '', '/login#sso_error=not_invited');
    render(<LoginScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Your account has not been invited to this console. Ask an admin to invite you.');
    expect(window.location.hash).toBe('');
    expect(assign).not.toHaveBeenCalled();
  });
});
