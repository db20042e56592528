import { describe, expect, it } from 'vitest';
import { wallLayout } from './wallLayout';

describe('wall layout', () => {
  it('fills the screen: one panel alone, then side by side, then rows sharing the height', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 9, 12].map((n) => {
        const { columns, rows } = wallLayout(n);
        return `${columns}x${rows}`;
      }),
    ).toEqual(['1x1', '2x1', '3x1', '2x2', '3x2', '3x2', '4x2', '4x3', '4x3']);
  });

  it('has a cell for every panel and no empty row', () => {
    for (let n = 1; n <= 12; n += 1) {
      const { columns, rows } = wallLayout(n);
      expect(columns * rows).toBeGreaterThanOrEqual(n);
      expect(columns * (rows - 1)).toBeLessThan(n);
    }
  });

  it('lists fewer offers under short panels, so the chart keeps its room', () => {
    expect(wallLayout(3).offers).toBe(5);
    expect(wallLayout(6).offers).toBe(3);
    expect(wallLayout(12).offers).toBe(2);
  });
});
