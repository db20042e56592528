import { describe, expect, it } from 'vitest';
import { downTriangle, GoalTriangles, layoutTriangles, scoreLabel, TOP_GAP } from './goalTriangles';

describe('goal triangles', () => {
  it('points down: base along the top, tip below at the goal x', () => {
    const [left, right, tip] = downTriangle(100, TOP_GAP, 12);
    expect(left).toEqual({ x: 94, y: TOP_GAP });
    expect(right).toEqual({ x: 106, y: TOP_GAP });
    expect(tip).toEqual({ x: 100, y: TOP_GAP + 10 });
    expect(tip.y).toBeGreaterThan(left.y);
  });

  it('puts one triangle per goal on the time scale at its x, at the top of the pane', () => {
    const placed = layoutTriangles(
      [
        { x: 230, score: 'H1-A0' },
        { x: null, score: 'H1-A1' },
        { x: 640.5, score: 'H2-A1' },
      ],
      800,
      12,
    );
    expect(placed.map((t) => [t.tip.x, t.label])).toEqual([
      [230, '1-0'],
      [640.5, '2-1'],
    ]);
    for (const t of placed) expect(Math.min(...t.points.map((p) => p.y))).toBe(TOP_GAP);
  });

  it('keeps a triangle at an edge whole inside the pane, and leaves out goals far off it', () => {
    const placed = layoutTriangles(
      [
        { x: 0, score: 'H1-A0' },
        { x: 800, score: 'H2-A0' },
        { x: -50, score: 'H3-A0' },
        { x: 900, score: 'H4-A0' },
      ],
      800,
      12,
    );
    expect(placed).toHaveLength(2);
    for (const t of placed) {
      for (const p of t.points) {
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(800);
        expect(p.y).toBeGreaterThanOrEqual(0);
      }
    }
    expect(layoutTriangles([{ x: 5, score: 'H1-A0' }], 10, 12)).toEqual([]);
  });

  it('writes scores as people do', () => {
    expect(scoreLabel('H2-A1')).toBe('2-1');
    expect(scoreLabel('INPLAY')).toBe('INPLAY');
  });

  it('maps a goal to x through the time scale, minute m at time m × 60', () => {
    const asked: number[] = [];
    const timeToCoordinate = (time: number) => {
      asked.push(time);
      // Only whole minutes are on this scale: 10 px a minute.
      return time % 60 === 0 ? (time / 60) * 10 : null;
    };
    const triangles = new GoalTriangles({ size: 12, color: 'red', font: '11px sans-serif' });
    let updates = 0;
    triangles.attached({ chart: { timeScale: () => ({ timeToCoordinate }) }, requestUpdate: () => (updates += 1) } as never);
    triangles.setGoals([
      { time: 23 * 60, score: 'H1-A0' },
      { time: 67 * 60 + 20, score: 'H1-A1' },
    ]);
    expect(triangles.placed).toEqual([
      { x: 230, score: 'H1-A0' },
      { x: 670, score: 'H1-A1' },
    ]);
    expect(asked).toContain(67 * 60);
    expect(updates).toBe(1);
    expect(triangles.paneViews()).toHaveLength(1);
  });
});
