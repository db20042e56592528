import type { Delivery } from '@odds/protocol';

const HEADER = [
  'id',
  'created_at',
  'sent_at',
  'status',
  'channel',
  'match_id',
  'market',
  'contact',
  'language',
  'score',
  'title',
  'body',
  'cta',
  'ios_sent',
  'ios_open',
  'android_sent',
  'android_open',
  'total_sent',
  'total_open',
  'attempts',
  'next_attempt_at',
  'last_error',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text a spreadsheet
 * would run as a formula (starting with = + - @) gets a leading apostrophe.
 */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = () => `${HEADER.join(',')}\r\n`;

/** A report row: the Reports columns, the log's texts, the per-platform figures (empty when N/A) and the sending's attempts. */
export function csvRow(d: Delivery): string {
  const report = d.stats?.report ?? null;
  const cells = [
    d.id,
    d.created_at,
    d.sent_at,
    d.status,
    d.channel.name,
    d.match_id,
    d.market.name,
    d.contact.name,
    d.language,
    d.node_id,
    d.log.subject,
    d.log.body,
    d.log.cta,
    report?.ios.sent,
    report?.ios.open,
    report?.android.sent,
    report?.android.open,
    report?.total.sent,
    report?.total.open,
    d.attempts,
    d.next_attempt_at,
    d.last_error,
  ]
    .map(csvCell)
    .join(',');
  return `${cells}\r\n`;
}
