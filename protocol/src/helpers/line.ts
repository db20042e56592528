import { fromThousandths } from './odds';

/** Lines an operator can choose (SPEC §5/§9): -18 to 18 in steps of 0.5, in thousandths. */
export const LINE_MIN = -18_000;
export const LINE_MAX = 18_000;
export const LINE_STEP = 500;

export interface LineChoice {
  value: number;
  label: string;
}

/** A line as shown: '-17.5', '0', '2.5' (no '+': the same lines serve totals and handicaps). */
export const formatLine = (thousandths: number): string => String(fromThousandths(thousandths));

/** The 73 line options, lowest first. */
export const LINE_OPTIONS: readonly LineChoice[] = Array.from({ length: (LINE_MAX - LINE_MIN) / LINE_STEP + 1 }, (_, i) => {
  const value = LINE_MIN + i * LINE_STEP;
  return { value, label: formatLine(value) };
});

export const isLineOption = (thousandths: number): boolean =>
  Number.isInteger(thousandths) && thousandths >= LINE_MIN && thousandths <= LINE_MAX && thousandths % LINE_STEP === 0;
