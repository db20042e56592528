import { describe, expect, it } from 'vitest';
import { joinSort, readListParams, splitSort, toMatchesQuery, writeListParams } from './listParams';

describe('matches list params', () => {
  it('defaults to page 1 sorted by -start', () => {
    expect(readListParams(new URLSearchParams())).toEqual({ page: 1, sort: '-start', q: '', date: '' });
  });

  it('drops malformed values instead of sending them', () => {
    const params = readListParams(new URLSearchParams('page=-2&sort=drop table&date=2018-6-1&q=%20Brazil%20'));
    expect(params).toEqual({ page: 1, sort: '-start', q: 'Brazil', date: '' });
  });

  it('round-trips through the address, leaving defaults out', () => {
    const params = { page: 3, sort: 'home', q: 'Brazil', date: '2018-06-17' };
    expect(writeListParams(params).toString()).toBe('q=Brazil&date=2018-06-17&sort=home&page=3');
    expect(readListParams(writeListParams(params))).toEqual(params);
    expect(writeListParams({ page: 1, sort: '-start', q: '', date: '' }).toString()).toBe('');
  });

  it('turns the page into a start offset of 20 rows a page', () => {
    expect(toMatchesQuery({ page: 3, sort: '-start', q: '', date: '' }, 7)).toEqual({
      start: 40, limit: 20, order_by: '-start', q: undefined, date: undefined, league_id: 7,
    });
  });

  it('maps sort keys to table sort state and back', () => {
    expect(splitSort('-start')).toEqual({ field: 'start', order: -1 });
    expect(joinSort('home', 1)).toBe('home');
    expect(joinSort('home', -1)).toBe('-home');
    expect(joinSort('home', 0)).toBe('-start');
  });
});
