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
});
