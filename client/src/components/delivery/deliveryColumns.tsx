import type { Delivery } from '@odds/protocol';
import { TruncatedText, type TableColumn } from '../table';
import { formatDateTime } from '../../lib/format';

type Platform = 'ios' | 'android' | 'total';

/** Sent / open of one platform, or N/A without a report (SPEC §2 Delivery). */
function platformStats(delivery: Pick<Delivery, 'stats'>, platform: Platform): string {
  const report = delivery.stats?.report;
  return report ? `${report[platform].sent} / ${report[platform].open}` : 'N/A';
}

/**
 * Where a delivery's figures come from, in the operator's words (docs/channels.md "Delivery
 * figures"): simulated ones (the embedded demo's sandbox model) are said to be so wherever shown.
 */
function figuresSource(delivery: Pick<Delivery, 'stats'>): string {
  const source = delivery.stats?.source;
  return source === 'simulated' ? 'simulated' : source === 'tracked' ? 'tracked link' : source === 'channel' && delivery.stats?.report ? 'channel' : '';
}

/** The detail's sentence about the figures. */
export function figuresExplained(delivery: Pick<Delivery, 'stats'>): string {
  const source = delivery.stats?.report ? delivery.stats.source : null;
  if (source === 'simulated') return 'Simulated: made up by the demo, no provider reported these figures';
  if (source === 'tracked') return 'Tracked link: sent as delivered, opens counted by our link of the call to action';
  if (source === 'channel') return 'Reported by the channel';
  return 'N/A: the channel reported no figures';
}

/** A called delivery's last error and, while it waits, its next attempt ('' for one never called). */
function retryText(row: Pick<Delivery, 'next_attempt_at' | 'last_error'>): string {
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

/**
 * The figures of one delivery as three short lines (iOS, Android, total: sent / open) and where
 * they come from (Reports: the total only): one narrow column instead of four, so the table fits 1440 px (issue 46).
 */
export function FiguresCell({ row, totalOnly = false }: { row: Pick<Delivery, 'stats'>; totalOnly?: boolean }) {
  const source = figuresSource(row);
  if (!row.stats?.report) return <span className="cell-lines">N/A</span>;
  return (
    <span className="cell-lines">
      {!totalOnly && <span>iOS {platformStats(row, 'ios')}</span>}
      {!totalOnly && <span>Android {platformStats(row, 'android')}</span>}
      <span>Total {platformStats(row, 'total')}</span>
      {source && <span className="cell-note">{source}</span>}
    </span>
  );
}

/** A date and time as two short lines (date over time), '' without one. */
export function DateTimeCell({ iso }: { iso: string | null }) {
  if (!iso) return null;
  const [date, time] = formatDateTime(iso).split(' ');
  return (
    <span className="cell-lines">
      <span>{date}</span>
      <span>{time}</span>
    </span>
  );
}

/** A contact's name (cut, with a tooltip) over the delivery's language. */
export function ContactCell({ row, maxWidth }: { row: Pick<Delivery, 'contact' | 'language'>; maxWidth: string }) {
  return (
    <span className="cell-lines">
      <TruncatedText text={row.contact.name} maxWidth={maxWidth} />
      {row.language && <span className="cell-note">{row.language}</span>}
    </span>
  );
}

/** Attempts over the retry state (last error, next attempt), cut to a line with a tooltip. */
export function AttemptsCell({ row }: { row: Pick<Delivery, 'attempts' | 'next_attempt_at' | 'last_error'> }) {
  return (
    <span className="cell-lines">
      {row.attempts ? <span>{row.attempts}</span> : null}
      <TruncatedText text={retryText(row)} maxWidth="9rem" />
    </span>
  );
}

/**
 * Short values keep their own width; names and texts are cut to a line with a tooltip. Low-value
 * columns share a cell (figures; contact and language; attempts and retry) so nothing scrolls.
 */
export const DELIVERY_COLUMNS: TableColumn<Delivery>[] = [
  { field: 'id', header: 'Id', sortable: true, className: 'col-tight' },
  // A channel's name may wrap (Push / notification): it is short words.
  { field: 'channel', header: 'Channel', sortable: true, body: (row) => row.channel.name },
  { field: 'market', header: 'Market', sortable: true, body: (row) => <TruncatedText text={row.market.name} maxWidth="9rem" /> },
  { field: 'contact', header: 'Contact, language', sortable: true, body: (row) => <ContactCell row={row} maxWidth="10rem" /> },
  { field: 'figures', header: 'Figures (sent / open)', className: 'col-tight', body: (row) => <FiguresCell row={row} /> },
  { field: 'status', header: 'Status', sortable: true, className: 'col-tight' },
  { field: 'attempts', header: 'Attempts, retry', sortable: true, body: (row) => <AttemptsCell row={row} /> },
  { field: 'sent_at', header: 'Sent at', sortable: true, className: 'col-tight', body: (row) => <DateTimeCell iso={row.sent_at} /> },
  { field: 'content', header: 'Content', body: (row) => <TruncatedText text={row.log.subject ?? row.log.content ?? row.log.body ?? ''} maxWidth="14rem" /> },
];
