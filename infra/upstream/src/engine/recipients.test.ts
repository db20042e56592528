import { describe, expect, it } from 'vitest';
import type { TrackerSpec } from '@odds/protocol';
import { impliedPercent, recipientsFor } from './recipients';
import { contact, matchState, subscribed } from './test-fixtures';

const tracker = (language: string, spec: Partial<TrackerSpec> = {}) => ({
  language,
  spec: { limiter: { min_score: 0 }, thresholds_type: 'VALUE' as const, match_state: [], ...spec } as TrackerSpec,
});

describe('recipients of a firing', () => {
  const fan = contact(1, { languages: ['da', 'en'] });
  const tracking = contact(2, { languages: ['en'] });
  const { statics } = matchState({
    audience: [
      subscribed(fan),
      {
        contact: tracking,
        subscribed: false,
        trackers: [tracker('sv', { limiter: { min_score: 30 }, thresholds_type: ['VALUE', 'RANGE'], match_state: ['I'] })],
      },
    ],
  });
  const names = (view: Parameters<typeof recipientsFor>[1]) => recipientsFor(statics, view).map((r) => `${r.contact.id}:${r.languages.join('+')}`);

  it("sends to subscribers in their languages and to trackers in the tracker's language", () => {
    // Odds 2.50 → 40 % ≥ min_score 30; VALUE is tracked; in play.
    expect(names({ set: { contactId: null, type: 'VALUE' }, firedOdds: [2500], prematch: false })).toEqual(['1:da+en', '2:sv']);
  });

  it('leaves out a tracker whose type, match state or min_score does not match', () => {
    expect(names({ set: { contactId: null, type: 'RELATIVE' }, firedOdds: [2500], prematch: false })).toEqual(['1:da+en']);
    expect(names({ set: { contactId: null, type: 'VALUE' }, firedOdds: [2500], prematch: true })).toEqual(['1:da+en']);
    // 4.00 → 25 % < 30.
    expect(names({ set: { contactId: null, type: 'VALUE' }, firedOdds: [4000], prematch: false })).toEqual(['1:da+en']);
  });

  it('sends a set that names a contact to that contact only', () => {
    expect(names({ set: { contactId: 2, type: 'RELATIVE' }, firedOdds: [9000], prematch: true })).toEqual(['2:en']);
    expect(names({ set: { contactId: 99, type: 'VALUE' }, firedOdds: [2500], prematch: false })).toEqual([]);
  });

  it('reads min_score against the whole-number implied probability', () => {
    expect([impliedPercent(2500), impliedPercent(3330), impliedPercent(1010)]).toEqual([40, 30, 99]);
  });
});
