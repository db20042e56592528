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
    'GET /api/1/match/125': () => json(200, { id: 125, name: 'Argentina - Croatia', start: '2022-12-13T19:00:00Z' }),
    'GET /api/1/1/1/matches': (call) =>
      json(200, {
        results: [
          ...(call.url.searchParams.get('q') === 'Netherlands - USA' || call.url.searchParams.get('date') === '2022-12-03'
            ? [{ id: 126, name: 'Netherlands - USA', start: '2022-12-03T15:00:00Z' }]
            : []),
          ...(call.url.searchParams.get('date') === '2022-12-03' ? [{ id: 127, name: 'Argentina - Australia', start: '2022-12-03T19:00:00Z' }] : []),
          // The route ranks a match in play first (order_by=relevance).
          ...(call.url.searchParams.get('q') === 'Netherlands'
            ? [
                { id: 201, name: 'Netherlands - USA', start: '2026-12-01T22:40:00Z', live: true },
                { id: 126, name: 'Netherlands - USA', start: '2022-12-03T15:00:00Z', live: false },
              ]
            : []),
        ],
        total: 2,
        limit: 5,
      }),
    'GET /api/1/match/99': () => errorReply(404, 'Match 99 not found'),
  });
}

async function typeInSearch(text: string) {
  const box = await screen.findByRole('combobox', { name: 'Search leagues, teams or matches' });
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
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['LeagueWorld Cup Classics', 'TeamArgentina (Nordic Odds, Atlantic Bet)']);
    expect(
      calls
        .filter((c) => c.url.pathname.endsWith('/search'))
        .map((c) => c.url.searchParams.get('type'))
        .sort(),
    ).toEqual(['leagues', 'teams']);
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
    await screen.findByRole('option', { name: /Argentina - Croatia · 2022-12-13 \d\d:00 \(125\)/ });
    fireEvent.keyDown(box, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/match/125'));
  });

  it('finds a match by its teams as typed, or by its day', async () => {
    const { calls } = serve();
    const { router } = renderApp('/');
    await typeInSearch('Netherlands - USA');
    await screen.findByRole('option', { name: /Netherlands - USA · 2022-12-03/ });
    const box = await typeInSearch('2022-12-03');
    await screen.findByRole('option', { name: /Argentina - Australia · 2022-12-03/ });
    fireEvent.keyDown(box, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/match/126'));
    // (Home lists its own matches too: only the searches are counted.)
    const asked = calls
      .filter((c) => c.url.pathname.endsWith('/matches') && (c.url.searchParams.has('q') || c.url.searchParams.has('date')))
      .map((c) => c.url.searchParams);
    expect(asked.map((q) => [q.get('q'), q.get('date'), q.get('order_by')])).toEqual([
      ['Netherlands - USA', null, 'relevance'],
      [null, '2022-12-03', 'start'],
    ]);
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

  it('puts a match in play first for a team name, so Enter opens the live match, not an old one', async () => {
    const { calls } = serve();
    const { router } = renderApp('/');
    const box = await typeInSearch('Netherlands');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByText(/\(126\)/);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => `${o.querySelector('.hit-kind')!.textContent} ${o.querySelector('.hit-label')!.textContent!.replace(/ · .*\(/, ' (')}`),
    ).toEqual(['Live Netherlands - USA (201)', 'League World Cup Classics', 'Team Argentina (Nordic Odds, Atlantic Bet)', 'Match Netherlands - USA (126)']);
    expect(calls.find((c) => c.url.searchParams.get('q') === 'Netherlands' && c.url.pathname.endsWith('/matches'))!.url.searchParams.get('order_by')).toBe(
      'relevance',
    );
    fireEvent.keyDown(box, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/match/201'));
  });
});
