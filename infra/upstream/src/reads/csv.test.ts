import type { Delivery } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvRow } from './csv';

/** A delivery as the report exports it, with the texts an operator (or a feed) could have written. */
const delivery = (log: { subject: string | null; body: string | null; cta: string | null }, lastError: string | null = null) =>
  ({
    id: 7,
    created_at: '2026-12-01T20:00:00.000Z',
    sent_at: null,
    status: 'FAILED',
    channel: { id: 1, name: 'Push' },
    match_id: 12,
    market: { id: 3, name: 'Match Result' },
    contact: { id: 4, name: 'Danish in-play' },
    language: 'en',
    node_id: 'H1-A0',
    log,
    stats: null,
    attempts: -1,
    next_attempt_at: null,
    last_error: lastError,
  }) as unknown as Delivery;

/** The cells of one exported row, read back as a spreadsheet would (quotes undone). */
function cells(row: string): string[] {
  const out = [''];
  let quoted = false;
  const text = row.replace(/\r\n$/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      out[out.length - 1] += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) out.push('');
    else out[out.length - 1] += c;
  }
  return out;
}
const column = (name: string) => csvHeader().trim().split(',').indexOf(name);

describe('the deliveries CSV', () => {
  it('defuses text a spreadsheet would run as a formula (= + - @, tab, CR) with a leading apostrophe', () => {
    const row = cells(csvRow(delivery({ subject: '=HYPERLINK("http://evil.example","Win")', body: '+1 goal', cta: '@SUM(A1)' }, '-2+3')));
    expect(row[column('title')]).toBe(`'=HYPERLINK("http://evil.example","Win")`);
    expect(row[column('body')]).toBe("'+1 goal");
    expect(row[column('cta')]).toBe("'@SUM(A1)");
    expect(row[column('last_error')]).toBe("'-2+3");
    expect(cells(csvRow(delivery({ subject: '\tcmd', body: '\r=1', cta: null })))[column('title')]).toBe("'\tcmd");
  });

  it('leaves ordinary text and numbers as they are, quoting only what needs it', () => {
    const row = csvRow(delivery({ subject: 'Goal! 1–0', body: 'Odds, now: "2.10"', cta: 'Bet now' }));
    expect(cells(row)[column('title')]).toBe('Goal! 1–0');
    expect(row).toContain(',"Odds, now: ""2.10""",');
    // A number is never a formula, even a negative one.
    expect(cells(row)[column('attempts')]).toBe('-1');
    expect(cells(row)).toHaveLength(column('last_error') + 1);
  });
});
