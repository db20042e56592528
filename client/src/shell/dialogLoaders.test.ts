import { describe, expect, it, vi } from 'vitest';
import { dialogLoaders, preloadDialogs } from './dialogLoaders';

describe('preloadDialogs', () => {
  it('fetches every dialog once the page is idle, not before, and a failed fetch breaks nothing', async () => {
    let idle: (() => void) | undefined;
    const loaders = { a: vi.fn(() => Promise.resolve()), b: vi.fn(() => Promise.reject(new Error('offline'))) };
    preloadDialogs(loaders, (run) => (idle = run));
    expect(loaders.a).not.toHaveBeenCalled();
    idle!();
    expect(loaders.a).toHaveBeenCalledTimes(1);
    expect(loaders.b).toHaveBeenCalledTimes(1);
    await Promise.resolve();
  });

  it('the shell preloads the basket, change-password, sign-in and sessions dialogs', async () => {
    expect(Object.keys(dialogLoaders).sort()).toEqual(['basket', 'changePassword', 'sessions', 'signIn']);
    const { default: Basket } = await dialogLoaders.basket();
    expect(typeof Basket).toBe('function');
  });
});
