import { describe, expect, it } from 'vitest';
import { buildPath, buildQuery } from './define';

describe('buildPath', () => {
  it('fills every parameter', () => {
    expect(buildPath({ path: '/api/1/:p/:s/leagues' }, { p: 1, s: 2 })).toBe('/api/1/1/2/leagues');
  });
  it('refuses a missing parameter', () => {
    expect(() => buildPath({ path: '/api/1/match/:matchId' })).toThrow(/matchId/);
  });
});

describe('buildQuery', () => {
  it('leaves out empty values', () => {
    expect(buildQuery({ start: 0, q: '', date: undefined, order_by: '-start' })).toBe('?start=0&order_by=-start');
  });
  it('repeats the key of an array', () => {
    expect(buildQuery({ event_ids: [3, 4], q: 'x' })).toBe('?event_ids=3&event_ids=4&q=x');
  });
  it('is empty for no values', () => {
    expect(buildQuery({})).toBe('');
  });
});
