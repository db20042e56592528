import type { Delivery } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Link } from 'react-router-dom';
import { GenericTable, TruncatedText, type TableColumn } from '../../components/table';
import { formatDateTime } from '../../lib/format';
import { retryText } from '../match/delivery/deliveryColumns';
import { RetryDeliveryButton } from '../match/delivery/RetryDeliveryButton';
import { useRetryDelivery } from '../match/delivery/useRetryDelivery';
import { ReportsFilters } from './ReportsFilters';
import { useReportsList } from './useReportsList';
import './reports.css';

/** Sent and open come from the delivery's report totals, else N/A (SPEC §2 Reports). */
const totals = (d: Delivery) => d.stats?.report?.total ?? null;

/** /reports: deliveries by channel and dates, with their sent and open totals and a CSV export. */
export default function ReportsScreen() {
  const { list, refreshStats, exportCsv, busy } = useReportsList();
  const { retry, retrying } = useRetryDelivery(list.reload);
  const columns: TableColumn<Delivery>[] = [
    { field: 'id', header: 'Id', sortable: true, className: 'col-tight' },
    { field: 'title', header: 'Title', body: (d) => <TruncatedText text={d.log.subject ?? ''} maxWidth="16rem" /> },
    { field: 'channel', header: 'Channel', sortable: true, className: 'col-tight', body: (d) => d.channel.name },
    { field: 'market', header: 'Market', sortable: true, body: (d) => <TruncatedText text={d.market.name} maxWidth="10rem" /> },
    { field: 'contact', header: 'Contact', sortable: true, body: (d) => <TruncatedText text={d.contact.name} maxWidth="11rem" /> },
    { field: 'language', header: 'Language', sortable: true, className: 'col-tight' },
    { field: 'node_id', header: 'Score', sortable: true, className: 'col-tight' },
    { field: 'sent_at', header: 'Sent At', sortable: true, className: 'col-tight', body: (d) => (d.sent_at ? formatDateTime(d.sent_at) : '') },
    { field: 'status', header: 'Status', sortable: true, className: 'col-tight' },
    { field: 'attempts', header: 'Attempts', className: 'col-tight', body: (d) => d.attempts || '' },
    { field: 'retry', header: 'Retry', body: (d) => <TruncatedText text={retryText(d)} maxWidth="10rem" /> },
    { field: 'sent', header: 'Sent', className: 'col-tight', body: (d) => totals(d)?.sent ?? 'N/A' },
    { field: 'open', header: 'Open', className: 'col-tight', body: (d) => totals(d)?.open ?? 'N/A' },
    {
      field: 'options',
      header: 'Options',
      className: 'col-tight',
      body: (d) => (
        <span className="report-options">
          <Link to={`/match/${d.match_id}/delivery`} aria-label={`Deliveries of match ${d.match_id}`} title="Match deliveries">
            <i className="pi pi-send" aria-hidden="true" />
          </Link>
          <Button
            icon="pi pi-refresh"
            text
            rounded
            size="small"
            loading={busy === d.id}
            aria-label={`Refresh stats of delivery ${d.id}`}
            title="Refresh stats"
            onClick={() => void refreshStats(d.id)}
          />
          <RetryDeliveryButton delivery={d} retrying={retrying} onRetry={(row) => void retry(row)} />
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="screen-title">
      <header className="reports-header">
        <h1 id="screen-title">Reports</h1>
        <Button label="Export CSV" icon="pi pi-download" outlined loading={busy === 'csv'} onClick={() => void exportCsv()} />
      </header>
      <ReportsFilters list={list} />
      <GenericTable list={list} columns={columns} label="Reports" emptyMessage="No deliveries found" />
    </section>
  );
}
