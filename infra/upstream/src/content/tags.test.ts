import { describe, expect, it } from 'vitest';
import { decimalOdds, fillTags } from './tags';

describe('fillTags', () => {
  it('fills home, away and odds tags, whitespace and case aside', () => {
    const result = fillTags('{{home.name}} v {{ AWAY.short_name }} at {{odds.home}}', {
      home: { name: 'Argentina' },
      away: { short_name: 'FRA' },
      odds: { home: decimalOdds(2150) },
    });
    expect(result).toEqual({ text: 'Argentina v FRA at 2.15', missing: [] });
  });

  it('leaves tags it cannot fill and reports them', () => {
    expect(fillTags('{{home.name}} {{home.nickname}}', { home: { name: 'Peru', nickname: '' } })).toEqual({
      text: 'Peru {{home.nickname}}',
      missing: ['home.nickname'],
    });
  });

  it('keeps zero values', () => {
    expect(fillTags('{{home.score}}-{{away.score}}', { home: { score: 0 }, away: { score: 2 } }).text).toBe('0-2');
  });
});
