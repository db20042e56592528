import type { SavedThreshold } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { GenericTable, type TableColumn } from '../../components/table';
import { ChangeMark } from '../../components/marks/ChangeMark';
import { thresholdSpec, thresholdText } from './thresholdSpec';
import { useSavedThresholds } from './useSavedThresholds';

/** Saved thresholds of the market: Id, Type, Contact, Channel, Spec, Options (SPEC §2 Markets). */
export function SavedThresholdsTable({ marketId }: { marketId: number }) {
  const { list, remove, changes } = useSavedThresholds(marketId);
  const [shown, setShown] = useState<SavedThreshold | null>(null);
  const columns: TableColumn<SavedThreshold>[] = [
    {
      field: 'id',
      header: 'Id',
      sortable: true,
      body: (t) => (
        <>
          {t.id}
          <ChangeMark by={changes.markOf('saved_threshold', t.id)} />
        </>
      ),
    },
    { field: 'type', header: 'Type', sortable: true },
    { field: 'contact', header: 'Contact', body: (t) => t.contact?.name ?? '' },
    { field: 'channel', header: 'Channel', body: (t) => t.channel?.name ?? '' },
    { field: 'spec', header: 'Spec', body: thresholdSpec },
    {
      field: 'options',
      header: 'Options',
      body: (t) => (
        <span className="threshold-options">
          <Button icon="pi pi-pencil" text rounded size="small" aria-label={`Edit saved threshold ${t.id}`} onClick={() => setShown(t)} />
          <Button icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={`Delete saved threshold ${t.id}`} onClick={() => void remove(t)} />
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="saved-thresholds-title">
      <h2 id="saved-thresholds-title">Saved thresholds</h2>
      <GenericTable list={list} columns={columns} label="Saved thresholds" emptyMessage="No saved thresholds" />
      <Dialog
        header={shown ? `Saved threshold ${shown.id}${shown.name ? `: ${shown.name}` : ''}` : ''}
        visible={shown !== null}
        onHide={() => setShown(null)}
        style={{ width: 'min(40rem, 95vw)' }}
      >
        {shown && <pre className="threshold-text">{thresholdText(shown)}</pre>}
      </Dialog>
    </section>
  );
}
