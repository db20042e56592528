import type { SendStop } from '@odds/protocol';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendStopsStore } from '../../live/sendStops';
import { sessionStore } from '../../stores/session';
import { json, shellHandlers, stubFetch, type StubCall } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

const sessionOf = (admin: boolean) => () => json(200, { user: { id: 1, email: 'demo@example.com', name: 'Demo', admin }, expires_at: '2030-01-01T00:00:00Z' });
const never = (provider: SendStop['provider']): SendStop => ({ provider, stopped: false, reason: '', changed_by: null, changed_at: null, version: 0 });
const TODAY = {
  day: '2026-12-02',
  time_zone: 'Europe/Copenhagen',
  since: '2026-12-01T23:00:00.000Z',
  results: [
    { provider: { id: 1, name: 'Nordic Odds' }, reason: 'SENDS_STOPPED', count: 4 },
    { provider: { id: 1, name: 'Nordic Odds' }, reason: 'NO_CONTENT', count: 1 },
  ],
};

describe('the Compliance screen', () => {
  let stops: SendStop[];
  beforeEach(() => {
    localStorage.setItem('token', 'tok-1');
    sessionStore.authenticated = true;
    sessionStore.user = null;
    sendStopsStore.stops = null;
    stops = [never(null), never({ id: 1, name: 'Nordic Odds' })];
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const handlers = (admin: boolean) => ({
    ...shellHandlers,
    'GET /api/1/session': sessionOf(admin),
    'GET /api/1/compliance/stops': () => json(200, { results: stops }),
    'GET /api/1/compliance/suppressions/today': () => json(200, TODAY),
    'POST /api/1/compliance/stops': (call: StubCall) => {
      const body = call.body as { provider_id: number | null; stopped: boolean; reason: string; version: number };
      stops = stops.map((s) =>
        (s.provider?.id ?? null) === body.provider_id
          ? {
              ...s,
              stopped: body.stopped,
              reason: body.stopped ? body.reason : s.reason,
              version: s.version + 1,
              changed_by: { id: 1, name: 'Demo' },
              changed_at: '2026-12-02T10:02:00.000Z',
            }
          : s,
      );
      return json(
        200,
        stops.find((s) => (s.provider?.id ?? null) === body.provider_id),
      );
    },
  });

  it('stops a provider with a reason (the dialog asks for one), shows the banner, and resumes after a confirmation', async () => {
    const { calls } = stubFetch(handlers(true));
    renderApp('/compliance');
    const table = await screen.findByRole('table', { name: 'Kill switch' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'ScopeStateLast changeReasonAction',
      'Every provider (the whole deployment)SendingNever stopped—Stop all sends',
      'Nordic OddsSendingNever stopped—Stop all sends',
    ]);
    expect(await screen.findByRole('table', { name: 'Suppressions today, Nordic Odds' })).toBeTruthy();
    expect(screen.getByText('Sends stopped (kill switch)')).toBeTruthy();
    expect(screen.queryByRole('alert', { name: 'Sends stopped' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Stop all sends of Nordic Odds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop all sends' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop all sends' }));
    expect(await within(dialog).findByText('Say why sends are stopped')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Why (shown in every console and in history)'), { target: { value: 'regulator call' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop all sends' }));
    const banner = await screen.findByRole('alert', { name: 'Sends stopped' });
    expect(banner.textContent).toContain('All sends of Nordic Odds are stopped by Demo');
    expect(banner.textContent).toContain('regulator call');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ provider_id: 1, stopped: true, reason: 'regulator call', version: 0 }]);

    fireEvent.click(await screen.findByRole('button', { name: 'Resume sends of Nordic Odds' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resume sends' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Resume sends of Nordic Odds' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Resume sends' })).getByRole('button', { name: 'Resume sends' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert', { name: 'Sends stopped' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ provider_id: 1, stopped: false, reason: '', version: 1 });
  });

  it('is for admins only: anyone else sees why and no section, and its data is not asked for', async () => {
    const { calls } = stubFetch(handlers(false));
    renderApp('/compliance');
    expect(await screen.findByText(/the Compliance screen is for admins/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Kill switch' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/1/compliance/suppressions/today')).toBe(false);
  });
});
