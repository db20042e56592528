import { cleanup, render } from '@testing-library/react';
import type { Delivery } from '@odds/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { DELIVERY_COLUMNS } from './deliveryColumns';

const long = 'Over 2.5 goals now at 1.45 after the second goal: the market moved 40% in two minutes';
const row = {
  id: 7,
  channel: { id: 1, name: 'Push notification', code: 'PUSH' },
  market: { id: 1, name: 'Over/Under 2.5 Goals' },
  contact: { id: 3, name: 'Android app – Swedish in-play bettors' },
  language: 'sv',
  stats: null,
  status: 'PENDING',
  attempts: 2,
  next_attempt_at: '2026-11-26T21:22:34Z',
  last_error: 'Webhook answered 503 Service Unavailable three times in a row',
  sent_at: null,
  log: { subject: long, body: null, cta: null, content: null },
} as unknown as Delivery;

const column = (field: string) => DELIVERY_COLUMNS.find((c) => c.field === field)!;

describe('delivery columns', () => {
  afterEach(cleanup);

  it('cut long texts to one line with the whole text as a tooltip', () => {
    for (const field of ['content', 'contact', 'market', 'retry']) {
      const { container } = render(column(field).body!(row));
      const cell = container.querySelector('.cell-truncate')!;
      expect(cell, field).not.toBeNull();
      expect(cell.getAttribute('title')).toBe(cell.textContent);
      cleanup();
    }
    const { container } = render(column('content').body!(row));
    expect(container.textContent).toBe(long);
  });

  it('keep short values (id, language, status, counts, dates) in tight columns', () => {
    for (const field of ['id', 'channel', 'language', 'status', 'attempts', 'sent_at', 'stats_total']) expect(column(field).className, field).toBe('col-tight');
  });
});
