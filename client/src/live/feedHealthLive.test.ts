import { describe, expect, it } from 'vitest';
import { formatSilence, stallText } from './feedHealthLive';

describe('stall text', () => {
  it('says how long the feed has been quiet and when it last spoke', () => {
    expect([formatSilence(45_000), formatSilence(130_000), formatSilence(3_900_000)]).toEqual(['45 s', '2 min 10 s', '1 h 5 min']);
    const last = new Date(2026, 0, 1, 21, 4, 33);
    const row = {
      match_id: 1,
      name: 'A - B',
      feed: 'uof' as const,
      event: 'sr:match:1',
      last_message_at: last.toISOString(),
      stalled: true,
      stalled_since: null,
      producer: 'up' as const,
    };
    expect(stallText(row, last.getTime() + 130_000)).toBe('No odds from the feed for 2 min 10 s — last message 21:04:33');
    expect(stallText({ ...row, producer: 'down' }, last.getTime() + 5_000)).toBe('No odds from the feed for 5 s — last message 21:04:33 (UOF producer down)');
  });
});
