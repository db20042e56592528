import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

const market = (version: number, firstMinute: number, home: number) => ({
  id: 1,
  version,
  name: 'Match Result',
  line: null,
  type: { id: 1, outcomes: ['home', 'draw', 'away'] },
  meta: { first_minute: firstMinute, last_minute: 90, thresholds: { home, draw: 3400, away: 3000 } },
  helper_args: { dynamic_line: false },
  outcome_mapping: {},
});
const ANA = { id: 2, name: 'Ana' };

/** Market 1 loaded at version 3; Ana has since saved version 4 (first minute 10, home 2.60). */
function serve(moved = true) {
  let stored = moved ? market(4, 10, 2600) : market(3, 0, 2500);
  const posts: {
    version?: number;
    market_meta: { first_minute?: number; last_minute?: number; max_threshold?: number; thresholds?: Record<string, number> };
  }[] = [];
  let listed = market(3, 0, 2500);
  const stub = stubFetch({
    ...shellHandlers,
    'GET /api/1/1/1/markets': () => json(200, { results: [listed], total: 1, limit: 20 }),
    'GET /api/1/1/thresholds': () => json(200, { results: [], total: 0, limit: 10 }),
    'POST /api/1/core/1/1/market/1': (call) => {
      const body = call.body as (typeof posts)[number];
      posts.push(body);
      if (body.version !== stored.version) {
        return json(409, {
          statusCode: 409,
          code: 'CONFLICT',
          error: 'Conflict',
          message: 'Market 1 was changed',
          entity: 'market',
          current: stored,
          changed_by: ANA,
          changed_at: '2026-11-24T10:02:00Z',
        });
      }
      stored = { ...stored, version: stored.version + 1, meta: { ...stored.meta, ...body.market_meta } } as typeof stored;
      listed = stored;
      return json(200, stored);
    },
    'GET /api/1/audit': () =>
      json(200, {
        results: [
          {
            id: 3,
            at: '2026-11-24T10:02:00Z',
            actor: ANA,
            entity: 'market',
            entity_id: 1,
            match_id: null,
            action: 'update',
            version: 4,
            before: { id: 1, version: 3, name: 'Match Result', provider_id: 1, meta: market(3, 0, 2500).meta, last_modified: '2026-11-24T10:00:00Z' },
            after: { id: 1, version: 4, name: 'Match Result', provider_id: 1, meta: market(4, 10, 2600).meta, last_modified: '2026-11-24T10:02:00Z' },
          },
        ],
        total: 1,
        limit: 50,
      }),
  });
  return { ...stub, posts };
}

describe('market settings with another operator saving meanwhile', () => {
  beforeAll(async () => {
    await import('./MarketsScreen');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the version it loaded; the dialog asks only about the field both changed, in the form\'s words; "Overwrite with mine" keeps their other change', async () => {
    const { posts } = serve();
    renderApp('/markets?market=1');
    const first = (await screen.findByLabelText('First Minute')) as HTMLInputElement;
    fireEvent.change(first, { target: { value: '5' } });
    fireEvent.blur(first);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Market Match Result was changed by Ana')).toBeTruthy();
    const cells = (name: string) => [...within(dialog).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells('First Minute')).toEqual(['10', '5 (differs)']);
    // Only Ana changed home: no question about it, and it is not put back to the 2.50 this form opened with.
    expect(within(dialog).queryByRole('rowheader', { name: 'home value' })).toBeNull();
    expect(posts[0]!.version).toBe(3);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await screen.findByText('Saved');
    expect(posts[1]).toMatchObject({ version: 4, market_meta: { first_minute: 5, thresholds: { home: 2600 } } });
  });

  it('merges a change of another field without asking (three-way, against the version the form opened)', async () => {
    const { posts } = serve();
    renderApp('/markets?market=1');
    const last = (await screen.findByLabelText('Last Minute')) as HTMLInputElement;
    fireEvent.change(last, { target: { value: '80' } });
    fireEvent.blur(last);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts.map((p) => p.version)).toEqual([3, 4]);
    expect(posts[1]).toMatchObject({ market_meta: { first_minute: 10, last_minute: 80, thresholds: { home: 2600 } } });
    expect((screen.getByLabelText('First Minute') as HTMLInputElement).value).toBe('10');
  });

  it('saving twice in a row names the version the first save made (no conflict with oneself)', async () => {
    const { posts } = serve(false);
    renderApp('/markets?market=1');
    const max = (await screen.findByLabelText('Max Threshold')) as HTMLInputElement;
    for (const value of ['7', '8']) {
      fireEvent.change(max, { target: { value } });
      fireEvent.blur(max);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText('Saved');
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts.map((p) => [p.version, p.market_meta.max_threshold])).toEqual([
      [3, 7],
      [4, 8],
    ]);
  });

  it("History lists the market's changes by their settings names, odds as decimals", async () => {
    const { calls } = serve();
    renderApp('/markets?market=1');
    await screen.findByLabelText('First Minute');
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const diff = within(list).getByRole('table', { name: 'Changes to Market #1 by Ana' });
    expect(
      within(diff)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['First Minute0→10', 'home value2.50→2.60']);
    const query = calls.find((c) => c.url.pathname === '/api/1/audit')!.url.searchParams;
    expect([query.get('entity'), query.get('entity_id')]).toEqual(['market', '1']);
  });
});
