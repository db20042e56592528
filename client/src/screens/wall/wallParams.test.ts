import { describe, expect, it } from 'vitest';
import { readWallParams, scoreText } from './wallParams';

describe('wall address', () => {
  it('reads match ids and the market from the address', () => {
    expect(readWallParams(new URLSearchParams('matches=12,15,18&market=1'))).toEqual({ matchIds: [12, 15, 18], marketId: 1 });
  });

  it('ignores what is not an id, repeats, and a missing market', () => {
    expect(readWallParams(new URLSearchParams('matches=12,x,12,-3,'))).toEqual({ matchIds: [12], marketId: null });
  });

  it('shows a score node as a scoreline', () => {
    expect(scoreText('H2-A1')).toBe('2–1');
    expect(scoreText('PRE')).toBe('0–0');
  });
});
