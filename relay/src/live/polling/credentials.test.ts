import { describe, expect, it } from 'vitest';
import { NoCredentials, WatcherTokens } from './credentials';

describe('WatcherTokens', () => {
  it('lends the watcher token valid longest, skipping expired and refused ones', async () => {
    const now = Date.now();
    const tokens = [
      { token: 'soon', expiresAt: now + 60_000 },
      { token: 'later', expiresAt: now + 3_600_000 },
      { token: 'gone', expiresAt: now - 1 },
    ];
    const credentials = new WatcherTokens(() => tokens);
    expect(await credentials.token(5)).toBe('later');
    credentials.rejected('later');
    expect(await credentials.token(5)).toBe('soon');
    credentials.rejected('soon');
    await expect(credentials.token(5)).rejects.toBeInstanceOf(NoCredentials);
  });

  it('never lends a wall display token for the operator tables, which displays may not read', async () => {
    const now = Date.now();
    const tokens = [
      { token: 'wall', expiresAt: now + 86_400_000, display: true },
      { token: 'ana', expiresAt: now + 3_600_000 },
    ];
    const credentials = new WatcherTokens(() => tokens);
    expect(await credentials.token(5)).toBe('wall');
    expect(await credentials.token(5, true)).toBe('ana');
    expect(credentials.readsOperatorTables(5)).toBe(true);
    tokens.pop();
    expect(credentials.readsOperatorTables(5)).toBe(false);
    await expect(credentials.token(5, true)).rejects.toBeInstanceOf(NoCredentials);
  });
});
