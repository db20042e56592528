import type { AuditEntry, MatchMarket } from '@odds/protocol';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../testing/fetchStub';
import { HistoryPanel } from './HistoryPanel';

const set = (home: number, version: number, contact_id: number | null = null) => ({
  id: 4,
  version,
  match_id: 12,
  market_id: 1,
  contact_id,
  type: 'VALUE',
  thresholds: { home: { value: home }, draw: { value: 3400 } },
  updated_at: `2026-11-24T10:0${version}:00Z`,
});
const ENTRIES: AuditEntry[] = [
  {
    id: 2,
    at: '2026-11-24T10:02:37Z',
    actor: { id: 2, name: 'Ops' },
    entity: 'threshold_set',
    entity_id: 4,
    match_id: 12,
    action: 'update',
    version: 2,
    before: set(2100, 1),
    after: set(2500, 2, 7),
  },
  {
    id: 1,
    at: '2026-11-24T10:01:00Z',
    actor: { id: 1, name: 'Demo' },
    entity: 'threshold_set',
    entity_id: 4,
    match_id: 12,
    action: 'create',
    version: 1,
    before: null,
    after: set(2100, 1),
  },
];

describe('History panel of a match', () => {
  afterEach(cleanup);

  it('lists the match history newest first with who, what and a before → after diff of changed fields', async () => {
    const stub = stubFetch({
      'GET /api/1/audit': () => json(200, { results: ENTRIES, total: 2, limit: 50 }),
      'GET /api/1/contacts': () => json(200, { items: [{ id: 7, name: 'Push iOS' }], total: 1 }),
      'GET /api/1/events/types': () => json(200, { results: [], total: 0, limit: 0 }),
    });
    render(<HistoryPanel matchId={12} live={null} visible onHide={() => undefined} markets={[{ id: 1, name: '1X2' } as MatchMarket]} />);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    // Records by name (the market's, and the set's thresholds as the list shows them), not by id.
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain("Ops changed Threshold set '1X2: home 2.50, draw 3.40'"));
    const items = within(list).getAllByRole('listitem');
    expect(items[1]!.textContent).toContain("Demo created Threshold set '1X2: home 2.10, draw 3.40'");
    // Only what changed, bookkeeping (version, updated_at) left out; the contact by name once the contacts came.
    const diff = within(items[0]!).getByRole('table', { name: "Changes to Threshold set '1X2: home 2.50, draw 3.40' by Ops" });
    await waitFor(() =>
      expect(
        within(diff)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toEqual(['contact—→Push iOS', 'home value2.10→2.50']),
    );
    // To the minute in the list, with the seconds on hover.
    const time = items[0]!.querySelector('time')!;
    expect(time.textContent).toMatch(/ \d\d:\d\d$/);
    expect(time.getAttribute('title')).toMatch(/ \d\d:\d\d:37$/);
    expect(stub.calls.find((c) => c.url.pathname === '/api/1/audit')!.url.searchParams.get('match_id')).toBe('12');
    expect(screen.queryByRole('button', { name: 'Older changes' })).toBeNull();
  });

  it('says so when the match has no history, and loads nothing while hidden', async () => {
    const stub = stubFetch({ 'GET /api/1/audit': () => json(200, { results: [], total: 0, limit: 50 }) });
    const { rerender } = render(<HistoryPanel matchId={12} live={null} visible={false} onHide={() => undefined} />);
    expect(stub.calls).toHaveLength(0);
    rerender(<HistoryPanel matchId={12} live={null} visible onHide={() => undefined} />);
    await waitFor(() => expect(screen.getByText('No changes to this match yet.')).toBeTruthy());
  });
});
