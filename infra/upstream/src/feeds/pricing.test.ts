import { describe, expect, it } from 'vitest';
import { expectedGoals, poisson, probabilities, quote } from './pricing';

describe('pricing model', () => {
  it('has Poisson probabilities that sum to 1', () => {
    expect(poisson(1.4).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(poisson(0)[0]).toBe(1);
  });

  it('prices 1X2, over/under 2.5 and both teams to score as complementary fair probabilities', () => {
    const p = probabilities(0, 0, 1.3, 1.3);
    expect(p.home + p.draw + p.away).toBeCloseTo(1, 6);
    expect(p.over + p.under).toBeCloseTo(1, 6);
    expect(p.yes + p.no).toBeCloseTo(1, 6);
    expect(p.home).toBeCloseTo(p.away, 9);
    // By hand: the draw is the diagonal, e^-2.6 × Σ 1.69^k / (k!)^2 = 0.074274 × (1 + 1.69 + 0.7140
    // + 0.13408 + 0.01416 + 0.00096 + …) = 0.074274 × 3.5533 = 0.2639.
    expect(p.draw).toBeCloseTo(0.2639, 3);
  });

  it('settles what the score has decided, whatever time is left', () => {
    const p = probabilities(2, 1, 0, 0);
    expect([p.home, p.over, p.yes]).toEqual([1, 1, 1]);
  });

  it('quotes 1 / (p × 1.05) to two decimals, between 1.01 and 1000', () => {
    expect(quote(0.5)).toBe(1900); // 1 / 0.525 = 1.905 → 1.90
    expect(quote(0.25)).toBe(3810); // 1 / 0.2625 = 3.8095 → 3.81
    expect(quote(1)).toBe(1010);
    expect(quote(0)).toBe(1_000_000);
  });

  it('makes the stronger attack the favourite', () => {
    const xg = expectedGoals({ played: 3, scored: 9, conceded: 1 }, { played: 3, scored: 2, conceded: 6 }, 1.3);
    expect(xg.home).toBeGreaterThan(xg.away);
  });
});
