import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch } from '../../../testing/fetchStub';
import { renderApp } from '../../../testing/renderApp';

const MATCH = {
  id: 12,
  name: 'Ghana - Uruguay',
  start: '2022-12-02T15:00:00Z',
  event_id: 'ev-12',
  league_unique_id: 'wc',
  provider_count: 1,
  provider_names: ['Nordic Odds'],
  home_team_id: 1,
  away_team_id: 2,
  league_id: 9,
  sport_id: 1,
  provider_id: 1,
};
const MARKETS = {
  results: [
    { id: 1, name: 'Match result' },
    { id: 2, name: 'Over/Under 2.5' },
  ],
};

describe('feed tab', () => {
  beforeAll(async () => {
    await import('../MatchLayout');
    await import('./FeedTab');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("has one market picker, the header's, offering all markets first", async () => {
    stubFetch({
      ...shellHandlers,
      'GET /api/1/match/12': () => json(200, MATCH),
      'GET /api/1/match/12/markets': () => json(200, MARKETS),
      'GET /api/1/match/12/feed': () => json(200, { results: [], total: 0, limit: 20 }),
    });
    const { router } = renderApp('/match/12/feed');
    // The tab is named by its match once the match is read.
    await screen.findByRole('heading', { name: 'Ghana - Uruguay feed' });
    expect(screen.queryByLabelText('Market filter')).toBeNull();
    const picker = document.querySelector('#match-market-select')!.closest('.p-dropdown')!;
    expect(picker.textContent).toContain('All markets');
    fireEvent.click(picker);
    await vi.waitFor(() => expect(document.querySelector('.p-dropdown-panel')).not.toBeNull());
    const options = [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel .p-dropdown-item')];
    expect(options.map((o) => o.textContent)).toEqual(['All markets', 'Match result', 'Over/Under 2.5']);
    fireEvent.click(options[2]!);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?market=2'));
  });

  it('filters and pages on the server: a market shows its true total, and the next page is read from there', async () => {
    const event = (id: number) => ({
      id,
      match_id: 12,
      market_id: 2,
      market: { id: 2, name: 'Over/Under 2.5' },
      contact_names: [],
      score: '0:0',
      sub_node: null,
      leaf_node: null,
      match_time: 10,
      prematch: false,
      odds: [],
      status: 'TRIGGERED',
      created_at: '2022-12-02T15:10:00Z',
    });
    const stub = stubFetch({
      ...shellHandlers,
      'GET /api/1/match/12': () => json(200, MATCH),
      'GET /api/1/match/12/markets': () => json(200, MARKETS),
      'GET /api/1/match/12/feed': (call) => {
        const start = Number(call.url.searchParams.get('start'));
        return json(200, { results: Array.from({ length: 20 }, (_, i) => event(100 - start - i)), total: 74, limit: 20 });
      },
    });
    renderApp('/match/12/feed?market=2');
    await vi.waitFor(() => expect(document.querySelector('.p-paginator-current')?.textContent).toBe('1–20 of 74'), { timeout: 5000 });
    const reads = () => stub.calls.filter((c) => c.url.pathname === '/api/1/match/12/feed').map((c) => c.url.searchParams);
    expect(reads()[0]!.get('market_id')).toBe('2');
    expect(reads()[0]!.get('start')).toBe('0');
    expect(reads()[0]!.get('order_by')).toBe('-created_at');
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await vi.waitFor(() => expect(document.querySelector('.p-paginator-current')?.textContent).toBe('21–40 of 74'));
    expect(reads().at(-1)!.get('start')).toBe('20');
    expect(reads().at(-1)!.get('market_id')).toBe('2');
  });
});
