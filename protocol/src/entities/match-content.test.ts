import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { MatchContentInput } from './match-content';

const draft = {
  market_id: 3,
  channel_id: 1,
  language: 'en',
  node_id: 'H1-A0',
  content: { title: [{ content: 'Goal!' }], content: [], cta: [], image: [] },
};

describe('MatchContentInput', () => {
  it('accepts untimed content without contact or timing', () => {
    expect(Value.Check(MatchContentInput, draft)).toBe(true);
    expect(Value.Check(MatchContentInput, { ...draft, timed: false })).toBe(true);
  });
  it('needs a timing in minutes and a contact for timed content (SPEC §5)', () => {
    expect(Value.Check(MatchContentInput, { ...draft, timed: true })).toBe(false);
    expect(Value.Check(MatchContentInput, { ...draft, timed: true, contact_id: 4 })).toBe(false);
    expect(Value.Check(MatchContentInput, { ...draft, timed: true, contact_id: 4, meta: { before: 30 } })).toBe(true);
  });
  it('rejects a score node that is not PRE, INPLAY or Hx-Ay', () => {
    expect(Value.Check(MatchContentInput, { ...draft, node_id: '1-0' })).toBe(false);
  });
});
