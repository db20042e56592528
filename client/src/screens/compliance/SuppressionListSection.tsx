import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { Field } from '../../components/forms/Field';
import { useSuppressionList } from './useComplianceData';

/**
 * The provider's suppression list for admins (docs/compliance.md): import a CSV of any size
 * (`kind,value,reason,note`), search by value, export the hashes. Values are never shown: the
 * list holds keyed hashes only.
 */
export function SuppressionListSection({ providerId }: { providerId: number }) {
  const list = useSuppressionList(providerId);
  const [progress, setProgress] = useState('');
  const [value, setValue] = useState('');
  const download = async () => {
    const csv = await list.exportCsv();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    link.download = `suppression-list-${providerId}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const entries = list.found ?? list.latest?.results ?? [];
  return (
    <section className="form-section" aria-labelledby="suppression-list-title">
      <h2 id="suppression-list-title">Suppression list</h2>
      <p>{list.latest ? `${list.latest.total} entries` : 'Loading...'}</p>
      <div className="form-grid">
        <Field id="suppression-file" label="Import a CSV (kind,value,reason,note)">
          <input
            id="suppression-file"
            type="file"
            accept=".csv,text/csv"
            disabled={list.busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              void file
                .text()
                .then((text) => list.importCsv(text, (done, total) => setProgress(`Importing ${done} of ${total}…`)))
                .then((totals) => setProgress(totals ? `Imported: ${totals.added} added, ${totals.already} already listed.` : ''));
            }}
          />
        </Field>
        <Field id="suppression-search" label="Find a value (customer reference, device token, phone, email)">
          <InputText id="suppression-search" value={value} onChange={(e) => setValue(e.target.value)} />
        </Field>
      </div>
      <p role="status">{progress}</p>
      <Button label="Search" icon="pi pi-search" disabled={!value.trim()} onClick={() => void list.search(value.trim())} />
      <Button label="Export" icon="pi pi-download" severity="secondary" onClick={() => void download()} />
      <table className="compliance-table">
        <thead>
          <tr>
            <th>Kind</th>
            <th>Reason</th>
            <th>Note</th>
            <th>Added</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.kind}</td>
              <td>{entry.reason}</td>
              <td>{entry.note}</td>
              <td>{new Date(entry.created_at).toLocaleString()}</td>
            </tr>
          ))}
          {list.found && !entries.length && (
            <tr>
              <td colSpan={4}>Not on the list.</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
