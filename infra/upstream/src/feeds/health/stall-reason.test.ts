import { describe, expect, it } from 'vitest';
import { stallReason } from './read';

const settings = { stallAfterS: 60 };
const now = Date.parse('2026-11-27T01:00:00Z');
const quietFor = (s: number) => new Date(now - s * 1000).toISOString();

describe('stallReason', () => {
  it('stalls a match in play quiet for the stall time, not one that spoke since', () => {
    expect(stallReason({ event: null, last_at: quietFor(61) }, null, null, now, settings)).toBe('no feed message for 60 s or more');
    expect(stallReason({ event: null, last_at: quietFor(59) }, null, null, now, settings)).toBeNull();
  });

  it('does not stall a match at a break (the newest message a period end), however long the break', () => {
    expect(stallReason({ event: null, last_at: quietFor(900), in_break: true }, null, null, now, settings)).toBeNull();
  });

  it('still stalls a linked match at a break when its UOF producer is down', () => {
    expect(stallReason({ event: 'sr:match:1', last_at: quietFor(900), in_break: true }, 'down', 1, now, settings)).toBe('UOF producer 1 down');
  });
});
