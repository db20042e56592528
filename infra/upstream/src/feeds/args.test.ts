import { describe, expect, it } from 'vitest';
import { readEnvironment } from '@odds/ops';
import { parseArgs, targetOf } from './args';

describe("a feed tool's upstream", () => {
  it('comes from the flags first, then from its settings, then the embedded default', () => {
    const settings = readEnvironment('feed-tools', { UPSTREAM_URL: 'http://api:8081', DEMO_EMAIL: 'ana@example.com', DEMO_PASSWORD: 'pw' });
    expect(targetOf(parseArgs(['--upstream', 'http://other:1', '--email', 'bo@example.com', '--token', 't']), settings)).toEqual({
      url: 'http://other:1',
      token: 't',
      email: 'bo@example.com',
      password: 'pw',
    });
    expect(targetOf(parseArgs([]), settings)).toEqual({ url: 'http://api:8081', token: undefined, email: 'ana@example.com', password: 'pw' });
    expect(targetOf(parseArgs([]), readEnvironment('feed-tools', { UPSTREAM_PORT: '9081' })).url).toBe('http://127.0.0.1:9081');
    expect(targetOf(parseArgs([]), readEnvironment('feed-tools', {})).url).toBe('http://127.0.0.1:8081');
  });
});
