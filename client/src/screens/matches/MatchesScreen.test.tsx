import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch, type StubCall } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

const match = (id: number, home: string, away: string) => ({
  id, name: `${home} - ${away}`, home: { id: id * 10, name: home }, away: { id: id * 10 + 1, name: away },
  start: '2018-06-17T15:00:00Z', event_id: `ev-${id}`, league_unique_id: 'wc-2018', provider: 1,
  provider_count: 1, provider_names: ['Nordic Odds'], score: null, ht_score: null, meta: { participants: {} },
  league: { id: 9, name: 'World Cup 2018', path: 'World / World Cup', provider_name: 'Nordic Odds', unique_id: 'wc-2018' },
});

function serveMatches(total = 45) {
  return stubFetch({
    ...shellHandlers,
    'GET /api/1/1/1/matches': () => json(200, { results: [match(1, 'Brazil', 'Switzerland'), match(2, 'Germany', 'Mexico')], total, limit: 20 }),
  });
}

const matchQueries = (calls: StubCall[]) =>
  calls.filter((c) => c.url.pathname.endsWith('/matches')).map((c) => Object.fromEntries(c.url.searchParams));

describe('matches screen', () => {
  // The screen is lazy-loaded; importing it first keeps a busy test run within findBy's timeout.
  beforeAll(async () => {
    await import('./MatchesScreen');
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the first page sorted by -start with the columns of the spec', async () => {
    const { calls } = serveMatches();
    renderApp('/matches');
    expect(await screen.findByText('Brazil')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Id', 'Home', 'Away', 'Start time', 'League', 'Event id', 'League id']);
    expect(screen.getByText('ev-1')).toBeTruthy();
    expect(matchQueries(calls)).toEqual([{ start: '0', limit: '20', order_by: '-start' }]);
  });

  it('takes page, sort and filters from the address', async () => {
    const { calls } = serveMatches();
    renderApp('/league/9/matches?q=Brazil&date=2018-06-17&sort=home&page=2');
    expect(await screen.findByText('Brazil')).toBeTruthy();
    expect(matchQueries(calls)).toEqual([
      { start: '20', limit: '20', order_by: 'home', q: 'Brazil', date: '2018-06-17', league_id: '9' },
    ]);
    expect((screen.getByLabelText('Keyword or match id') as HTMLInputElement).value).toBe('Brazil');
    expect((screen.getByLabelText('Match date') as HTMLInputElement).value).toBe('2018-06-17');
  });

  it('applies the keyword on Enter and keeps it in the address', async () => {
    const { calls } = serveMatches();
    const { router } = renderApp('/matches?page=2');
    await screen.findByText('Brazil');
    const keyword = screen.getByLabelText('Keyword or match id');
    fireEvent.change(keyword, { target: { value: 'Germany' } });
    expect(matchQueries(calls)).toHaveLength(1);
    fireEvent.keyDown(keyword, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=Germany'));
    await vi.waitFor(() => expect(matchQueries(calls).at(-1)).toEqual({ start: '0', limit: '20', order_by: '-start', q: 'Germany' }));
  });

  it("shows a 'Loading...' row while fetching", async () => {
    stubFetch({ ...shellHandlers, 'GET /api/1/1/1/matches': () => new Promise<Response>(() => undefined) });
    renderApp('/matches');
    expect(await screen.findByText('Loading...', { selector: 'td' })).toBeTruthy();
  });

  it('sorts by a column header through the address', async () => {
    serveMatches();
    const { router } = renderApp('/matches');
    await screen.findByText('Brazil');
    fireEvent.click(screen.getByRole('columnheader', { name: /^Home/ }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?sort=home'));
  });

  it('opens the filtered list from the top-bar search', async () => {
    const { calls } = serveMatches();
    const { router } = renderApp('/');
    const search = await screen.findByRole('searchbox', { name: 'Search matches' });
    fireEvent.change(search, { target: { value: 'Brazil' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/matches?q=Brazil'));
    await vi.waitFor(() => expect(matchQueries(calls).at(-1)?.q).toBe('Brazil'));
    expect((screen.getByLabelText('Keyword or match id') as HTMLInputElement).value).toBe('Brazil');
  });
});
