import { describe, expect, it } from 'vitest';
import { keepLinkTarget, linkTargetOptions, marketLinkTargets, takesLinkTarget } from './linkTargets';

const matchResult = {
  id: 1,
  meta: { thresholds: { home: 2500, draw: 3400, away: 3000, home_min: 1200, home_max: 8000 } },
  type: { id: 1, outcomes: ['home', 'draw', 'away'] },
};
const overUnder = { id: 3, meta: { thresholds: { over: 1900, under: 1950, over_max: 3500 } }, type: { id: 2, outcomes: ['over', 'under'] } };
const noSettings = { id: 5, meta: {}, type: { id: 10, outcomes: ['yes', 'no'] } };
const markets = [matchResult, overUnder, noSettings];
const marketTypes = [
  { id: 1, outcomes: ['home', 'draw', 'away'] },
  { id: 10, outcomes: ['yes', 'no'] },
];

describe('link target rule', () => {
  it('applies to cta and content only', () => {
    expect(['title', 'content', 'cta', 'image'].map((t) => takesLinkTarget(t as never))).toEqual([false, true, true, false]);
    expect(linkTargetOptions({ contentType: 'title', marketIds: [1], markets })).toBeNull();
    expect(linkTargetOptions({ contentType: 'image', marketIds: [], markets })).toBeNull();
  });

  it('offers the threshold keys of the first selected market, without the _min/_max bounds', () => {
    expect(linkTargetOptions({ contentType: 'cta', marketIds: [1, 3], markets })).toEqual(['home', 'draw', 'away']);
    expect(linkTargetOptions({ contentType: 'content', marketIds: [3, 1], markets })).toEqual(['over', 'under']);
  });

  it("lists the keys in the market type's outcome order, whatever order the settings keep", () => {
    const stored = { ...matchResult, meta: { thresholds: { away: 3000, draw: 3400, home: 2500, extra: 1 } } };
    expect(marketLinkTargets(stored)).toEqual(['home', 'draw', 'away', 'extra']);
  });

  it("falls back to the market type's outcomes when the market has no thresholds", () => {
    expect(marketLinkTargets(noSettings)).toEqual(['yes', 'no']);
    expect(linkTargetOptions({ contentType: 'cta', marketIds: [5], markets })).toEqual(['yes', 'no']);
  });

  it('offers the outcomes of the selected market types when no market is selected', () => {
    expect(linkTargetOptions({ contentType: 'cta', marketIds: [], marketTypeIds: [10, 1], markets, marketTypes })).toEqual([
      'home',
      'draw',
      'away',
      'yes',
      'no',
    ]);
  });

  it('offers every key of the provider markets when nothing narrows it', () => {
    expect(linkTargetOptions({ contentType: 'content', marketIds: [], markets })).toEqual(['home', 'draw', 'away', 'over', 'under', 'yes', 'no']);
  });

  it('drops a chosen link target the new choices no longer hold', () => {
    expect(keepLinkTarget('home', ['home', 'away'])).toBe('home');
    expect(keepLinkTarget('home', ['over', 'under'])).toBeNull();
    expect(keepLinkTarget('home', null)).toBeNull();
    expect(keepLinkTarget(null, ['home'])).toBeNull();
  });
});
