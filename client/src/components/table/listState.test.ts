import { describe, expect, it } from 'vitest';
import { adaptListReply, inMemoryGetList } from './getList';
import { readListState, toggleSort, writeListState, type ListStateConfig } from './listState';

const config: ListStateConfig = {
  defaultSort: '-start',
  sortFields: ['id', 'home', 'start'],
  filters: { q: '', channel: '1', date: { valid: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) } },
};

describe('list state in the address', () => {
  it('defaults to the first page, the default sort and the default filters', () => {
    expect(readListState(new URLSearchParams(), config)).toEqual({ page: 0, sort: '-start', filter: { q: '', channel: '1', date: '' } });
  });

  it('reads the 1-based page of the address as a 0-based index', () => {
    expect(readListState(new URLSearchParams('page=3'), config).page).toBe(2);
  });

  it('drops malformed values instead of sending them', () => {
    const state = readListState(new URLSearchParams('page=-2&sort=away&date=2018-6-1&q=%20Brazil%20'), config);
    expect(state).toEqual({ page: 0, sort: '-start', filter: { q: 'Brazil', channel: '1', date: '' } });
    expect(readListState(new URLSearchParams('sort=drop table'), { defaultSort: 'id' }).sort).toBe('id');
  });

  it('round-trips, leaving defaults out and other keys alone', () => {
    const state = { page: 2, sort: 'home', filter: { q: 'Brazil', channel: '2', date: '2018-06-17' } };
    const search = writeListState(new URLSearchParams('tab=1'), state, config);
    expect(search.toString()).toBe('tab=1&q=Brazil&channel=2&date=2018-06-17&sort=home&page=3');
    expect(readListState(search, config)).toEqual(state);
    const defaults = { page: 0, sort: '-start', filter: { q: '', channel: '1', date: '' } };
    expect(writeListState(search, defaults, config).toString()).toBe('tab=1');
  });

  it('keeps a second list of the screen under its own prefix', () => {
    const future = { key: 'future', defaultSort: 'start' };
    const search = writeListState(new URLSearchParams('page=2'), { page: 4, sort: '-id', filter: {} }, future);
    expect(search.toString()).toBe('page=2&future.sort=-id&future.page=5');
    expect(readListState(search, future)).toEqual({ page: 4, sort: '-id', filter: {} });
    expect(readListState(search, config).page).toBe(1);
  });

  it('flips the sorted column and starts another ascending', () => {
    expect(toggleSort('-start', 'home')).toBe('home');
    expect(toggleSort('home', 'home')).toBe('-home');
    expect(toggleSort('-home', 'home')).toBe('home');
  });
});

describe('list replies', () => {
  it('takes rows named results, items or deliveries', () => {
    expect(adaptListReply({ results: [1], total: 9, limit: 50 }, 20)).toEqual({ results: [1], total: 9, limit: 50 });
    expect(adaptListReply({ items: [1, 2], total: 2, limit: 20 }, 20)).toEqual({ results: [1, 2], total: 2, limit: 20 });
    expect(adaptListReply({ deliveries: [1], total: 30 }, 20)).toEqual({ results: [1], total: 30, limit: 20 });
    expect(adaptListReply({ results: [1, 2, 3] }, 20)).toEqual({ results: [1, 2, 3], total: 3, limit: 20 });
  });

  it('sorts and pages rows fetched whole', async () => {
    const rows = [
      { id: 1, name: 'b' },
      { id: 2, name: 'a' },
      { id: 10, name: 'c' },
    ];
    const getList = inMemoryGetList(async () => rows);
    const signal = new AbortController().signal;
    const page = await getList({ start: 0, limit: 2, sort: '-id', filter: {}, signal });
    expect(page).toEqual({ results: [rows[2], rows[1]], total: 3, limit: 2 });
    expect((await getList({ start: 2, limit: 2, sort: 'name', filter: {}, signal })).results).toEqual([rows[2]]);
  });
});
