import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

const HEALTH = { stall_after_s: 60, matches: [], producers: [], unknown_markets: [], unlinked_events: [], recoveries: [], connection: null };
const RUN = {
  id: 7,
  kind: 'schedule',
  status: 'partial',
  requested_by: null,
  started_at: '2026-12-02T02:00:00.000Z',
  finished_at: '2026-12-02T02:01:00.000Z',
  steps: 8,
  done: 8,
  takeovers: 0,
  created: 14,
  updated: 2,
  unchanged: 30,
  skipped: 3,
  calls: 12,
  throttled: 2,
  changes: [],
  skips: [{ reason: 'tournament sr:tournament:17 (Premier League) is not opted in', count: 3, refs: ['sr:match:1'] }],
  errors: [{ step: 'schedule 2026-12-05', message: 'failed 5 times, last: 503', at: '2026-12-02T02:01:00.000Z' }],
};
const STATUS = {
  available: true,
  reason: null,
  settings: { horizon_days: 7, schedule_every_s: 86_400, live_every_s: 300 },
  provider_id: 1,
  tournaments: [{ tournament: 'sr:tournament:16', added_by: 'Demo', added_at: '2026-12-01T10:00:00.000Z' }],
  owner: 'api-1',
  lease_until: '2030-01-01T00:00:00.000Z',
  requested_at: null,
  requested_by: null,
  last_schedule_at: '2026-12-02T02:01:00.000Z',
  last_live_at: null,
  runs: [RUN],
};

describe('the Catalog sync panel (Feed health)', () => {
  beforeAll(async () => {
    await import('./FeedHealthScreen');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows an admin the provider's tournaments and runs with what each did and why; Sync now asks once", async () => {
    let requested = false;
    const { calls } = stubFetch({
      ...shellHandlers,
      'GET /api/1/session': () => json(200, { user: { id: 1, email: 'demo@example.com', name: 'Demo', admin: true }, expires_at: '2030-01-01T00:00:00Z' }),
      'GET /api/1/feed-health': () => json(200, HEALTH),
      'GET /api/1/uof/dead-letters': () => json(200, { counts: [], results: [] }),
      'GET /api/1/catalog-sync/1': () => json(200, requested ? { ...STATUS, requested_at: '2026-12-02T03:00:00.000Z', requested_by: 'Demo' } : STATUS),
      'POST /api/1/catalog-sync/1/run': () => {
        requested = true;
        return json(200, { requested_at: '2026-12-02T03:00:00.000Z', requested_by: 'Demo', already_requested: false });
      },
    });
    renderApp('/feed-health');
    const run = await screen.findByTestId('catalog-sync-run-7');
    expect(run.textContent).toContain('partial');
    expect(run.textContent).toContain('14');
    expect(run.textContent).toContain('3 × tournament sr:tournament:17 (Premier League) is not opted in');
    expect(run.textContent).toContain('(2 × 429)');
    expect(run.textContent).toContain('schedule 2026-12-05: failed 5 times, last: 503');
    expect(screen.getByText('sr:tournament:16')).toBeTruthy();
    const syncNow = screen.getByRole('button', { name: 'Sync now' });
    fireEvent.click(syncNow);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('catalog-sync-summary').textContent).toContain('Sync now asked by Demo');
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/1/catalog-sync/1/run')).toHaveLength(1);
  });

  it('opts a tournament in by its urn (the button waits for a well-formed one)', async () => {
    stubFetch({
      ...shellHandlers,
      'GET /api/1/session': () => json(200, { user: { id: 1, email: 'demo@example.com', name: 'Demo', admin: true }, expires_at: '2030-01-01T00:00:00Z' }),
      'GET /api/1/feed-health': () => json(200, HEALTH),
      'GET /api/1/uof/dead-letters': () => json(200, { counts: [], results: [] }),
      'GET /api/1/catalog-sync/1': () => json(200, { ...STATUS, runs: [] }),
      'PUT /api/1/catalog-sync/1/tournaments/sr%3Atournament%3A17': () =>
        json(200, { tournament: 'sr:tournament:17', added_by: 'Demo', added_at: '2026-12-02T03:00:00.000Z' }),
    });
    renderApp('/feed-health');
    const box = await screen.findByLabelText('UOF tournament');
    const add = screen.getByRole('button', { name: 'Sync this tournament' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: 'premier league' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'sr:tournament:17' } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
  });
});
