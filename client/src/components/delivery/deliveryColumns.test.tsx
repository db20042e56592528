import { cleanup, render } from '@testing-library/react';
import type { Delivery } from '@odds/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { DELIVERY_COLUMNS, figuresExplained } from './deliveryColumns';

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
    for (const field of ['content', 'contact', 'market', 'attempts']) {
      const { container } = render(column(field).body!(row));
      const cell = container.querySelector('.cell-truncate')!;
      expect(cell, field).not.toBeNull();
      expect(cell.getAttribute('title')).toBe(cell.textContent);
      cleanup();
    }
    const { container } = render(column('content').body!(row));
    expect(container.textContent).toBe(long);
  });

  it('say where the figures come from, simulated ones as simulated', () => {
    const report = { ios: { sent: 1, open: 0 }, android: { sent: 0, open: 0 }, total: { sent: 1, open: 0 } };
    const text = (stats: Delivery['stats']) => render(column('figures').body!({ ...row, stats })).container.textContent;
    expect(text({ report, source: 'simulated' })).toBe('iOS 1 / 0Android 0 / 0Total 1 / 0simulated');
    cleanup();
    expect(text({ report, source: 'tracked' })).toMatch(/tracked link$/);
    cleanup();
    expect(text({ report: null, source: 'channel' })).toBe('N/A');
    cleanup();
    expect(figuresExplained({ stats: { report, source: 'simulated' } })).toMatch(/^Simulated/);
    expect(figuresExplained({ stats: null })).toMatch(/^N\/A/);
  });

  it('keep short values (id, language, status, counts, dates) in tight columns', () => {
    for (const field of ['id', 'status', 'sent_at', 'figures']) expect(column(field).className, field).toBe('col-tight');
  });

  it('keep the language and the attempts in the cells they share', () => {
    expect(render(column('contact').body!(row)).container.textContent).toBe('Android app – Swedish in-play bettorssv');
    cleanup();
    const attempts = render(column('attempts').body!(row)).container.textContent;
    expect(attempts).toMatch(/^2next attempt .* · Webhook answered 503/);
  });
});
