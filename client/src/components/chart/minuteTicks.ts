/** Steps (minutes) between x labels, the smallest that leaves room for its labels wins. */
const TICK_STEPS = [15, 30, 45, 90] as const;

/** Space kept between two x labels. */
export const TICK_GAP = 12;

/** A label on the time axis: its minute, the text and where its left edge goes. */
export interface PlacedTick {
  minute: number;
  text: string;
  x: number;
}

/** The x label of a minute, as the charts write it: 45′. */
export const tickText = (minute: number) => `${minute}′`;

/**
 * The smallest regular step whose labels (each `labelWidth` wide) do not touch at `pxPerMinute`:
 * 0′ 15′ 30′ 45′ … on a wide chart, 0′ 30′ 60′ 90′ on a narrow one, never a mix.
 */
export function tickStep(pxPerMinute: number, labelWidth: number): number {
  return TICK_STEPS.find((step) => step * pxPerMinute >= labelWidth + TICK_GAP) ?? TICK_STEPS[TICK_STEPS.length - 1];
}

/**
 * Regular x labels from 0′ every `step` minutes up to `lastMinute`, each centred on its minute's x
 * (from `xOf`, null when that minute is not on the axis) and kept whole inside `width`.
 */
export function placeTicks(
  lastMinute: number,
  step: number,
  xOf: (minute: number) => number | null,
  width: number,
  widthOf: (text: string) => number,
): PlacedTick[] {
  const ticks: PlacedTick[] = [];
  for (let minute = 0; minute <= lastMinute; minute += step) {
    const at = xOf(minute);
    if (at === null || !Number.isFinite(at) || at < 0 || at > width) continue;
    const text = tickText(minute);
    const w = widthOf(text);
    ticks.push({ minute, text, x: Math.min(Math.max(at - w / 2, 0), width - w) });
  }
  return ticks;
}
