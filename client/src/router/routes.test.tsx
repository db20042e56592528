import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch } from '../testing/fetchStub';
import { renderApp } from '../testing/renderApp';

/** One concrete address for every route of SPEC §2, with the heading it shows. */
const SPEC_ROUTES: [string, string][] = [
  ['/', 'Home'],
  ['/home', 'Home'],
  ['/settings', 'Settings'],
  ['/leagues', 'Leagues'],
  ['/league/9/matches', 'Matches of league 9'],
  ['/league/9/tables', 'League 9 tables'],
  ['/league/9/tables/3', 'League 9 tables'],
  ['/league/9/stats', 'League 9 stats'],
  ['/league/9/stats/3', 'League 9 stats'],
  ['/league/9/stats/3/team/5', 'League 9 stats'],
  ['/league/9/stats/3/team/5/market/2', 'League 9 stats'],
  ['/league/9/stats2', 'League 9 stats 2'],
  ['/league/9/stats2/3/teams', 'League 9 stats 2'],
  ['/league/9/stats2/3/teams/5/6', 'League 9 stats 2'],
  ['/league/9/stats2/3/teams/5/6/market/2', 'League 9 stats 2'],
  ['/matches', 'Matches'],
  ['/match/12', 'Match 12 graph'],
  ['/match/12/thresholds', 'Match 12 thresholds'],
  ['/match/12/feed', 'Match 12 feed'],
  ['/match/12/delivery', 'Match 12 delivery'],
  ['/match/12/content', 'Match 12 content'],
  ['/match/12/content/preview/anything', 'Match 12 content'],
  ['/trackers', 'Trackers'],
  ['/tracker/4/', 'Tracker 4'],
  ['/events', 'Stat events'],
  ['/events/12', 'Match 12 stat events'],
  ['/event/12/edit', 'Match 12 add stat'],
  ['/cms', 'Content'],
  ['/cms/', 'Content'],
  ['/cms/edit', 'New content'],
  ['/cms/edit/8', 'Content 8'],
  ['/cms/match/12/edit', 'Match 12 content draft'],
  ['/cms/create/group', 'Grouped Content'],
  ['/cms/group/3/', 'Edit Grouped Content'],
  ['/cms/builder/', 'Playground'],
  ['/contacts', 'Contacts'],
  ['/contacts/edit', 'Create Contact'],
  ['/contacts/7/edit', 'Edit Contact'],
  ['/markets', 'Markets'],
  ['/teams', 'Teams for Nordic Odds'],
  ['/teams/league/9/', 'League 9'],
  ['/reports', 'Reports'],
  ['/settings/', 'Settings'],
];

describe('routes', () => {
  // The screen is lazy-loaded; importing it first keeps a busy test run within findBy's timeout.
  beforeAll(async () => {
    await import('../screens/matches/MatchesScreen');
  });

  beforeEach(() => {
    stubFetch({ ...shellHandlers, 'GET /api/1/1/1/matches': () => json(200, { results: [], total: 0, limit: 20 }) });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows exactly 'Not Found' for an unknown path", async () => {
    renderApp('/no/such/screen');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Not Found');
    // A way back, not a dead end.
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  });

  it.each(['/match/abc', '/match/0/feed', '/league/x/tables', '/cms/edit/1e3', '/contacts/-1/edit'])(
    "shows 'Not Found' for %s, whose id names no record",
    async (path) => {
      renderApp(path);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Not Found');
      expect(screen.queryByText(/NaN/)).toBeNull();
    },
  );

  it.each([
    ['/login', '/'],
    ['/login?next=%2Fmatches%3Fpage%3D2', '/matches?page=2'],
    ['/login?next=https%3A%2F%2Fevil.example', '/'],
  ])('leaves %s for %s once signed in', async (path, target) => {
    const { router } = renderApp(path);
    await vi.waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(target));
  });

  it.each(SPEC_ROUTES)('%s shows %s', async (path, title) => {
    renderApp(path);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(title);
  });

  it('shows a loading indicator until the sports are loaded', async () => {
    let answerSports: (response: Response) => void = () => undefined;
    stubFetch({ ...shellHandlers, 'GET /api/1/sports': () => new Promise<Response>((resolve) => (answerSports = resolve)) });
    renderApp('/settings/');
    expect((await screen.findByRole('status')).textContent).toContain('Loading...');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    answerSports(json(200, { results: [{ id: 1, name: 'Football' }] }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Settings');
  });

  it('links the left menu to every list screen', async () => {
    renderApp('/');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const targets = [...menu.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(targets).toEqual(['/', '/leagues', '/matches', '/cms', '/contacts', '/markets', '/teams', '/reports', '/trackers']);
  });
});
