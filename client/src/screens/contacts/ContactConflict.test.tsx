import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorReply, json, shellHandlers, stubFetch } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

const PROVIDERS = {
  results: [{ id: 1, name: 'Nordic Sportsbook', active: true, meta: { languages: ['en'] }, sports: [{ id: 1, name: 'Football', periods: 2, scores: {} }] }],
};
const contact = (version: number, name: string) => ({
  id: 7,
  version,
  name,
  sport_id: 1,
  channel_id: 2,
  channel: { id: 2, name: 'Email', code: 'EMAIL' },
  active: true,
  sub_all: false,
  rate_limited: false,
  email: 'ops@example.com',
  twitter: null,
  device_id: null,
  segment: null,
  list_id: null,
  mobile: null,
  raw_filter: null,
  rate_limit_minutes: null,
  limiter: {},
  languages: ['en'],
  leagues: [],
  teams: [],
});
const ANA = { id: 2, name: 'Ana' };

/** The contact service as one with another operator (Ana) who saved version 4 after this form loaded version 3. */
function serve(extra: Parameters<typeof stubFetch>[0] = {}) {
  let stored = contact(4, 'Renamed by Ana');
  const stub = stubFetch({
    ...shellHandlers,
    'GET /api/1/providers': () => json(200, PROVIDERS),
    'GET /api/1/contact/7': () => json(200, contact(3, 'Danish app users')),
    'GET /api/1/segments/7': () => json(200, { results: [], total: 0, limit: 1 }),
    'GET /api/1/lists': () => json(200, { results: [], total: 0, limit: 1 }),
    'GET /api/1/contacts': () => json(200, { items: [], total: 0, limit: 20 }),
    'POST /api/1/contact/7': (call) => {
      const body = call.body as { version?: number; name: string };
      if (body.version !== stored.version) {
        return json(409, {
          statusCode: 409,
          code: 'CONFLICT',
          error: 'Conflict',
          message: 'Contact 7 was changed by someone else',
          entity: 'contact',
          current: stored,
          changed_by: ANA,
          changed_at: '2026-11-24T10:02:00Z',
        });
      }
      stored = { ...stored, ...body, version: stored.version + 1 };
      return json(200, stored);
    },
    'GET /api/1/audit': () =>
      json(200, {
        results: [
          {
            id: 9,
            at: '2026-11-24T10:02:00Z',
            actor: ANA,
            entity: 'contact',
            entity_id: 7,
            match_id: null,
            action: 'update',
            version: 4,
            before: { id: 7, version: 3, name: 'Danish app users', email: 'ops@example.com', last_modified: '2026-11-24T10:00:00Z' },
            after: { id: 7, version: 4, name: 'Renamed by Ana', email: 'ops@example.com', last_modified: '2026-11-24T10:02:00Z' },
          },
        ],
        total: 1,
        limit: 50,
      }),
    ...extra,
  });
  return stub;
}

const saves = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body as { version?: number; name: string });

