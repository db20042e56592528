import type { CatalogRecord } from './RecordForm';

/** Where a row comes from: the vendor (synced: its fields are locked) or made by hand. */
export function SourceCell({ row }: { row: CatalogRecord }) {
  return row.sync ? <span title={`${row.sync.source} ${row.sync.ref}`}>Synced ({row.sync.source})</span> : <span>By hand</span>;
}
