import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorizedFetch } from './authorizedFetch';
import { followOtherTabs } from './otherTabs';
import { expiryStore, sessionResumed } from './sessionExpiry';
import { readToken, TOKEN_KEY } from './token';

const storageEvent = (newValue: string | null) => window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue }));

describe('the session across tabs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionResumed();
  });

  it('a logout in another tab opens the sign-in dialog here; a sign-in there closes it', () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    expect(readToken()).toBe('abc');
    const stop = followOtherTabs();
    localStorage.removeItem(TOKEN_KEY);
    storageEvent(null);
    expect(expiryStore.expired).toBe(true);
    localStorage.setItem(TOKEN_KEY, 'def');
    storageEvent('def');
    expect(expiryStore.expired).toBe(false);
    stop();
  });

  it('a call after the token went away waits for the sign-in instead of going out without a token', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    expect(readToken()).toBe('abc');
    localStorage.removeItem(TOKEN_KEY);
    const fetch = vi.fn(
      async (_url: string, init: RequestInit) => new Response(JSON.stringify((init.headers as Record<string, string>).Authorization ?? null), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const reply = authorizedFetch('/api/1/thresholds', { method: 'POST', headers: {} });
    await vi.waitFor(() => expect(expiryStore.expired).toBe(true));
    expect(fetch).not.toHaveBeenCalled();
    localStorage.setItem(TOKEN_KEY, 'new');
    sessionResumed();
    expect(await (await reply).json()).toBe('Token new');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
