import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch, type StubCall } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

const league = { id: 9, name: 'World Cup 2018', path: 'World / World Cup', provider_name: 'Nordic Odds', unique_id: 'wc-2018', event_sync: true, seasons: [] };
const match = (id: number, home: string, away: string) => ({
  id,
  name: `${home} - ${away}`,
  home: { id: id * 10, name: home },
  away: { id: id * 10 + 1, name: away },
  start: '2018-06-17T15:00:00Z',
  event_id: `ev-${id}`,
  league_unique_id: 'wc-2018',
  provider: 1,
  provider_count: 1,
  provider_names: ['Nordic Odds'],
  score: null,
  ht_score: null,
  result: null,
  meta: { participants: {} },
  league: { id: 9, name: 'World Cup 2018', path: 'World / World Cup', provider_name: 'Nordic Odds', unique_id: 'wc-2018' },
});
const page = (rows: unknown[], total = 45) => json(200, { results: rows, total, limit: 20 });
const isFuture = (call: StubCall) => call.url.searchParams.get('timeframe') === 'FUTURE';

function serveMatches() {
  const matches = (call: StubCall) =>
    isFuture(call) ? page([match(3, 'Qatar', 'Ecuador')], 1) : page([match(1, 'Brazil', 'Switzerland'), { ...match(2, 'Germany', 'Mexico'), live: true }]);
  return stubFetch({
    ...shellHandlers,
    'GET /api/1/1/1/leagues': () => page([league], 1),
    'GET /api/1/leagues/9': () => json(200, league),
    'GET /api/1/1/1/matches': matches,
    'GET /api/1/leagues/9/matches': matches,
  });
}

const listQueries = (calls: StubCall[], path: string) =>
  calls.filter((c) => c.url.pathname === path && !isFuture(c)).map((c) => Object.fromEntries(c.url.searchParams));

