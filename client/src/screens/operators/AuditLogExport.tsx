import { buildPath, buildQuery, routes } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { useState, type FormEvent } from 'react';
import { downloadCsv } from '../../api/downloadCsv';
import { formatDate } from '../../lib/format';

/** The start and the end of a local calendar day, as the audit's time filter takes them. */
const dayStart = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate()).toISOString();
const dayEnd = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999).toISOString();

/**
 * "Audit log" on the Operators screen (admins): every write through the console, by anyone, for the
 * days chosen (none: the whole log), as a spreadsheet-safe CSV, oldest first.
 */
export function AuditLogExport() {
  const [from, setFrom] = useState<Date | null>(null);
  const [to, setTo] = useState<Date | null>(null);
  const [busy, setBusy] = useState(false);
  const backwards = from !== null && to !== null && from > to;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (backwards) return;
    setBusy(true);
    try {
      const query = { from: from ? dayStart(from) : undefined, to: to ? dayEnd(to) : undefined };
      const span = [from && formatDate(from), to && formatDate(to)].filter(Boolean).join('_to_');
      await downloadCsv(buildPath(routes.auditCsv, {}) + buildQuery(query), `audit-log${span ? `-${span}` : ''}.csv`);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="operator-form audit-export" onSubmit={(e) => void submit(e)} aria-label="Export the audit log" noValidate>
      <h2>Audit log</h2>
      <DayField id="audit-from" label="From date" value={from} onChange={setFrom} />
      <DayField id="audit-to" label="To date" value={to} onChange={setTo} />
      <Button type="submit" label="Export CSV" icon="pi pi-download" outlined loading={busy} disabled={backwards} />
      {backwards ? (
        <span role="alert" className="audit-export-error">
          The To date is before the From date.
        </span>
      ) : null}
    </form>
  );
}

/** One local day, as the console writes it (YYYY-MM-DD; PrimeReact spells it 'yy-mm-dd'), opened from its button only. */
function DayField({ id, label, value, onChange }: { id: string; label: string; value: Date | null; onChange: (day: Date | null) => void }) {
  return (
    <span className="form-field">
      <label htmlFor={id}>{label}</label>
      <Calendar
        inputId={id}
        dateFormat="yy-mm-dd"
        placeholder="YYYY-MM-DD"
        showIcon
        showButtonBar
        showOnFocus={false}
        value={value}
        onChange={(e) => onChange(e.value ?? null)}
      />
    </span>
  );
}
