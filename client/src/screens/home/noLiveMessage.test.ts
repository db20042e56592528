import { describe, expect, it } from 'vitest';
import { noLiveMessage } from './HomeScreen';

describe("Home's empty live list", () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  it('names the next kick-off when it is within the hour', () => {
    const start = new Date(now + 2 * 60_000).toISOString();
    expect(noLiveMessage({ name: 'Argentina - France', start }, now)).toMatch(
      /^No live matches right now\. Starting soon: Argentina - France at \d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
  });
  it('says only that nothing is live when nothing starts soon', () => {
    expect(noLiveMessage(undefined, now)).toBe('No live matches right now');
    expect(noLiveMessage({ name: 'Later', start: new Date(now + 2 * 3_600_000).toISOString() }, now)).toBe('No live matches right now');
  });
});
