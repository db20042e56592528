import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, shellHandlers, stubFetch } from '../../testing/fetchStub';
import { renderApp } from '../../testing/renderApp';

const SUBJECT = 'Goal! Argentina 1-0 France: Messi scores from the spot, odds on Argentina to win shorten to 1.45';
const delivery = {
  id: 71,
  match_id: 5,
  offer_id: 900,
  channel: { id: 1, name: 'Push notification', code: 'PUSH' },
  market: { id: 1, name: 'Match Result' },
  contact: { id: 3, name: 'iOS app – Danish football fans' },
  language: 'en',
  stats: null,
  status: 'SENT',
  sent_at: '2026-11-26T21:22:34Z',
  created_at: '2026-11-26T21:22:30Z',
  log: { subject: SUBJECT, body: 'Body', cta: null, content: null },
  node_id: 'H1-A0',
  attempts: 1,
  next_attempt_at: null,
  last_error: null,
};

describe('reports screen', () => {
  beforeAll(async () => {
    await import('./ReportsScreen');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('cuts long texts with the whole text in a tooltip, keeps short columns tight and low-value ones in shared cells', async () => {
    stubFetch({ ...shellHandlers, 'GET /api/1/1/1/delivery': () => json(200, { deliveries: [delivery], total: 1 }) });
    renderApp('/reports');
    const table = within(await screen.findByRole('table', { name: 'Reports' }));
    const title = await table.findByText(SUBJECT);
    expect(title.getAttribute('title')).toBe(SUBJECT);
    expect(title.className).toBe('cell-truncate');
    expect(table.getByText('iOS app – Danish football fans').getAttribute('title')).toBe('iOS app – Danish football fans');
    // Score and status take their own width, not a share of the row; the language sits under the contact.
    for (const text of ['H1-A0', 'SENT', 'N/A']) expect(table.getByText(text).closest('td')!.classList.contains('col-tight')).toBe(true);
    expect(table.getByText('en').closest('td')!.textContent).toBe('iOS app – Danish football fansen');
  });
});
