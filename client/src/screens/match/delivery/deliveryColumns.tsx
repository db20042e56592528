import type { Delivery } from '@odds/protocol';
import { TruncatedText, type TableColumn } from '../../../components/table';
import { formatDateTime } from '../../../lib/format';

type Platform = 'ios' | 'android' | 'total';

/** Sent / open of one platform, or N/A without a report (SPEC §2 Delivery). */
function platformStats(delivery: Pick<Delivery, 'stats'>, platform: Platform): string {
  const report = delivery.stats?.report;
  return report ? `${report[platform].sent} / ${report[platform].open}` : 'N/A';
}

/** A called delivery's last error and, while it waits, its next attempt ('' for one never called). */
export function retryText(row: Pick<Delivery, 'next_attempt_at' | 'last_error'>): string {
  return [row.next_attempt_at && `next attempt ${formatDateTime(row.next_attempt_at)}`, row.last_error].filter(Boolean).join(' · ');
}

export const deliveryValue = (row: Delivery, field: string): unknown =>
  field === 'channel'
    ? row.channel.name
    : field === 'market'
      ? row.market.name
      : field === 'contact'
        ? row.contact.name
        : (row as unknown as Record<string, unknown>)[field];

const stats = (platform: Platform, header: string): TableColumn<Delivery> => ({
  field: `stats_${platform}`,
  header,
  body: (row) => platformStats(row, platform),
  className: 'col-tight',
});

/** Short values keep their own width; names and texts are cut to a line with a tooltip. */
export const DELIVERY_COLUMNS: TableColumn<Delivery>[] = [
  { field: 'id', header: 'Id', sortable: true, className: 'col-tight' },
  { field: 'channel', header: 'Channel', sortable: true, className: 'col-tight', body: (row) => row.channel.name },
  { field: 'market', header: 'Market', sortable: true, body: (row) => <TruncatedText text={row.market.name} maxWidth="10rem" /> },
  { field: 'contact', header: 'Contact', sortable: true, body: (row) => <TruncatedText text={row.contact.name} maxWidth="11rem" /> },
  { field: 'language', header: 'Language', sortable: true, className: 'col-tight' },
  stats('ios', 'iOS sent / open'),
  stats('android', 'Android sent / open'),
  stats('total', 'Total sent / open'),
  { field: 'status', header: 'Status', sortable: true, className: 'col-tight' },
  { field: 'attempts', header: 'Attempts', sortable: true, className: 'col-tight', body: (row) => row.attempts || '' },
  { field: 'retry', header: 'Retry', body: (row) => <TruncatedText text={retryText(row)} maxWidth="10rem" /> },
  { field: 'sent_at', header: 'Sent at', sortable: true, className: 'col-tight', body: (row) => (row.sent_at ? formatDateTime(row.sent_at) : '') },
  { field: 'content', header: 'Content', body: (row) => <TruncatedText text={row.log.subject ?? row.log.content ?? row.log.body ?? ''} maxWidth="16rem" /> },
];
