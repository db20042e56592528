import type { ReactNode } from 'react';

interface HealthTableProps<T> {
  label: string;
  columns: readonly string[];
  rows: readonly T[];
  /** What the one row says when there is nothing to list. */
  empty: string;
  /** One table row (`<tr>` with its key) per item. */
  row: (item: T) => ReactNode;
}

/** One table of the feed health screen: a header per column, a row per item, or one row saying there is none. */
export function HealthTable<T>({ label, columns, rows, empty, row }: HealthTableProps<T>) {
  return (
    <table className="feed-health-table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length ? (
          rows.map(row)
        ) : (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
