import { buildPath, buildQuery, routes, type AuditEntity } from '@odds/protocol';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { downloadCsv } from '../../api/downloadCsv';
import { sessionStore } from '../../stores/session';

/** What a History shows, as the export's filter: one record, or a match's changes. */
export type HistoryScope = { entity: AuditEntity; entity_id: number } | { match_id: number };

/** "Export CSV" in a History panel, for admins: every change it shows, oldest first, as a spreadsheet-safe CSV. */
export function HistoryCsvButton({ scope }: { scope: HistoryScope }) {
  const admin = useSnapshot(sessionStore).user?.admin === true;
  const [busy, setBusy] = useState(false);
  if (!admin) return null;
  const name = 'entity' in scope ? `history-${scope.entity}-${scope.entity_id}.csv` : `history-match-${scope.match_id}.csv`;
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(buildPath(routes.auditCsv, {}) + buildQuery(scope), name);
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return <Button type="button" label="Export CSV" icon="pi pi-download" size="small" text loading={busy} onClick={() => void run()} />;
}
