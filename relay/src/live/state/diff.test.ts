import { describe, expect, it } from 'vitest';
import { RecordIndex } from './diff';

const offer = (id: number, odds: number) => ({ id, odds });

describe('RecordIndex', () => {
  it('finds added, changed and (for complete fetches) removed records; unchanged cost nothing', () => {
    const index = new RecordIndex();
    const first = index.diff([offer(1, 2100), offer(2, 3300)], true);
    expect(first.upserts.map((r) => r.id)).toEqual([1, 2]);
    index.apply(first);
    expect(index.diff([offer(1, 2100), offer(2, 3300)], true)).toMatchObject({ upserts: [], removes: [] });
    const next = index.diff([offer(2, 3400), offer(3, 1500)], true);
    expect(next.upserts).toEqual([offer(2, 3400), offer(3, 1500)]);
    expect(next.removes).toEqual([1]);
  });

  it('never removes on a partial fetch', () => {
    const index = new RecordIndex();
    index.apply(index.diff([offer(1, 2100)], false));
    expect(index.diff([offer(2, 1900)], false)).toMatchObject({ upserts: [offer(2, 1900)], removes: [] });
  });

  it('does not change until applied, so a failed commit is found again', () => {
    const index = new RecordIndex();
    index.diff([offer(1, 2100)], true);
    expect(index.diff([offer(1, 2100)], true).upserts).toHaveLength(1);
  });

  it('loads a stored state without producing a change', () => {
    const index = new RecordIndex();
    index.load([offer(1, 2100)]);
    expect(index.diff([offer(1, 2100)], true).upserts).toEqual([]);
  });
});
