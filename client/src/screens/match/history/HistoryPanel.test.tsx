import type { AuditEntry } from '@odds/protocol';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../testing/fetchStub';
import { HistoryPanel } from './HistoryPanel';

const set = (home: number, version: number) => ({
  id: 4,
  version,
  match_id: 12,
  market_id: 1,
  type: 'VALUE',
  thresholds: { home: { value: home }, draw: { value: 3400 } },
  updated_at: `2026-11-24T10:0${version}:00Z`,
});
const ENTRIES: AuditEntry[] = [
  {
    id: 2,
    at: '2026-11-24T10:02:00Z',
    actor: { id: 2, name: 'Ops' },
    entity: 'threshold_set',
    entity_id: 4,
    match_id: 12,
    action: 'update',
    version: 2,
    before: set(2100, 1),
    after: set(2500, 2),
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
    const stub = stubFetch({ 'GET /api/1/audit': () => json(200, { results: ENTRIES, total: 2, limit: 50 }) });
    render(<HistoryPanel matchId={12} live={null} visible onHide={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Ops changed Threshold set #4');
    expect(items[1]!.textContent).toContain('Demo created Threshold set #4');
    const diff = within(items[0]!).getByRole('table', { name: 'Changes to Threshold set #4 by Ops' });
    // Only what changed, bookkeeping (version, updated_at) left out.
    expect(
      within(diff)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['home value2.10→2.50']);
    expect(stub.calls[0]!.url.searchParams.get('match_id')).toBe('12');
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
