import type { AuditEntity, AuditEntry } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import { useEffect, useState } from 'react';
import { HistoryCsvButton } from './HistoryCsvButton';
import { HistoryList, type HistoryReading } from './HistoryEntry';
import { useAuditHistory } from './useAuditHistory';
import './history.css';

/**
 * "History" on an edit screen (contact, market, content item): a button that opens every change to
 * this one record (GET /api/1/audit?entity=&entity_id=), newest first, each with who, when and a
 * before → after of the fields it changed. Loads each time it opens and after each save here
 * (`reloadKey`).
 */
export function EntityHistory({
  entity,
  id,
  name,
  reading,
  reloadKey = 0,
  onEntries,
}: {
  entity: AuditEntity;
  id: number;
  /** What the operator calls the record ('contact'): "No changes to this contact yet." */
  name: string;
  reading?: HistoryReading;
  reloadKey?: string | number;
  /** The entries loaded (a screen reads the names of the ids they hold). */
  onEntries?: (entries: AuditEntry[]) => void;
}) {
  const [visible, setVisible] = useState(false);
  const history = useAuditHistory({ entity, entity_id: id }, visible, reloadKey);
  useEffect(() => onEntries?.(history.entries), [onEntries, history.entries]);
  return (
    <>
      <Button type="button" label="History" icon="pi pi-history" size="small" outlined onClick={() => setVisible(true)} />
      <Sidebar
        visible={visible}
        onHide={() => setVisible(false)}
        position="right"
        className="history-panel"
        header={<h2 className="history-title">History</h2>}
        aria-label="History"
      >
        <HistoryCsvButton scope={{ entity, entity_id: id }} />
        <HistoryList history={history} empty={`No changes to this ${name} yet.`} reading={reading} />
      </Sidebar>
    </>
  );
}
