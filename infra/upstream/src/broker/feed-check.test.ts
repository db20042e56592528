import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { FeedMessage } from '@odds/protocol';
import { checkFeedMessage } from './feed-check';

const offer = {
  type: 'offer',
  source_id: 's-1',
  sent_at: '2031-07-01T18:00:00.000Z',
  market: { type_id: 1, line: null },
  outcomes: [
    { label: '1', line: null, odds: 2400 },
    { label: 'X', line: 500, odds: 3300 },
  ],
  match_time: 60,
  prematch: false,
  score: 'H0-A0',
};
const event = {
  type: 'event',
  source_id: 'goal-1',
  sent_at: '2031-07-01T18:05:00.000Z',
  kind: 'goal',
  side: 'home',
  score: 'H1-A0',
  match_time: 300,
  period: 1,
};

describe('checkFeedMessage', () => {
  it('keeps what the schema declares and drops the rest, as TypeBox Value.Clean does', () => {
    const samples = [
      offer,
      { ...offer, market: { type_id: 1, line: 2500, extra: 'x' }, outcomes: [{ label: '1', line: null, odds: 2400, junk: true }], vendor: { a: 1 } },
      { ...offer, market_id: 7, market: undefined, sub_node: null, leaf_node: 'H1-A0', period: null, suspended: true },
      event,
      { ...event, player: 'Kane', reason: 'VAR', note: 'dropped', market: { type_id: 1, line: null, x: 1 } },
      { type: 'event', source_id: 'ko', kind: 'period_start', match_time: 0, period: 1 },
    ].map((m) => JSON.parse(JSON.stringify(m)));
    for (const sample of samples) {
      const checked = checkFeedMessage(structuredClone(sample));
      expect(checked.ok, JSON.stringify(sample)).toBe(true);
      expect(Value.Check(FeedMessage, sample)).toBe(true);
      expect(checked.ok && checked.message).toEqual(Value.Clean(FeedMessage, structuredClone(sample)));
    }
  });

  it('refuses what the ingest route refuses, saying where', () => {
    const refusals: [unknown, RegExp][] = [
      [{ ...offer, outcomes: [] }, /^not a feed message: \/outcomes/],
      [{ ...offer, source_id: '' }, /^not a feed message: \/source_id/],
      [{ ...event, kind: 'corner' }, /^not a feed message: /],
      [{ ...offer, type: 'quote' }, /^not a feed message: /],
      [{ ...offer, sent_at: 'yesterday' }, /^not a feed message: /],
      // Postgres cannot store U+0000 in text: refused here, not a database error that requeues forever.
      [{ ...offer, source_id: 'a\u0000b' }, /NUL character/],
      [[offer], /^not a feed message: /],
      ['offer', /^not a feed message: /],
    ];
    for (const [value, reason] of refusals) {
      const checked = checkFeedMessage(value);
      expect(checked.ok, JSON.stringify(value)).toBe(false);
      expect(!checked.ok && checked.reason).toMatch(reason);
    }
  });
});