describe('matches screen', () => {
  // The screen is lazy-loaded; importing it first keeps a busy test run within findBy's timeout.
  beforeAll(async () => {
    await import('./MatchesScreen');
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the first page sorted by -start with the columns of the spec, and the future matches', async () => {
    const { calls } = serveMatches();
    renderApp('/matches');
    const table = within(await screen.findByRole('table', { name: 'Matches' }));
    expect(await table.findByText('Brazil')).toBeTruthy();
    const headers = table.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Id', 'Live', 'Home', 'Away', 'Start time', 'League', 'Event id', 'League id', 'Options']);
    expect(table.getByText('ev-1')).toBeTruthy();
    expect(table.getByRole('link', { name: 'Feed of match 1' }).getAttribute('href')).toBe('/match/1/feed');
    expect(listQueries(calls, '/api/1/1/1/matches')).toEqual([{ start: '0', limit: '20', order_by: '-start' }]);
    const future = within(await screen.findByRole('table', { name: 'Future matches' }));
    expect((await future.findByRole('link', { name: 'Qatar - Ecuador' })).getAttribute('href')).toBe('/match/3');
    expect(calls.find(isFuture)?.url.searchParams.get('order_by')).toBe('-start');
  });

  it('names each match page of a row on screen, not by an icon alone', async () => {
    serveMatches();
    renderApp('/matches');
    const table = within(await screen.findByRole('table', { name: 'Matches' }));
    await table.findByText('Brazil');
    const row = table.getByText('Brazil').closest('tr')!;
    const options = within(row)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-label')?.endsWith('of match 1'));
    expect(options.map((a) => a.textContent)).toEqual(['Graph', 'Thresholds', 'Feed', 'Content', 'Delivery', 'Stats']);
  });

  it('flags the live match and lists live matches first on request', async () => {
    const { calls } = serveMatches();
    const { router } = renderApp('/matches');
    const table = within(await screen.findByRole('table', { name: 'Matches' }));
    await table.findByText('Germany');
    expect(within(table.getByText('Germany').closest('tr')!).getByText('Live')).toBeTruthy();
    expect(within(table.getByText('Brazil').closest('tr')!).queryByText('Live')).toBeNull();
    const button = screen.getByRole('button', { name: 'Live matches first' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?sort=-live'));
    await vi.waitFor(() => expect(listQueries(calls, '/api/1/1/1/matches').at(-1)?.order_by).toBe('-live'));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Live matches first' }).getAttribute('aria-pressed')).toBe('true'));
  });

  it('takes page, sort and filters from the address', async () => {
    const { calls } = serveMatches();
    renderApp('/league/9/matches?q=Brazil&date=2018-06-17&templated=true&sort=home&page=2');
    expect(await screen.findByText('Brazil')).toBeTruthy();
    expect(listQueries(calls, '/api/1/leagues/9/matches')).toEqual([
      { q: 'Brazil', date: '2018-06-17', templated: 'true', start: '20', limit: '20', order_by: 'home' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Matches of World Cup 2018' })).toBeTruthy();
    expect((screen.getByLabelText('Keyword or match id') as HTMLInputElement).value).toBe('Brazil');
    expect((screen.getByLabelText('Match date') as HTMLInputElement).value).toBe('2018-06-17');
    expect((screen.getByLabelText('Content only') as HTMLInputElement).checked).toBe(true);
  });

  it('applies the keyword on Enter and keeps it in the address', async () => {
    const { calls } = serveMatches();
    const { router } = renderApp('/matches?page=2');
    await screen.findByText('Brazil');
    const keyword = screen.getByLabelText('Keyword or match id');
    fireEvent.change(keyword, { target: { value: 'Germany' } });
    expect(listQueries(calls, '/api/1/1/1/matches')).toHaveLength(1);
    fireEvent.keyDown(keyword, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=Germany'));
    await vi.waitFor(() => expect(listQueries(calls, '/api/1/1/1/matches').at(-1)).toEqual({ q: 'Germany', start: '0', limit: '20', order_by: '-start' }));
  });

  it("lists content matches only when 'Content only' is ticked", async () => {
    const { calls } = serveMatches();
    const { router } = renderApp('/matches');
    await screen.findByText('Brazil');
    fireEvent.click(screen.getByLabelText('Content only'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?templated=true'));
    await vi.waitFor(() => expect(listQueries(calls, '/api/1/1/1/matches').at(-1)?.templated).toBe('true'));
  });

  it("shows a 'Loading...' row while fetching; the future matches wait for the first page", async () => {
    const { calls } = stubFetch({
      ...shellHandlers,
      'GET /api/1/1/1/leagues': () => page([], 0),
      'GET /api/1/1/1/matches': () => new Promise<Response>(() => undefined),
    });
    renderApp('/matches');
    expect((await screen.findAllByText('Loading...', { selector: 'td' })).length).toBe(1);
    expect(screen.getByRole('heading', { name: 'Future matches' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('table', { name: 'Future matches' })).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/1/1/1/matches').map((c) => c.url.searchParams.get('timeframe'))).toEqual([null]);
  });

  it('sorts by a column header through the address, each table on its own', async () => {
    serveMatches();
    const { router } = renderApp('/matches');
    const table = within(await screen.findByRole('table', { name: 'Matches' }));
    await table.findByText('Brazil');
    fireEvent.click(table.getByRole('columnheader', { name: /^Home/ }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?sort=home'));
    const future = within(screen.getByRole('table', { name: 'Future matches' }));
    fireEvent.click(future.getByRole('columnheader', { name: /^Match/ }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?sort=home&future.sort=name'));
  });

  it('does not open the calendar when the Match date field is tabbed into (no focus trap); its button opens it', async () => {
    serveMatches();
    renderApp('/matches');
    const date = await screen.findByLabelText('Match date');
    fireEvent.focus(date);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelector('.p-datepicker')).toBeNull();
    fireEvent.click(date.closest('.p-calendar')!.querySelector('button')!);
    await vi.waitFor(() => expect(document.querySelector('.p-datepicker')).not.toBeNull());
  });
});
