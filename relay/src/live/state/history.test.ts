import { describe, expect, it } from 'vitest';
import { DeltaHistory } from './history';

const delta = (seq: number, ids: number[] = [seq]) => ({ seq, upserts: ids.map((id) => ({ id })), removes: [] });

describe('DeltaHistory', () => {
  it('gives exactly the deltas after a seq, [] when current', () => {
    const history = new DeltaHistory();
    for (let seq = 101; seq <= 105; seq++) history.push(delta(seq));
    expect(history.since(102, 105)?.map((d) => d.seq)).toEqual([103, 104, 105]);
    expect(history.since(100, 105)?.map((d) => d.seq)).toEqual([101, 102, 103, 104, 105]);
    expect(history.since(105, 105)).toEqual([]);
  });

  it('answers null when the deltas are no longer held or the seq is not of this state', () => {
    const history = new DeltaHistory(3);
    for (let seq = 1; seq <= 6; seq++) history.push(delta(seq));
    expect(history.length).toBe(3);
    expect(history.since(3, 6)?.map((d) => d.seq)).toEqual([4, 5, 6]);
    expect(history.since(2, 6)).toBeNull();
    expect(history.since(9, 6)).toBeNull();
  });

  it('is bounded by the records it carries too', () => {
    const history = new DeltaHistory(100, 10);
    history.push(delta(1, [1, 2, 3, 4, 5, 6]));
    history.push(delta(2, [7, 8, 9, 10, 11]));
    expect(history.length).toBe(1);
    expect(history.since(0, 2)).toBeNull();
    expect(history.since(1, 2)).toHaveLength(1);
  });

  it('refuses a seq that does not follow', () => {
    const history = new DeltaHistory();
    history.push(delta(1));
    expect(() => history.push(delta(3))).toThrow(/cannot take seq 3/);
  });
});
