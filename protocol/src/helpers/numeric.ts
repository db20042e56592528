/**
 * Numbers typed into threshold and market settings fields (SPEC §5): text with a dot is a decimal,
 * anything else an integer. Garbage (letters, commas, exponents, several dots) gives null rather
 * than NaN, so a form can tell "empty or invalid" from zero.
 */
const DECIMAL = /^[+-]?(\d+\.\d*|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;

export function parseNumericInput(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed.includes('.')) {
    if (!DECIMAL.test(trimmed)) return null;
    const value = Number.parseFloat(trimmed);
    return Number.isFinite(value) ? value : null;
  }
  if (!INTEGER.test(trimmed)) return null;
  const value = Number.parseInt(trimmed, 10);
  return Number.isSafeInteger(value) ? value : null;
}
