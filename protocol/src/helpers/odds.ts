/**
 * Odds and lines travel as integer thousandths below the UI (ARCHITECTURE: 2.150 is 2150), so
 * equal odds compare equal and sums do not drift. These convert at the UI's edge.
 */

function assertFinite(value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
}

/**
 * Decimal to thousandths: 2.15 → 2150, -2.5 → -2500. Rounds half away from zero to the nearest
 * thousandth, after dropping binary noise (1.0005 × 1000 is 1000.4999… in floating point, yet
 * 1.0005 is meant, so it gives 1001).
 */
export function toThousandths(decimal: number): number {
  assertFinite(decimal);
  const scaled = Number((Math.abs(decimal) * 1000).toPrecision(12));
  const rounded = Math.sign(decimal) * Math.round(scaled);
  return rounded === 0 ? 0 : rounded; // never -0
}

/** Thousandths to decimal: 2150 → 2.15. Only whole thousandths exist. */
export function fromThousandths(thousandths: number): number {
  if (!Number.isInteger(thousandths)) throw new RangeError(`Not a whole number of thousandths: ${thousandths}`);
  return thousandths / 1000;
}

/** Odds as the console shows them: two decimals, three where the third is not 0 (2150 → '2.15', 2155 → '2.155'). */
export function formatOdds(thousandths: number): string {
  const decimal = fromThousandths(thousandths);
  return decimal.toFixed(thousandths % 10 === 0 ? 2 : 3);
}
