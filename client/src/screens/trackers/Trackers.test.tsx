import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch, type StubCall } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

type Row = ReturnType<typeof tracker>;
const tracker = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  contact_id: 7,
  contact: { id: 7, name: 'Danish app users' },
  language: 'en',
  model_type: 'M' as 'M' | 'L',
  model_id: 12,
  active: true,
  spec: { limiter: { min_score: 40 }, thresholds_type: ['VALUE', 'RANGE'] as string | string[], match_state: ['P', 'I'] },
  ...patch,
});

/** The trackers service: a list, one tracker, and saves that change what the list sends next. */
function serve() {
  const rows: Row[] = [
    tracker(1),
    tracker(2, { model_type: 'L', model_id: 9, active: false, spec: { limiter: { min_score: 75 }, thresholds_type: 'RELATIVE', match_state: ['I'] } }),
  ];
  const stub = stubFetch({
    ...shellHandlers,
    'GET /api/1/trackers': () => json(200, { results: rows, total: rows.length, limit: 20 }),
    'GET /api/1/match/tracker/1': () => json(200, rows[0]),
    'GET /api/1/match/12': () => json(200, { id: 12, name: 'Argentina - France', start: '2022-12-18T15:00:00Z' }),
    'GET /api/1/1/1/matches': (call) =>
      json(
        200,
        call.url.searchParams.get('q') === 'netherlands v usa'
          ? { results: [{ id: 126, name: 'Netherlands - USA', start: '2022-12-03T15:00:00Z' }], total: 1, limit: 10 }
          : { results: [], total: 0, limit: 10 },
      ),
    'POST /api/1/tracker/1': (call) => {
      rows[0] = { ...rows[0]!, ...(call.body as object) };
      return json(200, rows[0]);
    },
    'POST /api/1/tracker/2': (call) => {
      rows[1] = { ...rows[1]!, ...(call.body as object) };
      return json(200, rows[1]);
    },
  });
  return { ...stub, rows };
}

