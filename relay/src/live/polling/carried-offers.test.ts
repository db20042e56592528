import { describe, expect, it } from 'vitest';
import { CarriedOffers } from './carried-offers';
import type { SinceRecord } from './cross-match';

const offer = (id: number) => ({ id, match_id: 7 }) as SinceRecord;

describe('offers carried by notices', () => {
  it('answers a read after what a batch starts from, or from within it, with the rest of the batch', () => {
    const carried = new CarriedOffers();
    carried.add(10, [offer(12), offer(15), offer(14)]);
    expect(carried.after(10)?.map((o) => o.id)).toEqual([12, 15, 14]);
    expect(carried.after(12)?.map((o) => o.id)).toEqual([15, 14]);
    expect(carried.after(14)?.map((o) => o.id)).toEqual([15]);
  });

  it('leaves to a read what no batch holds whole: a gap before a batch, or nothing after the last', () => {
    const carried = new CarriedOffers();
    carried.add(10, [offer(12)]);
    expect(carried.after(9)).toBeNull();
    expect(carried.after(12)).toBeNull();
    carried.add(20, [offer(21)]);
    expect(carried.after(12)).toBeNull();
    expect(carried.after(20)?.map((o) => o.id)).toEqual([21]);
    carried.add(21, []);
    expect(carried.after(21)).toBeNull();
  });

  it('keeps the last few batches, and none after the feed is cleared', () => {
    const carried = new CarriedOffers();
    for (let i = 0; i < 6; i += 1) carried.add(i * 10, [offer(i * 10 + 5)]);
    expect(carried.after(0)).toBeNull();
    expect(carried.after(50)?.map((o) => o.id)).toEqual([55]);
    carried.clear();
    expect(carried.after(50)).toBeNull();
  });
});