describe('contact form with another operator saving meanwhile', () => {
  beforeAll(async () => {
    await import('./ContactFormScreen');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the version it loaded; on 409 shows theirs beside mine, and "Overwrite with mine" saves mine against their version', async () => {
    const { calls } = serve();
    const { router } = renderApp('/contacts/7/edit');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Mine from B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This contact was changed by Ana')).toBeTruthy();
    const nameRow = within(dialog).getByRole('rowheader', { name: 'name' }).closest('tr')!;
    expect([...nameRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Renamed by Ana', 'Mine from B (differs)']);
    // Channel by name, not its id.
    expect(within(dialog).getByRole('rowheader', { name: 'channel' }).closest('tr')!.querySelector('td')!.textContent).toBe('Email');
    expect(saves(calls)).toEqual([expect.objectContaining({ version: 3, name: 'Mine from B' })]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(saves(calls)[1]).toEqual(expect.objectContaining({ version: 4, name: 'Mine from B' }));
  });

  it('"Keep theirs" shows their contact and saves nothing; the next save starts from their version', async () => {
    const { calls } = serve();
    const { router } = renderApp('/contacts/7/edit');
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Mine from B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep theirs' }));
    await vi.waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Renamed by Ana'));
    expect(saves(calls)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/contacts/7/edit');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'After reading theirs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(saves(calls)[1]).toEqual(expect.objectContaining({ version: 4, name: 'After reading theirs' }));
  });

  it('closing the dialog saves nothing and keeps what was typed', async () => {
    const { calls } = serve();
    renderApp('/contacts/7/edit');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Mine from B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /close/i }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Mine from B');
    expect(saves(calls)).toHaveLength(1);
  });

  it("History lists the contact's changes with who, when and what changed", async () => {
    const { calls } = serve();
    renderApp('/contacts/7/edit');
    await screen.findByLabelText('Name');
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const [entry] = within(list).getAllByRole('listitem');
    expect(entry!.textContent).toContain('Ana changed Contact #7');
    const diff = within(entry!).getByRole('table', { name: 'Changes to Contact #7 by Ana' });
    expect(
      within(diff)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['nameDanish app users→Renamed by Ana']);
    const query = calls.find((c) => c.url.pathname === '/api/1/audit')!.url.searchParams;
    expect([query.get('entity'), query.get('entity_id')]).toEqual(['contact', '7']);
  });

  it('History names the leagues and teams a change subscribed or dropped (the stored row holds ids)', async () => {
    const names: Record<string, string> = { '/api/1/leagues/3': 'Premier League', '/api/1/leagues/9': 'Serie A', '/api/1/teams/40': 'Ghana' };
    const named = Object.fromEntries(
      Object.entries(names).map(([path, name]) => [`GET ${path}`, () => json(200, { id: Number(path.split('/').pop()), name })]),
    );
    serve({
      ...named,
      'GET /api/1/audit': () =>
        json(200, {
          results: [
            {
              id: 10,
              at: '2026-11-24T10:05:00Z',
              actor: ANA,
              entity: 'contact',
              entity_id: 7,
              match_id: null,
              action: 'update',
              version: 5,
              before: { id: 7, version: 4, league_ids: [3], team_ids: [] },
              after: { id: 7, version: 5, league_ids: [3, 9], team_ids: [40, 41] },
            },
          ],
          total: 1,
          limit: 50,
        }),
    });
    renderApp('/contacts/7/edit');
    await screen.findByLabelText('Name');
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const diff = await screen.findByRole('table', { name: 'Changes to Contact #7 by Ana' });
    // Team 41 is gone (404): it shows by its id.
    await vi.waitFor(() =>
      expect(
        within(diff)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toEqual(['leaguesPremier League→Premier League, Serie A', 'teams—→Ghana, #41']),
    );
  });

  it('deleted by someone while open: asks, and "Save as new" creates the contact from what was typed', async () => {
    const { calls } = serve({
      'POST /api/1/contact/7': () => errorReply(404, 'Contact 7 not found', 'Not Found'),
      'POST /api/1/contact': (call) => json(200, { ...contact(1, 'x'), ...(call.body as object), id: 8 }),
    });
    const { router } = renderApp('/contacts/7/edit');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Mine from B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Deleted while you had it open' });
    expect(question.textContent).toContain('This contact was deleted while you had it open. Your changes are still in the form');
    fireEvent.click(within(question).getByRole('button', { name: 'Save as new' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    const created = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/1/contact');
    expect(created.map((c) => (c.body as { name: string }).name)).toEqual(['Mine from B']);
    // No error listed for the 404: the question was the answer.
    expect(screen.queryByText('Contact 7 not found')).toBeNull();
  });

  it('deleted by someone while open: "Keep editing" saves nothing and keeps what was typed', async () => {
    const { calls } = serve({ 'POST /api/1/contact/7': () => errorReply(404, 'Contact 7 not found', 'Not Found') });
    const { router } = renderApp('/contacts/7/edit');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Mine from B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Deleted while you had it open' })).getByRole('button', { name: 'Keep editing' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deleted while you had it open' })).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Mine from B');
    expect(router.state.location.pathname).toBe('/contacts/7/edit');
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/1/contact')).toEqual([]);
  });
});