const listCalls = (calls: StubCall[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/1/trackers');
const saves = (calls: StubCall[]) => calls.filter((c) => c.method === 'POST');

describe('trackers', () => {
  // The screens are lazy-loaded; importing them first keeps a busy test run within findBy's timeout.
  beforeAll(async () => {
    await Promise.all([import('./TrackersScreen'), import('./TrackerFormScreen')]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists id, contact, language, type, id, threshold type, threshold, state, active and edit', async () => {
    serve();
    renderApp('/trackers');
    const table = within(await screen.findByRole('table', { name: 'Trackers' }));
    await table.findByText('RELATIVE');
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Id',
      'Contact',
      'Language',
      'Type',
      'Id',
      'Threshold Type',
      'Threshold',
      'State',
      'Active',
      'Edit',
    ]);
    const cells = (row: number) => table.getAllByRole('row')[row]!.querySelectorAll('td');
    expect([...cells(1)].slice(0, 8).map((td) => td.textContent)).toEqual([
      '1',
      'Danish app users',
      'English',
      'Match',
      '12',
      'VALUE, RANGE',
      '40%',
      'Prematch, Inplay',
    ]);
    expect([...cells(2)].slice(0, 8).map((td) => td.textContent)).toEqual(['2', 'Danish app users', 'English', 'League', '9', 'RELATIVE', '75%', 'Inplay']);
    expect(table.getByRole('link', { name: '12' }).getAttribute('href')).toBe('/match/12');
    expect(table.getByRole('link', { name: '9' }).getAttribute('href')).toBe('/league/9/matches');
    expect((table.getByLabelText('Tracker 1 active') as HTMLInputElement).checked).toBe(true);
    expect((table.getByLabelText('Tracker 2 active') as HTMLInputElement).checked).toBe(false);
    expect(table.getByRole('link', { name: 'Edit tracker 2' }).getAttribute('href')).toBe('/tracker/2/');
  });

  it('edits active locally, saves only on Save, then reloads the list', async () => {
    const { calls, rows } = serve();
    renderApp('/trackers');
    const table = within(await screen.findByRole('table', { name: 'Trackers' }));
    await table.findByText('RELATIVE');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(table.getByLabelText('Tracker 1 active'));
    expect((table.getByLabelText('Tracker 1 active') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('1 unsaved');
    // Flipping back is no edit at all.
    fireEvent.click(table.getByLabelText('Tracker 1 active'));
    expect(screen.queryByText(/\d+ unsaved/)).toBeNull();
    fireEvent.click(table.getByLabelText('Tracker 1 active'));
    fireEvent.click(table.getByLabelText('Tracker 2 active'));
    expect(screen.getByRole('status').textContent).toBe('2 unsaved');
    expect(saves(calls)).toHaveLength(0);
    const loads = listCalls(calls).length;

    fireEvent.click(save);
    await vi.waitFor(() => expect(listCalls(calls).length).toBe(loads + 1));
    expect(saves(calls).map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/1/tracker/1', { contact_id: 7, language: 'en', model_type: 'M', model_id: 12, active: false, spec: tracker(1).spec }],
      ['/api/1/tracker/2', { contact_id: 7, language: 'en', model_type: 'L', model_id: 9, active: true, spec: rows[1]!.spec }],
    ]);
    await vi.waitFor(() => expect(screen.queryByText(/\d+ unsaved/)).toBeNull());
    expect(await screen.findByText('Saved')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByRole('table', { name: 'Trackers' }).getAttribute('aria-busy')).toBe('false'));
    await table.findByLabelText('Tracker 1 active');
    // What the list shows now is what the service has, not the local edit.
    expect((table.getByLabelText('Tracker 1 active') as HTMLInputElement).checked).toBe(false);
    expect((table.getByLabelText('Tracker 2 active') as HTMLInputElement).checked).toBe(true);
  });

  it('discards local edits', async () => {
    const { calls } = serve();
    renderApp('/trackers');
    const table = within(await screen.findByRole('table', { name: 'Trackers' }));
    await table.findByText('RELATIVE');
    fireEvent.click(table.getByLabelText('Tracker 2 active'));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect((table.getByLabelText('Tracker 2 active') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(/\d+ unsaved/)).toBeNull();
    expect(saves(calls)).toHaveLength(0);
  });

  it("names the tracker's match and picks another by its teams (not a bare number)", async () => {
    const { calls } = serve();
    const { router } = renderApp('/tracker/1/');
    const field = (await screen.findByLabelText('Match Id')) as HTMLInputElement;
    await vi.waitFor(() => expect(field.value).toMatch(/^Argentina - France · 2022-12-18 \d\d:00 \(12\)$/));
    fireEvent.change(field, { target: { value: 'netherlands v usa' } });
    fireEvent.input(field, { target: { value: 'netherlands v usa' } });
    fireEvent.click(await screen.findByText(/^Netherlands - USA · 2022-12-03 \d\d:00 \(126\)$/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trackers'));
    expect(saves(calls).map((c) => (c.body as { model_id: number }).model_id)).toEqual([126]);
  });

  it('takes the minimum score only as a whole percentage, with a clear error otherwise', async () => {
    const { calls } = serve();
    const { router } = renderApp('/tracker/1/');
    const minScore = (await screen.findByLabelText('Minimum score (%)')) as HTMLInputElement;
    expect(minScore.value).toBe('40');

    for (const wrong of ['42.5', '101', 'abc', '-5', '']) {
      fireEvent.change(minScore, { target: { value: wrong } });
      fireEvent.blur(minScore);
      expect(screen.getByRole('alert').textContent).toBe('Minimum score must be a whole percentage from 0 to 100, such as 40.');
      expect(minScore.getAttribute('aria-invalid')).toBe('true');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saves(calls)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/tracker/1/');

    fireEvent.change(minScore, { target: { value: '42' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(minScore.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByLabelText('Deliver content for this tracker'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trackers'));
    expect(saves(calls).map((c) => c.body)).toEqual([
      { contact_id: 7, language: 'en', model_type: 'M', model_id: 12, active: false, spec: { ...tracker(1).spec, limiter: { min_score: 42 } } },
    ]);
    expect(await screen.findByText('42%')).toBeTruthy();
  });
});

describe('creating a tracker', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("opens a blank form from the list, with the provider's contacts to choose from, and creates nothing until contact and id are chosen", async () => {
    const { calls } = stubFetch({
      ...shellHandlers,
      'GET /api/1/trackers': () => json(200, { results: [], total: 0, limit: 20 }),
      'GET /api/1/contacts': () =>
        json(200, {
          items: [
            { id: 7, name: 'Danish app users' },
            { id: 8, name: 'Newsletter' },
          ],
          total: 2,
          limit: 1000,
        }),
    });
    renderApp('/trackers');
    const link = await screen.findByRole('link', { name: 'New tracker' });
    expect(link.getAttribute('href')).toBe('/tracker/new/');
    fireEvent.click(link);
    expect((await screen.findByRole('heading', { name: 'New tracker' })).textContent).toBe('New tracker');
    await vi.waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/1/contacts')).toBe(true));
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('a tracker another operator saved meanwhile', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows theirs beside mine on Save; "Keep theirs" loads their tracker, and the next save names their version', async () => {
    let stored = { ...tracker(1, { spec: { ...tracker(1).spec, limiter: { min_score: 60 } } }), version: 4 };
    const { calls } = stubFetch({
      ...shellHandlers,
      'GET /api/1/trackers': () => json(200, { results: [stored], total: 1, limit: 20 }),
      'GET /api/1/match/tracker/1': () => json(200, tracker(1, { version: 3 })),
      'POST /api/1/tracker/1': (call) => {
        const body = call.body as { version?: number };
        if (body.version !== stored.version) {
          return json(409, {
            statusCode: 409,
            code: 'CONFLICT',
            error: 'Conflict',
            message: 'Tracker 1 was changed',
            entity: 'tracker',
            current: stored,
            changed_by: { id: 2, name: 'Ana' },
            changed_at: '2026-11-24T10:02:00Z',
          });
        }
        stored = { ...stored, ...body, version: stored.version + 1 };
        return json(200, stored);
      },
    });
    const { router } = renderApp('/tracker/1/');
    const minScore = (await screen.findByLabelText('Minimum score (%)')) as HTMLInputElement;
    fireEvent.change(minScore, { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This tracker was changed by Ana')).toBeTruthy();
    const row = within(dialog).getByRole('rowheader', { name: 'minimum score' }).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['60%', '42% (differs)']);
    expect(saves(calls).map((c) => (c.body as { version?: number }).version)).toEqual([3]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await vi.waitFor(() => expect((screen.getByLabelText('Minimum score (%)') as HTMLInputElement).value).toBe('60'));
    expect(router.state.location.pathname).toBe('/tracker/1/');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/trackers'));
    expect(saves(calls).map((c) => (c.body as { version?: number }).version)).toEqual([3, 4]);
  });
});
