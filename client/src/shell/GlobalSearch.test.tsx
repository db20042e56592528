import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, json, shellHandlers, stubFetch, type StubCall } from '../testing/fetchStub';
import { renderApp } from '../testing/renderApp';

const hits = (call: StubCall) =>
  call.url.searchParams.get('type') === 'teams'
    ? json(200, { results: [{ id: 13, title: 'Argentina', providers: ['Nordic Odds', 'Atlantic Bet'] }], total: 1, limit: 10 })
    : json(200, { results: [{ id: 3, title: 'World Cup Classics', providers: ['Nordic Odds'] }], total: 1, limit: 10 });

function serve() {
  return stubFetch({
    ...shellHandlers,
    'GET /api/1/1/1/search': hits,
    'GET /api/1/match/125': () => json(200, { id: 125, name: 'Argentina - Croatia' }),
    'GET /api/1/match/99': () => errorReply(404, 'Match 99 not found'),
  });
}

async function typeInSearch(text: string) {
  const box = await screen.findByRole('combobox', { name: 'Search leagues, teams or a match id' });
  fireEvent.change(box, { target: { value: text } });
  return box;
}

describe('global search', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists leagues and teams of the provider and opens the chosen one by keyboard', async () => {
    const { calls } = serve();
    const { router } = renderApp('/');
    const box = await typeInSearch('ar');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByText('Argentina (Nordic Odds, Atlantic Bet)');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['LeagueWorld Cup Classics', 'TeamArgentina (Nordic Odds, Atlantic Bet)']);
    expect(calls.filter((c) => c.url.pathname.endsWith('/search')).map((c) => c.url.searchParams.get('type')).sort()).toEqual(['leagues', 'teams']);
    expect(box.getAttribute('aria-activedescendant')).toBe('global-search-hit-0');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe('global-search-hit-1');
    expect(within(list).getByRole('option', { selected: true }).textContent).toContain('Argentina');
    fireEvent.keyDown(box, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/teams?q=Argentina'));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('finds a match by its id', async () => {
    serve();
    const { router } = renderApp('/');
    const box = await typeInSearch('125');
    await screen.findByRole('option', { name: /125: Argentina - Croatia/ });
    fireEvent.keyDown(box, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/match/125'));
  });

  it('without a hit, Enter searches the matches; an unknown match id shows no error', async () => {
    serve();
    const { router } = renderApp('/');
    const box = await typeInSearch('99');
    await vi.waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(screen.queryByRole('option', { name: /^Match/ })).toBeNull();
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/matches?q=99'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
