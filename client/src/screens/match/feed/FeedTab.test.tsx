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
    stubFetch({ ...shellHandlers, 'GET /api/1/match/12': () => json(200, MATCH), 'GET /api/1/match/12/markets': () => json(200, MARKETS) });
    const { router } = renderApp('/match/12/feed');
    await screen.findByRole('heading', { name: 'Match 12 feed' });
    await screen.findByText('Ghana - Uruguay');
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
});
