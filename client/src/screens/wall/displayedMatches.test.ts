import { describe, expect, it } from 'vitest';
import { displayedMatches, KEEP_FINISHED_MS } from './DisplayWall';

describe('panels of a display', () => {
  const now = 1_000_000_000;
  it('shows the listed matches, then the followed league live ones, once each', () => {
    expect(displayedMatches([3, 1], [1, 7, 9], new Map(), now)).toEqual([3, 1, 7, 9]);
  });

  it('keeps a finished league match for a while, then retires it; a listed match stays', () => {
    const finished = new Map([
      [7, now - 60_000],
      [9, now - KEEP_FINISHED_MS - 1],
      [3, now - KEEP_FINISHED_MS - 1],
    ]);
    expect(displayedMatches([3], [7, 9, 11], finished, now)).toEqual([3, 7, 11]);
  });
});
