import { CHANNELS } from '@odds/protocol';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { formatDate, parseDate } from '../../lib/format';
import type { ReportsList } from './useReportsList';

const CHANNEL_OPTIONS = CHANNELS.map((channel) => ({ label: channel.name, value: String(channel.id) }));

function DateField({ id, label, name, list }: { id: string; label: string; name: string; list: ReportsList }) {
  return (
    <span className="field">
      <label htmlFor={id}>{label}</label>
      {/* 'yy-mm-dd' is PrimeReact's spelling of YYYY-MM-DD. */}
      <Calendar
        inputId={id}
        dateFormat="yy-mm-dd"
        placeholder="YYYY-MM-DD"
        showIcon
        showButtonBar
        // Tabbing through must not open the calendar and trap the focus in it: it opens from its button.
        showOnFocus={false}
        value={parseDate(list.filter[name] ?? '')}
        onChange={(e) => list.setFilter(name, e.value ? formatDate(e.value) : '')}
      />
    </span>
  );
}

/** Delivery channel (1 by default), From date and To date (SPEC §2 Reports). */
export function ReportsFilters({ list }: { list: ReportsList }) {
  return (
    <div className="list-filters" role="search" aria-label="Filter reports">
      <span className="field">
        <label htmlFor="reports-channel">Delivery channel</label>
        <Dropdown
          inputId="reports-channel"
          value={list.filter.channel}
          options={CHANNEL_OPTIONS}
          onChange={(e) => list.setFilter('channel', String(e.value))}
          ariaLabel="Delivery channel"
          pt={{ select: { 'aria-label': 'Delivery channel' } }}
        />
      </span>
      <DateField id="reports-from" label="From date" name="from_date" list={list} />
      <DateField id="reports-to" label="To date" name="to_date" list={list} />
    </div>
  );
}
