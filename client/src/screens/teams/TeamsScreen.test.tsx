import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorReply, json, shellHandlers, stubFetch, type StubCall } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

const ghana = { id: 40, name: 'Ghana', title: 'Ghana', provider_name: 'Nordic Odds', short_name: null, providers: ['Nordic Odds'] };
const portugal = { id: 71, title: 'Portugal', providers: ['Atlantic Bet', 'Nordic Odds'] };

function serveTeams(search: (call: StubCall) => Response = () => json(200, { results: [portugal], total: 1, limit: 10 })) {
  return stubFetch({
    ...shellHandlers,
    'GET /api/1/1/1/leagues': () => json(200, { results: [], total: 0, limit: 20 }),
    'GET /api/1/teams': () => json(200, { results: [ghana], total: 1, limit: 20 }),
    'GET /api/1/teams/connect/40': search,
    'POST /api/1/teams/connect/40/to/71': () => json(200, { success: true, id: 40 }),
    'POST /api/1/teams/40': (call) => json(200, { ...ghana, short_name: (call.body as { value: string }).value }),
  });
}

async function searchConnect(text: string) {
  const box = await screen.findByRole('combobox', { name: 'Connect Ghana to' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.input(box, { target: { value: text } });
  return box;
}

describe('teams screen', () => {
  beforeAll(async () => {
    await import('./TeamsScreen');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("is headed 'Teams for {provider}' and lists the provider's teams, -last_modified first", async () => {
    const { calls } = serveTeams();
    renderApp('/teams');
    expect((await screen.findByRole('heading', { level: 1, name: 'Teams for Nordic Odds' })).textContent).toBe('Teams for Nordic Odds');
    await screen.findByText('Ghana');
    const list = calls.find((c) => c.url.pathname === '/api/1/teams');
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({ provider: '1', sport: '1', start: '0', limit: '20', order_by: '-last_modified' });
  });

  it('asks in the exact words before reassigning, and reassigns only when confirmed', async () => {
    const { calls } = serveTeams();
    renderApp('/teams');
    await searchConnect('Portu');
    fireEvent.click(await screen.findByText('Portugal (Atlantic Bet, Nordic Odds)'));
    const question = await screen.findByRole('dialog', { name: 'Reassign the team' });
    expect(within(question).getByText('Are you sure you want to reassign Ghana (of Nordic Odds) as Portugal?')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'No' }));
    const connects = () => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/1/teams/connect/40/to/71');
    await vi.waitFor(() => expect(screen.queryByText('Portugal (Atlantic Bet, Nordic Odds)')).toBeNull());
    expect(connects()).toHaveLength(0);
    await searchConnect('Portug');
    fireEvent.click(await screen.findByText('Portugal (Atlantic Bet, Nordic Odds)'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reassign the team' })).getByRole('button', { name: 'Reassign' }));
    await vi.waitFor(() => expect(connects()).toHaveLength(1), { timeout: 5000 });
  });

  it('empties the results when the search fails, without an error message', async () => {
    let down = false;
    serveTeams(() => (down ? errorReply(500, 'Search is down') : json(200, { results: [portugal], total: 1, limit: 10 })));
    renderApp('/teams');
    await searchConnect('Portu');
    await screen.findByText('Portugal (Atlantic Bet, Nordic Odds)');
    down = true;
    await searchConnect('Portug');
    await vi.waitFor(() => expect(screen.queryByText(/Portugal/)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when the search finds nothing to connect to', async () => {
    serveTeams(() => json(200, { results: [], total: 0, limit: 10 }));
    renderApp('/teams');
    await searchConnect('Ghan');
    expect(await screen.findByText('No team found. Teams already connected to Ghana (Nordic Odds) and teams of Nordic Odds are not offered.')).toBeTruthy();
  });

  it('saves a short name on Enter', async () => {
    const { calls } = serveTeams();
    renderApp('/teams');
    const input = await screen.findByLabelText('Short name of Ghana');
    fireEvent.change(input, { target: { value: 'GHA' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/1/teams/40')?.body).toEqual({ value: 'GHA' });
  });
});
