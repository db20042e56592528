import type { Delivery } from '@odds/protocol';
import { csvCell } from './csv-cell';

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
  // Where the figures come from: channel, tracked or simulated (the embedded demo's), empty when N/A.
  'figures',
  'attempts',
  'next_attempt_at',
  'last_error',
];

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
    report ? d.stats?.source : null,
    d.attempts,
    d.next_attempt_at,
    d.last_error,
  ]
    .map(csvCell)
    .join(',');
  return `${cells}\r\n`;
}
