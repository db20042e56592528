import { describe, expect, it } from 'vitest';
import { displayInput, EMPTY_DRAFT } from './displayForm';

describe('display form', () => {
  it('reads match ids as typed, without repeats', () => {
    expect(displayInput({ ...EMPTY_DRAFT, name: ' Floor ', matches: '12, 15 18,12' })).toEqual({
      input: { name: 'Floor', match_ids: [12, 15, 18], league_id: null, market_id: null, theme: 'dark' },
    });
  });

  it('follows a league without listed matches', () => {
    expect(displayInput({ ...EMPTY_DRAFT, name: 'Cup', leagueId: 3, theme: 'light' })).toEqual({
      input: { name: 'Cup', match_ids: [], league_id: 3, market_id: null, theme: 'light' },
    });
  });

  it('says what is wrong in the operator words', () => {
    expect(displayInput(EMPTY_DRAFT)).toEqual({ error: 'Give the display a name, such as "Trading floor".' });
    expect(displayInput({ ...EMPTY_DRAFT, name: 'x', matches: '12, abc' })).toEqual({
      error: 'Matches are match ids separated by commas, such as 12, 15, 18.',
    });
    expect(displayInput({ ...EMPTY_DRAFT, name: 'x', matches: '1e3' })).toHaveProperty('error');
    expect(displayInput({ ...EMPTY_DRAFT, name: 'x', matches: '0' })).toHaveProperty('error');
    expect(displayInput({ ...EMPTY_DRAFT, name: 'x' })).toEqual({ error: 'Choose the matches this display shows, or a league to follow.' });
    expect(displayInput({ ...EMPTY_DRAFT, name: 'x', matches: Array.from({ length: 13 }, (_, i) => i + 1).join(',') })).toEqual({
      error: 'A display shows at most 12 matches.',
    });
  });
});
