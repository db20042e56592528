import { describe, expect, it } from 'vitest';
import { placeTicks, TICK_GAP, tickStep } from './minuteTicks';

// A 100-minute axis `width` px wide, minute m at m / 100 of it; labels 8 px a character.
const axis = (width: number) => (minute: number) => (minute <= 100 ? (minute / 100) * width : null);
const widthOf = (text: string) => text.length * 8;

describe('x ticks of the odds chart', () => {
  it('labels every 15 minutes on a wide chart: 0′ 15′ 30′ … 90′, evenly spaced', () => {
    const step = tickStep(900 / 100, 32);
    expect(step).toBe(15);
    const ticks = placeTicks(100, step, axis(900), 900, widthOf);
    expect(ticks.map((t) => t.text)).toEqual(['0′', '15′', '30′', '45′', '60′', '75′', '90′']);
    const centres = ticks.slice(1).map((t) => t.x + widthOf(t.text) / 2);
    const gaps = centres.slice(1).map((c, i) => c - centres[i]!);
    for (const gap of gaps) expect(gap).toBeCloseTo(135, 5);
  });

  it('takes a larger regular step when 15 minutes would not fit the labels, never a mix', () => {
    expect(tickStep(1.5, 24)).toBe(30);
    expect(tickStep(0.6, 24)).toBe(90);
    const ticks = placeTicks(100, tickStep(1.5, 24), axis(150), 150, widthOf);
    expect(ticks.map((t) => t.minute)).toEqual([0, 30, 60, 90]);
  });

  it('keeps labels whole inside the axis and apart from each other', () => {
    const width = 300;
    const ticks = placeTicks(100, tickStep(width / 100, 32), axis(width), width, widthOf);
    expect(ticks[0]!.x).toBe(0);
    for (const tick of ticks) expect(tick.x + widthOf(tick.text)).toBeLessThanOrEqual(width);
    for (let i = 1; i < ticks.length; i += 1) expect(ticks[i]!.x - (ticks[i - 1]!.x + widthOf(ticks[i - 1]!.text))).toBeGreaterThanOrEqual(TICK_GAP - 8);
  });

  it('runs on into stoppage time when the axis does', () => {
    const axis120 = (minute: number) => (minute <= 120 ? minute * 8 : null);
    expect(placeTicks(120, 15, axis120, 960, widthOf).map((t) => t.minute)).toEqual([0, 15, 30, 45, 60, 75, 90, 105, 120]);
  });
});
