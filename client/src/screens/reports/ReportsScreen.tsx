import type { Delivery } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Link } from 'react-router-dom';
import { GenericTable, TruncatedText, type TableColumn } from '../../components/table';
import { AttemptsCell, ContactCell, DateTimeCell, FiguresCell } from '../../components/delivery/deliveryColumns';
import { RetryDeliveryButton } from '../../components/delivery/RetryDeliveryButton';
import { useRetryDelivery } from '../../components/delivery/useRetryDelivery';
import { ReportsFilters } from './ReportsFilters';
import { useReportsList } from './useReportsList';
import './reports.css';

/**
 * /reports: deliveries by channel and dates, with their sent and open totals (the report's total,
 * else N/A: SPEC §2 Reports) and a CSV export. Shared cells keep the table within 1440 px.
 */
export default function ReportsScreen() {
  const { list, refreshStats, exportCsv, busy } = useReportsList();
  const { retry, retrying } = useRetryDelivery(list.reload);
  const columns: TableColumn<Delivery>[] = [
    { field: 'id', header: 'Id', sortable: true, className: 'col-tight' },
    { field: 'title', header: 'Title', body: (d) => <TruncatedText text={d.log.subject ?? ''} maxWidth="12rem" /> },
    { field: 'channel', header: 'Channel', sortable: true, body: (d) => d.channel.name },
    { field: 'market', header: 'Market', sortable: true, body: (d) => <TruncatedText text={d.market.name} maxWidth="8rem" /> },
    { field: 'contact', header: 'Contact, language', sortable: true, body: (d) => <ContactCell row={d} maxWidth="9rem" /> },
    { field: 'node_id', header: 'Score', sortable: true, className: 'col-tight' },
    { field: 'sent_at', header: 'Sent At', sortable: true, className: 'col-tight', body: (d) => <DateTimeCell iso={d.sent_at} /> },
    { field: 'status', header: 'Status', sortable: true, className: 'col-tight' },
    { field: 'attempts', header: 'Attempts, retry', body: (d) => <AttemptsCell row={d} /> },
    { field: 'figures', header: 'Figures (sent / open)', className: 'col-tight', body: (d) => <FiguresCell row={d} totalOnly /> },
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
      <GenericTable list={list} columns={columns} label="Reports" className="fit-table" emptyMessage="No deliveries found" />
    </section>
  );
}
